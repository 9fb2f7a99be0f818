//go:build !js

package matchmaking

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/httpjson"
	"shiftago/logic/online/store"
)

// Quick pairing (issue 47): a guest asks for a game (variant, players,
// time control, rated) and is paired with the next guests who ask for
// the same one. The queue is the store's (store.Pair): every node
// sharing the database pairs from one queue, the database deciding, so
// two players asking on two nodes find each other. The client polls
// (GET) while it waits; a poll also keeps its ask alive (store.PairFresh)
// and lets computers fill the table once the wait it allowed is over.
//
// The time control is the game's, as POST /api/games takes it (a time
// per move, or a clock and its increment: the pools "5+3", "10+5"), and
// it is part of the setup whose JSON is the queue's key: asks of two
// time controls never meet. An ask without a clock (an older client's)
// makes the very setup, so the very queue, it made before clocks came.

// pairSetup checks a pairing request and makes the game asked for.
// Paired games are public: they can be watched from the lobby.
func pairSetup(req proto.PairRequest) (store.Setup, time.Duration, error) {
	setup := store.Setup{Variant: req.Variant, Players: req.Players, MoveTime: time.Duration(req.PerMove) * time.Second,
		Clock: time.Duration(req.Clock) * time.Second, Increment: time.Duration(req.Increment) * time.Second,
		Rated: req.Rated, Public: true}
	if err := timeOK(req.PerMove, req.Clock, req.Increment); err != nil {
		return setup, 0, err
	}
	if req.Rated {
		if err := ratedTimeOK(req.PerMove, req.Clock); err != nil {
			return setup, 0, err
		}
	}
	switch {
	case req.Fill != 0 && (req.Fill < proto.MinFill || req.Fill > proto.MaxFill):
		return setup, 0, fmt.Errorf("fill is 0, or %d to %d seconds", proto.MinFill, proto.MaxFill)
	case req.Fill != 0 && (req.Players < 3 || req.Rated):
		return setup, 0, errors.New("computers fill only casual games of 3 or 4 players")
	}
	if err := setup.Validate(); err != nil {
		return setup, 0, err
	}
	if _, err := gamestate.StartOf(setup); err != nil {
		return setup, 0, err
	}
	return setup, time.Duration(req.Fill) * time.Second, nil
}

// handlePairAsk files the guest's ask (replacing an earlier one) and
// pairs it at once when others wait for the same game.
func (s api) handlePairAsk(w http.ResponseWriter, r *http.Request) {
	if s.Shed(w) {
		return
	}
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	var req proto.PairRequest
	if err := httpjson.DecodeBody(r, &req); err != nil {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-request", err.Error())
		return
	}
	setup, fill, err := pairSetup(req)
	if err != nil {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-game", err.Error())
		return
	}
	// An ask may make a game: it counts as one against the guest's
	// games and the hourly caps, as POST /api/games does.
	if !s.mayStart(w, r, me.ID) {
		return
	}
	s.pairing(w, r, store.PairAsk{Guest: me.ID, Setup: &setup, Fill: fill, Level: s.TakeoverLevel()})
}

// mayStart says whether the guest may start one more game (its games
// at once, the address's and the node's hourly caps), and answers the
// refusal when not.
func (s api) mayStart(w http.ResponseWriter, r *http.Request, guest string) bool {
	if !s.roomFor(r.Context(), guest) {
		httpjson.WriteErr(w, http.StatusTooManyRequests, "too-many-games", fmt.Sprintf("at most %d games at once", s.Limits().GamesPerGuest))
		return false
	}
	if ref := s.Abuse().Games.Take(r.Context(), s.ClientAddr(r), s.Now()); ref != nil {
		s.Refuse(w, r, guard.ErrTooManyNew, ref)
		return false
	}
	return true
}

// handlePairPoll says where the guest's ask is, pairing it if it can.
func (s api) handlePairPoll(w http.ResponseWriter, r *http.Request) {
	if me, ok := s.Authed(w, r); ok {
		s.pairing(w, r, store.PairAsk{Guest: me.ID})
	}
}

// handlePairCancel withdraws the guest's ask; too late, it answers the
// game the ask was paired into (the client opens it).
func (s api) handlePairCancel(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	p, err := s.Store().CancelPairing(r.Context(), me.ID)
	s.pairReply(w, r, me.ID, p, err)
}

func (s api) pairing(w http.ResponseWriter, r *http.Request, a store.PairAsk) {
	p, err := s.Store().Pair(r.Context(), a)
	s.pairReply(w, r, a.Guest, p, err)
}

func (s api) pairReply(w http.ResponseWriter, r *http.Request, guest string, p store.Pairing, err error) {
	if err != nil {
		s.Log().Error("pairing", slog.Any("err", err))
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not reach the pairing queue")
		return
	}
	rep := proto.PairReply{Status: proto.PairNone}
	switch p.State {
	case store.PairWaiting:
		rep = proto.PairReply{Status: proto.PairWaiting, Since: p.Asked.UnixMilli(), Waiting: p.Waiting, Everyone: p.Everyone,
			Fill: int(p.Fill / time.Second)}
	case store.PairPaired:
		rec, err := s.Store().Game(r.Context(), p.Game)
		if err != nil {
			httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not read the game")
			return
		}
		g := reply(rec, guest)
		rep = proto.PairReply{Status: proto.PairPaired, Game: &g}
	}
	httpjson.WriteJSON(w, http.StatusOK, rep)
}
