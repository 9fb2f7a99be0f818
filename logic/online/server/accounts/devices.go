//go:build !js

package accounts

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"golang.org/x/time/rate"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/httpjson"
	"shiftago/logic/online/store"
)

// One player, many devices (issue 47). A device shows a link code (and
// its QR code); another device exchanges it for a token of its own, so
// no token ever travels in a link. Devices are listed and revoked one by
// one; a recovery code brings the player back on a new device after
// every one is lost. Wrong codes are metered like wrong join codes.

// linkTTL is how long a link code makes a device.
const linkTTL = 10 * time.Minute

// errNoCode is the refusal of a wrong, used or expired device code.
const errNoCode = "no-code"

// routeDevices adds /api/devices to the server's routes.
func (s *api) routeDevices() {
	c := s.Abuse().Caps
	s.misses = guard.NewCapped(rate.Every(c.MissEvery), c.MissBurst, s.Store(), "device-misses", c.MissWindow(), c.MissBurstAll,
		"too many wrong device codes from this address", "too many wrong device codes on this server")
	s.misses.Log = s.Abuse().Misses.Log // the node's refusal log
	s.Handle("POST /api/devices/link", s.handleLinkCode)
	s.Handle("POST /api/devices/recovery", s.handleRecovery)
	s.Handle("POST /api/devices", s.handleUseCode)
	s.Handle("GET /api/devices", s.handleDevices)
	s.Handle("DELETE /api/devices/{id}", s.handleRevoke)
}

func (s api) busy(w http.ResponseWriter, what string, err error) {
	s.Log().Error(what, slog.Any("err", err))
	httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not "+what+" now")
}

// handleLinkCode makes a link code for the caller's player.
func (s api) handleLinkCode(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	code, exp, err := s.Store().LinkCode(r.Context(), me.ID, linkTTL)
	if err != nil {
		s.busy(w, "make a link code", err)
		return
	}
	httpjson.WriteJSON(w, http.StatusCreated, proto.LinkReply{Code: code, Expires: exp.UnixMilli()})
}

// handleRecovery makes the caller's recovery code anew.
func (s api) handleRecovery(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	code, err := s.Store().NewRecovery(r.Context(), me.ID)
	if err != nil {
		s.busy(w, "make a recovery code", err)
		return
	}
	httpjson.WriteJSON(w, http.StatusCreated, proto.RecoveryReply{Code: code})
}

// handleUseCode exchanges a link or recovery code for a new device of
// its player. No token is needed (the device has none of this player).
// A code that cannot be one costs nothing; a well-formed code is looked
// up only while the address's and the node's buckets of misses hold a
// token, and a miss spends one of each (as join codes: matchmaking).
func (s api) handleUseCode(w http.ResponseWriter, r *http.Request) {
	var req proto.DeviceRequest
	if err := httpjson.DecodeBody(r, &req); err != nil || req.Code == "" || len(req.Code) > proto.MaxGameLen {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-request", `want {"code": "…", "device": "a name (optional)"}`)
		return
	}
	name := deviceName(r.UserAgent())
	if req.Device != "" {
		n, err := cleanName(req.Device)
		if err != nil {
			httpjson.WriteErr(w, http.StatusBadRequest, "bad-name", err.Error())
			return
		}
		name = n
	}
	noCode := func() {
		httpjson.WriteErr(w, http.StatusNotFound, errNoCode, "no device code is this one: a link code works once, for 10 minutes; a recovery code until it is renewed")
	}
	code := store.NormalizeCode(req.Code)
	if !store.ValidDeviceCode(code) {
		noCode()
		return
	}
	addr := s.ClientAddr(r)
	if ref := s.misses.Peek(r.Context(), addr, s.Now()); ref != nil {
		s.Refuse(w, r, guard.ErrTooManyGuesses, ref)
		return
	}
	g, tok, err := s.Store().UseCode(r.Context(), code, name)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.misses.Charge(r.Context(), addr, s.Now())
		noCode()
		return
	case err != nil:
		s.busy(w, "make the device", err)
		return
	}
	s.Log().Info("device linked", slog.String("guest", g.ID), slog.String("device", g.Device), slog.String("name", name))
	httpjson.WriteJSON(w, http.StatusCreated, proto.DeviceReply{ID: g.ID, Name: g.Name, Token: tok, Device: g.Device})
}

// handleDevices lists the caller's devices.
func (s api) handleDevices(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	s.writeDevices(w, r.Context(), me)
}

func (s api) writeDevices(w http.ResponseWriter, ctx context.Context, me store.Guest) {
	devs, rec, err := s.Store().DevicesOf(ctx, me.ID)
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
	httpjson.WriteJSON(w, http.StatusOK, rep)
}

// handleRevoke deletes a device of the caller's player (the caller's own
// too: it signs this device out). Its token acts no more, on any node:
// the API answers it 401, a hello is refused, and its open sockets are
// closed (CloseRevoked, server.Revoked) here and, through the bus, on every other node.
func (s api) handleRevoke(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	err := s.Store().RevokeDevice(r.Context(), me.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		httpjson.WriteErr(w, http.StatusNotFound, "no-device", "this player has no such device")
		return
	}
	if err != nil {
		s.busy(w, "revoke the device", err)
		return
	}
	s.Revoked(r.Context(), id)
	s.Log().Info("device revoked", slog.String("guest", me.ID), slog.String("device", id))
	s.writeDevices(w, r.Context(), me)
}

// deviceName names a device from its User-Agent: "Chrome on Android",
// "Safari on iPhone"; the desktop game (Go's HTTP client) is "Desktop".
// Every browser names Safari or Chrome too, so the others come first;
// on an iPhone or iPad Chrome, Firefox and Edge are WebKit with tokens
// of their own (CriOS, FxiOS, EdgiOS) and end in "Safari/".
func deviceName(ua string) string {
	if ua == "" || strings.HasPrefix(ua, "Go-http-client") {
		return "Desktop"
	}
	browser := "Browser"
	for _, b := range [...]struct{ token, name string }{{"Edg", "Edge"}, {"OPR/", "Opera"}, {"SamsungBrowser", "Samsung Internet"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"}, {"Chromium/", "Chromium"}, {"Chrome/", "Chrome"}, {"CriOS/", "Chrome"}, {"Safari/", "Safari"}} {
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
