package logic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// WriteBoard writes the board field of a position string (RULES.md §10)
// for the board whose square s holds at(s): ranks 7 down to 1, runs of
// empty cells as digits.
func WriteBoard(sb *strings.Builder, at func(s Square) Color) {
	for r := Size - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < Size; f++ {
			c := at(Sq(f, r))
			if c == NoColor {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c.Letter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
}

// String writes the position string of RULES.md §10. A finished game's
// to-move field names the winner ("-o") and is '-' alone for a draw
// (§11.1): the board alone cannot always tell which, so the string says.
func (p *Position) String() string {
	var sb strings.Builder
	WriteBoard(&sb, p.At)
	sb.WriteByte(' ')
	sb.WriteString(p.variant.String())
	sb.WriteByte(' ')
	for i := 0; i < int(p.n); i++ {
		sb.WriteByte(p.seats[i].Letter())
	}
	sb.WriteByte(' ')
	if p.Over() {
		sb.WriteByte('-')
		if p.result.State == Won {
			sb.WriteByte(p.result.Winner.Letter())
		}
	} else {
		sb.WriteByte(p.ToMove().Letter())
	}
	list := func(f func(i int) int) {
		sb.WriteByte(' ')
		for i := 0; i < int(p.n); i++ {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Itoa(f(i)))
		}
	}
	list(p.Supply)
	list(p.Score)
	list(p.SitOuts)
	return sb.String()
}

// Diagram draws the board as text, rank 7 at the top, for test failures
// and the command line.
func (p *Position) Diagram() string {
	var sb strings.Builder
	for r := Size - 1; r >= 0; r-- {
		sb.WriteByte(byte('1' + r))
		for f := 0; f < Size; f++ {
			sb.WriteByte(' ')
			if c := p.At(Sq(f, r)); c != NoColor {
				sb.WriteByte(c.Letter())
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  a b c d e f g\n")
	sb.WriteString(p.String())
	return sb.String()
}

// ParsePosition reads a position string (RULES.md §10). Whitespace between
// fields may be any run of blanks. If the colour to move still has turns to
// sit out, they are passed at once, and if that player cannot insert the
// game is over, so String may give back a normalised string (§11.3). A
// finished game is "-o" (won by orange) or "-" (§11.1): a named winner is
// checked against the board and scores, and a bare '-' is read from them,
// so a won game written by an older writer still reads.
func ParsePosition(s string) (Position, error) {
	var p Position
	fail := func(field string, format string, a ...any) (Position, error) {
		return Position{}, fmt.Errorf("position: %s: %s", field, fmt.Sprintf(format, a...))
	}
	f := strings.Fields(s)
	if len(f) != 7 {
		return fail("fields", "%d fields, want 7: <board> <variant> <seats> <to-move> <supplies> <scores> <sit-outs>", len(f))
	}
	v, err := ParseVariant(f[1])
	if err != nil {
		return fail("variant", "%v", err)
	}
	p.variant = v

	seats := f[2]
	if len(seats) < 2 || len(seats) > 4 {
		return fail("seats", "%q: want 2 to 4 colour letters from o, g, b, w", seats)
	}
	var seatOf [4]int8
	for i := range seatOf {
		seatOf[i] = -1
	}
	for i := 0; i < len(seats); i++ {
		c, ok := ColorOf(seats[i])
		if !ok {
			return fail("seats", "%q: %q is not a colour (want o, g, b or w)", seats, seats[i])
		}
		if seatOf[c] >= 0 {
			return fail("seats", "%q: %s is seated twice", seats, c)
		}
		seatOf[c] = int8(i)
		p.seats[i] = c
	}
	p.n = uint8(len(seats))
	n := len(seats)

	ranks := strings.Split(f[0], "/")
	if len(ranks) != Size {
		return fail("board", "%d ranks, want 7 separated by '/'", len(ranks))
	}
	for i, rk := range ranks {
		r := Size - 1 - i
		file := 0
		for j := 0; j < len(rk); j++ {
			ch := rk[j]
			switch {
			case ch >= '1' && ch <= '7':
				file += int(ch - '0')
			case ch >= 'a' && ch <= 'z':
				c, ok := ColorOf(ch)
				if !ok {
					return fail("board", "rank %d: %q is not a colour (want o, g, b or w)", r+1, ch)
				}
				if seatOf[c] < 0 {
					return fail("board", "rank %d: a %s marble, but %s is not seated (seats %q)", r+1, c, c, seats)
				}
				if file < Size {
					p.bb[seatOf[c]] |= bit(Sq(file, r))
				}
				file++
			default:
				return fail("board", "rank %d: unexpected %q (want a colour letter or a digit 1-7)", r+1, ch)
			}
			if file > Size {
				return fail("board", "rank %d: %q covers more than 7 cells", r+1, rk)
			}
		}
		if file != Size {
			return fail("board", "rank %d: %q covers %d cells, want 7", r+1, rk, file)
		}
	}
	for i := 0; i < n; i++ {
		p.occ |= p.bb[i]
		if k := p.bb[i].Count(); k > MarblesPerColor {
			return fail("board", "%d %s marbles, but a colour has only %d", k, p.seats[i], MarblesPerColor)
		}
	}

	for i := 0; i < n; i++ {
		if p.occ == p.bb[i] && orthoAdjacent(p.bb[i]) {
			return fail("board", "only %s marbles, two of them side by side: the single-colour rule (RULES.md §2) never allows that", p.seats[i])
		}
	}

	nums := func(field, text string, lo, hi int) ([]int, error) {
		parts := strings.Split(text, ",")
		if len(parts) != n {
			return nil, fmt.Errorf("position: %s: %q has %d values, want one for each of the %d seats", field, text, len(parts), n)
		}
		out := make([]int, n)
		for i, t := range parts {
			x, err := strconv.Atoi(t)
			if err != nil || x < lo || x > hi {
				return nil, fmt.Errorf("position: %s: value %d (%s) is %q, want a whole number from %d to %d", field, i+1, p.seats[i], t, lo, hi)
			}
			out[i] = x
		}
		return out, nil
	}
	supplies, err := nums("supplies", f[4], 0, MarblesPerColor)
	if err != nil {
		return Position{}, err
	}
	for i, k := range supplies {
		if on := p.bb[i].Count(); on+k != MarblesPerColor {
			return fail("supplies", "%s has %d in supply and %d on the board: they must add up to %d", p.seats[i], k, on, MarblesPerColor)
		}
	}
	scores, err := nums("scores", f[5], 0, WinningPoints+9)
	if err != nil {
		return Position{}, err
	}
	sits, err := nums("sit-outs", f[6], 0, MaxSitOuts)
	if err != nil {
		return Position{}, err
	}
	winners := 0
	for i := 0; i < n; i++ {
		if v == Express && scores[i] != 0 {
			return fail("scores", "%s has %d points, but Express keeps no score", p.seats[i], scores[i])
		}
		if scores[i] >= WinningPoints {
			winners++
		}
		p.scores[i], p.sitOuts[i] = uint8(scores[i]), uint8(sits[i])
	}
	if winners > 1 {
		return fail("scores", "%d players have %d points or more, but the first to reach %d ends the game", winners, WinningPoints, WinningPoints)
	}

	tm := f[3]
	if tm[0] == '-' {
		var r Result
		switch {
		case tm == "-":
			r, err = p.overResult()
		case len(tm) == 2:
			w, ok := ColorOf(tm[1])
			if !ok || seatOf[w] < 0 {
				return fail("to-move", "%q: after '-' want the winner's letter, one of the seated colours (%s)", tm, seats)
			}
			r, err = Result{State: Won, Winner: w}, p.checkWinner(int(seatOf[w]))
		default:
			return fail("to-move", "%q: once the game is over want '-' and the winner's letter (like -o), or '-' alone for a draw", tm)
		}
		if err != nil {
			return fail("to-move", "%q: %v", tm, err)
		}
		p.toMove, p.result = -1, r
		p.hash = p.computeHash()
		return p, nil
	}
	c, ok := ColorOf(tm[0])
	if len(tm) != 1 || !ok || seatOf[c] < 0 {
		return fail("to-move", "%q: want the letter of a seated colour (%s), or once the game is over '-' and the winner's letter ('-' alone for a draw)", tm, seats)
	}
	if winners > 0 {
		return fail("to-move", "%s is to move, but a player has %d points and the game is over (write '-' and the winner's letter)", c, WinningPoints)
	}
	p.toMove = seatOf[c]
	p.hash = p.computeHash()
	p.settleTurn(int(p.toMove), nil)
	return p, nil
}

// checkWinner checks that seat w can have won the position given as over:
// in Express w holds a winning line (§4); in Expert and Extreme w has 10
// points, or nobody has and the game ended for want of marbles or room
// with w alone on the top score (§5). A string naming a winner the
// position contradicts is refused, not trusted.
func (p *Position) checkWinner(w int) error {
	n := int(p.n)
	c := p.seats[w]
	if !p.variant.Scores() {
		if hasRun(p.bb[w], WinLength(n)) {
			return nil
		}
		for i := 0; i < n; i++ {
			if hasRun(p.bb[i], WinLength(n)) {
				return fmt.Errorf("%s holds no line of %d (RULES.md §4), but %s does", c, WinLength(n), p.seats[i])
			}
		}
		return fmt.Errorf("%s holds no line of %d (RULES.md §4), so %s has not won", c, WinLength(n), c)
	}
	for i := 0; i < n; i++ {
		if p.scores[i] >= WinningPoints {
			if i == w {
				return nil
			}
			return fmt.Errorf("%s has %d points, so %s won (RULES.md §5), not %s", p.seats[i], p.scores[i], p.seats[i], c)
		}
	}
	stuck := false
	for i := 0; i < n; i++ {
		stuck = stuck || !p.hasInsertion(i)
	}
	if !stuck {
		return fmt.Errorf("nobody has %d points and every player can still insert, so the game is not over", WinningPoints)
	}
	switch r := p.Standing(); {
	case r.State == Drawn:
		return fmt.Errorf("the top score of %d is shared, so the game is drawn (RULES.md §5): write '-'", p.scores[w])
	case r.Winner != c:
		return fmt.Errorf("%s has the top score (%d to %s's %d), so %s won (RULES.md §5)", r.Winner, p.scores[p.SeatOf(r.Winner)], c, p.scores[w], r.Winner)
	}
	return nil
}

// overResult reads the result of a position given as over by a bare '-'
// (RULES.md §10, §11.1): a draw as this engine writes it, or a win as older
// writers wrote it, the winner read from the board. An Express position
// does not say who moved last, so when a colour holds a winning line and
// the game could also have ended for want of marbles or room (the line may
// have been pushed together on another player's turn), or when several
// colours hold one, the board cannot tell and §10 has the string refused
// rather than guessed. A drawn game with such a line is therefore the one
// position whose string does not read back.
func (p *Position) overResult() (Result, error) {
	n := int(p.n)
	stuck := -1 // a seat that could not insert, so the game may have ended by exhaustion
	for i := 0; i < n; i++ {
		if !p.hasInsertion(i) {
			stuck = i
		}
	}
	if p.variant.Scores() {
		for i := 0; i < n; i++ {
			if p.scores[i] >= WinningPoints {
				return Result{State: Won, Winner: p.seats[i]}, nil
			}
		}
	} else {
		who := -1
		for i := 0; i < n; i++ {
			if hasRun(p.bb[i], WinLength(n)) {
				if who >= 0 {
					return Result{}, fmt.Errorf("the game is over but both %s and %s hold a winning line, so who won is unknown (name the winner, like -%c)", p.seats[who], p.seats[i], p.seats[who].Letter())
				}
				who = i
			}
		}
		if who >= 0 && stuck >= 0 {
			return Result{}, fmt.Errorf("the game is over but who won is unknown: %s holds a winning line, yet %s cannot insert, so the game may have ended drawn (name the winner, -%c, if %s won)", p.seats[who], p.seats[stuck], p.seats[who].Letter(), p.seats[who])
		}
		if who >= 0 {
			return Result{State: Won, Winner: p.seats[who]}, nil
		}
	}
	if stuck >= 0 {
		return p.Standing(), nil
	}
	return Result{}, errors.New("'-' says the game is over, but nobody has won and every player still has a marble and a legal insertion")
}

// ParseMove reads a move in notation and checks it against the position,
// saying precisely why an illegal one is refused (RULES.md §2, §5).
func (p *Position) ParseMove(s string) (Move, error) {
	fail := func(format string, a ...any) (Move, error) {
		return NoMove, fmt.Errorf("move %q: %s", s, fmt.Sprintf(format, a...))
	}
	if len(s) < 2 {
		return fail("too short: want an entry point like W4 or Nd, then in Expert/Extreme an optional xc4-g4 and =g4")
	}
	e, err := ParseEntry(s[:2])
	if err != nil {
		return fail("%v", err)
	}
	rest := s[2:]
	var a, b, keep Square = NoSquare, NoSquare, NoSquare
	hasLine := false
	if rest != "" {
		if rest[0] != 'x' || len(rest) < 6 || rest[3] != '-' {
			return fail("after the entry point want xA-B (the scored line's ends, like xc4-g4), not %q", rest)
		}
		if a, err = ParseSquare(rest[1:3]); err != nil {
			return fail("line end: %v", err)
		}
		if b, err = ParseSquare(rest[4:6]); err != nil {
			return fail("line end: %v", err)
		}
		hasLine = true
		rest = rest[6:]
		if rest != "" {
			if rest[0] != '=' || len(rest) != 3 {
				return fail("after the line want =A, the end kept (like =g4), not %q", rest)
			}
			if keep, err = ParseSquare(rest[1:]); err != nil {
				return fail("kept end: %v", err)
			}
		}
	}
	if p.Over() {
		return fail("the game is over (%s)", p.result)
	}
	seat := int(p.toMove)
	if p.Supply(seat) == 0 {
		return fail("%s has no marble left", p.seats[seat])
	}
	if tracks[e].mask&^p.occ == 0 {
		return fail("the track of %s is full, and marbles are never pushed off the board (RULES.md §2)", e)
	}
	if !p.insertionLegal(seat, e) {
		return fail("the board would hold only %s marbles with two of them side by side (RULES.md §2, single colour)", p.seats[seat])
	}
	if !p.variant.Scores() {
		if hasLine {
			return fail("Express scores no lines: play just %s", e)
		}
		return Insert(e), nil
	}
	q := *p
	q.insert(seat, e)
	var lbuf [maxLines]Line
	cands := lines(q.bb[seat], MinScoringLength(p.variant, int(p.n)), lbuf[:0])
	if len(cands) == 0 {
		if hasLine {
			return fail("%s leaves %s no scoring line: play just %s", e, p.seats[seat], e)
		}
		return Insert(e), nil
	}
	options := func() string {
		var names []string
		for _, l := range cands {
			names = append(names, e.String()+"x"+l.String())
		}
		return strings.Join(names, ", ")
	}
	if !hasLine {
		return fail("%s leaves %s a scoring line, which must be scored (RULES.md §5): one of %s", e, p.seats[seat], options())
	}
	if b.File() < a.File() || (b.File() == a.File() && b.Rank() < a.Rank()) {
		a, b = b, a
	}
	var line *Line
	for i := range cands {
		if cands[i].A == a && cands[i].B == b {
			line = &cands[i]
		}
	}
	if line == nil {
		return fail("%s-%s is not a scoring line of %s after %s: one of %s", a, b, p.seats[seat], e, options())
	}
	m := scoringMove(e, *line)
	if p.n == 2 {
		if keep != NoSquare {
			return fail("with 2 players both ends stay on the board: drop =%s", keep)
		}
		return m, nil
	}
	switch keep {
	case NoSquare:
		return fail("with %d players say which end stays: =%s or =%s", p.n, a, b)
	case a:
		return m | mKeep, nil
	case b:
		return m | mKeep | mKeepSecd, nil
	}
	return fail("the kept end %s is not an end of %s-%s", keep, a, b)
}

// Play checks that m is legal here and applies it, filling tr if not nil.
// An illegal move changes nothing and the error says why.
func (p *Position) Play(m Move, tr *Trace) error {
	var buf [MaxMoves]Move
	for _, x := range p.Moves(buf[:0]) {
		if x == m {
			p.Apply(m, tr)
			return nil
		}
	}
	if m == NoMove {
		return errors.New("no move")
	}
	if _, err := p.ParseMove(m.String()); err != nil {
		return err
	}
	return fmt.Errorf("move %s is not legal here", m)
}

// PlayString parses a move in notation and plays it.
func (p *Position) PlayString(s string, tr *Trace) error {
	m, err := p.ParseMove(s)
	if err != nil {
		return err
	}
	return p.Play(m, tr)
}
