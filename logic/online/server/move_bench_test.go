//go:build !js

package server

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// BenchmarkMove is one move's server-side path with SQLite, as a client's
// move command meets it: the hop onto the game's actor, the check against
// the rules, the committed append (one transaction on the single
// writer), the table's update, the ack and the broadcast to both players'
// connections (their queues are drained, not sent). No network, no JSON
// decoding of the command: those are the connection's, before the actor.
func BenchmarkMove(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), store.DBFile))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	s := New(Config{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Workers: 1})
	defer func() {
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		s.Shutdown(sctx)
	}()
	ann, _, err := st.CreateGuest(ctx, "Ann")
	if err != nil {
		b.Fatal(err)
	}
	bob, _, err := st.CreateGuest(ctx, "Bob")
	if err != nil {
		b.Fatal(err)
	}
	conns := map[string]*conn{}
	stop := make(chan struct{})
	defer close(stop) // after the Shutdown: deferred calls run last first
	for _, id := range []string{ann.ID, bob.ID} {
		c := &conn{srv: s, guest: id, out: make(chan []byte, 64), quit: make(chan struct{}), finished: make(chan struct{})}
		go func() { // the writer's part: take what is sent
			for {
				select {
				case <-c.out:
				case <-stop:
					return
				}
			}
		}()
		conns[id] = c
	}
	// on runs f on the actor and waits for it.
	on := func(g *game, f func()) {
		done := make(chan struct{})
		g.in <- func() { f(); close(done) }
		<-done
	}
	newGame := func() *game {
		rec, err := st.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 2},
			Seats: []store.Seat{{Guest: ann.ID}, {Guest: bob.ID}}})
		if err != nil {
			b.Fatal(err)
		}
		g, err := s.acquire(ctx, rec.ID)
		if err != nil {
			b.Fatal(err)
		}
		on(g, func() {
			for _, c := range conns {
				g.subs[c] = g.t.held(c.guest)
			}
		})
		return g
	}
	r := rand.New(rand.NewPCG(1, 2))
	var buf [logic.MaxMoves]logic.Move
	g := newGame()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		var msg proto.Msg
		var c *conn
		on(g, func() {
			if g.t.pos.Over() {
				return
			}
			moves := g.t.pos.Moves(buf[:0])
			c = conns[g.t.rec.Seats[g.t.pos.ToMoveSeat()].Guest]
			msg = proto.Msg{T: proto.TMove, Game: g.id, Ply: g.t.ply() + 1, ID: strconv.Itoa(i), Move: moves[r.IntN(len(moves))].String()}
		})
		if c == nil { // the game is over: the next one (not measured)
			b.StopTimer()
			s.release(g)
			g = newGame()
			b.StartTimer()
			continue
		}
		applied := false
		on(g, func() {
			ply := g.t.ply()
			g.move(c, msg)
			applied = g.t.ply() == ply+1
		})
		if !applied {
			b.Fatalf("move %+v not applied", msg)
		}
	}
	b.StopTimer()
	s.release(g)
}
