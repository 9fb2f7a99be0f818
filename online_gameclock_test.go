//go:build !js

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/scenes/looptest"
)

// TestOnlineTableGameClock opens a 15+10 game (long enough for the
// shots on a busy machine) of a real shiftago-server at Ann's table, as
// shipped, after both first moves (on no clock): both seats' cards show
// their game clocks in minutes and seconds, Ann's (to move) going down
// second by second, Bob's standing at his whole 15:00; then the table is
// shot (SHIFTAGO_SHOTS) in every language at the three sizes, each
// button on the screen.
func TestOnlineTableGameClock(t *testing.T) {
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	ann, bob := guestOf(ctx, t, n.Base, "Ann"), guestOf(ctx, t, n.Base, "Bob")
	g0, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Clock: 900, Increment: 10, Rated: true, Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, g0.Invite); err != nil {
		t.Fatal(err)
	}
	// The first moves, from Ann's phone and Bob's device. Ann's clock
	// runs from Bob's move: at most since bobMoved.
	var bobMoved time.Time
	for _, p := range []struct {
		c    *client.Client
		move string
	}{{ann, "Nd"}, {bob, "Sd"}} {
		s, err := p.c.Open(ctx, g0.Game)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Wait(ctx, func(x *client.State) bool { return x.Synced && x.MyTurn() }); err != nil {
			t.Fatal(err)
		}
		if p.c == bob {
			bobMoved = time.Now()
		}
		if _, err := s.Play(ctx, p.move); err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	link := linkTo(ctx, t, ann, g0.Game)
	g, table := shippedTable(t, l, n.Base, link)
	if table == nil {
		return
	}
	l.Run(g)
	cards := seatCards(t, l, table)
	a0, b0 := cards()
	// Ann's clock has run since Bob's move: under 15:00, and at least
	// 15:00 less the time since then (a second more for the rounding).
	// Not "14:ss": at load ~90 the table took 77 s to stand and read
	// 13:43; nor "over 12:00": in a starved run it read 11:30 (the wait
	// for the table counts frames, not the test's 3 minutes).
	since := time.Since(bobMoved)
	var am, as int
	if _, err := fmt.Sscanf(a0[strings.LastIndex(a0, "· ")+len("· "):], "%d:%d", &am, &as); err != nil ||
		!strings.HasPrefix(a0, "Ann · ") || am*60+as >= 15*60 || float64(am*60+as) < (15*time.Minute-since).Seconds()-1 || !strings.HasSuffix(b0, " · 15:00") {
		t.Fatalf("the cards say %q and %q %v after Bob's move: want Ann's clock running (under 15:00, at least 15:00 less that) and Bob's 15:00", a0, b0, since.Round(time.Second))
	}
	time.Sleep(2500 * time.Millisecond)
	a1, b1 := cards()
	if a1 == a0 || b1 != b0 {
		t.Errorf("in 2.5 s Ann's clock went %q → %q (want it down), Bob's %q → %q (want it still)", a0, a1, b0, b1)
	}
	l.Run(nil)
	shotEvery(t, l, g, "online-gameclock", nil)
}
