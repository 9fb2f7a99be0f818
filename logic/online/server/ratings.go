//go:build !js

package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/rating"
	"shiftago/logic/online/server/gamestate"
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

// rate applies a finished rated game's ratings. Called by the node that
// committed the game's end, right after the commit; the store applies a
// game once however often it is asked, so a second call (another node,
// a retry, the repair) changes nothing. A node that dies before it is
// done leaves the game in the store's RatingsDue, for repairRatings.
func (g *game) rate() {
	rec := g.t.Rec
	if !rec.Setup.Rated || rec.Status != store.StatusFinished {
		return
	}
	crashBeforeRatings()
	ctx, cancel := g.ctx()
	defer cancel()
	gamestate.ApplyRatings(ctx, g.srv.cfg.Store, g.t, g.log())
}

// ratingsRepair is how often a node looks for rated games whose end was
// stored but whose ratings never were (their node died in between); it
// also looks when it starts.
const ratingsRepair = time.Minute

// repairRatings applies, at start and then every ratingsRepair, the
// ratings of the finished rated games the store still lists as due.
// Several nodes may do it at once: the store applies a game once.
func (s *Server) repairRatings() {
	tick := time.NewTicker(ratingsRepair)
	defer tick.Stop()
	for {
		ctx, cancel := context.WithTimeout(s.ctx, storeWait)
		due, err := s.cfg.Store.RatingsDue(ctx, 100)
		cancel()
		if err != nil && s.ctx.Err() == nil {
			s.log.Warn("ratings due", slog.Any("err", err))
		}
		for _, id := range due {
			log := s.log.With(slog.String("game", id))
			t, err := s.loadTable(id)
			if err != nil {
				log.Warn("repair ratings: load", slog.Any("err", err))
				continue
			}
			ctx, cancel := context.WithTimeout(s.ctx, storeWait)
			if gamestate.ApplyRatings(ctx, s.cfg.Store, t, log) == nil {
				log.Info("repaired the ratings of a game whose node stopped before applying them")
			}
			cancel()
		}
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// crashBeforeRatings kills the process as a crash would when the
// environment has SHIFTAGO_TEST_CRASH_BEFORE_RATINGS=1: for
// TestServeRatingsSurviveACrash only (README, "Ratings"), which needs a
// node dead exactly between a game's end and its ratings. Nothing else
// sets it; read at that moment only, once per rated game.
func crashBeforeRatings() {
	if os.Getenv("SHIFTAGO_TEST_CRASH_BEFORE_RATINGS") != "1" {
		return
	}
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		_ = p.Kill() // SIGKILL (TerminateProcess on Windows): no deferred call runs
	}
	select {} // the signal is on its way
}

func ratingInfo(r store.Rating) proto.RatingInfo {
	return proto.RatingInfo{Name: r.Name, Variant: r.Variant, Players: r.Players, Rating: r.Rating, RD: r.RD, Games: r.Games,
		Provisional: r.RD > rating.ProvisionalRD}
}

// handleMe answers the caller's name and ratings (their token says who:
// guests have no public id to look them up by), and with ?history=1
// their rating after each of their latest rated games.
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
	if r.URL.Query().Get("history") == "1" {
		hs, err := s.cfg.Store.RatingHistory(r.Context(), me.ID, historySize)
		if err != nil {
			writeErr(w, http.StatusServiceUnavailable, "busy", "could not read the rating history")
			return
		}
		rep.History = []proto.RatingPoint{}
		for _, h := range hs {
			rep.History = append(rep.History, proto.RatingPoint{Variant: h.Variant, Players: h.Players, Rating: h.Rating, RD: h.RD,
				At: h.Updated.UnixMilli()})
		}
	}
	writeJSON(w, http.StatusOK, rep)
}

// historySize is how many rated games GET /api/guests/me?history=1
// lists: a profile's chart.
const historySize = 100

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
