//go:build !js

package gamestate

import (
	"slices"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// clocked is a playing 2-player game with a game clock of clock+inc.
func clocked(t *testing.T, clock, inc time.Duration, rated bool) *Table {
	tb := twoPlayers(t)
	tb.Rec.Setup.Clock, tb.Rec.Setup.Increment, tb.Rec.Setup.Rated = clock, inc, rated
	return tb
}

// playAt plays the seat to move's first legal move, received at at.
func playAt(t *testing.T, tb *Table, at time.Time) store.Append {
	t.Helper()
	guest := tb.Rec.Seats[tb.Pos.ToMoveSeat()].Guest
	mv, err := tb.Pos.ParseMove([]string{"Nc", "Nd", "Ne", "Sc", "Sd", "Se", "Wc", "Ec"}[tb.Ply()%8])
	if err != nil {
		t.Fatal(err)
	}
	a := tb.AppendFor(mv, guest, at)
	if err := tb.Apply(store.Move{Game: tb.Rec.ID, Ply: a.Ply, Move: a.Move, By: guest, At: a.At}, a, ""); err != nil {
		t.Fatal(err)
	}
	return a
}

// TestGameClock: each seat's time left is the clock less the time since
// the move before each of its moves but its first, plus the increment;
// the deadline is the seat to move's, the first-move time while it has
// not moved. A table rebuilt from the stored moves (a restart, another
// node) has the same clocks.
func TestGameClock(t *testing.T) {
	t0 := time.UnixMilli(1_700_000_000_000)
	tb := clocked(t, 5*time.Minute, 3*time.Second, false)
	sec := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	// Ann's first move 20 s in, Bob's 40 s after it: neither is charged.
	a := playAt(t, tb, sec(20))
	if want := sec(20).Add(proto.ClockFirstMove * time.Second); !a.Deadline.Equal(want) {
		t.Fatalf("Bob's first move's deadline %v, want %v (the first-move time)", a.Deadline, want)
	}
	a = playAt(t, tb, sec(60))
	if want := sec(60).Add(5 * time.Minute); !a.Deadline.Equal(want) {
		t.Fatalf("Ann's second move's deadline %v, want her whole clock %v", a.Deadline, want)
	}
	// Ann thinks 10.5 s, Bob 30 s, Ann 1 s.
	playAt(t, tb, sec(70.5))
	playAt(t, tb, sec(100.5))
	a = playAt(t, tb, sec(101.5))
	ann := 5*time.Minute - 10500*time.Millisecond + 3*time.Second - time.Second + 3*time.Second
	bob := 5*time.Minute - 30*time.Second + 3*time.Second
	if want := sec(101.5).Add(bob); !a.Deadline.Equal(want) {
		t.Fatalf("Bob's deadline %v, want %v", a.Deadline, want)
	}
	tb.Rec.Deadline = a.Deadline
	st := tb.State(0)
	if want := []int64{ann.Milliseconds(), bob.Milliseconds()}; !slices.Equal(st.Clocks, want) || st.Clock != 300 || st.Increment != 3 || st.Deadline != a.Deadline.UnixMilli() {
		t.Fatalf("state's clock %d+%d %v deadline %d, want 300+3 %v %d", st.Clock, st.Increment, st.Clocks, st.Deadline, want, a.Deadline.UnixMilli())
	}
	if mv := tb.Moved(5, "x"); !slices.Equal(mv.Clocks, st.Clocks) || mv.Deadline != st.Deadline || mv.Seat != 0 || mv.ID != "x" {
		t.Fatalf("moved %+v, want the state's clocks, seat 0", mv)
	}
	again, err := New(tb.Rec, tb.Moves, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.State(0); !slices.Equal(got.Clocks, st.Clocks) || got.Deadline != st.Deadline {
		t.Fatalf("rebuilt from the store: %v %d, want %v %d", got.Clocks, got.Deadline, st.Clocks, st.Deadline)
	}
	// Receipt times the store rounds to ms: the actor's table holds them
	// as the store does, or a restart would see another clock.
	a = playAt(t, tb, sec(102).Add(123456*time.Nanosecond))
	if a.At.Nanosecond()%int(time.Millisecond) != 0 {
		t.Fatalf("move time %v kept below the store's ms", a.At)
	}
	if tb.TakebackRefused() == "" {
		t.Fatal("a game with a clock can be taken back")
	}
	// A clock spent: never below zero (the increment still comes).
	tb2 := clocked(t, time.Minute, 0, false)
	playAt(t, tb2, sec(1))
	playAt(t, tb2, sec(2))
	playAt(t, tb2, sec(500))
	if st := tb2.State(0); st.Clocks[0] != 0 {
		t.Fatalf("Ann past her clock: %v", st.Clocks)
	}
	// Without a clock: no clock fields.
	if st := twoPlayers(t).State(0); st.Clocks != nil || st.Clock != 0 {
		t.Fatalf("a game without a clock: %+v", st)
	}
}

// TestLeaveAborts: a rated game whose seat runs out of time before its
// first move is aborted (nobody rated); a casual one is lost on time, as
// is a rated one once the seat has moved; a resignation is a loss.
func TestLeaveAborts(t *testing.T) {
	t0 := time.UnixMilli(1_700_000_000_000)
	for _, tc := range []struct {
		name   string
		rated  bool
		moves  int
		why    string
		status store.Status
		result string
	}{
		{"rated, nobody started", true, 0, "time", store.StatusAbandoned, "aborted; o did not start"},
		{"rated, Ann started, Bob never", true, 1, "time", store.StatusAbandoned, "aborted; g did not start"},
		{"rated, both started", true, 2, "time", store.StatusFinished, "win g; o out of time"},
		{"rated, a resignation at ply 0", true, 0, "resign", store.StatusFinished, "win g; o resigned"},
		{"casual, nobody started", false, 0, "time", store.StatusFinished, "win g; o out of time"},
	} {
		tb := clocked(t, 5*time.Minute, 0, tc.rated)
		for i := range tc.moves {
			playAt(t, tb, t0.Add(time.Duration(i)*time.Second))
		}
		st, res := tb.Leave(tb.Pos.ToMoveSeat(), tc.why)
		if st != tc.status || res != tc.result {
			t.Errorf("%s: %v %q, want %v %q", tc.name, st, res, tc.status, tc.result)
		}
	}
	// Three players: a computer takes a casual seat; a rated game that a
	// seat never started is aborted all the same.
	rec := store.Game{ID: "g3", Status: store.StatusPlaying, Setup: store.Setup{Variant: "express", Players: 3, Clock: time.Minute, Rated: true},
		Seats: []store.Seat{{Index: 0, Guest: "a"}, {Index: 1, Guest: "b"}, {Index: 2, Guest: "c"}}}
	tb, err := New(rec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	playAt(t, tb, t0)
	playAt(t, tb, t0.Add(time.Second))
	if st, res := tb.Leave(2, "time"); st != store.StatusAbandoned || res != "aborted; b did not start" {
		t.Fatalf("3 players, rated, the third never started: %v %q", st, res)
	}
	tb.Rec.Setup.Rated = false
	if st, _ := tb.Leave(2, "time"); st != store.StatusNone {
		t.Fatalf("3 players, casual: %v, want a computer in the seat", st)
	}
}
