package logic

import (
	"math/bits"
	"strings"
)

// Move is one move: an insertion at an entry point and, in Expert and
// Extreme when the insertion leaves the mover a scoring line, the line he
// scores and (3–4 players) the end he keeps (RULES.md §5). It packs into 32
// bits so that a transposition table can store it.
//
//	bits 0–4   entry point
//	bit  5     scores a line
//	bits 8–13  first end of the line (lower file, then lower rank)
//	bits 16–21 second end
//	bit  6     an end is kept by choice (3–4 players)
//	bit  7     the kept end is the second one
type Move uint32

// NoMove is the zero-information move, distinct from every real move.
const NoMove Move = 0xFFFFFFFF

const (
	mScores   = 1 << 5
	mKeep     = 1 << 6
	mKeepSecd = 1 << 7
)

// Insert is the plain insertion at e, scoring nothing.
func Insert(e Entry) Move { return Move(e) }

func scoringMove(e Entry, l Line) Move {
	return Move(e) | mScores | Move(l.A)<<8 | Move(l.B)<<16
}

// Entry is the move's entry point.
func (m Move) Entry() Entry { return Entry(m & 31) }

// Scores reports whether the move scores a line.
func (m Move) Scores() bool { return m != NoMove && m&mScores != 0 }

// Line returns the ends of the scored line (NoSquare if none).
func (m Move) Line() (a, b Square) {
	if !m.Scores() {
		return NoSquare, NoSquare
	}
	return Square(m >> 8 & 63), Square(m >> 16 & 63)
}

// Kept is the end kept by choice with 3–4 players, or NoSquare.
func (m Move) Kept() Square {
	if !m.Scores() || m&mKeep == 0 {
		return NoSquare
	}
	a, b := m.Line()
	if m&mKeepSecd != 0 {
		return b
	}
	return a
}

// String writes the move in notation: "W4", "W4xc4-g4", "W4xc4-g4=g4".
func (m Move) String() string {
	if m == NoMove {
		return "(none)"
	}
	var sb strings.Builder
	sb.WriteString(m.Entry().String())
	if m.Scores() {
		a, b := m.Line()
		sb.WriteByte('x')
		sb.WriteString(a.String())
		sb.WriteByte('-')
		sb.WriteString(b.String())
		if k := m.Kept(); k != NoSquare {
			sb.WriteByte('=')
			sb.WriteString(k.String())
		}
	}
	return sb.String()
}

// Line is a maximal run of one colour's marbles (RULES.md §3), given by its
// two ends in notation order (lower file first, then lower rank).
type Line struct {
	A, B Square
	Len  uint8
	Dir  Direction
}

// Cells is the set of the line's squares.
func (l Line) Cells() Bitboard {
	var b Bitboard
	lo := min(l.A, l.B)
	for k := 0; k < int(l.Len); k++ {
		b |= bit(lo + Square(k*int(l.Dir)))
	}
	return b
}

// String writes the line as its two ends, "c4-g4".
func (l Line) String() string { return l.A.String() + "-" + l.B.String() }

// maxLines bounds the lines one colour can hold at once on a 7×7 board when
// each has at least three marbles (far more than can really occur together).
const maxLines = 32

// lines appends to out the maximal runs of b of at least n marbles.
func lines(b Bitboard, n int, out []Line) []Line {
	for _, d := range directions {
		s := uint(d)
		starts := b &^ (b << s) // no predecessor in direction d
		long := starts & runStarts(b, d, n)
		for ; long != 0; long &= long - 1 {
			a := Square(bits.TrailingZeros64(uint64(long)))
			k, e := 1, a
			for b.Has(e + Square(d)) {
				e += Square(d)
				k++
			}
			l := Line{A: a, B: e, Len: uint8(k), Dir: d}
			if d == AntiDiag { // walked up and left: the far end has the lower file
				l.A, l.B = e, a
			}
			out = append(out, l)
		}
	}
	return out
}

// LinesOf returns the lines of colour c's marbles that are at least n long,
// appended to buf.
func (p *Position) LinesOf(c Color, n int, buf []Line) []Line {
	i := p.SeatOf(c)
	if i < 0 {
		return buf
	}
	return lines(p.bb[i], n, buf)
}

// insert pushes a marble of seat s in at e (the track must not be full) and
// returns the squares that moved before the new marble took the entry cell.
func (p *Position) insert(s int, e Entry) (run Bitboard, end Square) {
	t := &tracks[e]
	fe := firstEmpty(p.occ, e)
	run = pushRun(p.occ, e)
	if run != 0 {
		for i := 0; i < int(p.n); i++ {
			if moved := p.bb[i] & run; moved != 0 {
				to := shift(moved, t.Step)
				p.bb[i] = p.bb[i]&^moved | to
				for m := moved; m != 0; m &= m - 1 {
					sq := bits.TrailingZeros64(uint64(m))
					p.hash ^= zMarble[i][sq] ^ zMarble[i][sq+t.Step]
				}
			}
		}
	}
	c := t.Cells[0]
	p.bb[s] |= bit(c)
	p.hash ^= zMarble[s][c]
	p.occ |= bit(Square(fe))
	return run, Square(fe)
}

// lonelyColor reports whether the board after seat s inserts would hold
// s's colour only, which is when the single-colour rule of §2 applies.
func (p *Position) lonelyColor(s int) bool { return p.occ == p.bb[s] }

// firstEmpty is the empty cell of e's track nearest its entry cell: where
// the pushed run ends. The track must not be full.
func firstEmpty(occ Bitboard, e Entry) int {
	t := &tracks[e]
	empty := t.mask &^ occ
	if t.low {
		return bits.TrailingZeros64(uint64(empty))
	}
	return 63 - bits.LeadingZeros64(uint64(empty))
}

// pushRun returns the squares of e's track that a marble inserted at e
// pushes one step on: those between the entry cell and the first empty one.
func pushRun(occ Bitboard, e Entry) Bitboard {
	t := &tracks[e]
	fe := firstEmpty(occ, e)
	if t.low {
		return t.mask & (1<<uint(fe) - 1)
	}
	return t.mask &^ (2<<uint(fe) - 1)
}

// Pushed is own's marbles after its owner inserts at e, on a board whose
// marbles are occ; e's track must not be full. Move generation needs only
// this to find scoring lines and to apply the single-colour rule, and the
// AI uses it to look for threats without touching a position.
func Pushed(own, occ Bitboard, e Entry) Bitboard {
	t := &tracks[e]
	moved := own & pushRun(occ, e)
	return own&^moved | shift(moved, t.Step) | bit(t.Cells[0])
}

// moverAfter is seat s's marbles after it inserts at e.
func (p *Position) moverAfter(s int, e Entry) Bitboard { return Pushed(p.bb[s], p.occ, e) }

// insertionLegal reports whether seat s may insert at e: the track has room
// and, if the board would hold one colour only, no two of its marbles would
// be side by side (RULES.md §2).
func (p *Position) insertionLegal(s int, e Entry) bool {
	if tracks[e].mask&^p.occ == 0 {
		return false
	}
	return !p.lonelyColor(s) || !orthoAdjacent(p.moverAfter(s, e))
}

// hasInsertion reports whether seat s has any legal insertion.
func (p *Position) hasInsertion(s int) bool {
	if p.occ == boardMask || p.Supply(s) == 0 {
		return false
	}
	if !p.lonelyColor(s) {
		return true
	}
	for e := Entry(0); e < NumEntries; e++ {
		if p.insertionLegal(s, e) {
			return true
		}
	}
	return false
}

// Moves appends every legal move to buf and returns it (RULES.md §2, §5,
// §9): one per legal insertion, or, where an insertion leaves the mover a
// scoring line, one per line and kept end. Nothing is allocated when buf
// has room (MaxMoves always suffices).
func (p *Position) Moves(buf []Move) []Move {
	if p.toMove < 0 || p.Supply(int(p.toMove)) == 0 {
		return buf
	}
	for e := Entry(0); e < NumEntries; e++ {
		buf = p.movesAt(e, buf)
	}
	return buf
}

// MovesAt appends the legal moves that insert at e, in the order of Moves:
// none when the track is full or the insertion is illegal, one plain
// insertion, or one per scoring line and kept end. A playout that tries
// entry points at random needs no more than this.
func (p *Position) MovesAt(e Entry, buf []Move) []Move {
	if p.toMove < 0 || e >= NumEntries || p.Supply(int(p.toMove)) == 0 {
		return buf
	}
	return p.movesAt(e, buf)
}

func (p *Position) movesAt(e Entry, buf []Move) []Move {
	if tracks[e].mask&^p.occ == 0 {
		return buf
	}
	s := int(p.toMove)
	lonely := p.lonelyColor(s)
	scoring := p.variant.Scores()
	if !lonely && !scoring {
		return append(buf, Insert(e))
	}
	mine := p.moverAfter(s, e)
	if lonely && orthoAdjacent(mine) {
		return buf
	}
	minLen := MinScoringLength(p.variant, int(p.n))
	if !scoring || !hasRun(mine, minLen) {
		return append(buf, Insert(e))
	}
	var lbuf [maxLines]Line
	for _, l := range lines(mine, minLen, lbuf[:0]) {
		m := scoringMove(e, l)
		if p.n == 2 {
			buf = append(buf, m)
		} else {
			buf = append(buf, m|mKeep, m|mKeep|mKeepSecd)
		}
	}
	return buf
}

// MaxMoves is more than the number of moves any position can have.
const MaxMoves = 512

// Apply plays m, which must be one of p.Moves (use Play for a checked
// move), and fills tr, if not nil, with what happened. It allocates nothing.
func (p *Position) Apply(m Move, tr *Trace) {
	s := int(p.toMove)
	e := m.Entry()
	run, fe := p.insert(s, e)
	if tr != nil {
		tr.reset(p.seats[s], e)
		t := &tracks[e]
		tr.slides[0] = Slide{From: NoSquare, To: t.Cells[0]}
		tr.nSlides = 1
		// Marbles moved from the entry cell inwards, so that the chain of
		// impacts can be animated in the order it happens.
		for k := 0; k < Size && t.Cells[k] != fe; k++ {
			if run.Has(t.Cells[k]) {
				tr.slides[tr.nSlides] = Slide{From: t.Cells[k], To: t.Cells[k+1]}
				tr.nSlides++
			}
		}
	}
	if p.variant == Express {
		if hasRun(p.bb[s], WinLength(int(p.n))) {
			p.finish(Result{State: Won, Winner: p.seats[s]}, tr)
			return
		}
		p.settleTurn(p.nextSeat(s), tr)
		return
	}
	if !m.Scores() {
		p.settleTurn(p.nextSeat(s), tr)
		return
	}
	a, b := m.Line()
	l := lineBetween(a, b)
	cells := l.Cells()
	keep := bit(a) | bit(b)
	if p.n > 2 {
		keep = bit(m.Kept())
	}
	removed := cells &^ keep
	p.bb[s] &^= removed
	p.occ &^= removed
	for r := removed; r != 0; r &= r - 1 {
		p.hash ^= zMarble[s][bits.TrailingZeros64(uint64(r))]
	}
	pts, _ := Points(p.variant, int(p.n), int(l.Len))
	p.hash ^= scoreKey(s, p.scores[s])
	p.scores[s] += uint8(pts)
	p.hash ^= scoreKey(s, p.scores[s])
	if tr != nil {
		tr.Scored, tr.Line, tr.Points = true, l, pts
		tr.Kept = m.Kept()
		for r := removed; r != 0; r &= r - 1 {
			tr.removed[tr.nRemove] = Square(bits.TrailingZeros64(uint64(r)))
			tr.nRemove++
		}
	}
	if p.scores[s] >= WinningPoints {
		p.finish(Result{State: Won, Winner: p.seats[s]}, tr)
		return
	}
	if tr != nil {
		tr.Handover = ExtraTurn
	}
	p.settleTurn(s, tr)
}

// lineBetween rebuilds the line with ends a and b (in notation order).
func lineBetween(a, b Square) Line {
	lo, hi := min(a, b), max(a, b)
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	var d Direction
	switch {
	case dr == 0:
		d = Horizontal
	case df == 0:
		d = Vertical
	case df > 0 && dr > 0:
		d = Diagonal
	default:
		d = AntiDiag
	}
	return Line{A: a, B: b, Len: uint8((int(hi)-int(lo))/int(d) + 1), Dir: d}
}

// nextSeat is the seat after s in turn order.
func (p *Position) nextSeat(s int) int { return (s + 1) % int(p.n) }

// settleTurn hands the turn to seat s: seats that still sit out pass
// (RULES.md §7), and if the seat that must play has no marble or no legal
// insertion the game ends (RULES.md §4, §5, §9).
func (p *Position) settleTurn(s int, tr *Trace) {
	for p.sitOuts[s] > 0 {
		p.hash ^= zSitOut[s][p.sitOuts[s]&7]
		p.sitOuts[s]--
		p.hash ^= zSitOut[s][p.sitOuts[s]&7]
		if tr != nil && int(tr.nSatOut) < len(tr.satOut) {
			tr.satOut[tr.nSatOut] = p.seats[s]
			tr.nSatOut++
		}
		s = p.nextSeat(s)
	}
	p.hash ^= zToMove[p.toMove+1] ^ zToMove[s+1]
	p.toMove = int8(s)
	if tr != nil {
		tr.Next = p.seats[s]
	}
	if !p.hasInsertion(s) {
		p.finish(p.Standing(), tr)
	}
}

// PassTo hands the turn to seat s as if the seats in between had passed,
// with the usual hand-over (a seat that still sits out passes; a seat that
// cannot insert ends the game). It is not a move of the game: searches use
// it to let one opponent reply out of turn (best-reply search) while the
// hash stays exact. p must not be over.
func (p *Position) PassTo(s int) {
	if p.toMove < 0 || s < 0 || s >= int(p.n) {
		panic("logic: PassTo on a finished game or to no seat")
	}
	p.settleTurn(s, nil)
}

// Standing is the result the game would have if it ended now because the
// player to move cannot insert: a draw in Express, else the best score
// wins and a shared one draws (RULES.md §4, §5). Searches also use it to
// judge a game they stop short.
func (p *Position) Standing() Result {
	if p.variant == Express {
		return Result{State: Drawn}
	}
	best, who, tied := -1, -1, false
	for i := 0; i < int(p.n); i++ {
		switch sc := int(p.scores[i]); {
		case sc > best:
			best, who, tied = sc, i, false
		case sc == best:
			tied = true
		}
	}
	if tied {
		return Result{State: Drawn}
	}
	return Result{State: Won, Winner: p.seats[who]}
}

func (p *Position) finish(r Result, tr *Trace) {
	p.hash ^= zToMove[p.toMove+1] ^ zToMove[0]
	p.toMove = -1
	p.result = r
	if tr != nil {
		tr.Handover, tr.Next, tr.Result = GameOver, NoColor, r
	}
}
