//go:build !js

package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/store"
)

// A Feature is a part of the HTTP API outside the game hub (the guests
// and their devices, finding and starting games, the ratings: packages
// accounts, matchmaking and standings), added at the hub's construction
// (Config.Features). It routes its paths with Handle and works through
// the methods below, so the hub never imports its features.
type Feature func(*Server)

// Handle routes pattern to h behind the per-address rate limit and the
// bound on request bodies.
func (s *Server) Handle(pattern string, h http.HandlerFunc) { s.mux.HandleFunc(pattern, s.limited(h)) }

// StoreWait bounds one call to the store.
const StoreWait = storeWait

// Context ends when the hub shuts down: a feature's loops stop then.
func (s *Server) Context() context.Context { return s.ctx }

// Store is the hub's store (timed for the metrics).
func (s *Server) Store() store.Store { return s.cfg.Store }

// Log is the hub's logger.
func (s *Server) Log() *slog.Logger { return s.log }

// Now is the hub's clock (Config.Now).
func (s *Server) Now() time.Time { return s.now() }

// Limits are the per-address limits in force.
func (s *Server) Limits() guard.Limits { return s.cfg.Limits }

// Abuse is the node's caps on new guests and games and wrong join codes.
func (s *Server) Abuse() *guard.Abuse { return s.abuse }

// TakeoverLevel is the level of a computer that takes a seat over.
func (s *Server) TakeoverLevel() int { return s.cfg.TakeoverLevel }

// Authed is the guest of a request's Authorization: Bearer token,
// answering 401 when it has no valid one.
func (s *Server) Authed(w http.ResponseWriter, r *http.Request) (store.Guest, bool) {
	return s.authed(w, r)
}

// ClientAddr is the address the per-address limits count a request
// under: the peer's, or a trusted proxy's word (guard.ClientAddr).
func (s *Server) ClientAddr(r *http.Request) string { return guard.ClientAddr(r, s.cfg.Trusted) }

// Refuse answers a capped request 429 with Retry-After, counted and logged.
func (s *Server) Refuse(w http.ResponseWriter, r *http.Request, code string, ref *guard.Refusal) {
	s.refuse(w, r, code, ref)
}

// Shed refuses a new game when the node is full (admission control,
// shed.go) and reports whether it refused.
func (s *Server) Shed(w http.ResponseWriter) bool { return s.shed(w) }

// ShedConn refuses a new connection when the node is full (503 with
// Retry-After, as a game's socket) and reports whether it refused.
func (s *Server) ShedConn(w http.ResponseWriter) bool { return s.refuseNew(w, false) }

// LoadTable reads a game, its moves and its players' names from the store.
func (s *Server) LoadTable(id string) (*gamestate.Table, error) { return s.loadTable(id) }

// evRevoke tells every node that a device (Event.Game: its id) was
// revoked: its sockets close.
const evRevoke store.EventKind = "revoke"

// Revoked closes the sockets of a device its player revoked, here and,
// through the bus, on every other node: its token acts no more.
func (s *Server) Revoked(ctx context.Context, device string) {
	s.closeDevice(device)
	if err := s.cfg.Store.Bus().Publish(ctx, store.Event{Game: device, Kind: evRevoke}); err != nil {
		s.log.Warn("revoke: tell the other nodes", slog.Any("err", err))
	}
}

// closeDevice closes this node's sockets of a revoked device, saying why
// first (a refused auth) so that its client stops reconnecting.
func (s *Server) closeDevice(id string) {
	s.mu.Lock()
	var out []*conn
	for c := range s.conns {
		if c.device == id {
			out = append(out, c)
		}
	}
	s.mu.Unlock()
	for _, c := range out {
		if c.revoked.Swap(true) {
			continue // told already (the revoke came here, then on the bus)
		}
		c.send(proto.Refuse(0, "", proto.CodeAuth, "this device was revoked"))
		c.Close(websocket.StatusCode(proto.CloseRevoked), "device revoked")
	}
}
