package admission

import (
	"testing"
	"time"
)

// TestAdmissionLatency: the average follows the commits, decays while
// none come, and says when the bound is passed.
func TestAdmissionLatency(t *testing.T) {
	a := New(50*time.Millisecond, 0, 0)
	t0 := time.Unix(1000, 0)
	if why := a.Full(t0, true); why != "" {
		t.Fatalf("a fresh node is full: %s", why)
	}
	for i := range 40 {
		a.Sample(200*time.Millisecond, t0.Add(time.Duration(i)*time.Millisecond))
	}
	if why := a.Full(t0.Add(40*time.Millisecond), true); why != "overload-latency" {
		t.Fatalf("commits of 200 ms against a bound of 50 ms: %q", why)
	}
	// Quiet for 5 s: the average has decayed below the bound.
	if why := a.Full(t0.Add(5*time.Second), true); why != "" {
		t.Fatalf("5 s without a commit: still full (%v)", a.Latency(t0.Add(5*time.Second)))
	}
	// Fast commits bring it down too.
	for i := range 60 {
		a.Sample(time.Millisecond, t0.Add(50*time.Millisecond+time.Duration(i)*time.Millisecond))
	}
	if why := a.Full(t0.Add(110*time.Millisecond), true); why != "" {
		t.Fatalf("after 60 commits of 1 ms: %q (%v)", why, a.Latency(t0.Add(110*time.Millisecond)))
	}
	a.queueBound = 10
	a.queue.Store(11)
	if why := a.Full(t0.Add(110*time.Millisecond), true); why != "overload-queue" {
		t.Fatalf("11 queued against a bound of 10: %q", why)
	}
}
