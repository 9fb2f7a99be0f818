// Package aitest holds what the tests of the AI's rooms (logic/ai and the
// rooms under it) share: seeded random positions. Nothing but tests
// imports it.
package aitest

import (
	"math/rand/v2"

	"shiftago/logic"
)

// RandomPosition plays k seeded random moves from the start of a game of
// variant v with n players.
func RandomPosition(rng *rand.Rand, v logic.Variant, n, k int) logic.Position {
	p, _ := logic.NewGame(logic.Standard(v, n, nil))
	var buf [logic.MaxMoves]logic.Move
	for i := 0; i < k && !p.Over(); i++ {
		ms := p.Moves(buf[:0])
		p.Apply(ms[rng.IntN(len(ms))], nil)
	}
	return p
}
