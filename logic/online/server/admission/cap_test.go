package admission

import (
	"math"
	"testing"
	"time"
)

// TestGameCapFollowsMoves: the game cap falls to three quarters of the
// games held when the moves' p90 passes the target, grows back by a
// sixteenth while the moves are fast and the games near the cap, never
// grows while the games are far below it, never falls under minCap, and
// refuses (overload-games) exactly at the cap.
func TestGameCapFollowsMoves(t *testing.T) {
	a := New(0, 0, 50*time.Millisecond)
	moves := func(n int, d time.Duration) {
		for range n {
			a.Observe(d)
		}
	}
	a.held.Store(200)
	moves(100, 5*time.Millisecond)
	moves(5, 300*time.Millisecond) // the slowest 5%: the p90 is fast
	a.Adjust()
	if got := a.limit.Load(); got != math.MaxInt32 {
		t.Fatalf("fast moves, 200 games under a cap of %d: the cap became %d", int64(math.MaxInt32), got)
	}
	if why := a.Full(time.Now(), true); why != "" {
		t.Fatalf("under the cap: full says %q", why)
	}

	moves(80, 5*time.Millisecond)
	moves(20, 80*time.Millisecond) // a fifth slow: the p90 is past 50 ms
	a.Adjust()
	if got := a.limit.Load(); got != 150 {
		t.Fatalf("slow moves with 200 games held: cap %d, want 150", got)
	}
	if why := a.Full(time.Now(), true); why != "overload-games" {
		t.Fatalf("200 games held, cap 150: full says %q, want overload-games", why)
	}
	if why := a.Full(time.Now(), false); why != "" {
		t.Fatalf("a connection at the game cap: full says %q; the cap is for new games only", why)
	}

	// Too few moves to judge: nothing falls; the games are far above the
	// cap, so it grows by a sixteenth.
	moves(10, time.Second)
	a.Adjust()
	if got := a.limit.Load(); got != 150+150/16 {
		t.Fatalf("10 slow moves (too few to judge), games above the cap: cap %d, want %d", got, 150+150/16)
	}

	// Games ended: 100 held, far under the cap: fast moves change nothing.
	a.held.Store(100)
	moves(100, time.Millisecond)
	a.Adjust()
	if got := a.limit.Load(); got != 159 {
		t.Fatalf("100 games held under a cap of 159, fast moves: cap %d, want it kept", got)
	}
	a.Admitted() // counted before the next sample
	if a.held.Load() != 101 {
		t.Fatalf("held %d after an admission, want 101", a.held.Load())
	}

	// Slow, with few games: never under minCap.
	a.held.Store(4)
	moves(50, time.Second)
	a.Adjust()
	if got := a.limit.Load(); got != minCap {
		t.Fatalf("slow with 4 games: cap %d, want minCap %d", got, minCap)
	}
	if why := a.Full(time.Now(), true); why != "" {
		t.Fatalf("4 games under the cap of %d: full says %q", minCap, why)
	}

	// No target: no cap, ever.
	off := New(0, 0, 0)
	off.held.Store(1 << 20)
	off.Observe(time.Hour)
	off.Adjust()
	if why := off.Full(time.Now(), true); why != "" {
		t.Fatalf("no --shed-move: full says %q", why)
	}
}
