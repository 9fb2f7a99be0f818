//go:build !js

package sqlstore_test

import (
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// TestPairByTimeControl: on both engines, an ask for a rated 5+3 game
// is paired only with an ask of the same variant, players, clock,
// increment and rated-ness; the game made has that clock, and its first
// move is due within the first-move time (proto.ClockFirstMove), as a
// created game's.
func TestPairByTimeControl(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		s, clk := openClock(t, dsn)
		ctx := ctxT(t)
		blitz := store.Setup{Variant: "express", Players: 2, Clock: 5 * time.Minute, Increment: 3 * time.Second, Rated: true, Public: true}
		with := func(f func(*store.Setup)) store.Setup {
			st := blitz
			f(&st)
			return st
		}
		for _, c := range []struct {
			name  string
			other store.Setup
			pairs bool
		}{
			{"5+3", blitz, true},
			{"10+5", with(func(st *store.Setup) { st.Clock, st.Increment = 10*time.Minute, 5*time.Second }), false},
			{"5+0", with(func(st *store.Setup) { st.Increment = 0 }), false},
			{"casual 5+3", with(func(st *store.Setup) { st.Rated = false }), false},
			{"a day a move", with(func(st *store.Setup) { st.Clock, st.Increment, st.MoveTime = 0, 0, 24*time.Hour }), false},
			{"live", with(func(st *store.Setup) { st.Clock, st.Increment, st.Rated = 0, 0, false }), false},
			{"3 players 5+3", with(func(st *store.Setup) { st.Players = 3 }), false},
			{"expert 5+3", with(func(st *store.Setup) { st.Variant = "expert" }), false},
		} {
			a, b := guest(t, s, "A "+c.name), guest(t, s, "B "+c.name)
			if p := must[store.Pairing](t)(s.Pair(ctx, store.PairAsk{Guest: a.ID, Setup: &blitz})); p.State != store.PairWaiting {
				t.Fatalf("%s: the first ask %+v", c.name, p)
			}
			p := must[store.Pairing](t)(s.Pair(ctx, store.PairAsk{Guest: b.ID, Setup: &c.other}))
			if paired := p.State == store.PairPaired; paired != c.pairs {
				t.Fatalf("%s beside 5+3: %+v, want paired %v", c.name, p, c.pairs)
			}
			if !c.pairs {
				for _, g := range []store.Guest{a, b} { // not to meet the next case's asks
					must[store.Pairing](t)(s.CancelPairing(ctx, g.ID))
				}
				continue
			}
			g := must[store.Game](t)(s.Game(ctx, p.Game))
			if g.Setup.Clock != blitz.Clock || g.Setup.Increment != blitz.Increment || g.Setup.MoveTime != 0 || !g.Setup.Rated {
				t.Fatalf("%s: the game's setup %+v", c.name, g.Setup)
			}
			if due := g.Deadline.Sub(clk.now()); due != proto.ClockFirstMove*time.Second {
				t.Fatalf("%s: the first move due in %v, want %ds", c.name, due, proto.ClockFirstMove)
			}
		}
	})
}
