//go:build !js

package sqlstore_test

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
	"time"

	"shiftago/logic/online/store"
)

// TestPublicGames: a public game with a free seat is listed open with
// its creator's name and rating, then live once it fills; a private one
// never; an open one whose code expired leaves the list.
func TestPublicGames(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		s, clk := openClock(t, dsn)
		ctx := ctxT(t)
		ann, bob := guest(t, s, "Ann"), guest(t, s, "Bob")
		mk := func(public bool, ttl time.Duration) store.Game {
			defer clk.add(time.Second) // the newest is listed first
			return must[store.Game](t)(s.CreateGame(ctx, store.NewGame{Creator: ann.ID, CodeTTL: ttl,
				Setup: store.Setup{Variant: "express", Players: 2, Public: public}, Seats: []store.Seat{{Guest: ann.ID}, {}}}))
		}
		private, pub, short := mk(false, 0), mk(true, 0), mk(true, time.Minute)
		rated := twoPlayer(t, s, ann.ID, bob.ID, 0)
		must[[]store.Rating](t)(s.ApplyRatings(ctx, store.RatedGame{Game: rated.ID, Variant: "express", Players: 2, Guests: []string{ann.ID, bob.ID}, Places: []int{0, 1}}))
		ids := func(gs []store.LobbyGame) (out []string) {
			for _, g := range gs {
				out = append(out, g.ID)
			}
			return out
		}
		open, live, err := s.PublicGames(ctx, 10)
		if err != nil || fmt.Sprint(ids(open)) != fmt.Sprint([]string{short.ID, pub.ID}) || len(live) != 0 {
			t.Fatalf("open %v, live %v, %v; want %s, %s (not the private %s)", ids(open), ids(live), err, short.ID, pub.ID, private.ID)
		}
		if g := open[1]; g.CreatorName != "Ann" || g.Rating == nil || g.Rating.Games != 1 || g.Rating.Rating <= 1500 || len(g.Seats) != 2 {
			t.Fatalf("listed %+v (rating %+v)", g, g.Rating)
		}
		clk.add(2 * time.Minute) // short's code expires
		must[store.Game](t)(s.TakeSeat(ctx, pub.ID, 1, bob.ID))
		open, live, err = s.PublicGames(ctx, 10)
		if err != nil || len(open) != 0 || fmt.Sprint(ids(live)) != fmt.Sprint([]string{pub.ID}) {
			t.Fatalf("after the fill and the expiry: open %v, live %v, %v", ids(open), ids(live), err)
		}
	})
}

// TestPairTwo: an ask alone waits (never paired with itself, even asked
// twice); the next ask of the same game pairs both into one game, and
// the first learns it on its poll; an ask of another game does not pair;
// a cancel withdraws, and a cancel too late answers the game.
func TestPairTwo(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		ctx := ctxT(t)
		ann, bob, cy := guest(t, s, "Ann"), guest(t, s, "Bob"), guest(t, s, "Cy")
		setup := store.Setup{Variant: "express", Players: 2, MoveTime: time.Minute, Rated: true, Public: true}
		other := store.Setup{Variant: "expert", Players: 2, Public: true}
		ask := func(g store.Guest, st *store.Setup) store.Pairing {
			return must[store.Pairing](t)(s.Pair(ctx, store.PairAsk{Guest: g.ID, Setup: st}))
		}
		for range 2 {
			if p := ask(ann, &setup); p.State != store.PairWaiting || p.Waiting != 1 || p.Everyone != 1 {
				t.Fatalf("Ann alone: %+v", p)
			}
		}
		if p := ask(cy, &other); p.State != store.PairWaiting || p.Waiting != 1 || p.Everyone != 2 {
			t.Fatalf("Cy, another game: %+v", p)
		}
		p := ask(bob, &setup)
		if p.State != store.PairPaired || p.Game == "" {
			t.Fatalf("Bob: %+v", p)
		}
		q := must[store.Pairing](t)(s.Pair(ctx, store.PairAsk{Guest: ann.ID}))
		if q.State != store.PairPaired || q.Game != p.Game {
			t.Fatalf("Ann's poll: %+v, Bob's %+v", q, p)
		}
		g := must[store.Game](t)(s.Game(ctx, p.Game))
		if g.Status != store.StatusPlaying || g.SeatOf(ann.ID) < 0 || g.SeatOf(bob.ID) < 0 || !g.Setup.Rated || g.Deadline.IsZero() {
			t.Fatalf("paired game %+v", g)
		}
		if c := must[store.Pairing](t)(s.CancelPairing(ctx, ann.ID)); c.State != store.PairPaired || c.Game != g.ID {
			t.Fatalf("a cancel too late: %+v", c)
		}
		if c := must[store.Pairing](t)(s.CancelPairing(ctx, cy.ID)); c.State != store.PairNone {
			t.Fatalf("Cy cancelled: %+v", c)
		}
		if p := ask(bob, &other); p.State != store.PairWaiting {
			t.Fatalf("Cy's ask was withdrawn, yet Bob: %+v", p)
		}
		if _, err := s.Pair(ctx, store.PairAsk{Guest: ann.ID, Setup: &store.Setup{Variant: "express", Players: 5}}); err == nil {
			t.Fatal("5 players asked for: no error")
		}
		if _, err := s.Pair(ctx, store.PairAsk{Guest: ann.ID, Setup: &setup, Fill: time.Second, Level: 3}); err == nil {
			t.Fatal("computers to fill a 2-player table: no error")
		}
	})
}

// TestPairFill: a 3-player ask that allows computers waits its time,
// then a game starts with the others waiting who allow them too and a
// computer in the seat left.
func TestPairFill(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		s, clk := openClock(t, dsn)
		ctx := ctxT(t)
		ann, bob := guest(t, s, "Ann"), guest(t, s, "Bob")
		setup := store.Setup{Variant: "express", Players: 3, Public: true}
		for _, g := range []store.Guest{ann, bob} {
			p := must[store.Pairing](t)(s.Pair(ctx, store.PairAsk{Guest: g.ID, Setup: &setup, Fill: 30 * time.Second, Level: 2}))
			if p.State != store.PairWaiting {
				t.Fatalf("%s: %+v", g.Name, p)
			}
		}
		clk.add(20 * time.Second)
		if p := must[store.Pairing](t)(s.Pair(ctx, store.PairAsk{Guest: ann.ID})); p.State != store.PairWaiting || p.Waiting != 2 {
			t.Fatalf("before the wait is over: %+v", p)
		}
		clk.add(20 * time.Second)
		p := must[store.Pairing](t)(s.Pair(ctx, store.PairAsk{Guest: bob.ID}))
		g := must[store.Game](t)(s.Game(ctx, p.Game))
		comp := 0
		for _, se := range g.Seats {
			if se.Kind == store.SeatComputer && se.Level == 2 {
				comp++
			}
		}
		if p.State != store.PairPaired || comp != 1 || g.SeatOf(ann.ID) < 0 || g.SeatOf(bob.ID) < 0 || g.Status != store.StatusPlaying {
			t.Fatalf("after the wait: %+v, game %+v", p, g)
		}
	})
}

// TestPairMany: 120 guests ask for one game at once through two stores
// (two nodes): each is paired exactly once, never with itself, and
// nobody is left waiting (an even number: every ask has a partner).
func TestPairMany(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		a, b := open(t, dsn), open(t, dsn)
		ctx := ctxT(t)
		const n = 120
		gs := make([]store.Guest, n)
		for i := range gs {
			gs[i] = guest(t, a, fmt.Sprintf("P%d", i))
		}
		setup := store.Setup{Variant: "extreme", Players: 2, Public: true}
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i, g := range gs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := []store.Store{a, b}[i%2]
				if _, err := s.Pair(ctx, store.PairAsk{Guest: g.ID, Setup: &setup}); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		checkPaired(t, ctx, a, rawDB(t, dsn), gs, 2)
	})
}

// checkPaired: every guest's ask is paired (read from the table, not
// by a poll, which would pair what the asks left waiting), into a game
// of players distinct guests, each guest in one game once.
func checkPaired(t *testing.T, ctx context.Context, s store.Store, db *sql.DB, gs []store.Guest, players int) {
	t.Helper()
	byGame := map[string][]string{}
	for _, g := range gs {
		var game string
		if err := db.QueryRowContext(ctx, `SELECT game FROM pairing WHERE guest = '`+g.ID+`'`).Scan(&game); err != nil || game == "" {
			t.Fatalf("%s left waiting (%q, %v)", g.Name, game, err)
		}
		byGame[game] = append(byGame[game], g.ID)
	}
	if len(byGame) != len(gs)/players {
		t.Fatalf("%d games for %d guests", len(byGame), len(gs))
	}
	for id, who := range byGame {
		g := must[store.Game](t)(s.Game(ctx, id))
		seen := map[string]bool{}
		for _, se := range g.Seats {
			if se.Guest == "" || seen[se.Guest] {
				t.Fatalf("game %s seats %+v", id, g.Seats)
			}
			seen[se.Guest] = true
		}
		if len(who) != players || len(seen) != players {
			t.Fatalf("game %s: asks %v, seats %+v", id, who, g.Seats)
		}
	}
}
