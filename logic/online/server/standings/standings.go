//go:build !js

package standings

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/rating"
	"shiftago/logic/online/server"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/server/httpjson"
	"shiftago/logic/online/store"
)

// api is the ratings' handlers over the hub.
type api struct{ *server.Server }

// Mount adds the ratings' paths to the hub: a server.Feature.
func Mount(s *server.Server) {
	a := api{s}
	s.Handle("GET /api/guests/me", a.handleMe)
	s.Handle("GET /api/leaderboard", a.handleLeaderboard)
	go a.repairRatings()
	go a.sweepComputer()
}

func RatingInfo(r store.Rating) proto.RatingInfo {
	return proto.RatingInfo{ID: r.Guest, Name: r.Name, Variant: r.Variant, Players: r.Players, Rating: r.Rating, RD: r.RD, Games: r.Games,
		Provisional: r.RD > rating.ProvisionalRD}
}

// handleMe answers the caller's name and ratings (their token says who:
// guests have no public id to look them up by), and with ?history=1
// their rating after each of their latest rated games.
func (s api) handleMe(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	rs, err := s.Store().RatingsOf(r.Context(), me.ID)
	if err != nil {
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not read the ratings")
		return
	}
	rep := proto.MeReply{ID: me.ID, Name: me.Name, Ratings: []proto.RatingInfo{}}
	for _, x := range rs {
		rep.Ratings = append(rep.Ratings, RatingInfo(x))
	}
	if r.URL.Query().Get("history") == "1" {
		hs, err := s.Store().RatingHistory(r.Context(), me.ID, historySize)
		if err != nil {
			httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not read the rating history")
			return
		}
		rep.History = []proto.RatingPoint{}
		for _, h := range hs {
			rep.History = append(rep.History, proto.RatingPoint{Variant: h.Variant, Players: h.Players, Rating: h.Rating, RD: h.RD,
				At: h.Updated.UnixMilli()})
		}
		if rep.Computer, err = s.computerOf(r.Context(), me.ID); err != nil {
			httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not read the results against the computer")
			return
		}
	}
	httpjson.WriteJSON(w, http.StatusOK, rep)
}

// historySize is how many rated games GET /api/guests/me?history=1
// lists: a profile's chart.
const historySize = 100

// leaderboardSize is how many players GET /api/leaderboard lists.
const leaderboardSize = 100

// handleLeaderboard lists the best ratings of ?variant= and ?players=
// (settled ones first): names and ratings only, no ids, for anyone.
func (s api) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	variant := q.Get("variant")
	players, err := strconv.Atoi(q.Get("players"))
	if err != nil || players < 2 || players > 4 || (store.Setup{Variant: variant, Players: players}).Validate() != nil {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-request", "want ?variant=express|expert|extreme&players=2|3|4")
		return
	}
	rs, err := s.Store().Leaderboard(r.Context(), variant, players, q.Get("settled") == "1", leaderboardSize)
	if err != nil {
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not read the leaderboard")
		return
	}
	out := make([]proto.RatingInfo, 0, len(rs))
	for _, x := range rs {
		out = append(out, RatingInfo(x))
	}
	httpjson.WriteJSON(w, http.StatusOK, out)
}

// ratingsRepair is how often a node looks for rated games whose end was
// stored but whose ratings never were (their node died in between); it
// also looks when it starts.
const ratingsRepair = time.Minute

// repairRatings applies, at start and then every ratingsRepair, the
// ratings of the finished rated games the store still lists as due.
// Several nodes may do it at once: the store applies a game once.
func (s api) repairRatings() {
	tick := time.NewTicker(ratingsRepair)
	defer tick.Stop()
	for {
		ctx, cancel := context.WithTimeout(s.Context(), server.StoreWait)
		due, err := s.Store().RatingsDue(ctx, 100)
		cancel()
		if err != nil && s.Context().Err() == nil {
			s.Log().Warn("ratings due", slog.Any("err", err))
		}
		for _, id := range due {
			log := s.Log().With(slog.String("game", id))
			t, err := s.LoadTable(id)
			if err != nil {
				log.Warn("repair ratings: load", slog.Any("err", err))
				continue
			}
			ctx, cancel := context.WithTimeout(s.Context(), server.StoreWait)
			if gamestate.ApplyRatings(ctx, s.Store(), t, log) == nil {
				log.Info("repaired the ratings of a game whose node stopped before applying them")
			}
			cancel()
		}
		select {
		case <-s.Context().Done():
			return
		case <-tick.C:
		}
	}
}
