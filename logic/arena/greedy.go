package arena

import (
	"math/rand/v2"

	"shiftago/logic"
)

// greedy is the one-ply player the arena measures against: it takes a win
// in one, else avoids moves after which the next opponent wins in one,
// else (Expert, Extreme) takes the most points at once, and breaks the
// remaining ties at random with a generator seeded by seed.
func greedy(p logic.Position, seed uint64) logic.Move {
	var buf, rbuf [logic.MaxMoves]logic.Move
	moves := p.Moves(buf[:0])
	if len(moves) == 0 {
		return logic.NoMove
	}
	me := p.ToMoveSeat()
	rng := rand.New(rand.NewPCG(seed, p.Hash()))
	best, bestKey, ties := logic.NoMove, -1, 0
	for _, m := range moves {
		q := p
		q.Apply(m, nil)
		key := 0
		switch {
		case q.Over() && q.Result().State == logic.Won && q.SeatOf(q.Result().Winner) == me:
			return m
		case q.Over() || q.ToMoveSeat() == me:
			key = 1000
		default:
			key = 1000
			him := q.ToMoveSeat()
			for _, r := range q.Moves(rbuf[:0]) {
				x := q
				x.Apply(r, nil)
				if x.Over() && x.Result().State == logic.Won && x.SeatOf(x.Result().Winner) == him {
					key = 0
					break
				}
			}
		}
		key += q.Score(me) - p.Score(me)
		if key > bestKey {
			best, bestKey, ties = m, key, 1
		} else if key == bestKey {
			ties++
			if rng.IntN(ties) == 0 { // reservoir sampling: uniform among ties
				best = m
			}
		}
	}
	return best
}

// random plays a uniformly random legal move, seeded by seed.
func random(p logic.Position, seed uint64) logic.Move {
	var buf [logic.MaxMoves]logic.Move
	moves := p.Moves(buf[:0])
	if len(moves) == 0 {
		return logic.NoMove
	}
	rng := rand.New(rand.NewPCG(seed, p.Hash()))
	return moves[rng.IntN(len(moves))]
}
