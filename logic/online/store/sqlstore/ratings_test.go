//go:build !js

package sqlstore_test

import (
	"errors"
	"sync"
	"testing"

	"shiftago/logic/online/rating"
	"shiftago/logic/online/store"
)

// TestApplyRatings: a rated game's result moves both players' ratings the
// right way, in history and in the leaderboard; applying it again
// changes nothing; bad input is refused and writes nothing.
func TestApplyRatings(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, g := started(t, dsn)
		rg := store.RatedGame{Game: g.ID, Variant: "expert", Players: 2, Guests: []string{ann.ID, bob.ID}, Places: []int{0, 1}}
		got := must[[]store.Rating](t)(s.ApplyRatings(ctx, rg))
		if len(got) != 2 || got[0].Guest != ann.ID || got[1].Guest != bob.ID {
			t.Fatalf("ApplyRatings returned %+v", got)
		}
		a, b := got[0], got[1]
		if !(a.Rating > rating.DefaultRating && b.Rating < rating.DefaultRating && a.RD < rating.DefaultRD && b.RD < rating.DefaultRD) {
			t.Fatalf("after one win: Ann %+v, Bob %+v", a, b)
		}
		if a.Games != 1 || b.Games != 1 || a.Name != "Ann" || a.Variant != "expert" || a.Players != 2 {
			t.Fatalf("Ann %+v, Bob %+v", a, b)
		}
		want := rating.Game([]rating.Rating{rating.New(), rating.New()}, []int{0, 1}, rating.DefaultTau)
		if a.Rating != want[0].Rating || b.RD != want[1].RD {
			t.Fatalf("stored %v/%v, computed %v", a.Rating, b.RD, want)
		}

		// Twice: nothing changes (a resend, or two nodes at once).
		again := must[[]store.Rating](t)(s.ApplyRatings(ctx, rg))
		if again[0].Rating != a.Rating || again[0].Games != 1 || again[1].Games != 1 {
			t.Fatalf("applied twice: %+v", again)
		}

		// Another game between them, Bob winning: a second period.
		g2 := twoPlayer(t, s, ann.ID, bob.ID, 0)
		must[[]store.Rating](t)(s.ApplyRatings(ctx, store.RatedGame{Game: g2.ID, Variant: "expert", Players: 2, Guests: []string{bob.ID, ann.ID}, Places: []int{0, 1}}))
		mine := must[[]store.Rating](t)(s.RatingsOf(ctx, ann.ID))
		if len(mine) != 1 || mine[0].Games != 2 || mine[0].Rating >= a.Rating {
			t.Fatalf("Ann after a loss: %+v (was %+v)", mine, a)
		}

		// Leaderboard: Bob (won the last) above Ann; both provisional, so
		// none when only settled ones are asked for.
		board := must[[]store.Rating](t)(s.Leaderboard(ctx, "expert", 2, false, 10))
		if len(board) != 2 || board[0].Guest != bob.ID || board[1].Guest != ann.ID {
			t.Fatalf("leaderboard %+v", board)
		}
		if settled := must[[]store.Rating](t)(s.Leaderboard(ctx, "expert", 2, true, 10)); len(settled) != 0 {
			t.Fatalf("settled leaderboard %+v", settled)
		}
		if other := must[[]store.Rating](t)(s.Leaderboard(ctx, "express", 2, false, 10)); len(other) != 0 {
			t.Fatalf("express leaderboard %+v", other)
		}
		var hist int
		if err := rawDB(t, dsn).QueryRow(`SELECT COUNT(*) FROM rating_history`).Scan(&hist); err != nil || hist != 4 {
			t.Fatalf("history has %d rows (%v), want 4", hist, err)
		}

		for _, bad := range []store.RatedGame{
			{Game: g.ID, Variant: "expert", Players: 2, Guests: []string{ann.ID}, Places: []int{0}},
			{Game: g.ID, Variant: "expert", Players: 2, Guests: []string{ann.ID, ann.ID}, Places: []int{0, 1}},
			{Game: g.ID, Variant: "expert", Players: 5, Guests: []string{ann.ID, bob.ID}, Places: []int{0, 1}},
		} {
			if _, err := s.ApplyRatings(ctx, bad); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("%+v: %v, want ErrInvalid", bad, err)
			}
		}
		if _, err := s.ApplyRatings(ctx, store.RatedGame{Game: "nope", Variant: "expert", Players: 2, Guests: []string{ann.ID, bob.ID}, Places: []int{0, 1}}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("no such game: %v", err)
		}
	})
}

// TestApplyRatingsFourPlayers: a game of four is pairwise results by
// finishing order, ties allowed.
func TestApplyRatingsFourPlayers(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, g := started(t, dsn)
		cy, di := guest(t, s, "Cy"), guest(t, s, "Di")
		got := must[[]store.Rating](t)(s.ApplyRatings(ctx, store.RatedGame{Game: g.ID, Variant: "extreme", Players: 4,
			Guests: []string{ann.ID, bob.ID, cy.ID, di.ID}, Places: []int{0, 1, 1, 3}}))
		if !(got[0].Rating > got[1].Rating && got[1].Rating == got[2].Rating && got[2].Rating > got[3].Rating) {
			t.Fatalf("four players: %+v", got)
		}
		if b := must[[]store.Rating](t)(s.Leaderboard(ctx, "extreme", 4, false, 2)); len(b) != 2 || b[0].Guest != ann.ID {
			t.Fatalf("top 2: %+v", b)
		}
	})
}

// TestApplyRatingsRace: 32 callers on two stores apply the same game at once (two
// nodes, retries) while other games of the same players, their guests
// in the other order, are applied too: each game counts once, and
// nothing deadlocks.
func TestApplyRatingsRace(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, g := started(t, dsn)
		others := []store.Game{twoPlayer(t, s, bob.ID, ann.ID, 0), twoPlayer(t, s, bob.ID, ann.ID, 0)}
		// Two stores: two nodes on one database.
		nodes := []store.Store{s, open(t, dsn)}
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make(chan error, 32)
		for i := range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				rg := store.RatedGame{Game: g.ID, Variant: "express", Players: 2, Guests: []string{ann.ID, bob.ID}, Places: []int{0, 1}}
				if i < len(others) {
					rg = store.RatedGame{Game: others[i].ID, Variant: "express", Players: 2, Guests: []string{bob.ID, ann.ID}, Places: []int{0, 1}}
				}
				if _, err := nodes[i%2].ApplyRatings(ctx, rg); err != nil {
					errs <- err
				}
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		for _, id := range []string{ann.ID, bob.ID} {
			if rs := must[[]store.Rating](t)(s.RatingsOf(ctx, id)); len(rs) != 1 || rs[0].Games != 3 {
				t.Fatalf("after 3 games applied by 32 callers: %+v", rs)
			}
		}
	})
}
