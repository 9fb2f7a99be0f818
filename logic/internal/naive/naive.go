package naive

import (
	"fmt"
	"sort"
	"strings"
)

const (
	boardSize     = 7
	marblesEach   = 22 // §1: each player has 22 marbles
	winningPoints = 10 // §5: 10 or more points wins at once
	maxSitOuts    = 6  // §7: sit out the first 1–6 turns
)

// Pos is a Shiftago position. The zero value is not usable; use New or Parse.
type Pos struct {
	// board[r][f] holds 0 for an empty cell or a colour letter 'o','g','b','w'.
	// r is 0 for rank 1 (bottom), f is 0 for file a (left).
	board   [boardSize][boardSize]byte
	variant string // "express", "expert" or "extreme"
	seats   []byte // colours in turn order
	toMove  int    // index into seats; -1 once the game is over
	supply  []int  // per seat
	score   []int  // per seat
	sitOut  []int  // per seat: turns still to sit out (§7)
	result  string // "" while the game goes on, else "win x" or "draw"
}

// cell is a board coordinate: f 0..6 = files a..g, r 0..6 = ranks 1..7.
type cell struct{ f, r int }

func (c cell) String() string {
	return string(rune('a'+c.f)) + string(rune('1'+c.r))
}

func onBoard(f, r int) bool {
	return f >= 0 && f < boardSize && r >= 0 && r < boardSize
}

// less orders line ends as §5 writes them: lower file first, then lower rank.
func (c cell) less(d cell) bool {
	if c.f != d.f {
		return c.f < d.f
	}
	return c.r < d.r
}

func (p *Pos) at(c cell) byte       { return p.board[c.r][c.f] }
func (p *Pos) set(c cell, col byte) { p.board[c.r][c.f] = col }

func colourName(c byte) string {
	switch c {
	case 'o':
		return "orange"
	case 'g':
		return "green"
	case 'b':
		return "blue"
	case 'w':
		return "white"
	}
	return fmt.Sprintf("%q", c)
}

func isColour(c byte) bool { return c == 'o' || c == 'g' || c == 'b' || c == 'w' }

func validVariant(v string) bool { return v == "express" || v == "expert" || v == "extreme" }

// New starts a game (§1, §7): variant "express", "expert" or "extreme",
// seats the colours in turn order ("og", "ogb", "ogbw", …), sitouts the
// handicap per seat (nil for none). The first seat moves first, unless it
// sits out.
func New(variant string, seats string, sitouts []int) (*Pos, error) {
	if !validVariant(variant) {
		return nil, fmt.Errorf("unknown variant %q (want express, expert or extreme)", variant)
	}
	if err := checkSeats(seats); err != nil {
		return nil, err
	}
	n := len(seats)
	if sitouts == nil {
		sitouts = make([]int, n)
	}
	if len(sitouts) != n {
		return nil, fmt.Errorf("sit-outs: %d values for %d seats", len(sitouts), n)
	}
	p := &Pos{variant: variant, seats: []byte(seats)}
	for i := 0; i < n; i++ {
		if sitouts[i] < 0 || sitouts[i] > maxSitOuts {
			return nil, fmt.Errorf("sit-outs: seat %d (%s) has %d, want 0 to %d", i+1, colourName(seats[i]), sitouts[i], maxSitOuts)
		}
		p.supply = append(p.supply, marblesEach)
		p.score = append(p.score, 0)
		p.sitOut = append(p.sitOut, sitouts[i])
	}
	p.giveTurnTo(0)
	return p, nil
}

// checkSeats validates the seats field: 2–4 distinct colours from o g b w.
func checkSeats(seats string) error {
	if len(seats) < 2 || len(seats) > 4 {
		return fmt.Errorf("seats %q: want 2 to 4 colours, got %d", seats, len(seats))
	}
	for i := 0; i < len(seats); i++ {
		if !isColour(seats[i]) {
			return fmt.Errorf("seats %q: unknown colour %q at seat %d (want o, g, b or w)", seats, seats[i], i+1)
		}
		for j := 0; j < i; j++ {
			if seats[j] == seats[i] {
				return fmt.Errorf("seats %q: colour %q seated twice", seats, seats[i])
			}
		}
	}
	return nil
}

// Clone returns an independent copy.
func (p *Pos) Clone() *Pos {
	q := *p
	q.seats = append([]byte(nil), p.seats...)
	q.supply = append([]int(nil), p.supply...)
	q.score = append([]int(nil), p.score...)
	q.sitOut = append([]int(nil), p.sitOut...)
	return &q
}

// seatOf returns the seat index of colour c, or -1.
func (p *Pos) seatOf(c byte) int {
	for i, s := range p.seats {
		if s == c {
			return i
		}
	}
	return -1
}

// giveTurnTo hands the turn to seat i. Seats that still have turns to sit
// out pass (§7), each using up one sit-out. Then, if the player who must
// move has no marble or no legal insertion, the game ends (§4, §5, §9).
func (p *Pos) giveTurnTo(i int) {
	n := len(p.seats)
	for p.sitOut[i] > 0 {
		p.sitOut[i]--
		i = (i + 1) % n
	}
	p.toMove = i
	if p.supply[i] == 0 || !p.hasLegalInsertion(p.seats[i]) {
		p.endWithoutMove()
	}
}

// endWithoutMove ends the game because the player to move cannot insert:
// a draw in Express (§4), the top score in Expert/Extreme (§5).
func (p *Pos) endWithoutMove() {
	p.toMove = -1
	if p.variant == "express" {
		p.result = "draw"
		return
	}
	p.result = p.topScoreResult()
}

// topScoreResult names the unique top scorer, or "draw" if the top is shared.
func (p *Pos) topScoreResult() string {
	best, count, who := -1, 0, byte(0)
	for i, s := range p.score {
		if s > best {
			best, count, who = s, 1, p.seats[i]
		} else if s == best {
			count++
		}
	}
	if count == 1 {
		return "win " + string(who)
	}
	return "draw"
}

// Result reports "ongoing", "win <colour>" or "draw".
func (p *Pos) Result() string {
	if p.result == "" {
		return "ongoing"
	}
	return p.result
}

// String formats the canonical §10 position string.
func (p *Pos) String() string {
	var sb strings.Builder
	for r := boardSize - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < boardSize; f++ {
			c := p.board[r][f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprintf(&sb, "%d", empty)
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			fmt.Fprintf(&sb, "%d", empty)
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(p.variant)
	sb.WriteByte(' ')
	sb.Write(p.seats)
	sb.WriteByte(' ')
	if p.toMove < 0 {
		// §10 §11.1: "-x" names the winner, '-' alone is a draw.
		sb.WriteByte('-')
		if winner, ok := strings.CutPrefix(p.result, "win "); ok {
			sb.WriteString(winner)
		}
	} else {
		sb.WriteByte(p.seats[p.toMove])
	}
	for _, list := range [][]int{p.supply, p.score, p.sitOut} {
		sb.WriteByte(' ')
		for i, v := range list {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, "%d", v)
		}
	}
	return sb.String()
}

// Diagram draws the board for test failure messages.
func (p *Pos) Diagram() string {
	var sb strings.Builder
	for r := boardSize - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%d ", r+1)
		for f := 0; f < boardSize; f++ {
			c := p.board[r][f]
			if c == 0 {
				c = '.'
			}
			sb.WriteByte(' ')
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("   a b c d e f g\n")
	sb.WriteString(p.String())
	sb.WriteByte('\n')
	return sb.String()
}

// ---------------------------------------------------------------------------
// §2 insertions

// entry is one of the 28 entry points: its name and the 7 cells of its
// track, starting with the entry cell and going in the push direction.
type entry struct {
	name  string
	track [boardSize]cell
}

// entries lists all 28 entry points (§2).
var entries = makeEntries()

func makeEntries() []entry {
	var es []entry
	for f := 0; f < boardSize; f++ {
		var n, s entry
		n.name = "N" + string(rune('a'+f)) // enters at rank 7, pushes down
		s.name = "S" + string(rune('a'+f)) // enters at rank 1, pushes up
		for i := 0; i < boardSize; i++ {
			n.track[i] = cell{f, boardSize - 1 - i}
			s.track[i] = cell{f, i}
		}
		es = append(es, n, s)
	}
	for r := 0; r < boardSize; r++ {
		var w, e entry
		w.name = "W" + string(rune('1'+r)) // enters at file a, pushes right
		e.name = "E" + string(rune('1'+r)) // enters at file g, pushes left
		for i := 0; i < boardSize; i++ {
			w.track[i] = cell{i, r}
			e.track[i] = cell{boardSize - 1 - i, r}
		}
		es = append(es, w, e)
	}
	return es
}

// insert puts a marble of colour col on the entry cell of e, pushing the
// contiguous run that starts there one cell along the track. It reports
// false, changing nothing, when the track is full (§2).
func (p *Pos) insert(e entry, col byte) bool {
	firstEmpty := -1
	for i, c := range e.track {
		if p.at(c) == 0 {
			firstEmpty = i
			break
		}
	}
	if firstEmpty < 0 {
		return false
	}
	for i := firstEmpty; i > 0; i-- {
		p.set(e.track[i], p.at(e.track[i-1]))
	}
	p.set(e.track[0], col)
	return true
}

// breaksSingleColourRule reports whether the board holds marbles of one
// colour only with two of them orthogonally adjacent (§2 special case).
func (p *Pos) breaksSingleColourRule() bool {
	colours := map[byte]bool{}
	for r := 0; r < boardSize; r++ {
		for f := 0; f < boardSize; f++ {
			if c := p.board[r][f]; c != 0 {
				colours[c] = true
			}
		}
	}
	if len(colours) != 1 {
		return false
	}
	for r := 0; r < boardSize; r++ {
		for f := 0; f < boardSize; f++ {
			if p.board[r][f] == 0 {
				continue
			}
			if f+1 < boardSize && p.board[r][f+1] != 0 {
				return true
			}
			if r+1 < boardSize && p.board[r+1][f] != 0 {
				return true
			}
		}
	}
	return false
}

// legalInsertion tries e for colour col on a copy and returns the board
// after the insertion, or nil if the insertion is illegal (full track or
// the single-colour rule).
func (p *Pos) legalInsertion(e entry, col byte) *Pos {
	q := p.Clone()
	if !q.insert(e, col) {
		return nil
	}
	if q.breaksSingleColourRule() {
		return nil
	}
	return q
}

// hasLegalInsertion reports whether colour col could insert anywhere
// (supply is not checked here).
func (p *Pos) hasLegalInsertion(col byte) bool {
	for _, e := range entries {
		if p.legalInsertion(e, col) != nil {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// §3 lines

// line is a maximal run of one colour; cells go from end a to end b, and
// a is the end written first (lower file, then lower rank).
type line struct {
	cells []cell
	a, b  cell
}

// directions along which lines run: rank, file, and the two diagonals.
var directions = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// lines returns every maximal run of colour col, of any length ≥ 1, in
// every direction (a single marble appears once per direction).
func (p *Pos) lines(col byte) []line {
	var out []line
	for _, d := range directions {
		for r := 0; r < boardSize; r++ {
			for f := 0; f < boardSize; f++ {
				if p.board[r][f] != col {
					continue
				}
				pf, pr := f-d[0], r-d[1]
				if onBoard(pf, pr) && p.board[pr][pf] == col {
					continue // not the start of the run
				}
				var ln line
				for cf, cr := f, r; onBoard(cf, cr) && p.board[cr][cf] == col; cf, cr = cf+d[0], cr+d[1] {
					ln.cells = append(ln.cells, cell{cf, cr})
				}
				ln.a, ln.b = ln.cells[0], ln.cells[len(ln.cells)-1]
				if ln.b.less(ln.a) {
					ln.a, ln.b = ln.b, ln.a
				}
				out = append(out, ln)
			}
		}
	}
	return out
}

// longestLine returns the length of the longest line of colour col.
func (p *Pos) longestLine(col byte) int {
	best := 0
	for _, ln := range p.lines(col) {
		if len(ln.cells) > best {
			best = len(ln.cells)
		}
	}
	return best
}

// expressGoal is the line length that wins Express (§4).
func expressGoal(players int) int {
	if players == 2 {
		return 5
	}
	return 4
}

// pointsTable maps line length to points for Expert (§5) and Extreme (§6).
func pointsTable(variant string, players int) map[int]int {
	var t map[int]int
	if players == 2 {
		t = map[int]int{5: 2, 6: 5, 7: 10}
		if variant == "extreme" {
			t[4] = 0
		}
	} else {
		t = map[int]int{4: 2, 5: 5, 6: 8, 7: 10}
		if variant == "extreme" {
			t[3] = 0
		}
	}
	return t
}

// ---------------------------------------------------------------------------
// Moves

// successor is a legal move and the position it leads to.
type successor struct {
	move  string
	child *Pos
}

// successors lists every legal move (§2, §5, §9) with its resulting position.
func (p *Pos) successors() []successor {
	if p.result != "" {
		return nil
	}
	me := p.toMove
	col := p.seats[me]
	if p.supply[me] == 0 {
		return nil
	}
	players := len(p.seats)
	var out []successor
	for _, e := range entries {
		after := p.legalInsertion(e, col)
		if after == nil {
			continue
		}
		after.supply[me]--

		if p.variant == "express" {
			// §4: only the mover's own lines count.
			if after.longestLine(col) >= expressGoal(players) {
				after.toMove = -1
				after.result = "win " + string(col)
			} else {
				after.giveTurnTo((me + 1) % players)
			}
			out = append(out, successor{e.name, after})
			continue
		}

		// §5/§6: find the mover's scoring lines.
		table := pointsTable(p.variant, players)
		var scoring []line
		for _, ln := range after.lines(col) {
			if _, ok := table[len(ln.cells)]; ok {
				scoring = append(scoring, ln)
			}
		}
		if len(scoring) == 0 {
			after.giveTurnTo((me + 1) % players)
			out = append(out, successor{e.name, after})
			continue
		}
		for _, ln := range scoring {
			name := e.name + "x" + ln.a.String() + "-" + ln.b.String()
			if players == 2 {
				// keep both ends
				out = append(out, successor{name, after.score1(me, ln, table, ln.a, ln.b)})
			} else {
				// keep one end, the mover's choice
				out = append(out, successor{name + "=" + ln.a.String(), after.score1(me, ln, table, ln.a, ln.a)})
				out = append(out, successor{name + "=" + ln.b.String(), after.score1(me, ln, table, ln.b, ln.b)})
			}
		}
	}
	return out
}

// score1 returns a copy of p in which seat me scores line ln, keeping the
// cells keep1 and keep2 (the same cell when only one end is kept), and
// then either wins or moves again (§5).
func (p *Pos) score1(me int, ln line, table map[int]int, keep1, keep2 cell) *Pos {
	q := p.Clone()
	for _, c := range ln.cells {
		if c == keep1 || c == keep2 {
			continue
		}
		q.set(c, 0)
		q.supply[me]++
	}
	q.score[me] += table[len(ln.cells)]
	if q.score[me] >= winningPoints {
		q.toMove = -1
		q.result = "win " + string(q.seats[me])
		return q
	}
	q.giveTurnTo(me) // extra turn
	return q
}

// Moves returns every legal move in §5 notation, sorted. It is empty once
// the game is over.
func (p *Pos) Moves() []string {
	var ms []string
	for _, s := range p.successors() {
		ms = append(ms, s.move)
	}
	sort.Strings(ms)
	return ms
}

// normalizeMove writes the two line ends of a scoring move in canonical
// order, since §5 lets them be read in either order.
func normalizeMove(m string) string {
	x := strings.IndexByte(m, 'x')
	if x < 0 {
		return m
	}
	head, rest := m[:x+1], m[x+1:]
	keep := ""
	if eq := strings.IndexByte(rest, '='); eq >= 0 {
		rest, keep = rest[:eq], rest[eq:]
	}
	ends := strings.Split(rest, "-")
	if len(ends) != 2 || len(ends[0]) != 2 || len(ends[1]) != 2 {
		return m
	}
	a := cell{int(ends[0][0]) - 'a', int(ends[0][1]) - '1'}
	b := cell{int(ends[1][0]) - 'a', int(ends[1][1]) - '1'}
	if b.less(a) {
		ends[0], ends[1] = ends[1], ends[0]
	}
	return head + ends[0] + "-" + ends[1] + keep
}

// Play applies move m, which must be one of Moves(). On error p is unchanged.
func (p *Pos) Play(m string) error {
	if p.result != "" {
		return fmt.Errorf("move %q: the game is over (%s)", m, p.result)
	}
	want := normalizeMove(m)
	for _, s := range p.successors() {
		if s.move == want {
			*p = *s.child
			return nil
		}
	}
	return fmt.Errorf("move %q is not legal here (%s to move; legal: %s)", m, colourName(p.seats[p.toMove]), strings.Join(p.Moves(), " "))
}

// Perft counts leaf move sequences of the given depth (§9): every legal
// move counts, and a move that ends the game is a leaf. Sit-outs are not
// moves.
func (p *Pos) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, s := range p.successors() {
		if s.child.result != "" {
			n++
		} else {
			n += s.child.Perft(depth - 1)
		}
	}
	return n
}
