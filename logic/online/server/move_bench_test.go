//go:build !js

package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/socket"
	"shiftago/logic/online/servetest"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
	"shiftago/logic/online/store/storetest"
)

// BenchmarkMove is one move's server-side path, as a client's move
// command meets it: the hop onto the game's actor, the check against the
// rules, the committed append, the table's update, the ack and the
// broadcast to both players' connections (their queues are drained, not
// sent). No WebSocket, no JSON decoding of the command: those are the
// connection's, before the actor.
//
//   - sqlite: one node, the store in a temporary file.
//   - postgres: one node on a fresh PostgreSQL schema.
//   - postgres-2nodes: the move stored by one node and applied by a
//     second one, where the other player is: the operation ends when the
//     second node's connection is told the move (what the load tool's
//     Ann and Bob on two nodes pay for each move).
//
// On PostgreSQL the nodes reach the database through a counting relay
// (servetest.Cable): "round-trips/op" is the database round trips the
// nodes waited for per move, both nodes together.
func BenchmarkMove(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchMove(b, store.EngineSQLite, false) })
	b.Run("postgres", func(b *testing.B) { benchMove(b, store.EnginePostgres, false) })
	b.Run("postgres-2nodes", func(b *testing.B) { benchMove(b, store.EnginePostgres, true) })
	b.Run("postgres-32games", func(b *testing.B) { benchMoves(b, 32) })
}

// benchMoves is many games moving at once on one PostgreSQL node, each
// on its own goroutine as each game has its actor: ns/op is the node's
// time per move at that load (its throughput's inverse), which the
// commits' grouping (pgbatch) decides.
func benchMoves(b *testing.B, games int) {
	ctx := context.Background()
	n := newBenchNode(b, storetest.FreshDSN(b, store.EnginePostgres))
	st := n.st
	ann, _, err := st.CreateGuest(ctx, "Ann")
	if err != nil {
		b.Fatal(err)
	}
	bob, _, err := st.CreateGuest(ctx, "Bob")
	if err != nil {
		b.Fatal(err)
	}
	stop := make(chan struct{})
	b.Cleanup(func() { close(stop) })
	conns := map[string]*conn{}
	for _, id := range []string{ann.ID, bob.ID} {
		c := &conn{srv: n.s, guest: id, Conn: queued(1024)}
		go func() {
			for {
				select {
				case <-c.Out:
				case <-stop:
					return
				}
			}
		}()
		conns[id] = c
	}
	on := func(g *game, f func()) {
		done := make(chan struct{})
		g.in <- func() { f(); close(done) }
		<-done
	}
	newGame := func() *game {
		rec, err := st.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 2},
			Seats: []store.Seat{{Guest: ann.ID}, {Guest: bob.ID}}})
		if err != nil {
			b.Error(err)
			return nil
		}
		g, err := n.s.acquire(ctx, rec.ID)
		if err != nil {
			b.Error(err)
			return nil
		}
		on(g, func() {
			for _, c := range conns {
				g.subs[c] = g.t.Held(c.guest)
			}
		})
		return g
	}
	var seed atomic.Uint64
	b.SetParallelism((games + 1) / 2) // RunParallel starts GOMAXPROCS times this
	sent0 := n.sent()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		r := rand.New(rand.NewPCG(seed.Add(1), 2))
		var buf [logic.MaxMoves]logic.Move
		g := newGame()
		for g != nil && pb.Next() {
			var msg proto.Msg
			var c *conn
			on(g, func() {
				if g.t.Pos.Over() {
					return
				}
				moves := g.t.Pos.Moves(buf[:0])
				c = conns[g.t.Rec.Seats[g.t.Pos.ToMoveSeat()].Guest]
				msg = proto.Msg{T: proto.TMove, Game: g.id, Ply: g.t.Ply() + 1, Move: moves[r.IntN(len(moves))].String()}
			})
			if c == nil { // over: the next game (its set-up counted in, a few per hundred moves)
				n.s.release(g)
				g = newGame()
				continue
			}
			on(g, func() { g.move(c, msg) })
		}
		if g != nil {
			n.s.release(g)
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(n.sent()-sent0)/float64(b.N), "round-trips/op")
}

// benchNode is a server on its own store, with the relay its database
// calls go through (PostgreSQL) to count them.
type benchNode struct {
	st    store.Store
	s     *Server
	cable *servetest.Cable
}

func newBenchNode(b *testing.B, dsn string) *benchNode {
	ctx := context.Background()
	n := &benchNode{}
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		n.cable = servetest.NewCable(b, u.Host)
		u.Host = n.cable.Addr
		dsn = u.String()
	}
	st, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	n.st = st
	n.s = New(Config{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Workers: 1})
	b.Cleanup(func() {
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		n.s.Shutdown(sctx)
		st.Close()
	})
	return n
}

func (n *benchNode) sent() int64 {
	if n.cable == nil {
		return 0
	}
	return n.cable.Sent.Load()
}

func benchMove(b *testing.B, engine string, twoNodes bool) {
	ctx := context.Background()
	dsn := storetest.FreshDSN(b, engine)
	a := newBenchNode(b, dsn)
	nodes := []*benchNode{a}
	var other *benchNode // where Bob is, when two nodes
	if twoNodes {
		other = newBenchNode(b, dsn)
		nodes = append(nodes, other)
	}
	st := a.st
	ann, _, err := st.CreateGuest(ctx, "Ann")
	if err != nil {
		b.Fatal(err)
	}
	bob, _, err := st.CreateGuest(ctx, "Bob")
	if err != nil {
		b.Fatal(err)
	}
	stop := make(chan struct{})
	b.Cleanup(func() { close(stop) }) // after the nodes' Shutdown: cleanups run last first
	drained := func(s *Server, id string) *conn {
		c := &conn{srv: s, guest: id, Conn: queued(64)}
		go func() { // the writer's part: take what is sent
			for {
				select {
				case <-c.Out:
				case <-stop:
					return
				}
			}
		}()
		return c
	}
	conns := map[string]*conn{ann.ID: drained(a.s, ann.ID), bob.ID: drained(a.s, bob.ID)}
	// watcher is Bob's connection to the other node: the benchmark reads
	// its queue to see each move arrive.
	var watcher *conn
	if other != nil {
		watcher = &conn{srv: other.s, guest: bob.ID, Conn: queued(1024)}
	}
	// on runs f on the actor and waits for it.
	on := func(g *game, f func()) {
		done := make(chan struct{})
		g.in <- func() { f(); close(done) }
		<-done
	}
	var g, og *game
	newGame := func() {
		rec, err := st.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 2},
			Seats: []store.Seat{{Guest: ann.ID}, {Guest: bob.ID}}})
		if err != nil {
			b.Fatal(err)
		}
		if g, err = a.s.acquire(ctx, rec.ID); err != nil {
			b.Fatal(err)
		}
		on(g, func() {
			for _, c := range conns {
				g.subs[c] = g.t.Held(c.guest)
			}
		})
		if other != nil {
			if og, err = other.s.acquire(ctx, rec.ID); err != nil {
				b.Fatal(err)
			}
			on(og, func() { og.subs[watcher] = og.t.Held(bob.ID) })
		}
	}
	// seen waits until the other node told its connection of ply.
	seen := func(ply int) {
		deadline := time.After(10 * time.Second)
		for {
			select {
			case raw := <-watcher.Out:
				var m proto.Msg
				if json.Unmarshal(raw, &m) == nil && m.T == proto.TMoved && m.Ply >= ply {
					return
				}
			case <-deadline:
				b.Fatalf("the other node did not tell ply %d", ply)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	var buf [logic.MaxMoves]logic.Move
	newGame()
	sent0 := int64(0)
	for _, n := range nodes {
		sent0 += n.sent()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		var msg proto.Msg
		var c *conn
		on(g, func() {
			if g.t.Pos.Over() {
				return
			}
			moves := g.t.Pos.Moves(buf[:0])
			c = conns[g.t.Rec.Seats[g.t.Pos.ToMoveSeat()].Guest]
			msg = proto.Msg{T: proto.TMove, Game: g.id, Ply: g.t.Ply() + 1, ID: strconv.Itoa(i), Move: moves[r.IntN(len(moves))].String()}
		})
		if c == nil { // the game is over: the next one (not measured)
			b.StopTimer()
			a.s.release(g)
			if og != nil {
				other.s.release(og)
			}
			var before int64
			for _, n := range nodes {
				before += n.sent()
			}
			newGame()
			for _, n := range nodes {
				sent0 += n.sent()
			}
			sent0 -= before
			b.StartTimer()
			continue
		}
		applied := false
		on(g, func() {
			ply := g.t.Ply()
			g.move(c, msg)
			applied = g.t.Ply() == ply+1
		})
		if !applied {
			b.Fatalf("move %+v not applied", msg)
		}
		if watcher != nil {
			seen(msg.Ply)
		}
	}
	b.StopTimer()
	if a.cable != nil {
		var sent int64
		for _, n := range nodes {
			sent += n.sent()
		}
		b.ReportMetric(float64(sent-sent0)/float64(b.N), "round-trips/op")
	}
	a.s.release(g)
	if og != nil {
		other.s.release(og)
	}
}

// queued is a connection with no socket whose frames queue in Out, up
// to n, for the benchmark to read.
func queued(n int) *socket.Conn {
	c := socket.New(nil)
	c.Out = make(chan []byte, n)
	return c
}
