//go:build !js

package server_test

import (
	"context"
	"math/rand/v2"
	"net/url"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/servetest"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// TestServeDatabaseCutMidGame: the second node's every connection to
// PostgreSQL goes through a Cable, cut for a few seconds mid-game (a
// network drop, a database that stops answering) while a move is
// stored by the first node: the second node hears nothing of it, and its
// sockets to the database look open but are silent. Once the cable is
// mended the game must move again: Bob, on the second node, sees Ann's
// move and the game is played to its end.
//
// It failed before the LISTEN connection checked its own life: the
// second node waited for ever on a dead LISTEN socket, heard no event
// again, and Bob waited for a move the database had long stored.
func TestServeDatabaseCutMidGame(t *testing.T) {
	dsn := storetest.FreshDSN(t, store.EnginePostgres) // skips without SHIFTAGO_TEST_POSTGRES, fails under CI=true
	t.Parallel()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cable := servetest.NewCable(t, u.Host)
	cut := *u
	cut.Host = cable.Addr
	a := startNode(t, "127.0.0.1:0", "--db", dsn)
	b := startNode(t, "127.0.0.1:0", "--db", cut.String())
	ctx := ctxFor(t, 3*time.Minute)
	sa, sb, _, _ := pairOn(t, ctx, a.Base, b.Base, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	r := rand.New(rand.NewPCG(46, 2))

	// see waits until s has a ply past ply, or the game ended.
	see := func(who string, s *client.Session, ply int, within time.Duration) {
		t.Helper()
		wait, cancel := context.WithTimeout(ctx, within)
		defer cancel()
		if err := s.Wait(wait, func(x *client.State) bool { return x.Ply() > ply || x.Status == "finished" }); err != nil {
			t.Fatalf("%s never saw the move at ply %d (has ply %d): %v", who, ply+1, s.Snapshot().Ply(), err)
		}
	}
	// One round each first, with the cable whole.
	if err := sa.Wait(ctx, func(x *client.State) bool { return x.MyTurn() }); err != nil {
		t.Fatal(err)
	}
	ply := sa.Snapshot().Ply()
	if _, err := sa.PlayAt(ctx, ply+1, randomMove(r, sa.Snapshot().Pos)); err != nil {
		t.Fatal(err)
	}
	see("Bob", sb, ply, 20*time.Second)
	if _, err := sb.PlayAt(ctx, ply+2, randomMove(r, sb.Snapshot().Pos)); err != nil {
		t.Fatal(err)
	}
	see("Ann", sa, ply+1, 20*time.Second)

	// The cut: Ann's move is stored through the first node while the
	// second hears nothing.
	cable.Cut()
	ply = sa.Snapshot().Ply()
	if _, err := sa.PlayAt(ctx, ply+1, randomMove(r, sa.Snapshot().Pos)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * time.Second)
	cable.Mend()
	mended := time.Now()
	see("Bob, on the node whose database was cut,", sb, ply, 45*time.Second)
	t.Logf("Bob saw Ann's move %v after the cable was mended", time.Since(mended).Round(time.Millisecond))

	// And on to the end, each move seen by the other.
	for !over(sa) && !over(sb) {
		for _, s := range []*client.Session{sa, sb} {
			x := s.Snapshot()
			if !x.MyTurn() || x.Pos.Over() {
				continue
			}
			if _, err := s.PlayAt(ctx, x.Ply()+1, randomMove(r, x.Pos)); err != nil {
				t.Fatalf("move at ply %d: %v", x.Ply()+1, err)
			}
			see("Ann", sa, x.Ply(), 45*time.Second)
			see("Bob", sb, x.Ply(), 45*time.Second)
		}
	}
}
