package ai

import (
	"math/bits"

	"shiftago/logic"
)

// Evaluation units: a free window of the winning length holding four of
// one's marbles is worth about 50; a point in Expert and Extreme about 60.
const (
	winScore  = 30000 // a won game, less the plies it takes
	winBound  = winScore - 1000
	nearWin   = 20000 // the side to move wins with its next insertion
	evalLimit = 15000
)

// weights tunes the evaluation.
type weights struct {
	window  [8]int32 // a free window of the goal length holding k own marbles
	threat1 int32    // a seat not to move can win with one insertion
	threat2 int32    // ... at two or more entry points
	point   int32    // one point (Expert, Extreme)
	reach   int32    // per point the side to move can score at once
	reach2  int32    // ... the side not to move
	tempo   int32
	rivals  int32 // paranoid: share (in 1/4) of the weaker rivals' terms
}

var defaultWeights = weights{
	window:  [8]int32{0, 1, 4, 12, 48, 48, 48, 48},
	threat1: 90,
	threat2: 400,
	point:   60,
	reach:   20,
	reach2:  10,
	tempo:   12,
	rivals:  1,
}

// tunedWeights are the Grandmaster's two-player weights, per variant,
// fitted on self-play positions (texel_test.go, TestTunedWeights); the
// lower levels keep defaultWeights, so the ladder's measured steps stand,
// and a variant without a fit keeps them too.
var tunedWeights = map[logic.Variant]weights{
	logic.Express: {
		window:  [8]int32{0, 1, 14, 54, 67, 48, 48, 48},
		threat1: 187,
		threat2: 288,
		point:   60,
		reach:   20,
		reach2:  10,
		tempo:   54,
		rivals:  1,
	},
	logic.Expert: {
		window:  [8]int32{0, 5, 14, 41, 61, 48, 48, 48},
		threat1: 90,
		threat2: 400,
		point:   64,
		reach:   58,
		reach2:  41,
		tempo:   37,
		rivals:  1,
	},
}

func pc(b bb) int32 { return int32(bits.OnesCount64(uint64(b))) }

// windowScore sums w over the windows of length l in which own has k
// marbles and other has none.
func windowScore(own, other bb, l int, w *[8]int32) int32 {
	var sc int32
	for d, s := range dirs {
		valid := windows[l][d]
		var c0, c1, c2 bb
		for k := 0; k < l; k++ {
			sh := uint(k) * s
			valid &^= other >> sh
			x := own >> sh
			carry := c0 & x
			c0 ^= x
			carry2 := c1 & carry
			c1 ^= carry
			c2 |= carry2
		}
		c0 &= valid
		c1 &= valid
		c2 &= valid
		sc += w[1]*pc(c0&^c1&^c2) + w[2]*pc(c1&^c0&^c2) + w[3]*pc(c0&c1&^c2) +
			w[4]*pc(c2&^c0&^c1) + w[5]*pc(c2&c0&^c1) + w[6]*pc(c2&c1&^c0) + w[7]*pc(c2&c1&c0)
	}
	return sc
}

// immediateWin reports whether seat, moving now, wins with one insertion
// (without extra turns): a run of the winning length in Express, or a
// line worth enough points to reach 10 in Expert and Extreme.
func (s *searcher) immediateWin(p *logic.Position, seat int) bool {
	if p.Supply(seat) == 0 {
		return false
	}
	own, occ := p.Marbles(seat), p.Occupied()
	if s.variant == logic.Express {
		return winningEntries(s.cand.get(own, s.winLen), own, occ, s.winLen, 1) > 0
	}
	need := logic.WinningPoints - p.Score(seat)
	if need > 10 {
		return false
	}
	return s.pointsOf(s.bestPush(own, occ)) >= need
}

// bestPush is the longest run own can have after one insertion, or 0 when
// it is shorter than a winning line (bestPush, with the cached candidates).
func (s *searcher) bestPush(own, occ bb) int {
	return bestPush(s.cand.get(own, s.winLen), own, occ, s.winLen)
}

// pointsOf is what a line of n scores (0 when it does not score).
func (s *searcher) pointsOf(n int) int {
	pts, _ := logic.Points(s.variant, s.n, n)
	return pts
}

// seatTerms is one seat's share of the evaluation; toMove says whether it
// is that seat's turn (its threats are then worth more, and a win is near).
func (s *searcher) seatTerms(p *logic.Position, seat int, toMove bool) int32 {
	w := &s.w
	own, occ := p.Marbles(seat), p.Occupied()
	v := windowScore(own, occ&^own, s.winLen, &w.window)
	if s.blind {
		return v + w.point*int32(p.Score(seat))
	}
	if s.variant == logic.Express {
		if !toMove {
			switch t := winningEntries(s.cand.get(own, s.winLen), own, occ, s.winLen, 2); {
			case t >= 2:
				v += w.threat2
			case t == 1:
				v += w.threat1
			}
		}
		return v
	}
	v += w.point * int32(p.Score(seat))
	if p.Supply(seat) > 0 {
		r := int32(s.pointsOf(s.bestPush(own, occ)))
		if toMove {
			v += w.reach * r
		} else {
			v += w.reach2 * r
		}
	}
	return v
}

// eval scores p from the point of view of the team to move; reply says
// that any opponent may move next (best-reply search), so that a win in
// one of any of them counts.
func (s *searcher) eval(p *logic.Position, ply int, reply bool) int {
	mover := p.ToMoveSeat()
	if !s.blind && s.immediateWin(p, mover) {
		return nearWin - ply
	}
	if !s.blind && reply {
		for o := 0; o < s.n; o++ {
			if o != s.rootSeat && o != mover && p.SitOuts(o) == 0 && s.immediateWin(p, o) {
				return nearWin - ply
			}
		}
	}
	var terms [4]int32
	for i := 0; i < s.n; i++ {
		terms[i] = s.seatTerms(p, i, i == mover)
	}
	var v int32
	if s.n == 2 {
		v = terms[mover] - terms[1-mover] + s.w.tempo
		return int(max(-evalLimit, min(evalLimit, v)))
	}
	// Paranoid: the root seat against the others; the strongest rival
	// counts in full, the weaker ones a little.
	r := s.rootSeat
	var top, rest int32
	for i := 0; i < s.n; i++ {
		if i == r {
			continue
		}
		if terms[i] > top {
			rest += top
			top = terms[i]
		} else {
			rest += terms[i]
		}
	}
	v = terms[r] - top - rest*s.w.rivals/4
	if mover != r {
		v = -v
	}
	v += s.w.tempo
	return int(max(-evalLimit, min(evalLimit, v)))
}
