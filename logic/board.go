package logic

import (
	"fmt"
	"math/bits"
)

// Size is the number of cells along each side of the board.
const Size = 7

// Square is a cell of the board: rank*8 + file, both counted from 0
// (a1 = 0, g1 = 6, a2 = 8, g7 = 54). Index 7 of every rank is a guard
// column that never holds a marble.
type Square uint8

// NoSquare marks the absence of a square (the inserted marble's origin in a
// trace, an unset line end).
const NoSquare Square = 255

// Sq returns the square at file f and rank r, both 0..6.
func Sq(file, rank int) Square { return Square(rank*8 + file) }

// File is the square's file, 0 (a) to 6 (g).
func (s Square) File() int { return int(s) & 7 }

// Rank is the square's rank, 0 (rank 1) to 6 (rank 7).
func (s Square) Rank() int { return int(s) >> 3 }

// Valid reports whether s is one of the 49 cells of the board.
func (s Square) Valid() bool { return s < 56 && s&7 != 7 }

// String gives the square in notation, "a1" … "g7".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return squareNames[s]
}

// ParseSquare reads "a1" … "g7".
func ParseSquare(t string) (Square, error) {
	if len(t) != 2 || t[0] < 'a' || t[0] > 'g' || t[1] < '1' || t[1] > '7' {
		return NoSquare, fmt.Errorf("%q is not a square (want a file a-g and a rank 1-7, like d4)", t)
	}
	return Sq(int(t[0]-'a'), int(t[1]-'1')), nil
}

// Bitboard is a set of squares, bit i for Square i.
type Bitboard uint64

// boardMask holds the 49 real cells.
const boardMask Bitboard = 0x007F7F7F7F7F7F7F

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Squares returns the squares of b in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, Square(bits.TrailingZeros64(uint64(b))))
	}
	return out
}

func bit(s Square) Bitboard { return 1 << s }

// shift moves every square of b by d steps of the 8-wide layout
// (positive: towards higher indices).
func shift(b Bitboard, d int) Bitboard {
	if d >= 0 {
		return b << uint(d)
	}
	return b >> uint(-d)
}

// Side is the edge of the board an entry point is on.
type Side uint8

// The four sides, in the order their entry points are numbered.
const (
	North Side = iota
	South
	West
	East
)

// Entry is one of the 28 entry points: 0–6 are Na–Ng, 7–13 Sa–Sg,
// 14–20 W1–W7 and 21–27 E1–E7 (RULES.md §2).
type Entry uint8

// NumEntries is the number of entry points.
const NumEntries = 28

// Side returns the side of the board the entry point is on.
func (e Entry) Side() Side { return Side(e / 7) }

// Index is the file (for N and S) or rank (for W and E) of the entry point, 0..6.
func (e Entry) Index() int { return int(e % 7) }

// NewEntry returns the entry point on side s at file or rank index i (0..6).
func NewEntry(s Side, i int) Entry { return Entry(int(s)*7 + i) }

// String gives the entry point in notation: "Na", "Sg", "W1", "E7".
func (e Entry) String() string {
	if e >= NumEntries {
		return "?"
	}
	return entryNames[e]
}

// ParseEntry reads an entry point: N or S with a file, W or E with a rank.
func ParseEntry(t string) (Entry, error) {
	for e, name := range entryNames {
		if t == name {
			return Entry(e), nil
		}
	}
	return 0, fmt.Errorf("%q is not an entry point (want N or S with a file a-g, or W or E with a rank 1-7, like Nd or W4)", t)
}

// Names in notation, made once so that formatting allocates nothing.
var (
	entryNames  [NumEntries]string
	squareNames [56]string
)

func init() {
	for e := range entryNames {
		side, i := "NSWE"[e/7], e%7
		if side == 'N' || side == 'S' {
			entryNames[e] = string([]byte{side, byte('a' + i)})
		} else {
			entryNames[e] = string([]byte{side, byte('1' + i)})
		}
	}
	for s := range squareNames {
		squareNames[s] = string([]byte{byte('a' + s&7), byte('1' + s>>3)})
	}
}

// Track is the row of seven cells an entry point feeds, in the order a
// marble pushed in from it travels.
type Track struct {
	Cells [Size]Square // Cells[0] is the entry cell
	Step  int          // index step from one cell to the next along the track
	mask  Bitboard
	low   bool // the entry cell has the lowest index of the track
}

// Mask is the set of the track's cells.
func (t *Track) Mask() Bitboard { return t.mask }

var tracks [NumEntries]Track

func init() {
	for e := Entry(0); e < NumEntries; e++ {
		i := e.Index()
		var first Square
		var step int
		switch e.Side() {
		case North:
			first, step = Sq(i, 6), -8
		case South:
			first, step = Sq(i, 0), 8
		case West:
			first, step = Sq(0, i), 1
		case East:
			first, step = Sq(6, i), -1
		}
		t := &tracks[e]
		t.Step, t.low = step, step > 0
		for k := 0; k < Size; k++ {
			s := Square(int(first) + k*step)
			t.Cells[k] = s
			t.mask |= bit(s)
		}
	}
}

// TrackOf returns the track fed by entry point e.
func TrackOf(e Entry) *Track { return &tracks[e] }

// EntryCell is the cell a marble inserted at e lands on.
func (e Entry) EntryCell() Square { return tracks[e].Cells[0] }

// Direction is one of the four line directions of RULES.md §3, as the index
// step from a cell to its successor on a line.
type Direction int

// The four line directions; a line is walked from its lowest index.
const (
	Horizontal Direction = 1 // along a rank
	Vertical   Direction = 8 // along a file
	Diagonal   Direction = 9 // up and right
	AntiDiag   Direction = 7 // up and left
)

var directions = [4]Direction{Horizontal, Vertical, Diagonal, AntiDiag}

// runStarts returns the squares of b that start (lowest index) a run of at
// least n marbles in direction d. The guard column keeps runs from wrapping.
func runStarts(b Bitboard, d Direction, n int) Bitboard {
	x := b
	s := int(d)
	for k := 1; k < n; k++ {
		x &= b >> uint(k*s)
	}
	return x
}

// hasRun reports whether b holds a run of at least n squares in any
// direction. The common lengths are unrolled: this runs after every
// insertion, in the search's innermost loop.
func hasRun(b Bitboard, n int) bool {
	// x2 marks the starts of runs of two, one per direction.
	h2, v2, d2, a2 := b&(b>>1), b&(b>>8), b&(b>>9), b&(b>>7)
	switch n {
	case 3:
		return h2&(b>>2)|v2&(b>>16)|d2&(b>>18)|a2&(b>>14) != 0
	case 4:
		return h2&(h2>>2)|v2&(v2>>16)|d2&(d2>>18)|a2&(a2>>14) != 0
	case 5:
		return h2&(h2>>2)&(b>>4)|v2&(v2>>16)&(b>>32)|d2&(d2>>18)&(b>>36)|a2&(a2>>14)&(b>>28) != 0
	}
	for _, d := range directions {
		if runStarts(b, d, n) != 0 {
			return true
		}
	}
	return false
}

// HasRun reports whether b holds n or more squares in a row along a rank,
// a file or a diagonal (RULES.md §3).
func (b Bitboard) HasRun(n int) bool { return hasRun(b, n) }

// orthoAdjacent reports whether two squares of b are orthogonal neighbours.
func orthoAdjacent(b Bitboard) bool {
	return b&(b>>1) != 0 || b&(b>>8) != 0
}
