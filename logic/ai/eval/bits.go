package eval

import (
	"math/bits"

	"shiftago/logic"
)

// bb is a bitboard in package logic's 8-wide layout.
type bb = logic.Bitboard

// entryInfo is what a push at one entry point needs, precomputed.
type entryInfo struct {
	mask bb
	step int
	low  bool
	cell bb // the entry cell
}

var entries [logic.NumEntries]entryInfo

// board49 holds the 49 real cells.
const board49 bb = 0x007F7F7F7F7F7F7F

// dirs are the index steps of the four line directions.
var dirs = [4]uint{1, 8, 9, 7}

// through[sq] is the set (bit per entry point) of the four entry points
// whose tracks pass through square sq.
var through [64]uint32

// lineEntries[i] is the pair of entry points feeding rank i (i < 7) or
// file i-7, and lineMask[i] that rank's or file's cells.
var (
	lineEntries [14]uint32
	lineMask    [14]bb
)

// windows[l][d] holds the squares that start a window of l cells in
// direction dirs[d] lying wholly on the board.
var windows [8][4]bb

func init() {
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		t := logic.TrackOf(e)
		entries[e] = entryInfo{mask: t.Mask(), step: t.Step, low: t.Step > 0, cell: 1 << t.Cells[0]}
		for _, c := range t.Cells {
			through[c] |= 1 << e
		}
		i := e.Index()
		if e.Side() == logic.North || e.Side() == logic.South {
			i += 7
		}
		lineEntries[i] |= 1 << e
		lineMask[i] = t.Mask()
	}
	for i, m := range lineMask {
		for r := 0; r < logic.Size; r++ {
			if m == 0x7F<<(8*r) {
				rankLine[r] = 1 << i
			}
			if m == 0x0001010101010101<<r {
				fileLine[r] = 1 << i
			}
		}
	}
	for l := 1; l <= logic.Size; l++ {
		for d, s := range dirs {
			w := board49
			for k := 1; k < l; k++ {
				w &= board49 >> (uint(k) * s)
			}
			windows[l][d] = w
		}
	}
}

// pushed returns own after the owner inserts at e, given all marbles occ.
// The track must not be full.
func pushed(own, occ bb, e logic.Entry) bb { return logic.Pushed(own, occ, e) }

// hasRun reports whether b holds n or more in a row in some direction.
func hasRun(b bb, n int) bool { return b.HasRun(n) }

// longest returns the length of the longest run in b (0 for an empty b).
func longest(b bb) int {
	n := 0
	for _, s := range dirs {
		x := b
		k := 0
		for x != 0 {
			k++
			x &= x >> s
		}
		n = max(n, k)
	}
	return n
}

// candidates returns a superset (bit per entry point) of the entry points
// at which own, inserting, could have a run of n or more. After a push only
// the track's cells have changed, so such a run either crosses the track
// in one cell, and the other n-1 of its cells already hold own marbles, or
// lies along the track, which then already holds n-1 own marbles.
//
// It runs after nearly every move of a playout (immediateWin), so it works
// on whole bitboards: no loop over windows, and the ranks and files are
// counted side by side rather than one popcount each.
func candidates(own bb, n int) uint32 {
	if bits.OnesCount64(uint64(own)) < n-1 {
		return 0
	}
	if n != 4 && n != 5 {
		return 1<<logic.NumEntries - 1
	}
	var missing bb // the empty cell of each window holding n-1 own marbles
	for d, s := range dirs {
		// Windows of n cells holding n own marbles (full) and n-1 (near),
		// as the sums of pairs of shifted copies.
		x1, x2, x3 := own>>s, own>>(2*s), own>>(3*s)
		both01, one01 := own&x1, own^x1
		both23, one23 := x2&x3, x2^x3
		four, three := both01&both23, both01&one23|both23&one01
		full, near := four, three
		if n == 5 {
			x4 := own >> (4 * s)
			full, near = four&x4, four&^x4|three&x4
		}
		if full&windows[n][d] != 0 {
			return 1<<logic.NumEntries - 1
		}
		// A cell of a near window that own does not hold is its one gap.
		if near &= windows[n][d]; near != 0 {
			missing |= near | near<<s | near<<(2*s) | near<<(3*s)
			if n == 5 {
				missing |= near << (4 * s)
			}
		}
	}
	var set uint32
	for missing &^= own; missing != 0; missing &= missing - 1 {
		set |= through[bits.TrailingZeros64(uint64(missing))]
	}
	for lines := fullLines(own, n-1); lines != 0; lines &= lines - 1 {
		set |= lineEntries[bits.TrailingZeros32(lines)]
	}
	return set
}

// fullLines returns the ranks and files (bit i as lineEntries' index i)
// holding at least k own marbles, k from 1 to 7.
func fullLines(own bb, k int) uint32 {
	// Ranks: the byte-wise population count, then a bias that carries into
	// each byte's top bit when its count reaches k.
	x := uint64(own)
	x -= x >> 1 & 0x5555555555555555
	x = x&0x3333333333333333 + x>>2&0x3333333333333333
	x = (x + x>>4) & 0x0F0F0F0F0F0F0F0F
	ranks := (x + 0x8080808080808080 - uint64(k)*0x0101010101010101) & 0x0080808080808080
	// Files: columns four apart share a byte, one nibble each; multiplying
	// by 0x0101… sums the seven ranks' bytes into the top byte, seven at
	// most in a nibble, and the same bias then marks the nibbles reaching k.
	var nib uint32
	for j := uint(0); j < 4; j++ {
		col := (uint64(own) >> j & 0x0011111111111111) * 0x0101010101010101 >> 56
		nib |= uint32(col) << (8 * j)
	}
	files := (nib + uint32(8-k)*0x11111111) & 0x88888888
	var lines uint32
	for ; ranks != 0; ranks &= ranks - 1 {
		lines |= rankLine[bits.TrailingZeros64(ranks)/8]
	}
	for ; files != 0; files &= files - 1 {
		i := bits.TrailingZeros32(files) / 4 // nibble i: file i/2, or i/2+4 when i is odd
		lines |= fileLine[i/2+4*(i%2)]
	}
	return lines
}

// rankLine[r] and fileLine[c] are the bits of lineEntries' index for rank
// r and file c.
var rankLine, fileLine [8]uint32 // fileLine[7], never a file, stays 0

// winningEntries counts the entry points of set (candidates(own, n) or a
// subset) at which own, inserting, would have a run of n or more, up to
// most: the count stops there, so a caller asking "any?" (most 1, a
// playout's question after every move it tries) stops at the first. Full
// tracks are skipped.
func winningEntries(set uint32, own, occ bb, n, most int) int {
	c := 0
	for ; set != 0 && c < most; set &= set - 1 {
		e := logic.Entry(bits.TrailingZeros32(set))
		if entries[e].mask&^occ == 0 {
			continue
		}
		if hasRun(pushed(own, occ, e), n) {
			c++
		}
	}
	return c
}

// candCache remembers candidates for the few marble sets a search meets
// again and again: in a playout, most moves leave the next seat's marbles
// where they were, and the policy asks about that seat after every move it
// tries. One cache serves one line length (a searcher's winLen). An empty
// slot is right as it is: no marbles, no candidates.
type candCache [256]struct {
	own bb
	set uint32
}

// get returns candidates(own, n), from the cache when it holds own.
func (c *candCache) get(own bb, n int) uint32 {
	e := &c[uint64(own)*0x9E3779B97F4A7C15>>56]
	if e.own != own {
		e.own, e.set = own, candidates(own, n)
	}
	return e.set
}

// bestPush returns the longest run own can have after one insertion at an
// entry point of set (candidates(own, n) or a subset), or 0 when it is
// shorter than n. Most insertions make no run of n: the fixed-cost test for
// one goes first, and only a run found is measured.
func bestPush(set uint32, own, occ bb, n int) int {
	best := 0
	for ; set != 0; set &= set - 1 {
		e := logic.Entry(bits.TrailingZeros32(set))
		if entries[e].mask&^occ == 0 {
			continue
		}
		if b := pushed(own, occ, e); hasRun(b, n) {
			best = max(best, longest(b))
		}
	}
	return best
}
