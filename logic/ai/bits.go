package ai

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
func candidates(own bb, n int) uint32 {
	if bits.OnesCount64(uint64(own)) < n-1 {
		return 0
	}
	var set uint32
	for d, s := range dirs {
		// Bit-sliced count of own marbles in each window of n cells.
		var c0, c1, c2 bb
		for k := 0; k < n; k++ {
			x := own >> (uint(k) * s)
			carry := c0 & x
			c0 ^= x
			carry2 := c1 & carry
			c1 ^= carry
			c2 |= carry2
		}
		var full, near bb // windows with n and with n-1 own marbles
		switch n {
		case 4: // 100 and 011
			full, near = c2&^c1&^c0, c1&c0&^c2
		case 5: // 101 and 100
			full, near = c2&c0&^c1, c2&^c1&^c0
		default:
			return 1<<logic.NumEntries - 1
		}
		full &= windows[n][d]
		near &= windows[n][d]
		if full != 0 {
			return 1<<logic.NumEntries - 1
		}
		for ; near != 0; near &= near - 1 {
			st := uint(bits.TrailingZeros64(uint64(near)))
			var w bb
			for k := uint(0); k < uint(n); k++ {
				w |= 1 << (st + k*s)
			}
			set |= through[bits.TrailingZeros64(uint64(w&^own))]
		}
	}
	for i := range lineMask {
		if bits.OnesCount64(uint64(own&lineMask[i])) >= n-1 {
			set |= lineEntries[i]
		}
	}
	return set
}

// winningEntries counts the entry points at which own, inserting, would
// have a run of n or more. full tracks are skipped.
func winningEntries(own, occ bb, n int) int {
	c := 0
	for set := candidates(own, n); set != 0; set &= set - 1 {
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

// bestPush returns the longest run own can have after one insertion, or
// 0 when it is shorter than n.
func bestPush(own, occ bb, n int) int {
	best := 0
	for set := candidates(own, n); set != 0; set &= set - 1 {
		e := logic.Entry(bits.TrailingZeros32(set))
		if entries[e].mask&^occ == 0 {
			continue
		}
		best = max(best, longest(pushed(own, occ, e)))
	}
	return best
}
