package puzzle

import (
	"errors"
	"fmt"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// The limits of a puzzle: the winner's moves.
const (
	MinMoves = 2
	MaxMoves = 6
)

// maxPlies is the deepest proof a puzzle may need: six moves of the
// winner and five replies in Express; Expert's extra moves count too.
const maxPlies = 2*MaxMoves - 1

// Errors of Find that only say the position is no puzzle.
var (
	errNoWin     = errors.New("no forced win within the puzzle's moves")
	errUnknown   = errors.New("the solver ran out of nodes")
	errNotUnique = errors.New("more than one winning move")
	errTooShort  = errors.New("a win in one")
)

// plySteps are the proof depths to try in variant v: in Express a win
// is always an odd number of plies away (no extra turns).
func plySteps(v logic.Variant) int {
	if v == logic.Express {
		return 2
	}
	return 1
}

// Find reports whether the side to move in p has a puzzle: the shortest
// forced win within 3 to maxPlies plies, of 2 to 6 of its moves along
// the main line, with one winning first move and one winning move at each
// of its later turns but the last (every other move proven not to win
// within the plies left), the defender's longest resistance for the main
// line, and a refutation of each wrong first move. Every question is
// bounded by pr's nodes; a position it cannot decide is no puzzle.
func Find(p logic.Position, pr *ai.Prover) (Puzzle, error) {
	if p.Over() || p.Players() != 2 {
		return Puzzle{}, errNoWin
	}
	step := plySteps(p.Variant())
	if won, known := pr.Wins(p, 1); !known {
		return Puzzle{}, errUnknown
	} else if won {
		return Puzzle{}, errTooShort
	}
	d := 0
	for k := 1 + step; k <= maxPlies; k += step {
		won, known := pr.Wins(p, k)
		if !known {
			return Puzzle{}, errUnknown
		}
		if won {
			d = k
			break
		}
	}
	if d == 0 {
		return Puzzle{}, errNoWin
	}
	pz := Puzzle{Position: p.String(), Plies: d, Refute: map[string]string{}}
	nodes := 0
	x, rem, me := p, d, p.ToMoveSeat()
	for !x.Over() {
		var m logic.Move
		var err error
		if x.ToMoveSeat() == me {
			m, err = uniqueWin(x, rem, pr, len(pz.Line) == 0)
		} else {
			m, err = longestDefence(x, rem, pr)
		}
		nodes += pr.Nodes
		if err != nil {
			return Puzzle{}, err
		}
		pz.Line = append(pz.Line, m.String())
		x.Apply(m, nil)
		rem--
	}
	if r := x.Result(); r.State != logic.Won || x.SeatOf(r.Winner) != me {
		return Puzzle{}, fmt.Errorf("%s: the main line ends without the win", p.String())
	}
	if n := pz.Moves(); n < MinMoves || n > MaxMoves {
		return Puzzle{}, errNoWin
	}
	var buf [logic.MaxMoves]logic.Move
	for _, m := range p.Moves(buf[:0]) {
		if m.String() == pz.Line[0] {
			continue
		}
		if r, ok := refutation(p, m, d, pr); ok {
			pz.Refute[m.String()] = r.String()
		}
	}
	pz.Difficulty = difficulty(pz.Moves(), len(p.Moves(buf[:0])), nodes)
	return pz, nil
}

// difficulty grades a puzzle from 1 to 5 by the winner's moves, with a
// step up for a proof that took many nodes (a win hidden among many
// plausible lines) and for many moves to choose from.
func difficulty(moves, choices, nodes int) int {
	g := moves - 1
	if nodes > 200_000 {
		g++
	}
	if choices > 40 {
		g++
	}
	return max(1, min(5, g))
}

// uniqueWin is the move of the side to move in x that wins within rem
// plies. All must be proven; more than one is refused where it matters
// (the first move, and any but the last: a winning last move is
// recognised by the game's result, whichever it is).
func uniqueWin(x logic.Position, rem int, pr *ai.Prover, first bool) (logic.Move, error) {
	var buf [logic.MaxMoves]logic.Move
	best, n, immediate := logic.NoMove, 0, false
	for _, m := range x.Moves(buf[:0]) {
		won, known := pr.WinsAfter(x, m, rem)
		if !known {
			return logic.NoMove, errUnknown
		}
		if !won {
			continue
		}
		n++
		q := x
		q.Apply(m, nil)
		if best == logic.NoMove || (q.Over() && !immediate) {
			best, immediate = m, q.Over()
		}
	}
	switch {
	case n == 0:
		return logic.NoMove, fmt.Errorf("%s: no winning move within %d plies", x.String(), rem)
	case n > 1 && (first || !immediate):
		return logic.NoMove, errNotUnique
	}
	return best, nil
}

// shortestLoss is the fewest plies within which the side to move in y
// loses (the game already won: 0), up to limit; limit+1 if not within it.
func shortestLoss(y logic.Position, loser, limit int, pr *ai.Prover) (int, error) {
	if y.Over() {
		if r := y.Result(); r.State == logic.Won && y.SeatOf(r.Winner) != loser {
			return 0, nil
		}
		return limit + 1, nil
	}
	for k := 1; k <= limit; k++ {
		var lost, known bool
		if y.ToMoveSeat() == loser {
			lost, known = pr.Loses(y, k)
		} else {
			lost, known = pr.Wins(y, k)
		}
		if !known {
			return 0, errUnknown
		}
		if lost {
			return k, nil
		}
	}
	return limit + 1, nil
}

// longestDefence is the defender's reply in x that puts the loss
// (within rem plies, his reply included) furthest off; of equals, the
// first in move order.
func longestDefence(x logic.Position, rem int, pr *ai.Prover) (logic.Move, error) {
	var buf [logic.MaxMoves]logic.Move
	me := x.ToMoveSeat()
	best, bestK := logic.NoMove, -1
	for _, m := range x.Moves(buf[:0]) {
		y := x
		y.Apply(m, nil)
		k, err := shortestLoss(y, me, rem-1, pr)
		if err != nil {
			return logic.NoMove, err
		}
		if k > rem-1 {
			return logic.NoMove, fmt.Errorf("%s: %s escapes the proven loss", x.String(), m)
		}
		if k > bestK {
			best, bestK = m, k
		}
	}
	if best == logic.NoMove {
		return logic.NoMove, fmt.Errorf("%s: the defender has no move", x.String())
	}
	return best, nil
}

// refutation is the defender's answer to the wrong first move m in p,
// after which the winner no longer wins within the puzzle's plies: a win
// of his own if he has one, else the reply a Club-level search picks if
// it refutes, else the first reply that does. ok is false when m ends the
// game or gives the winner another move, or when no answer could be
// proven.
func refutation(p logic.Position, m logic.Move, d int, pr *ai.Prover) (logic.Move, bool) {
	me := p.ToMoveSeat()
	y := p
	y.Apply(m, nil)
	if y.Over() || y.ToMoveSeat() == me {
		return logic.NoMove, false
	}
	// refutes: after r the winner does not win within the plies left.
	refutes := func(r logic.Move) (ok, wins bool) {
		z := y
		z.Apply(r, nil)
		if z.Over() {
			res := z.Result()
			w := res.State == logic.Won && z.SeatOf(res.Winner) != me
			return w, w
		}
		var lost, known bool
		if z.ToMoveSeat() == me {
			lost, known = pr.Wins(z, d-2)
		} else {
			lost, known = pr.Loses(z, d-2) // the defender moves again (Expert)
		}
		return known && !lost, false
	}
	var buf [logic.MaxMoves]logic.Move
	moves := y.Moves(buf[:0])
	for _, r := range moves {
		if _, wins := refutes(r); wins {
			return r, true
		}
	}
	if r := ai.Think(y, ai.Config{Level: 3, Seed: 1}); r != logic.NoMove {
		if ok, _ := refutes(r); ok {
			return r, true
		}
	}
	for _, r := range moves {
		if ok, _ := refutes(r); ok {
			return r, true
		}
	}
	return logic.NoMove, false
}

// Check proves pz again with pr, independently of how it was found: the
// side to move wins within pz.Plies and not within fewer; the first move
// of the main line wins and every other first move is proven not to; at
// each of the winner's later turns but the last the line's move is the
// only win; the line ends with the win; each refutation leaves the winner
// no win within the plies left; the winner's moves are 2 to 6.
func Check(pz *Puzzle, pr *ai.Prover) error {
	p, err := pz.Start()
	if err != nil {
		return err
	}
	if n := pz.Moves(); n < MinMoves || n > MaxMoves {
		return fmt.Errorf("%s: a win in %d moves", pz.Position, n)
	}
	d, me := pz.Plies, p.ToMoveSeat()
	if won, known := pr.Wins(p, d); !won || !known {
		return fmt.Errorf("%s: no win within %d plies proven (known %v)", pz.Position, d, known)
	}
	if shorter := d - plySteps(p.Variant()); shorter >= 1 {
		if won, known := pr.Wins(p, shorter); won || !known {
			return fmt.Errorf("%s: a win within %d plies is not disproven (won %v, known %v)", pz.Position, shorter, won, known)
		}
	}
	x, rem := p, d
	for i, s := range pz.Line {
		m, err := x.ParseMove(s)
		if err != nil {
			return fmt.Errorf("%s: main line move %d: %v", pz.Position, i+1, err)
		}
		if x.ToMoveSeat() == me {
			q := x
			q.Apply(m, nil)
			if err := onlyWin(x, m, rem, pr, i == 0 || !q.Over()); err != nil {
				return fmt.Errorf("%s: main line move %d: %v", pz.Position, i+1, err)
			}
		}
		x.Apply(m, nil)
		rem--
	}
	if r := x.Result(); r.State != logic.Won || x.SeatOf(r.Winner) != me {
		return fmt.Errorf("%s: the main line does not end with the win", pz.Position)
	}
	for ms, rs := range pz.Refute {
		y := p
		if err := y.PlayString(ms, nil); err != nil {
			return fmt.Errorf("%s: wrong move %s: %v", pz.Position, ms, err)
		}
		if err := y.PlayString(rs, nil); err != nil {
			return fmt.Errorf("%s: refutation %s of %s: %v", pz.Position, rs, ms, err)
		}
		if y.Over() {
			if r := y.Result(); r.State == logic.Won && y.SeatOf(r.Winner) == me {
				return fmt.Errorf("%s: refutation %s of %s loses at once", pz.Position, rs, ms)
			}
			continue
		}
		var won, known bool
		if y.ToMoveSeat() == me {
			won, known = pr.Wins(y, d-2)
		} else {
			won, known = pr.Loses(y, d-2)
		}
		if won || !known {
			return fmt.Errorf("%s: after %s %s the win within %d plies is not disproven (won %v, known %v)", pz.Position, ms, rs, d-2, won, known)
		}
	}
	return nil
}

// onlyWin proves that m wins within rem plies in x and, if unique is set,
// that no other move does.
func onlyWin(x logic.Position, m logic.Move, rem int, pr *ai.Prover, unique bool) error {
	if won, known := pr.WinsAfter(x, m, rem); !won || !known {
		return fmt.Errorf("%s does not win within %d plies (known %v)", m, rem, known)
	}
	if !unique {
		return nil
	}
	var buf [logic.MaxMoves]logic.Move
	for _, o := range x.Moves(buf[:0]) {
		if o == m {
			continue
		}
		if won, known := pr.WinsAfter(x, o, rem); won || !known {
			return fmt.Errorf("%s also wins within %d plies, or is not disproven (won %v, known %v)", o, rem, won, known)
		}
	}
	return nil
}
