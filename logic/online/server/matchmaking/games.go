//go:build !js

package matchmaking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"shiftago/logic/ai"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/server"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/httpjson"
	"shiftago/logic/online/store"
)

// api is matchmaking's handlers over the hub.
type api struct{ *server.Server }

// Mount adds the paths that make, find, join and list games to the hub:
// a server.Feature.
func Mount(s *server.Server) {
	a := api{s}
	s.Handle("POST /api/games", a.handleCreate)
	s.Handle("GET /api/games", a.handleList)
	s.Handle("POST /api/join", a.handleJoin)
	s.Handle("GET /api/invites/{code}", a.handleInvite)
	s.Handle("GET /api/lobby", a.handleLobby)
	s.Handle("GET "+proto.LobbyPath, newFeed(a).handleWS)
	s.Handle("POST /api/pairing", a.handlePairAsk)
	s.Handle("GET /api/pairing", a.handlePairPoll)
	s.Handle("DELETE /api/pairing", a.handlePairCancel)
}

func (s api) handleCreate(w http.ResponseWriter, r *http.Request) {
	if s.Shed(w) {
		return
	}
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	var req proto.CreateRequest
	if err := httpjson.DecodeBody(r, &req); err != nil {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-request", err.Error())
		return
	}
	ng, err := s.newGame(me.ID, req)
	if err != nil {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-game", err.Error())
		return
	}
	if !s.mayStart(w, r, me.ID) {
		return
	}
	rec, err := s.Store().CreateGame(r.Context(), ng)
	if err != nil {
		s.Log().Error("create game", slog.Any("err", err))
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not store the game")
		return
	}
	s.Log().Info("game created", slog.String("game", rec.ID), slog.String("variant", rec.Setup.Variant), slog.Int("players", rec.Setup.Players))
	httpjson.WriteJSON(w, http.StatusCreated, reply(rec, me.ID))
}

// newGame checks a create request against the rules.
func (s api) newGame(creator string, req proto.CreateRequest) (store.NewGame, error) {
	if err := timeOK(req.PerMove, req.Clock, req.Increment); err != nil {
		return store.NewGame{}, err
	}
	if req.Takeover < 0 || req.Takeover > ai.MaxLevel {
		return store.NewGame{}, fmt.Errorf("takeover is a level 1 to %d, or 0 for the server's", ai.MaxLevel)
	}
	setup := store.Setup{Variant: req.Variant, Players: len(req.Seats), SitOuts: req.SitOuts, Starter: req.Starter,
		MoveTime: time.Duration(req.PerMove) * time.Second,
		Clock:    time.Duration(req.Clock) * time.Second, Increment: time.Duration(req.Increment) * time.Second, Takeover: req.Takeover, Rated: req.Rated, Public: req.Public}
	start, err := gamestate.StartOf(setup)
	if err != nil {
		return store.NewGame{}, err
	}
	if err := setup.Validate(); err != nil {
		return store.NewGame{}, err
	}
	ng := store.NewGame{Creator: creator, Setup: setup, ToMoveSeat: start.ToMoveSeat(), CodeTTL: s.Abuse().Caps.CodeTTL}
	mine, open := 0, 0
	for i, sr := range req.Seats {
		st := store.Seat{Index: i}
		switch sr.Kind {
		case "me":
			st.Kind, st.Guest = store.SeatRemote, creator
			if mine > 0 {
				st.Kind = store.SeatHotSeat // another seat on the creator's device
			}
			mine++
		case "open":
			st.Kind = store.SeatRemote
			open++
		case "computer":
			if sr.Level < 1 || sr.Level > ai.MaxLevel {
				return store.NewGame{}, fmt.Errorf("seat %d: level is 1 to %d", i, ai.MaxLevel)
			}
			st.Kind, st.Level = store.SeatComputer, sr.Level
		default:
			return store.NewGame{}, fmt.Errorf("seat %d: kind is me, open or computer", i)
		}
		ng.Seats = append(ng.Seats, st)
	}
	if mine == 0 {
		return store.NewGame{}, errors.New("hold at least one seat (kind me)")
	}
	if err := ratedOK(req, mine); err != nil {
		return store.NewGame{}, err
	}
	if open == 0 && setup.FirstMoveTime() > 0 {
		ng.Deadline = s.Now().Add(setup.FirstMoveTime())
	}
	return ng, nil
}

const maxPerMove = 30 * 24 * 3600 // a month

// roomFor says whether a guest may hold a seat in one more game.
func (s api) roomFor(ctx context.Context, guest string) bool {
	games, err := s.Store().GamesOf(ctx, guest, s.Limits().GamesPerGuest+1)
	if err != nil {
		return false
	}
	open := 0
	for _, g := range games {
		if g.Status == store.StatusOpen || g.Status == store.StatusPlaying {
			open++
		}
	}
	return open < s.Limits().GamesPerGuest
}

func reply(rec store.Game, guest string) proto.GameReply {
	rep := proto.GameReply{Game: rec.ID, Watch: rec.Spectator, Variant: rec.Setup.Variant, Players: rec.Setup.Players,
		Status: rec.Status.Wire(), Ply: rec.Ply, Result: rec.Result, Seats: []int{}, Rated: rec.Setup.Rated}
	for i, st := range rec.Seats {
		if st.Kind != store.SeatComputer && st.Guest == guest {
			rep.Seats = append(rep.Seats, i)
		}
		if st.Kind == store.SeatRemote && st.Guest == "" && rec.Status == store.StatusOpen && !rec.CodeExpires.IsZero() {
			rep.Invite = rec.Code // until it expires (a joiner is told then)
		}
	}
	if rec.Status == store.StatusPlaying && rec.ToMoveSeat >= 0 && rec.ToMoveSeat < len(rec.Seats) {
		st := rec.Seats[rec.ToMoveSeat]
		rep.YourMove = st.Kind != store.SeatComputer && st.Guest == guest
		rep.ToMove = rec.ToMoveSeat
	}
	if !rec.Deadline.IsZero() {
		rep.Deadline = rec.Deadline.UnixMilli()
	}
	rep.PerMove, rep.Clock, rep.Increment = clockOf(rec.Setup)
	return rep
}

// handleJoin gives the guest the first free seat of the game the invite
// code names. Two guests racing for the last seat: the store gives it to
// one, the other is refused.
func (s api) handleJoin(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	var req proto.JoinRequest
	if err := httpjson.DecodeBody(r, &req); err != nil || req.Code == "" || len(req.Code) > proto.MaxGameLen {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-request", `want {"code": "…"}`)
		return
	}
	rec, ok := s.byCode(w, r, req.Code)
	if !ok {
		return
	}
	if rec.SeatOf(me.ID) >= 0 {
		httpjson.WriteJSON(w, http.StatusOK, reply(rec, me.ID)) // joined already: the same answer again
		return
	}
	if !s.roomFor(r.Context(), me.ID) {
		httpjson.WriteErr(w, http.StatusTooManyRequests, "too-many-games", fmt.Sprintf("at most %d games at once", s.Limits().GamesPerGuest))
		return
	}
	for _, st := range rec.Seats {
		if st.Kind != store.SeatRemote || st.Guest != "" {
			continue
		}
		got, err := s.Store().TakeSeat(r.Context(), rec.ID, st.Index, me.ID)
		if errors.Is(err, store.ErrSeatTaken) {
			continue
		}
		if err != nil {
			s.Log().Error("take seat", slog.String("game", rec.ID), slog.Any("err", err))
			httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not take the seat")
			return
		}
		httpjson.WriteJSON(w, http.StatusOK, reply(got, me.ID))
		return
	}
	httpjson.WriteErr(w, http.StatusConflict, "no-seat", "no free seat in this game")
}

// seatsOf describes the seats of rec for the guest's list: colour,
// kind, the holder's name (names caches them across the list; a name
// the store cannot give now is left out, never a failure of the list).
func (s api) seatsOf(ctx context.Context, rec store.Game, names map[string]string) []proto.SeatInfo {
	setup, err := gamestate.SetupOf(rec.Setup)
	if err != nil || len(setup.Seats) != len(rec.Seats) {
		return nil
	}
	out := make([]proto.SeatInfo, 0, len(rec.Seats))
	for i, st := range rec.Seats {
		n, ok := names[st.Guest]
		if !ok && st.Guest != "" && st.Kind != store.SeatComputer {
			if gu, err := s.Store().Guest(ctx, st.Guest); err == nil {
				n = gu.Name
			}
			names[st.Guest] = n
		}
		out = append(out, gamestate.SeatInfo(i, st, setup.Seats[i], n))
	}
	return out
}

// handleList lists the guest's games: theirs to move first (earliest
// deadline first), then the others playing, open, finished.
func (s api) handleList(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	games, err := s.Store().GamesOf(r.Context(), me.ID, 100)
	if err != nil {
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not list the games")
		return
	}
	list := make([]proto.GameReply, 0, len(games))
	names := map[string]string{}
	for _, rec := range games {
		rep := reply(rec, me.ID)
		rep.Table = s.seatsOf(r.Context(), rec, names)
		list = append(list, rep)
	}
	httpjson.WriteJSON(w, http.StatusOK, list)
}

// byCode finds the game of a join code for handleJoin, answering the
// request itself when it cannot: a code that cannot be one (a typo: its
// length, a letter the codes never use) is 404 and costs nothing; a
// well-formed code is looked up while the address's and the node's
// buckets of misses hold a token (else 429, Retry-After, and no lookup),
// and costs one of each only when it names no live game.
func (s api) byCode(w http.ResponseWriter, r *http.Request, code string) (store.Game, bool) {
	noGame := func() {
		httpjson.WriteErr(w, http.StatusNotFound, string(proto.CodeNoGame), "no game has this invite code, or it has expired (a code opens a free seat for a day, until the game is full)")
	}
	code = store.NormalizeCode(code)
	if !store.ValidCode(code) {
		noGame()
		return store.Game{}, false
	}
	if ref := s.Abuse().Misses.Peek(r.Context(), s.ClientAddr(r), s.Now()); ref != nil {
		s.Refuse(w, r, guard.ErrTooManyGuesses, ref)
		return store.Game{}, false
	}
	rec, err := s.Store().GameByCode(r.Context(), code)
	switch {
	case err == nil:
		return rec, true
	case errors.Is(err, store.ErrNotFound):
		s.Abuse().Misses.Charge(r.Context(), s.ClientAddr(r), s.Now())
		noGame()
	default: // the store's failure is not the guest's miss
		s.Log().Error("game by code", slog.Any("err", err))
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not look the code up")
	}
	return store.Game{}, false
}

// ratedOK refuses a rated game that a rating could not trust: one
// without time to think (proto.MinRatedPerMove, proto.MinRatedClock), with a computer seat
// (its strength is not a player's), or with two seats on one device.
func ratedOK(req proto.CreateRequest, mine int) error {
	if !req.Rated {
		return nil
	}
	if err := ratedTimeOK(req.PerMove, req.Clock); err != nil {
		return err
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
