//go:build !js

package server_test

import (
	"slices"
	"testing"
	"time"

	"shiftago/logic/online/proto"
)

// TestServePairingSkipsBlocks: quick pairing never seats together two
// players one of whom blocked the other (issue 47). Bob blocked Ann in a
// game; Ann asks, then Bob asks for the same game: both wait; Cy asks
// and is paired with Ann, who asked first; Bob still waits.
func TestServePairingSkipsBlocks(t *testing.T) {
	eachEngine(t, func(t *testing.T, args []string) {
		n := startNode(t, "127.0.0.1:0", args...)
		ctx := ctxFor(t, 2*time.Minute)
		ann, bob, cy := guest(t, ctx, "Ann", n.Base), guest(t, ctx, "Bob", n.Base), guest(t, ctx, "Cy", n.Base)
		g, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
		if err != nil {
			t.Fatal(err)
		}
		j, err := bob.Join(ctx, g.Invite)
		if err != nil {
			t.Fatal(err)
		}
		sb := open(t, ctx, bob, j.Game)
		cb := follow(sb)
		send(t, sb, proto.Msg{T: proto.TBlock, Seat: 0})
		cb.next(t, ctx, "Bob's block of Ann", func(m proto.Msg) bool { return m.T == proto.TBlocked && slices.Equal(m.Seats, []int{0}) })

		ask := proto.PairRequest{Variant: "expert", Players: 2}
		if p, err := ann.Pair(ctx, ask); err != nil || p.Status != proto.PairWaiting {
			t.Fatalf("Ann: %+v, %v", p, err)
		}
		if p, err := bob.Pair(ctx, ask); err != nil || p.Status != proto.PairWaiting || p.Waiting != 2 {
			t.Fatalf("Bob, who blocked Ann, asking after her: %+v, %v; want waiting beside her", p, err)
		}
		if p, err := bob.PairPoll(ctx); err != nil || p.Status != proto.PairWaiting {
			t.Fatalf("Bob's poll: %+v, %v", p, err)
		}
		pc, err := cy.Pair(ctx, ask)
		if err != nil || pc.Status != proto.PairPaired || pc.Game == nil {
			t.Fatalf("Cy: %+v, %v; want paired", pc, err)
		}
		pa, err := ann.PairPoll(ctx)
		if err != nil || pa.Status != proto.PairPaired || pa.Game == nil || pa.Game.Game != pc.Game.Game {
			t.Fatalf("Ann's poll: %+v, %v; want Cy's game %s", pa, err, pc.Game.Game)
		}
		if p, err := bob.PairPoll(ctx); err != nil || p.Status != proto.PairWaiting {
			t.Fatalf("Bob after Ann and Cy were paired: %+v, %v", p, err)
		}
	})
}
