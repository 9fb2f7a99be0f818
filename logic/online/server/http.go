//go:build !js

package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode"

	"shiftago/logic/ai"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/store"
)

// maxBody is the largest API request body.
const maxBody = 4 << 10

// limited meters the requests of an address and bounds their bodies.
func (s *Server) limited(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.addr.Allow(s.clientAddr(r), s.now(), s.cfg.Limits) {
			s.ops.refused("rate")
			writeErr(w, http.StatusTooManyRequests, string(proto.CodeRate), "too many requests: slow down")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		h(w, r)
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func writeErr(w http.ResponseWriter, code int, short, why string) {
	writeJSON(w, code, proto.APIError{Error: short, Why: why})
}

// decodeBody reads a request's JSON body strictly (proto.DecodeStrict):
// no key twice, no key in another case, no unknown field.
func decodeBody(r *http.Request, v any) error {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	return proto.DecodeStrict(b, v)
}

// guest authenticates a request by its Authorization: Bearer token (never
// a URL parameter: a token must not appear in a link or a log).
func (s *Server) guest(r *http.Request) (store.Guest, bool) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || tok == "" || len(tok) > proto.MaxTokenLen {
		return store.Guest{}, false
	}
	g, err := s.cfg.Store.GuestByToken(r.Context(), tok)
	return g, err == nil
}

// authed is guest, answering 401 when the request has no valid token.
func (s *Server) authed(w http.ResponseWriter, r *http.Request) (store.Guest, bool) {
	g, ok := s.guest(r)
	if !ok {
		writeErr(w, http.StatusUnauthorized, string(proto.CodeAuth), "send Authorization: Bearer <token>")
	}
	return g, ok
}

// cleanName trims the spaces around a name, but not a control
// character or a line separator, which CheckName refuses wherever it is.
func cleanName(n string) (string, error) {
	n = strings.TrimFunc(n, func(r rune) bool {
		return unicode.IsSpace(r) && r >= ' ' && r != 0x85 && r != 0x2028 && r != 0x2029
	})
	if n == "" {
		return "Guest", nil
	}
	if err := proto.CheckName(n); err != nil {
		return "", err
	}
	return n, nil
}

// guestName reads a guest request's name, cleaned; on a bad body or name
// it answers 400 and reports false.
func guestName(w http.ResponseWriter, r *http.Request) (string, bool) {
	var req proto.GuestRequest
	if err := decodeBody(r, &req); err != nil {
		writeErr(w, http.StatusBadRequest, "bad-request", err.Error())
		return "", false
	}
	name, err := cleanName(req.Name)
	if err != nil {
		writeErr(w, http.StatusBadRequest, "bad-name", err.Error())
		return "", false
	}
	return name, true
}

func (s *Server) handleGuest(w http.ResponseWriter, r *http.Request) {
	name, ok := guestName(w, r)
	if !ok {
		return
	}
	if ref := s.abuse.Guests.Take(r.Context(), s.clientAddr(r), s.now()); ref != nil {
		s.refuse(w, r, guard.ErrTooManyGuests, ref)
		return
	}
	g, tok, err := s.cfg.Store.CreateGuest(r.Context(), name)
	if err != nil {
		s.log.Error("create guest", slog.Any("err", err))
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not store the guest")
		return
	}
	_ = s.cfg.Store.NameDevice(r.Context(), g.ID, g.Device, deviceName(r.UserAgent())) // for its player's list of devices
	writeJSON(w, http.StatusCreated, proto.GuestReply{ID: g.ID, Name: g.Name, Token: tok})
}

// handleRename changes the display name of the request's guest: the
// games it opens from then on show it (a game open on a node meanwhile
// keeps the name it loaded until it is loaded again).
func (s *Server) handleRename(w http.ResponseWriter, r *http.Request) {
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	name, ok := guestName(w, r)
	if !ok {
		return
	}
	g, err := s.cfg.Store.RenameGuest(r.Context(), me.ID, name)
	if err != nil {
		s.log.Error("rename guest", slog.Any("err", err))
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not store the name")
		return
	}
	writeJSON(w, http.StatusOK, proto.GuestReply{ID: g.ID, Name: g.Name})
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if s.shed(w) {
		return
	}
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	var req proto.CreateRequest
	if err := decodeBody(r, &req); err != nil {
		writeErr(w, http.StatusBadRequest, "bad-request", err.Error())
		return
	}
	ng, err := s.newGame(me.ID, req)
	if err != nil {
		writeErr(w, http.StatusBadRequest, "bad-game", err.Error())
		return
	}
	if !s.mayStart(w, r, me.ID) {
		return
	}
	rec, err := s.cfg.Store.CreateGame(r.Context(), ng)
	if err != nil {
		s.log.Error("create game", slog.Any("err", err))
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not store the game")
		return
	}
	s.log.Info("game created", slog.String("game", rec.ID), slog.String("variant", rec.Setup.Variant), slog.Int("players", rec.Setup.Players))
	writeJSON(w, http.StatusCreated, reply(rec, me.ID))
}

// newGame checks a create request against the rules.
func (s *Server) newGame(creator string, req proto.CreateRequest) (store.NewGame, error) {
	if req.PerMove < 0 || req.PerMove > maxPerMove {
		return store.NewGame{}, fmt.Errorf("permove is 0 to %d seconds", maxPerMove)
	}
	if req.Takeover < 0 || req.Takeover > ai.MaxLevel {
		return store.NewGame{}, fmt.Errorf("takeover is a level 1 to %d, or 0 for the server's", ai.MaxLevel)
	}
	setup := store.Setup{Variant: req.Variant, Players: len(req.Seats), SitOuts: req.SitOuts, Starter: req.Starter,
		MoveTime: time.Duration(req.PerMove) * time.Second, Takeover: req.Takeover, Rated: req.Rated, Public: req.Public}
	start, err := gamestate.StartOf(setup)
	if err != nil {
		return store.NewGame{}, err
	}
	if err := setup.Validate(); err != nil {
		return store.NewGame{}, err
	}
	ng := store.NewGame{Creator: creator, Setup: setup, ToMoveSeat: start.ToMoveSeat(), CodeTTL: s.abuse.Caps.CodeTTL}
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
	if open == 0 && setup.MoveTime > 0 {
		ng.Deadline = s.now().Add(setup.MoveTime)
	}
	return ng, nil
}

const maxPerMove = 30 * 24 * 3600 // a month

// roomFor says whether a guest may hold a seat in one more game.
func (s *Server) roomFor(ctx context.Context, guest string) bool {
	games, err := s.cfg.Store.GamesOf(ctx, guest, s.cfg.Limits.GamesPerGuest+1)
	if err != nil {
		return false
	}
	open := 0
	for _, g := range games {
		if g.Status == store.StatusOpen || g.Status == store.StatusPlaying {
			open++
		}
	}
	return open < s.cfg.Limits.GamesPerGuest
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
	return rep
}

// handleJoin gives the guest the first free seat of the game the invite
// code names. Two guests racing for the last seat: the store gives it to
// one, the other is refused.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	var req proto.JoinRequest
	if err := decodeBody(r, &req); err != nil || req.Code == "" || len(req.Code) > proto.MaxGameLen {
		writeErr(w, http.StatusBadRequest, "bad-request", `want {"code": "…"}`)
		return
	}
	rec, ok := s.byCode(w, r, req.Code)
	if !ok {
		return
	}
	if rec.SeatOf(me.ID) >= 0 {
		writeJSON(w, http.StatusOK, reply(rec, me.ID)) // joined already: the same answer again
		return
	}
	if !s.roomFor(r.Context(), me.ID) {
		writeErr(w, http.StatusTooManyRequests, "too-many-games", fmt.Sprintf("at most %d games at once", s.cfg.Limits.GamesPerGuest))
		return
	}
	for _, st := range rec.Seats {
		if st.Kind != store.SeatRemote || st.Guest != "" {
			continue
		}
		got, err := s.cfg.Store.TakeSeat(r.Context(), rec.ID, st.Index, me.ID)
		if errors.Is(err, store.ErrSeatTaken) {
			continue
		}
		if err != nil {
			s.log.Error("take seat", slog.String("game", rec.ID), slog.Any("err", err))
			writeErr(w, http.StatusServiceUnavailable, "busy", "could not take the seat")
			return
		}
		writeJSON(w, http.StatusOK, reply(got, me.ID))
		return
	}
	writeErr(w, http.StatusConflict, "no-seat", "no free seat in this game")
}

// seatsOf describes the seats of rec for the guest's list: colour,
// kind, the holder's name (names caches them across the list; a name
// the store cannot give now is left out, never a failure of the list).
func (s *Server) seatsOf(ctx context.Context, rec store.Game, names map[string]string) []proto.SeatInfo {
	setup, err := gamestate.SetupOf(rec.Setup)
	if err != nil || len(setup.Seats) != len(rec.Seats) {
		return nil
	}
	out := make([]proto.SeatInfo, 0, len(rec.Seats))
	for i, st := range rec.Seats {
		n, ok := names[st.Guest]
		if !ok && st.Guest != "" && st.Kind != store.SeatComputer {
			if gu, err := s.cfg.Store.Guest(ctx, st.Guest); err == nil {
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
func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	games, err := s.cfg.Store.GamesOf(r.Context(), me.ID, 100)
	if err != nil {
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not list the games")
		return
	}
	list := make([]proto.GameReply, 0, len(games))
	names := map[string]string{}
	for _, rec := range games {
		rep := reply(rec, me.ID)
		rep.Table = s.seatsOf(r.Context(), rec, names)
		list = append(list, rep)
	}
	writeJSON(w, http.StatusOK, list)
}
