package eval

import (
	"math/bits"

	"shiftago/logic"
)

// Evaluation units: a free window of the winning length holding four of
// one's marbles is worth about 50; a point in Expert and Extreme about 60.
const (
	WinScore = 30000           // a won game, less the plies it takes
	WinBound = WinScore - 1000 // above it (or below its negative), a forced result
	NearWin  = 20000           // the side to move wins with its next insertion
	Limit    = 15000           // the most a position's terms add up to
)

// Weights tunes the evaluation.
type Weights struct {
	Window  [8]int32 // a free window of the goal length holding k own marbles
	Threat1 int32    // a seat not to move can win with one insertion
	Threat2 int32    // ... at two or more entry points
	Point   int32    // one point (Expert, Extreme)
	Reach   int32    // per point the side to move can score at once
	Reach2  int32    // ... the side not to move
	Tempo   int32
	Rivals  int32 // paranoid: share (in 1/4) of the weaker rivals' terms
}

// Default is every level's weights but the two-player Grandmaster's.
var Default = Weights{
	Window:  [8]int32{0, 1, 4, 12, 48, 48, 48, 48},
	Threat1: 90,
	Threat2: 400,
	Point:   60,
	Reach:   20,
	Reach2:  10,
	Tempo:   12,
	Rivals:  1,
}

// Tuned are the Grandmaster's two-player weights, per variant, fitted on
// self-play positions (logic/ai's texel_test.go, TestTunedWeights); the
// lower levels keep Default, so the ladder's measured steps stand, and a
// variant without a fit keeps them too.
var Tuned = map[logic.Variant]Weights{
	logic.Express: {
		Window:  [8]int32{0, 1, 14, 54, 67, 48, 48, 48},
		Threat1: 187,
		Threat2: 288,
		Point:   60,
		Reach:   20,
		Reach2:  10,
		Tempo:   54,
		Rivals:  1,
	},
	logic.Expert: {
		Window:  [8]int32{0, 5, 14, 41, 61, 48, 48, 48},
		Threat1: 90,
		Threat2: 400,
		Point:   64,
		Reach:   58,
		Reach2:  41,
		Tempo:   37,
		Rivals:  1,
	},
}

func pc(b bb) int32 { return int32(bits.OnesCount64(uint64(b))) }

// WindowScore sums w over the windows of length l in which own has k
// marbles and other has none.
func WindowScore(own, other logic.Bitboard, l int, w *[8]int32) int32 {
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

// Evaluator scores positions for one search: the game's shape, the seat
// the search is for, the weights, and a cache of the marble sets it met.
// A search embeds one, so that its hot calls are direct.
type Evaluator struct {
	Variant  logic.Variant
	Players  int
	WinLen   int  // logic.WinLength(Players)
	RootSeat int  // the seat the search plays for (paranoid evaluation)
	Blind    bool // Beginner: windows only, blind to push threats
	W        Weights
	cand     candCache // candidates of the marble sets met lately (ImmediateWin)
}

// New is the evaluator of a search of p for its side to move, with the
// default weights.
func New(p *logic.Position) Evaluator {
	return Evaluator{
		Variant:  p.Variant(),
		Players:  p.Players(),
		WinLen:   logic.WinLength(p.Players()),
		RootSeat: p.ToMoveSeat(),
		W:        Default,
	}
}

// ImmediateWin reports whether seat, moving now, wins with one insertion
// (without extra turns): a run of the winning length in Express, or a
// line worth enough points to reach 10 in Expert and Extreme.
func (s *Evaluator) ImmediateWin(p *logic.Position, seat int) bool {
	if p.Supply(seat) == 0 {
		return false
	}
	own, occ := p.Marbles(seat), p.Occupied()
	if s.Variant == logic.Express {
		return winningEntries(s.cand.get(own, s.WinLen), own, occ, s.WinLen, 1) > 0
	}
	need := logic.WinningPoints - p.Score(seat)
	if need > 10 {
		return false
	}
	return s.PointsOf(s.BestPush(own, occ)) >= need
}

// BestPush is the longest run own can have after one insertion, or 0 when
// it is shorter than a winning line (bestPush, with the cached candidates).
func (s *Evaluator) BestPush(own, occ logic.Bitboard) int {
	return bestPush(s.cand.get(own, s.WinLen), own, occ, s.WinLen)
}

// PointsOf is what a line of n scores (0 when it does not score).
func (s *Evaluator) PointsOf(n int) int {
	pts, _ := logic.Points(s.Variant, s.Players, n)
	return pts
}

// SeatTerms is one seat's share of the evaluation; toMove says whether it
// is that seat's turn (its threats are then worth more, and a win is near).
func (s *Evaluator) SeatTerms(p *logic.Position, seat int, toMove bool) int32 {
	w := &s.W
	own, occ := p.Marbles(seat), p.Occupied()
	v := WindowScore(own, occ&^own, s.WinLen, &w.Window)
	if s.Blind {
		return v + w.Point*int32(p.Score(seat))
	}
	if s.Variant == logic.Express {
		if !toMove {
			switch t := winningEntries(s.cand.get(own, s.WinLen), own, occ, s.WinLen, 2); {
			case t >= 2:
				v += w.Threat2
			case t == 1:
				v += w.Threat1
			}
		}
		return v
	}
	v += w.Point * int32(p.Score(seat))
	if p.Supply(seat) > 0 {
		r := int32(s.PointsOf(s.BestPush(own, occ)))
		if toMove {
			v += w.Reach * r
		} else {
			v += w.Reach2 * r
		}
	}
	return v
}

// Eval scores p from the point of view of the team to move; reply says
// that any opponent may move next (best-reply search), so that a win in
// one of any of them counts.
func (s *Evaluator) Eval(p *logic.Position, ply int, reply bool) int {
	mover := p.ToMoveSeat()
	if !s.Blind && s.ImmediateWin(p, mover) {
		return NearWin - ply
	}
	if !s.Blind && reply {
		for o := 0; o < s.Players; o++ {
			if o != s.RootSeat && o != mover && p.SitOuts(o) == 0 && s.ImmediateWin(p, o) {
				return NearWin - ply
			}
		}
	}
	var terms [4]int32
	for i := 0; i < s.Players; i++ {
		terms[i] = s.SeatTerms(p, i, i == mover)
	}
	var v int32
	if s.Players == 2 {
		v = terms[mover] - terms[1-mover] + s.W.Tempo
		return int(max(-Limit, min(Limit, v)))
	}
	// Paranoid: the root seat against the others; the strongest rival
	// counts in full, the weaker ones a little.
	r := s.RootSeat
	var top, rest int32
	for i := 0; i < s.Players; i++ {
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
	v = terms[r] - top - rest*s.W.Rivals/4
	if mover != r {
		v = -v
	}
	v += s.W.Tempo
	return int(max(-Limit, min(Limit, v)))
}
