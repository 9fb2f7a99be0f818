//go:build !js

package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/rating"
	"shiftago/logic/online/store"
)

// ratedOK refuses a rated game that a rating could not trust: one
// without time to think (proto.MinRatedPerMove), with a computer seat
// (its strength is not a player's), or with two seats on one device.
func ratedOK(req proto.CreateRequest, mine int) error {
	if !req.Rated {
		return nil
	}
	if req.PerMove < proto.MinRatedPerMove {
		return fmt.Errorf("a rated game needs permove of at least %d seconds", proto.MinRatedPerMove)
	}
	if mine > 1 {
		return errors.New("a rated game has one seat per player: no hot seat")
	}
	for _, sr := range req.Seats {
		if sr.Kind == "computer" {
			return errors.New("a rated game has no computer seat")
		}
	}
	return nil
}

// places is the finishing order of the people still holding seats of a
// finished game (a player who left a game of 3 or 4 gave the seat to a
// computer): the winner first, the others after by their scores, ties
// equal; a draw ties everyone.
func (t *table) places() (guests []string, places []int) {
	res, _ := result(t.rec.Result)
	winner := -1
	if c, ok := strings.CutPrefix(res, "win "); ok && len(c) == 1 {
		for i := range t.rec.Seats {
			if string(t.pos.SeatColor(i).Letter()) == c {
				winner = i
			}
		}
	}
	for i, s := range t.rec.Seats {
		if s.Kind != store.SeatRemote || s.Guest == "" {
			continue
		}
		place := 0
		if res != "draw" && i != winner {
			// Behind the winner; among the others, one place behind
			// every seat with a higher score.
			place = 1
			for j := range t.rec.Seats {
				if j != winner && j != i && t.pos.Score(j) > t.pos.Score(i) {
					place++
				}
			}
		}
		guests, places = append(guests, s.Guest), append(places, place)
	}
	return guests, places
}

// rate applies a finished rated game's ratings. Called by the node that
// committed the game's end, right after the commit; the store applies a
// game once however often it is asked, so a second call (another node,
// a retry) changes nothing.
func (g *game) rate() {
	rec := g.t.rec
	if !rec.Setup.Rated || rec.Status != store.StatusFinished {
		return
	}
	guests, places := g.t.places()
	if len(guests) < 2 {
		return
	}
	ctx, cancel := g.ctx()
	defer cancel()
	out, err := g.srv.cfg.Store.ApplyRatings(ctx, store.RatedGame{Game: rec.ID, Variant: rec.Setup.Variant, Players: rec.Setup.Players,
		Guests: guests, Places: places})
	if err != nil {
		g.log().Error("apply ratings", slog.Any("err", err))
		return
	}
	for _, r := range out {
		g.log().Info("rated", slog.String("guest", r.Guest), slog.Float64("rating", r.Rating), slog.Float64("rd", r.RD))
	}
}

func ratingInfo(r store.Rating) proto.RatingInfo {
	return proto.RatingInfo{Name: r.Name, Variant: r.Variant, Players: r.Players, Rating: r.Rating, RD: r.RD, Games: r.Games,
		Provisional: r.RD > rating.ProvisionalRD}
}

// handleMe answers the caller's name and ratings (their token says who:
// guests have no public id to look them up by).
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	rs, err := s.cfg.Store.RatingsOf(r.Context(), me.ID)
	if err != nil {
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not read the ratings")
		return
	}
	rep := proto.MeReply{ID: me.ID, Name: me.Name, Ratings: []proto.RatingInfo{}}
	for _, x := range rs {
		rep.Ratings = append(rep.Ratings, ratingInfo(x))
	}
	writeJSON(w, http.StatusOK, rep)
}

// leaderboardSize is how many players GET /api/leaderboard lists.
const leaderboardSize = 100

// handleLeaderboard lists the best ratings of ?variant= and ?players=
// (settled ones first): names and ratings only, no ids, for anyone.
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	variant := q.Get("variant")
	players, err := strconv.Atoi(q.Get("players"))
	if err != nil || players < 2 || players > 4 || (store.Setup{Variant: variant, Players: players}).Validate() != nil {
		writeErr(w, http.StatusBadRequest, "bad-request", "want ?variant=express|expert|extreme&players=2|3|4")
		return
	}
	rs, err := s.cfg.Store.Leaderboard(r.Context(), variant, players, q.Get("settled") == "1", leaderboardSize)
	if err != nil {
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not read the leaderboard")
		return
	}
	out := make([]proto.RatingInfo, 0, len(rs))
	for _, x := range rs {
		out = append(out, ratingInfo(x))
	}
	writeJSON(w, http.StatusOK, out)
}
