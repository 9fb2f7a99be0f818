//go:build !js

package matchmaking

import (
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/proto"
)

// TestPairSetupTimeControl: a pairing ask's time control becomes the
// game's (a clock with its increment, or a time per move), and two asks
// share a queue (the setup's JSON, store.Pair's key) only when they ask
// the same variant, player count, time control and rated-ness. An ask
// with no clock (an older client's) makes the very setup it made before
// the clock came, so its queue is the one it always was.
func TestPairSetupTimeControl(t *testing.T) {
	blitz := proto.PairRequest{Variant: "express", Players: 2, Clock: 300, Increment: 3, Rated: true}
	st, _, err := pairSetup(blitz)
	if err != nil || st.Clock != 5*time.Minute || st.Increment != 3*time.Second || st.MoveTime != 0 || !st.Rated || !st.Public {
		t.Fatalf("5+3 rated: %+v, %v", st, err)
	}
	if got, want := st.FirstMoveTime(), proto.ClockFirstMove*time.Second; got != want {
		t.Fatalf("5+3: the first move's time %v, want %v", got, want)
	}
	old, _, err := pairSetup(proto.PairRequest{Variant: "express", Players: 2, PerMove: 86400})
	if err != nil || old.JSON() != `{"variant":"express","players":2,"move_time":86400000000000,"public":true}` {
		t.Fatalf("an ask without a clock: %s, %v", old.JSON(), err)
	}

	with := func(f func(*proto.PairRequest)) proto.PairRequest {
		r := blitz
		f(&r)
		return r
	}
	for _, c := range []struct {
		name string
		b    proto.PairRequest
		same bool
	}{
		{"the same ask", blitz, true},
		{"10+5", with(func(r *proto.PairRequest) { r.Clock, r.Increment = 600, 5 }), false},
		{"5+0", with(func(r *proto.PairRequest) { r.Increment = 0 }), false},
		{"5+5", with(func(r *proto.PairRequest) { r.Increment = 5 }), false},
		{"casual", with(func(r *proto.PairRequest) { r.Rated = false }), false},
		{"no clock, a day a move", with(func(r *proto.PairRequest) { r.Clock, r.Increment, r.PerMove = 0, 0, 86400 }), false},
		{"3 players", with(func(r *proto.PairRequest) { r.Players = 3 }), false},
		{"another variant", with(func(r *proto.PairRequest) { r.Variant = "expert" }), false},
	} {
		sa, _, ea := pairSetup(blitz)
		sb, _, eb := pairSetup(c.b)
		if ea != nil || eb != nil {
			t.Fatalf("%s: %v, %v", c.name, ea, eb)
		}
		if same := sa.JSON() == sb.JSON(); same != c.same {
			t.Errorf("%s: one queue %v, want %v (%s, %s)", c.name, same, c.same, sa.JSON(), sb.JSON())
		}
	}
}

// TestPairSetupRefusesBadClocks: a time control out of bounds, or
// half of one, is refused in words that name it.
func TestPairSetupRefusesBadClocks(t *testing.T) {
	for _, c := range []struct {
		req  proto.PairRequest
		word string
	}{
		{proto.PairRequest{Variant: "express", Players: 2, Clock: proto.MinClock - 1}, "clock"},
		{proto.PairRequest{Variant: "express", Players: 2, Clock: proto.MaxClock + 1}, "clock"},
		{proto.PairRequest{Variant: "express", Players: 2, Clock: -300}, "clock"},
		{proto.PairRequest{Variant: "express", Players: 2, Increment: 3}, "increment"},
		{proto.PairRequest{Variant: "express", Players: 2, Clock: 300, Increment: proto.MaxIncrement + 1}, "increment"},
		{proto.PairRequest{Variant: "express", Players: 2, Clock: 300, Increment: -1}, "increment"},
		{proto.PairRequest{Variant: "express", Players: 2, Clock: 300, PerMove: 60}, "not both"},
		{proto.PairRequest{Variant: "express", Players: 2, Clock: proto.MinRatedClock - 60, Rated: true}, "rated"},
		{proto.PairRequest{Variant: "express", Players: 2, Rated: true}, "rated"},
	} {
		if _, _, err := pairSetup(c.req); err == nil || !strings.Contains(err.Error(), c.word) {
			t.Errorf("%+v: %v, want a refusal naming %q", c.req, err, c.word)
		}
	}
	// A 3-player casual clock may be filled by computers, as a time per
	// move may.
	if _, fill, err := pairSetup(proto.PairRequest{Variant: "express", Players: 3, Clock: 300, Fill: proto.MinFill}); err != nil || fill != proto.MinFill*time.Second {
		t.Errorf("3 players, 5+0, computers after %d s: %v, %v", proto.MinFill, fill, err)
	}
}
