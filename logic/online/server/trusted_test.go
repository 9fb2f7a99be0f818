//go:build !js

package server

import (
	"testing"
	"time"
)

// TestAdmissionLatency: the average follows the commits, decays while
// none come, and says when the bound is passed.
func TestAdmissionLatency(t *testing.T) {
	a := admission{latBound: 50 * time.Millisecond}
	t0 := time.Unix(1000, 0)
	if why := a.full(t0, true); why != "" {
		t.Fatalf("a fresh node is full: %s", why)
	}
	for i := range 40 {
		a.sample(200*time.Millisecond, t0.Add(time.Duration(i)*time.Millisecond))
	}
	if why := a.full(t0.Add(40*time.Millisecond), true); why != "overload-latency" {
		t.Fatalf("commits of 200 ms against a bound of 50 ms: %q", why)
	}
	// Quiet for 5 s: the average has decayed below the bound.
	if why := a.full(t0.Add(5*time.Second), true); why != "" {
		t.Fatalf("5 s without a commit: still full (%v)", a.latency(t0.Add(5*time.Second)))
	}
	// Fast commits bring it down too.
	for i := range 60 {
		a.sample(time.Millisecond, t0.Add(50*time.Millisecond+time.Duration(i)*time.Millisecond))
	}
	if why := a.full(t0.Add(110*time.Millisecond), true); why != "" {
		t.Fatalf("after 60 commits of 1 ms: %q (%v)", why, a.latency(t0.Add(110*time.Millisecond)))
	}
	a.queueBound = 10
	a.queue.Store(11)
	if why := a.full(t0.Add(110*time.Millisecond), true); why != "overload-queue" {
		t.Fatalf("11 queued against a bound of 10: %q", why)
	}
}
