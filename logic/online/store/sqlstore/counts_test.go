//go:build !js

package sqlstore_test

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shiftago/logic/online/store"
)

// TestCount: 40 callers on two stores of one database (two nodes) count
// into one window with a limit of 25: exactly 25 count, whichever node
// they come through; another window and another name count apart; a read
// counts nothing; DropCounts forgets the windows before its time.
func TestCount(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		s1 := open(t, dsn)
		s2 := open(t, dsn)
		ctx := ctxT(t)
		w := time.UnixMilli(1_700_000_000_000)
		var ok atomic.Int32
		var wg sync.WaitGroup
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := []store.Store{s1, s2}[i%2]
				_, yes, err := s.Count(ctx, "games", w, 25, true)
				if err != nil {
					t.Error(err)
				}
				if yes {
					ok.Add(1)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 25 {
			t.Fatalf("%d of 40 counted under a limit of 25", ok.Load())
		}
		if n, yes, err := s2.Count(ctx, "games", w, 25, false); n != 25 || yes || err != nil {
			t.Fatalf("read: %d %v %v, want 25 and at the limit", n, yes, err)
		}
		if n, yes, err := s1.Count(ctx, "games", w.Add(time.Hour), 25, true); n != 1 || !yes || err != nil {
			t.Fatalf("the next window: %d %v %v", n, yes, err)
		}
		if n, yes, err := s1.Count(ctx, "guests", w, 0, true); n != 1 || !yes || err != nil {
			t.Fatalf("another name: %d %v %v", n, yes, err)
		}
		if err := s1.DropCounts(ctx, w.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if n, _, err := s1.Count(ctx, "games", w, 25, false); n != 0 || err != nil {
			t.Fatalf("after DropCounts: %d %v", n, err)
		}
		if n, _, err := s1.Count(ctx, "games", w.Add(time.Hour), 25, false); n != 1 || err != nil {
			t.Fatalf("a later window dropped: %d %v", n, err)
		}
	})
}

// TestRatingsDue: a rated game is due once finished, until its ratings
// are applied (on any node); a casual game never is.
func TestRatingsDue(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, casual := started(t, dsn)
		rated, err := s.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 2, MoveTime: time.Hour, Rated: true},
			Seats: []store.Seat{{Guest: ann.ID}, {Guest: bob.ID}}})
		if err != nil {
			t.Fatal(err)
		}
		due := func(want ...string) {
			t.Helper()
			got, err := open(t, dsn).RatingsDue(ctx, 0)
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("due %v (%v), want %v", got, err, want)
			}
		}
		due() // playing
		for _, g := range []store.Game{casual, rated} {
			if _, err := s.SetStatus(ctx, g.ID, g.Version, store.StatusFinished, "o resigned"); err != nil {
				t.Fatal(err)
			}
		}
		due(rated.ID)
		if _, err := s.ApplyRatings(ctx, store.RatedGame{Game: rated.ID, Variant: "express", Players: 2, Guests: []string{ann.ID, bob.ID}, Places: []int{1, 0}}); err != nil {
			t.Fatal(err)
		}
		due()
	})
}
