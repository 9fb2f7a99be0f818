//go:build !js

package server_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
	"shiftago/logic/online/store/storetest"
)

// TestServeGameClock: on each engine, a 5+3 game's clocks come in the
// state and with every move, the same on both players' devices; a
// second node (PostgreSQL) and a node started again after a kill -9
// show the same clocks and deadline, derived from the stored moves. A
// player whose clock runs out while every device is offline (the node
// killed too) loses on time, found by the sweep of the node started
// after the deadline.
func TestServeGameClock(t *testing.T) {
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			dsn := storetest.FreshDSN(t, engine)
			t.Parallel()
			ctx := ctxFor(t, 90*time.Second)
			n := startNode(t, "127.0.0.1:0", "--db", dsn, "--sweep", "200ms")
			two := []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}
			if _, err := guest(t, ctx, "Cy", n.Base).Create(ctx, proto.CreateRequest{Variant: "express", Clock: 300, PerMove: 60, Seats: two}); err == nil {
				t.Fatal("a game with a clock and a time per move was accepted")
			}
			if _, err := guest(t, ctx, "Di", n.Base).Create(ctx, proto.CreateRequest{Variant: "express", Clock: 180, Rated: true, Seats: two}); err == nil {
				t.Fatal("a rated game with a 3-minute clock was accepted")
			}
			sa, sb, ann, bob := pair(t, ctx, n.Base, proto.CreateRequest{Variant: "express", Clock: 300, Increment: 3, Rated: true, Seats: two})
			game := sa.Snapshot().Game
			st := sa.Snapshot()
			if st.Clock != 300 || st.Increment != 3 || !slices.Equal(st.Clocks, []int64{300_000, 300_000}) {
				t.Fatalf("the state's clock: %d+%d %v", st.Clock, st.Increment, st.Clocks)
			}
			if left := time.Until(time.UnixMilli(st.Deadline)); left <= 0 || left > proto.ClockFirstMove*time.Second {
				t.Fatalf("the first move's deadline is %v away, want within the first-move time", left)
			}
			gs, err := ann.Games(ctx)
			if err != nil || len(gs) != 1 || gs[0].Clock != 300 || gs[0].Increment != 3 {
				t.Fatalf("My games: %+v %v, want the clock", gs, err)
			}
			r := rand.New(rand.NewPCG(47, 1))
			by := map[int]*client.Session{0: sa, 1: sb}
			playOut(t, ctx, r, by, 2) // the first moves: on nobody's clock
			time.Sleep(300 * time.Millisecond)
			playOut(t, ctx, r, by, 3) // Ann's second: on hers
			sameGame(t, ctx, sa, sb)
			var a, b client.State
			for _, s := range []*client.Session{sa, sb} {
				if err := s.Wait(ctx, func(x *client.State) bool { return len(x.Clocks) == 2 && x.Clocks[0] != 300_000 }); err != nil {
					t.Fatalf("the clock after Ann's second move never came: %+v", s.Snapshot().Clocks)
				}
			}
			a, b = sa.Snapshot(), sb.Snapshot()
			if !slices.Equal(a.Clocks, b.Clocks) || a.Deadline != b.Deadline {
				t.Fatalf("two devices disagree: %v %d and %v %d", a.Clocks, a.Deadline, b.Clocks, b.Deadline)
			}
			if a.Clocks[0] > 300_000+3_000-300 || a.Clocks[0] < 300_000+3_000-20_000 || a.Clocks[1] != 300_000 {
				t.Fatalf("clocks %v after Ann thought 300 ms (+3 s) and Bob only made his first move", a.Clocks)
			}
			if left := time.Until(time.UnixMilli(a.Deadline)); left < 4*time.Minute || left > 5*time.Minute {
				t.Fatalf("Bob's second move is due in %v, want his whole clock", left)
			}
			if err := sb.Send(proto.Msg{T: proto.TOffer, Ply: 3, Kind: proto.OfferTakeback}); err != nil {
				t.Fatal(err)
			}
			waitEvent(t, ctx, sb, "the takeback refused", func(m proto.Msg) bool { return m.T == proto.TRefused && m.Code == proto.CodeNoOffer })

			same := func(where string, s *client.Session) {
				t.Helper()
				if err := s.Wait(ctx, func(x *client.State) bool { return x.Synced && x.Ply() == 3 }); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				if got := s.Snapshot(); !slices.Equal(got.Clocks, a.Clocks) || got.Deadline != a.Deadline || got.Clock != 300 {
					t.Fatalf("%s: clocks %v deadline %d, want %v %d", where, got.Clocks, got.Deadline, a.Clocks, a.Deadline)
				}
			}
			if engine == store.EnginePostgres {
				n2 := startNode(t, "127.0.0.1:0", "--db", dsn, "--sweep", "200ms")
				other := client.New(n2.Base)
				other.ID, other.Token = bob.ID, bob.Token
				same("Bob's second device on another node", open(t, ctx, other, game))
			}
			sa.Close()
			sb.Close()
			n.Kill9()
			n3 := startNode(t, "127.0.0.1:0", "--db", dsn, "--sweep", "200ms")
			ann.Bases, bob.Bases = []string{n3.Base}, []string{n3.Base}
			sa = open(t, ctx, ann, game)
			same("after a kill -9 and a start", sa)
			sa.Close()

			// Offline: a game whose clock is 2 s (made in the store: the
			// API's least is a minute) runs out for Bob while no device
			// and no node has it open.
			sq, err := sqlstore.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer sq.Close()
			// Ann's second move must reach the node within her 2 s: on a
			// starved machine (a -race client at load 60) more may pass
			// between Bob's move and hers, and she rightly loses on time
			// instead of Bob. Then a new game with twice the clock: the
			// property is Bob's time running out offline, whatever the
			// clock's length.
			clock, offline := 2*time.Second, ""
			for ; ; clock *= 2 {
				short, err := sq.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 2, Clock: clock},
					Seats: []store.Seat{{Kind: store.SeatRemote, Guest: ann.ID}, {Kind: store.SeatRemote, Guest: bob.ID}}})
				if err != nil {
					t.Fatal(err)
				}
				sa, sb = open(t, ctx, ann, short.ID), open(t, ctx, bob, short.ID)
				err = playThree(ctx, r, sa, sb) // both started, Ann's second in time
				sa.Close()
				sb.Close()
				if err == nil {
					offline = short.ID
					break
				}
				if clock >= 16*time.Second {
					t.Fatalf("Ann's second move never came within her clock (%v): %v", clock, err)
				}
				t.Logf("Ann's second move, on a %v clock: %v; again with twice the clock", clock, err)
			}
			n3.Kill9()
			time.Sleep(clock + 500*time.Millisecond) // past Bob's clock, no node running
			n4 := startNode(t, "127.0.0.1:0", "--db", dsn, "--sweep", "200ms")
			g := storedEnd(t, ctx, sq, offline, "the sweep never ended Bob's time", n4)
			if g.Status != store.StatusFinished || g.Result != "win o; g out of time" {
				t.Fatalf("Bob's clock ran out offline: %v %q", g.Status, g.Result)
			}
		})
	}
}

// TestServeRatedAbort: on each engine, a rated game whose seat never
// made its first move is aborted when its time runs out: "abandoned",
// result "aborted", nobody rated, and My games says so. Before, the
// game at ply 0 was a loss on time and a rated win for the other.
// A casual game nobody started is still lost on time.
func TestServeRatedAbort(t *testing.T) {
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			dsn := storetest.FreshDSN(t, engine)
			t.Parallel()
			ctx := ctxFor(t, 60*time.Second)
			n := startNode(t, "127.0.0.1:0", "--db", dsn, "--sweep", "200ms")
			ann, bob := guest(t, ctx, "Ann", n.Base), guest(t, ctx, "Bob", n.Base)
			sq, err := sqlstore.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer sq.Close()
			// The least rated times are a minute (per move) and 5 minutes:
			// the games are made in the store with a second per move.
			mk := func(setup store.Setup) string {
				g, err := sq.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: setup,
					Seats: []store.Seat{{Kind: store.SeatRemote, Guest: ann.ID}, {Kind: store.SeatRemote, Guest: bob.ID}}})
				if err != nil {
					t.Fatal(err)
				}
				return g.ID
			}
			rated := mk(store.Setup{Variant: "express", Players: 2, MoveTime: time.Second, Rated: true})
			casual := mk(store.Setup{Variant: "express", Players: 2, MoveTime: time.Second})
			sa := open(t, ctx, ann, rated) // Ann watches; nobody moves
			if err := sa.Wait(ctx, func(x *client.State) bool { return x.Status.Over() }); err != nil {
				t.Fatalf("the rated game nobody started never ended: %v", err)
			}
			if st := sa.Snapshot(); st.Status != proto.StatusAbandoned || st.Result != "aborted" || st.Why != "o did not start" {
				t.Fatalf("the rated game nobody started: %s %q %q, want abandoned, aborted", st.Status, st.Result, st.Why)
			}
			// Ann starts the clocked one, Bob never does (8 s: Ann's first
			// move must come in time on a busy machine).
			clockRated := mk(store.Setup{Variant: "express", Players: 2, Clock: 8 * time.Second, Rated: true})
			sc := open(t, ctx, ann, clockRated)
			if _, err := sc.Play(ctx, "Nd"); err != nil {
				t.Fatal(err)
			}
			over := waitEvent(t, ctx, sc, "the end", func(m proto.Msg) bool { return m.T == proto.TOver })
			if over.Result != "aborted" || over.Why != "g did not start" {
				t.Fatalf("Bob never started: %+v", over)
			}
			for _, id := range []string{rated, clockRated} {
				if g, err := sq.Game(ctx, id); err != nil || g.Status != store.StatusAbandoned {
					t.Fatalf("stored: %v %v", g.Status, err)
				}
			}
			for _, c := range []*client.Client{ann, bob} {
				if rs, err := sq.RatingsOf(ctx, c.ID); err != nil || len(rs) != 0 {
					t.Fatalf("%s rated by an aborted game: %+v %v", c.Name, rs, err)
				}
			}
			if g := storedEnd(t, ctx, sq, casual, "the casual game never ended", n); g.Status != store.StatusFinished || g.Result != "win g; o out of time" {
				t.Fatalf("the casual game nobody started: %v %q, want a loss on time", g.Status, g.Result)
			}
			gs, err := bob.Games(ctx)
			if err != nil {
				t.Fatal(err)
			}
			aborted := 0
			for _, g := range gs {
				if strings.HasPrefix(g.Result, "aborted") && g.Status == proto.StatusAbandoned {
					aborted++
				}
			}
			if aborted != 2 {
				t.Fatalf("My games of Bob: %d aborted, want 2: %+v", aborted, gs)
			}
		})
	}
}

// playThree plays the first three moves of a two players' game, Ann's
// (sa) and Bob's (sb) first and Ann's second, saying what stopped them:
// a move refused, or the game over before it (its clock ran out).
func playThree(ctx context.Context, r *rand.Rand, sa, sb *client.Session) error {
	by := []*client.Session{sa, sb}
	for ply := 0; ply < 3; ply++ {
		if err := sa.Wait(ctx, func(x *client.State) bool { return x.Synced && (x.Ply() >= ply || x.Status != "playing") }); err != nil {
			return err
		}
		x := sa.Snapshot()
		if x.Status != "playing" || x.Ply() != ply {
			return fmt.Errorf("at ply %d the game is %s at ply %d (%s)", ply, x.Status, x.Ply(), x.Result)
		}
		s := by[x.Pos.ToMoveSeat()]
		if err := s.Wait(ctx, func(x *client.State) bool { return x.Synced && x.Ply() >= ply }); err != nil {
			return err
		}
		if got, err := s.Play(ctx, randomMove(r, s.Snapshot().Pos)); err != nil || got != ply+1 {
			return fmt.Errorf("move %d: ply %d, %v", ply+1, got, err)
		}
	}
	return nil
}

// storedEnd waits until the stored game is no longer being played (the
// node n ended it) and gives it as stored.
func storedEnd(t *testing.T, ctx context.Context, st store.Store, id, what string, n *node) store.Game {
	t.Helper()
	for {
		g, err := st.Game(ctx, id)
		if err == nil && g.Status != store.StatusPlaying {
			return g
		}
		if ctx.Err() != nil {
			t.Fatalf("%s: %+v %v\n%s", what, g, err, n.Log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
