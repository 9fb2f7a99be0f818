package naive

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads a §10 position string:
//
//	<board> <variant> <seats> <to-move> <supplies> <scores> <sit-outs>
//
// The position is normalized like a game in progress: a player to move who
// still has turns to sit out passes (§7, §11.3), and if the player who must
// move then has no marble or no legal insertion the game is over (§9).
//
// A finished game is "-x" (won by colour x) or "-" (§10, §11.1). Either way
// the results the position allows are listed (see finishedResults): a named
// winner must be one of them, and a bare '-' is read from them when there is
// exactly one. None means the game is not over; several mean the board
// cannot tell (two winning lines, or a line that another player may have
// pushed together before the game ended drawn), and a bare '-' is refused.
func Parse(s string) (*Pos, error) {
	fields := strings.Split(strings.TrimSpace(s), " ")
	if len(fields) != 7 {
		return nil, fmt.Errorf("position: want 7 fields separated by single spaces (board variant seats to-move supplies scores sit-outs), got %d", len(fields))
	}
	for i, f := range fields {
		if f == "" {
			return nil, fmt.Errorf("position: field %d is empty (fields are separated by single spaces)", i+1)
		}
	}
	p := &Pos{}

	// field 2: variant (read before the board so errors come in a sensible order)
	p.variant = fields[1]
	if !validVariant(p.variant) {
		return nil, fmt.Errorf("field 2 (variant): unknown variant %q (want express, expert or extreme)", p.variant)
	}

	// field 3: seats
	if err := checkSeats(fields[2]); err != nil {
		return nil, fmt.Errorf("field 3 (seats): %v", err)
	}
	p.seats = []byte(fields[2])

	// field 1: board
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, fmt.Errorf("field 1 (board): %v", err)
	}

	// field 4: to-move
	over := false
	var winner byte // the winner named by "-x", 0 if none
	switch tm := fields[3]; {
	case tm == "-":
		over = true
		p.toMove = -1
	case len(tm) == 2 && tm[0] == '-' && p.seatOf(tm[1]) >= 0:
		over, winner = true, tm[1]
		p.toMove = -1
	case len(tm) == 2 && tm[0] == '-' && isColour(tm[1]):
		return nil, fmt.Errorf("field 4 (to-move): %q names %s the winner, but %s is not seated in %q", tm, colourName(tm[1]), colourName(tm[1]), fields[2])
	case len(tm) == 1 && p.seatOf(tm[0]) >= 0:
		p.toMove = p.seatOf(tm[0])
	case len(tm) == 1 && isColour(tm[0]):
		return nil, fmt.Errorf("field 4 (to-move): %s (%q) is not seated in %q", colourName(tm[0]), tm, fields[2])
	default:
		return nil, fmt.Errorf("field 4 (to-move): %q is not a colour letter, '-' and the winner's letter, or '-'", tm)
	}

	// fields 5–7: supplies, scores, sit-outs
	var err error
	if p.supply, err = parseList(fields[4], 5, "supplies", p.seats); err != nil {
		return nil, err
	}
	if p.score, err = parseList(fields[5], 6, "scores", p.seats); err != nil {
		return nil, err
	}
	if p.sitOut, err = parseList(fields[6], 7, "sit-outs", p.seats); err != nil {
		return nil, err
	}

	// Marbles are conserved: supply = 22 − marbles on the board.
	for i, col := range p.seats {
		placed := p.count(col)
		if placed > marblesEach {
			return nil, fmt.Errorf("field 1 (board): %d %s marbles, at most %d", placed, colourName(col), marblesEach)
		}
		if p.supply[i] != marblesEach-placed {
			return nil, fmt.Errorf("field 5 (supplies): %s has %d in supply but %d on the board (want %d = %d − %d)",
				colourName(col), p.supply[i], placed, marblesEach-placed, marblesEach, placed)
		}
	}

	// §11.4: play never leaves one colour alone with two marbles side by
	// side (§2), so such a board is refused rather than played on: every
	// insertion from it would be judged against a state the rules exclude.
	if p.breaksSingleColourRule() {
		return nil, fmt.Errorf("field 1 (board): only one colour on the board and two of its marbles side by side: the single-colour rule (§2, §11.4) never allows that")
	}

	// Scores and sit-outs.
	winners := 0
	for i, col := range p.seats {
		if p.variant == "express" && p.score[i] != 0 {
			return nil, fmt.Errorf("field 6 (scores): %s has %d points, but Express has no points (want 0)", colourName(col), p.score[i])
		}
		if p.score[i] >= winningPoints {
			winners++
			if !over {
				return nil, fmt.Errorf("field 6 (scores): %s has %d points (≥ %d), so the game should be over (to-move '-%c')", colourName(col), p.score[i], winningPoints, col)
			}
		}
		if p.sitOut[i] > maxSitOuts {
			return nil, fmt.Errorf("field 7 (sit-outs): %s has %d, at most %d", colourName(col), p.sitOut[i], maxSitOuts)
		}
	}
	if winners > 1 {
		return nil, fmt.Errorf("field 6 (scores): %d seats have %d or more points; only one can", winners, winningPoints)
	}

	if !over {
		p.giveTurnTo(p.toMove)
		return p, nil
	}

	// A finished game: check or read its result against the position.
	possible := p.finishedResults()
	if winner != 0 {
		want := "win " + string(winner)
		for _, r := range possible {
			if r == want {
				p.result = r
				return p, nil
			}
		}
		return nil, fmt.Errorf("field 4 (to-move): %q names %s the winner, but the position allows %s", fields[3], colourName(winner), describe(possible))
	}
	switch len(possible) {
	case 0:
		return nil, fmt.Errorf("field 4 (to-move): '-' says the game is over, but the position allows %s", describe(possible))
	case 1:
		p.result = possible[0]
		return p, nil
	}
	return nil, fmt.Errorf("field 4 (to-move): '-' is ambiguous: the position allows %s; name the winner (like '-%c')", describe(possible), possible[0][len(possible[0])-1])
}

// finishedResults lists the results a finished game with this position
// could have had, as Result() writes them. Express (§4): a win for each
// colour holding a line of the goal length (its owner may have made it on
// his own insertion), and a draw if some player cannot insert (the game
// may have ended that way, the lines pushed together on other players'
// turns). Expert and Extreme (§5): the player on 10 or more points;
// failing that, if some player cannot insert, the top score or a draw.
func (p *Pos) finishedResults() []string {
	stuck := false
	for i, col := range p.seats {
		if p.supply[i] == 0 || !p.hasLegalInsertion(col) {
			stuck = true
		}
	}
	var out []string
	if p.variant == "express" {
		for _, col := range p.seats {
			if p.longestLine(col) >= expressGoal(len(p.seats)) {
				out = append(out, "win "+string(col))
			}
		}
		if stuck {
			out = append(out, "draw")
		}
		return out
	}
	for i, col := range p.seats {
		if p.score[i] >= winningPoints {
			return []string{"win " + string(col)}
		}
	}
	if stuck {
		out = append(out, p.topScoreResult())
	}
	return out
}

// describe words a list of possible results for an error message.
func describe(results []string) string {
	if len(results) == 0 {
		return "no result: nobody has won and every player still has a marble and a legal insertion, so the game is not over"
	}
	if len(results) == 1 {
		return "only " + results[0]
	}
	return strings.Join(results, " or ")
}

// parseBoard reads the board field: ranks 7 down to 1 separated by '/',
// within a rank files a→g, a colour letter per marble and a digit 1–7 per
// run of empty cells. Every colour on the board must be seated.
func (p *Pos) parseBoard(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != boardSize {
		return fmt.Errorf("%q has %d ranks separated by '/', want %d", s, len(ranks), boardSize)
	}
	for i, row := range ranks {
		r := boardSize - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '1' && ch <= '7':
				f += int(ch - '0')
			case isColour(ch):
				if p.seatOf(ch) < 0 {
					return fmt.Errorf("rank %d: %s marble (%q) at %s, but %s is not seated", r+1, colourName(ch), ch, cell{f, r}, colourName(ch))
				}
				if f < boardSize {
					p.board[r][f] = ch
				}
				f++
			default:
				return fmt.Errorf("rank %d (%q): unexpected character %q at position %d (want o, g, b, w or a digit 1–7)", r+1, row, ch, j+1)
			}
			if f > boardSize {
				return fmt.Errorf("rank %d (%q): more than %d cells", r+1, row, boardSize)
			}
		}
		if f != boardSize {
			return fmt.Errorf("rank %d (%q): %d cells, want %d", r+1, row, f, boardSize)
		}
	}
	return nil
}

// parseList reads a comma-separated list of non-negative numbers, one per seat.
func parseList(s string, field int, what string, seats []byte) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != len(seats) {
		return nil, fmt.Errorf("field %d (%s): %q has %d values, want one per seat (%d)", field, what, s, len(parts), len(seats))
	}
	var out []int
	for i, part := range parts {
		v, err := strconv.Atoi(part)
		if err != nil || part[0] == '+' || part[0] == '-' {
			return nil, fmt.Errorf("field %d (%s): value %d (%s) %q is not a non-negative number", field, what, i+1, colourName(seats[i]), part)
		}
		out = append(out, v)
	}
	return out, nil
}

// count returns the number of marbles of colour col on the board.
func (p *Pos) count(col byte) int {
	n := 0
	for r := 0; r < boardSize; r++ {
		for f := 0; f < boardSize; f++ {
			if p.board[r][f] == col {
				n++
			}
		}
	}
	return n
}
