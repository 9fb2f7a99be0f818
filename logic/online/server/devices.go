//go:build !js

package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/store"
)

// One player, many devices (issue 47). A device shows a link code (and
// its QR code); another device exchanges it for a token of its own, so
// no token ever travels in a link. Devices are listed and revoked one by
// one; a recovery code brings the player back on a new device after
// every one is lost. Wrong codes are metered like wrong join codes.

// linkTTL is how long a link code makes a device.
const linkTTL = 10 * time.Minute

// evRevoke tells every node that a device (Event.Game: its id) was
// revoked: its sockets close.
const evRevoke store.EventKind = "revoke"

// errNoCode is the refusal of a wrong, used or expired device code.
const errNoCode = "no-code"

// deviceState is the node's meter of wrong device codes.
type deviceState struct {
	misses *guard.Capped
}

// routeDevices adds /api/devices to the server's routes.
func (s *Server) routeDevices() {
	c := s.abuse.Caps
	s.devices = &deviceState{misses: guard.NewCapped(rate.Every(c.MissEvery), c.MissBurst, s.cfg.Store, "device-misses", c.MissWindow(), c.MissBurstAll,
		"too many wrong device codes from this address", "too many wrong device codes on this server")}
	s.devices.misses.Log = s.abuse.Misses.Log
	s.mux.HandleFunc("POST /api/devices/link", s.limited(s.handleLinkCode))
	s.mux.HandleFunc("POST /api/devices/recovery", s.limited(s.handleRecovery))
	s.mux.HandleFunc("POST /api/devices", s.limited(s.handleUseCode))
	s.mux.HandleFunc("GET /api/devices", s.limited(s.handleDevices))
	s.mux.HandleFunc("DELETE /api/devices/{id}", s.limited(s.handleRevoke))
}

func (s *Server) busy(w http.ResponseWriter, what string, err error) {
	s.log.Error(what, slog.Any("err", err))
	writeErr(w, http.StatusServiceUnavailable, "busy", "could not "+what+" now")
}

// handleLinkCode makes a link code for the caller's player.
func (s *Server) handleLinkCode(w http.ResponseWriter, r *http.Request) {
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	code, exp, err := s.cfg.Store.LinkCode(r.Context(), me.ID, linkTTL)
	if err != nil {
		s.busy(w, "make a link code", err)
		return
	}
	writeJSON(w, http.StatusCreated, proto.LinkReply{Code: code, Expires: exp.UnixMilli()})
}

// handleRecovery makes the caller's recovery code anew.
func (s *Server) handleRecovery(w http.ResponseWriter, r *http.Request) {
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	code, err := s.cfg.Store.NewRecovery(r.Context(), me.ID)
	if err != nil {
		s.busy(w, "make a recovery code", err)
		return
	}
	writeJSON(w, http.StatusCreated, proto.RecoveryReply{Code: code})
}

// handleUseCode exchanges a link or recovery code for a new device of
// its player. No token is needed (the device has none of this player).
// A code that cannot be one costs nothing; a well-formed code is looked
// up only while the address's and the node's buckets of misses hold a
// token, and a miss spends one of each (as join codes: abuse.go).
func (s *Server) handleUseCode(w http.ResponseWriter, r *http.Request) {
	var req proto.DeviceRequest
	if err := decodeBody(r, &req); err != nil || req.Code == "" || len(req.Code) > proto.MaxGameLen {
		writeErr(w, http.StatusBadRequest, "bad-request", `want {"code": "…", "device": "a name (optional)"}`)
		return
	}
	name := deviceName(r.UserAgent())
	if req.Device != "" {
		n, err := cleanName(req.Device)
		if err != nil {
			writeErr(w, http.StatusBadRequest, "bad-name", err.Error())
			return
		}
		name = n
	}
	noCode := func() {
		writeErr(w, http.StatusNotFound, errNoCode, "no device code is this one: a link code works once, for 10 minutes; a recovery code until it is renewed")
	}
	code := store.NormalizeCode(req.Code)
	if !store.ValidDeviceCode(code) {
		noCode()
		return
	}
	addr := s.clientAddr(r)
	if ref := s.devices.misses.Peek(r.Context(), addr, s.now()); ref != nil {
		s.refuse(w, r, guard.ErrTooManyGuesses, ref)
		return
	}
	g, tok, err := s.cfg.Store.UseCode(r.Context(), code, name)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.devices.misses.Charge(r.Context(), addr, s.now())
		noCode()
		return
	case err != nil:
		s.busy(w, "make the device", err)
		return
	}
	s.log.Info("device linked", slog.String("guest", g.ID), slog.String("device", g.Device), slog.String("name", name))
	writeJSON(w, http.StatusCreated, proto.DeviceReply{ID: g.ID, Name: g.Name, Token: tok, Device: g.Device})
}

// handleDevices lists the caller's devices.
func (s *Server) handleDevices(w http.ResponseWriter, r *http.Request) {
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	s.writeDevices(w, r.Context(), me)
}

func (s *Server) writeDevices(w http.ResponseWriter, ctx context.Context, me store.Guest) {
	devs, rec, err := s.cfg.Store.DevicesOf(ctx, me.ID)
	if err != nil {
		s.busy(w, "list the devices", err)
		return
	}
	rep := proto.DevicesReply{Devices: make([]proto.DeviceInfo, 0, len(devs))}
	if !rec.IsZero() {
		rep.Recovery = rec.UnixMilli()
	}
	for _, d := range devs {
		rep.Devices = append(rep.Devices, proto.DeviceInfo{ID: d.ID, Name: d.Name, Created: d.Created.UnixMilli(), Seen: d.Seen.UnixMilli(), This: d.ID == me.Device})
	}
	writeJSON(w, http.StatusOK, rep)
}

// handleRevoke deletes a device of the caller's player (the caller's own
// too: it signs this device out). Its token acts no more, on any node:
// the API answers it 401, a hello is refused, and its open sockets are
// closed (CloseRevoked) here and, through the bus, on every other node.
func (s *Server) handleRevoke(w http.ResponseWriter, r *http.Request) {
	me, ok := s.authed(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	err := s.cfg.Store.RevokeDevice(r.Context(), me.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		writeErr(w, http.StatusNotFound, "no-device", "this player has no such device")
		return
	}
	if err != nil {
		s.busy(w, "revoke the device", err)
		return
	}
	s.closeDevice(id)
	if err := s.cfg.Store.Bus().Publish(r.Context(), store.Event{Game: id, Kind: evRevoke}); err != nil {
		s.log.Warn("revoke: tell the other nodes", slog.Any("err", err))
	}
	s.log.Info("device revoked", slog.String("guest", me.ID), slog.String("device", id))
	s.writeDevices(w, r.Context(), me)
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
		c.send(proto.Refuse(0, "", proto.CodeAuth, "this device was revoked"))
		c.close(websocket.StatusCode(proto.CloseRevoked), "device revoked")
	}
}

// deviceName names a device from its User-Agent: "Chrome on Android",
// "Safari on iPhone"; the desktop game (Go's HTTP client) is "Desktop".
func deviceName(ua string) string {
	if ua == "" || strings.HasPrefix(ua, "Go-http-client") {
		return "Desktop"
	}
	browser := "Browser"
	for _, b := range [...]struct{ token, name string }{{"Edg", "Edge"}, {"OPR/", "Opera"}, {"SamsungBrowser", "Samsung Internet"},
		{"Firefox/", "Firefox"}, {"Chromium/", "Chromium"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"}} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	for _, o := range [...]struct{ token, name string }{{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"},
		{"CrOS", "ChromeOS"}, {"Windows", "Windows"}, {"Macintosh", "macOS"}, {"Linux", "Linux"}} {
		if strings.Contains(ua, o.token) {
			return browser + " on " + o.name
		}
	}
	return browser
}
