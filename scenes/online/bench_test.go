//go:build !js

package online

import (
	"math/rand/v2"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// BenchmarkOnlineFrame is the frame's cost of an online move, with the
// game against a real server and Ann's moves kept in a real directory
// (each write synced, as on the desktop):
//
//   - local: the tick in which Ann's hand lets go of a move (the move
//     played at the table, handed to the Link, Link.Step and the
//     controller's Step);
//   - arriving: the tick in which Bob's move, already at Ann's Link,
//     goes onto her table (Link.Step hands it over, the controller plays
//     it).
//
// Everything else (the other side's moves, the waits for the network)
// runs with the timer stopped. Run with -benchtime=200x.
func BenchmarkOnlineFrame(b *testing.B) {
	b.Run("local", func(b *testing.B) { benchFrame(b, true) })
	b.Run("arriving", func(b *testing.B) { benchFrame(b, false) })
}

func benchFrame(b *testing.B, local bool) {
	n := serve(b, "127.0.0.1:0", b.TempDir())
	ctx := ctxFor(b, 10*time.Minute)
	ann, bob := guest(b, ctx, "Ann", n.Base), guest(b, ctx, "Bob", n.Base)
	r := rand.New(rand.NewPCG(48, 2))
	var a, o *device
	table := func() {
		if a != nil {
			a.close()
			o.close()
		}
		g := newGame(b, ctx, ann, bob)
		a = openDevice(b, ctx, "Ann", ann, g.Game, saves.OpenDir(b.TempDir()))
		o = openDevice(b, ctx, "Bob", bob, g.Game, &saves.Memory{})
	}
	table()
	over := func() bool { return a.ctl.Phase() == play.Over || o.ctl.Phase() == play.Over }
	arrived := func() bool {
		return a.ctl.Phase() == play.Playing && a.link.Server().Ply() > a.link.base+len(a.ctl.Match().Moves)
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.StopTimer()
	for i := 0; i < b.N; {
		until(b, ctx, "Ann's frame to time", func() bool {
			if over() {
				return true
			}
			if o.canMove() {
				o.move(r, "")
			}
			if local {
				return a.canMove() && a.link.Pending() == 0
			}
			if a.canMove() && a.link.Pending() == 0 {
				a.move(r, "")
			}
			return arrived()
		}, a, o)
		if over() {
			table()
			continue
		}
		if local {
			var buf [logic.MaxMoves]logic.Move
			moves := a.ctl.Match().Pos.Moves(buf[:0])
			mv := moves[r.IntN(len(moves))].String()
			b.StartTimer()
			err := a.ctl.PlayString(mv)
			a.tick()
			b.StopTimer()
			if err != nil {
				b.Fatal(err)
			}
		} else {
			shown := a.played
			b.StartTimer()
			a.tick()
			b.StopTimer()
			if a.played != shown+1 {
				b.Fatalf("the arrived move was not shown in the tick (%d → %d)", shown, a.played)
			}
		}
		i++
	}
}
