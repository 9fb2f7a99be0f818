//go:build !js

package guard

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"shiftago/logic/online/store/sqlstore"
)

// capsOn is the caps c over a fresh SQLite store of the test's own.
func capsOn(t *testing.T, c Caps) *Abuse {
	st, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "caps.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return NewAbuse(c, st, nil)
}

// TestCapsBuckets: the caps on a clock of the test's own, so the figures
// the README's arithmetic uses are the figures enforced: the address's
// buckets in memory, the service's windows in the store.
func TestCapsBuckets(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	a := capsOn(t, Caps{GuestsPerAddr: 4, Guests: 6})
	for i := range 4 {
		if ref := a.Guests.Take(ctx, "a", now); ref != nil {
			t.Fatalf("guest %d of 4: %+v", i+1, ref)
		}
	}
	ref := a.Guests.Take(ctx, "a", now)
	if ref == nil || ref.Why != "too many new guests from this address" || ref.Wait != 15*time.Minute {
		t.Fatalf("a 5th guest: %+v, want this address, 15 min (4 an hour)", ref)
	}
	// A refusal spends nothing: a's refused 5th did not count for the
	// service, which has room for b's two.
	for i := range 2 {
		if ref := a.Guests.Take(ctx, "b", now.Add(time.Minute)); ref != nil {
			t.Fatalf("guest %d of another address: %+v", i+1, ref)
		}
	}
	if ref := a.Guests.Take(ctx, "c", now.Add(20*time.Minute)); ref == nil || !strings.Contains(ref.Why, "this server") || ref.Wait != 40*time.Minute {
		t.Fatalf("a 7th guest on the service 20 minutes into its hour: %+v, want a wait of 40 minutes", ref)
	}
	if ref := a.Guests.Take(ctx, "c", now.Add(time.Hour)); ref != nil {
		t.Fatalf("the next hour: %+v", ref)
	}
	if ref := a.Games.Take(ctx, "c", now); ref != nil {
		t.Fatalf("games count apart from guests: %+v", ref)
	}

	// Misses: 10 at once per address, then one a minute; a peek spends
	// nothing; misses charged past an empty bucket are a debt.
	for i := range 10 {
		if ref := a.Misses.Peek(ctx, "m", now); ref != nil {
			t.Fatalf("miss %d of 10: %+v", i+1, ref)
		}
		a.Misses.Charge(ctx, "m", now)
	}
	if ref := a.Misses.Peek(ctx, "m", now); ref == nil || ref.Wait != time.Minute {
		t.Fatalf("an 11th guess at once: %+v, want a wait of a minute", ref)
	}
	for range 50 {
		if ref := a.Misses.Peek(ctx, "right", now); ref != nil {
			t.Fatalf("peeks without misses were refused: %+v", ref)
		}
	}
	a.Misses.Charge(ctx, "m", now) // two raced past the check
	a.Misses.Charge(ctx, "m", now)
	if ref := a.Misses.Peek(ctx, "m", now.Add(2*time.Minute)); ref == nil {
		t.Fatal("two misses in debt were forgiven at once")
	}
	if ref := a.Misses.Peek(ctx, "m", now.Add(3*time.Minute)); ref != nil {
		t.Fatalf("the debt paid after 3 minutes: %+v", ref)
	}
	// The service: 30 misses in a window of 30 s from all addresses (12
	// of them m's in the window of now), then none until it ends.
	for i := range 18 {
		a.Misses.Charge(ctx, string(rune('A'+i)), now.Add(10*time.Second))
	}
	if ref := a.Misses.Peek(ctx, "fresh", now.Add(20*time.Second)); ref == nil || !strings.Contains(ref.Why, "this server") || ref.Wait != 10*time.Second {
		t.Fatalf("a fresh address once the service had 30: %+v, want a wait of 10 s", ref)
	}
	if ref := a.Misses.Peek(ctx, "fresh", now.Add(30*time.Second)); ref != nil {
		t.Fatalf("the next window: %+v", ref)
	}
}

// TestRefusalLog: a line a second per kind, the next one counting the
// lines left out; kinds do not hold each other back.
func TestRefusalLog(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	l := NewRefusalLog(slog.New(slog.NewTextHandler(&buf, nil)), func() time.Time { return now })
	for range 3000 {
		l.Warn("too many connections", slog.String("addr", "192.0.2.1"))
	}
	l.Warn("frame too large")
	now = now.Add(time.Second)
	l.Warn("too many connections", slog.String("addr", "192.0.2.1"))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || strings.Contains(lines[0], "suppressed") || !strings.Contains(lines[1], "frame too large") ||
		!strings.Contains(lines[2], "suppressed=2999") {
		t.Fatalf("3,001 refusals of one kind over a second and one of another:\n%s", buf.String())
	}
}

// TestCapsConcurrent: many requests of many addresses at once (run it
// with -race) never let more through than the service's window holds.
func TestCapsConcurrent(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	a := capsOn(t, Caps{GuestsPerAddr: 1000, Guests: 50})
	var mu sync.Mutex
	taken := 0
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				addr := fmt.Sprint(g, ".", i%7)
				if a.Guests.Take(ctx, addr, now) == nil {
					mu.Lock()
					taken++
					mu.Unlock()
				}
				if a.Misses.Peek(ctx, addr, now) == nil {
					a.Misses.Charge(ctx, addr, now)
				}
			}
		}()
	}
	wg.Wait()
	if taken != 50 {
		t.Fatalf("%d guests taken at once, want the service's 50", taken)
	}
}
