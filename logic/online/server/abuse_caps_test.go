//go:build !js

package server

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCapsBuckets: the caps' buckets on a clock of the test's own, so the
// figures the README's arithmetic uses are the figures enforced.
func TestCapsBuckets(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	a := newAbuse(Caps{GuestsPerAddr: 4, Guests: 6})
	for i := range 4 {
		if ref := a.guests.take("a", now); ref != nil {
			t.Fatalf("guest %d of 4: %+v", i+1, ref)
		}
	}
	ref := a.guests.take("a", now)
	if ref == nil || ref.why != "too many new guests from this address" || ref.wait != 15*time.Minute {
		t.Fatalf("a 5th guest: %+v, want this address, 15 min (4 an hour)", ref)
	}
	for i := range 2 {
		if ref := a.guests.take("b", now); ref != nil {
			t.Fatalf("guest %d of another address: %+v", i+1, ref)
		}
	}
	if ref := a.guests.take("c", now); ref == nil || !strings.Contains(ref.why, "this server") {
		t.Fatalf("a 7th guest on the node: %+v", ref)
	}
	// A refusal spends nothing: a's refused 5th did not take the node's.
	if ref := a.guests.take("a", now.Add(15*time.Minute)); ref != nil {
		t.Fatalf("a's next guest 15 min on (the node has one back too): %+v", ref)
	}

	// Misses: 10 at once per address, then one a minute; a peek spends
	// nothing; misses charged past an empty bucket are a debt.
	for i := range 10 {
		if ref := a.misses.peek("m", now); ref != nil {
			t.Fatalf("miss %d of 10: %+v", i+1, ref)
		}
		a.misses.charge("m", now)
	}
	if ref := a.misses.peek("m", now); ref == nil || ref.wait != time.Minute {
		t.Fatalf("an 11th guess at once: %+v, want a wait of a minute", ref)
	}
	for range 50 {
		if ref := a.misses.peek("right", now); ref != nil {
			t.Fatalf("peeks without misses were refused: %+v", ref)
		}
	}
	a.misses.charge("m", now) // two raced past the check
	a.misses.charge("m", now)
	if ref := a.misses.peek("m", now.Add(2*time.Minute)); ref == nil {
		t.Fatal("two misses in debt were forgiven at once")
	}
	if ref := a.misses.peek("m", now.Add(3*time.Minute)); ref != nil {
		t.Fatalf("the debt paid after 3 minutes: %+v", ref)
	}
	// The node: 30 misses at once from all addresses (10 spent by m and
	// 2 in debt), then one a second.
	for i := range 18 {
		a.misses.charge(string(rune('A'+i)), now)
	}
	if ref := a.misses.peek("fresh", now); ref == nil || !strings.Contains(ref.why, "this server") {
		t.Fatalf("a fresh address once the node had 30: %+v", ref)
	}
	if ref := a.misses.peek("fresh", now.Add(time.Second)); ref != nil {
		t.Fatalf("a second later: %+v", ref)
	}
}

// TestRefusalLog: a line a second per kind, the next one counting the
// lines left out; kinds do not hold each other back.
func TestRefusalLog(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	l := newRefusalLog(slog.New(slog.NewTextHandler(&buf, nil)), func() time.Time { return now })
	for range 3000 {
		l.warn("too many connections", slog.String("addr", "192.0.2.1"))
	}
	l.warn("frame too large")
	now = now.Add(time.Second)
	l.warn("too many connections", slog.String("addr", "192.0.2.1"))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || strings.Contains(lines[0], "suppressed") || !strings.Contains(lines[1], "frame too large") ||
		!strings.Contains(lines[2], "suppressed=2999") {
		t.Fatalf("3,001 refusals of one kind over a second and one of another:\n%s", buf.String())
	}
}

// TestCapsConcurrent: many requests of many addresses at once (run it
// with -race) never let more through than the node's bucket holds.
func TestCapsConcurrent(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	a := newAbuse(Caps{GuestsPerAddr: 1000, Guests: 50})
	var mu sync.Mutex
	taken := 0
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				addr := fmt.Sprint(g, ".", i%7)
				if a.guests.take(addr, now) == nil {
					mu.Lock()
					taken++
					mu.Unlock()
				}
				if a.misses.peek(addr, now) == nil {
					a.misses.charge(addr, now)
				}
			}
		}()
	}
	wg.Wait()
	if taken != 50 {
		t.Fatalf("%d guests taken at once, want the node's 50", taken)
	}
}
