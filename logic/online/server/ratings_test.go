//go:build !js

package server_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// TestServeRatedGame: on each engine, a rated game needs a clock and no
// computer; in one, a takeback is refused; played to its end, it moves
// the winner's rating up and the loser's down, both less uncertain, and
// the leaderboard lists them (names and ratings, no ids).
func TestServeRatedGame(t *testing.T) {
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			dsn := storetest.FreshDSN(t, engine)
			t.Parallel()
			n := startNode(t, "127.0.0.1:0", "--db", dsn, "--new-per-addr", "1000", "--new-per-hour", "1000")
			ctx := ctxFor(t, 2*time.Minute)
			ratedGame(t, ctx, n.Base)
		})
	}
}

func ratedGame(t *testing.T, ctx context.Context, base string) {
	two := []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}
	eve := guest(t, ctx, "Eve", base)
	for _, bad := range []proto.CreateRequest{
		{Variant: "express", Rated: true, Seats: two},                                                                            // no clock
		{Variant: "express", Rated: true, PerMove: proto.MinRatedPerMove - 1, Seats: two},                                        // too fast
		{Variant: "express", Rated: true, PerMove: 3600, Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "computer", Level: 1}}}, // a computer
		{Variant: "express", Rated: true, PerMove: 3600, Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "me"}}},                 // hot seat
	} {
		var apiErr *client.APIError
		if _, err := eve.Create(ctx, bad); !errors.As(err, &apiErr) || apiErr.Status != http.StatusBadRequest {
			t.Errorf("rated %+v: %v, want 400", bad, err)
		}
	}

	sa, sb, ann, bob := pair(t, ctx, base, proto.CreateRequest{Variant: "express", Rated: true, PerMove: 3600, Seats: two})
	if gs, err := ann.Games(ctx); err != nil || len(gs) != 1 || !gs[0].Rated {
		t.Fatalf("Ann's games: %+v, %v", gs, err)
	}
	r := rand.New(rand.NewPCG(47, 1))
	playOut(t, ctx, r, map[int]*client.Session{0: sa, 1: sb}, 1)
	sameGame(t, ctx, sa, sb)
	if err := sa.Send(proto.Msg{T: proto.TOffer, Ply: 1, Kind: proto.OfferTakeback}); err != nil {
		t.Fatal(err)
	}
	ref := waitEvent(t, ctx, sa, "the takeback's refusal", func(m proto.Msg) bool { return m.T == proto.TRefused && m.Code == proto.CodeNoOffer })
	if !strings.Contains(ref.Why, "rated") {
		t.Fatalf("refusal %+v", ref)
	}
	for _, e := range sb.Events() {
		if e.T == proto.TOffered {
			t.Fatalf("Bob was offered a takeback of a rated game: %+v", e)
		}
	}

	playOut(t, ctx, r, map[int]*client.Session{0: sa, 1: sb}, 10000)
	end := waitEvent(t, ctx, sa, "the end", func(m proto.Msg) bool { return m.T == proto.TOver })
	winner, loser := ann, bob
	switch end.Result {
	case "win o": // seat 0, Ann
	case "win g":
		winner, loser = bob, ann
	default:
		t.Fatalf("the game with seed 47 ended %q: this test wants a win (pick another seed)", end.Result)
	}

	w, l := ratedAfter(t, ctx, winner, 1), ratedAfter(t, ctx, loser, 1)
	if !(w.Rating > 1500 && l.Rating < 1500 && w.RD < 350 && l.RD < 350 && w.Games == 1 && l.Games == 1 && w.Provisional) {
		t.Fatalf("after the game: winner %+v, loser %+v", w, l)
	}
	if w.Variant != "express" || w.Players != 2 || w.Name != winner.Name {
		t.Fatalf("winner's rating %+v", w)
	}
	board, err := eve.Leaderboard(ctx, "express", 2)
	if err != nil || len(board) != 2 || board[0].Name != winner.Name || board[1].Name != loser.Name || board[0].Rating != w.Rating {
		t.Fatalf("leaderboard %+v, %v", board, err)
	}
	if other, err := eve.Leaderboard(ctx, "expert", 2); err != nil || len(other) != 0 {
		t.Fatalf("expert leaderboard %+v, %v", other, err)
	}
	var apiErr *client.APIError
	if _, err := eve.Leaderboard(ctx, "chess", 2); !errors.As(err, &apiErr) || apiErr.Status != http.StatusBadRequest {
		t.Fatalf("a leaderboard of chess: %v", err)
	}

	// A resignation ends a rated game too (the store's SetStatus, not a
	// move): the loser of the first game resigns the second at once.
	g2, err := loser.Create(ctx, proto.CreateRequest{Variant: "express", Rated: true, PerMove: 3600, Seats: two})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := winner.Join(ctx, g2.Invite); err != nil {
		t.Fatal(err)
	}
	s2 := open(t, ctx, loser, g2.Game)
	if err := s2.Wait(ctx, func(x *client.State) bool { return x.Status == "playing" }); err != nil {
		t.Fatal(err)
	}
	if err := s2.Send(proto.Msg{T: proto.TResign, Seat: 0}); err != nil {
		t.Fatal(err)
	}
	waitEvent(t, ctx, s2, "the resignation's end", func(m proto.Msg) bool { return m.T == proto.TOver })
	l2 := ratedAfter(t, ctx, loser, 2)
	if l2.Rating >= l.Rating {
		t.Fatalf("the loser resigned and went up: %+v after %+v", l2, l)
	}
	// The profile's history: the loser's rating after each game, oldest
	// first; without ?history=1 none is sent.
	p, err := loser.Profile(ctx)
	if err != nil || len(p.History) != 2 || p.History[0].Rating != l.Rating || p.History[1].Rating != l2.Rating ||
		p.History[1].Variant != "express" || p.History[1].Players != 2 || p.History[0].At > p.History[1].At || p.History[1].At == 0 {
		t.Fatalf("the loser's history %+v, %v (ratings %v then %v)", p.History, err, l.Rating, l2.Rating)
	}
	if me, err := loser.Me(ctx); err != nil || me.History != nil {
		t.Fatalf("Me sent a history: %+v, %v", me.History, err)
	}
	if p, err := eve.Profile(ctx); err != nil || len(p.History) != 0 {
		t.Fatalf("an unrated player's history %+v, %v", p.History, err)
	}
}

// ratedAfter waits until c's only rating counts games games, and
// returns it: ratings are applied right after the end's commit, and the
// players may hear of the end a moment before.
func ratedAfter(t *testing.T, ctx context.Context, c *client.Client, games int) proto.RatingInfo {
	t.Helper()
	for {
		me, err := c.Me(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(me.Ratings) == 1 && me.Ratings[0].Games >= games {
			return me.Ratings[0]
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s has no rating of %d games: %+v", c.Name, games, me)
		case <-time.After(50 * time.Millisecond):
		}
	}
}
