//go:build !js

package accounts

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/httpjson"
)

// api is the accounts' handlers over the hub.
type api struct {
	*server.Server
	misses *guard.Capped // wrong device codes (devices.go)
}

// Mount adds the guests' and devices' paths to the hub: a server.Feature.
func Mount(s *server.Server) {
	a := api{Server: s}
	a.routeDevices()
	s.Handle("POST /api/guests", a.handleGuest)
	s.Handle("PATCH /api/guests/me", a.handleRename)
	go a.purge()
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
	if err := httpjson.DecodeBody(r, &req); err != nil {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-request", err.Error())
		return "", false
	}
	name, err := cleanName(req.Name)
	if err != nil {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-name", err.Error())
		return "", false
	}
	return name, true
}

func (s api) handleGuest(w http.ResponseWriter, r *http.Request) {
	name, ok := guestName(w, r)
	if !ok {
		return
	}
	if ref := s.Abuse().Guests.Take(r.Context(), s.ClientAddr(r), s.Now()); ref != nil {
		s.Refuse(w, r, guard.ErrTooManyGuests, ref)
		return
	}
	g, tok, err := s.Store().CreateGuest(r.Context(), name)
	if err != nil {
		s.Log().Error("create guest", slog.Any("err", err))
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not store the guest")
		return
	}
	_ = s.Store().NameDevice(r.Context(), g.ID, g.Device, deviceName(r.UserAgent())) // for its player's list of devices
	httpjson.WriteJSON(w, http.StatusCreated, proto.GuestReply{ID: g.ID, Name: g.Name, Token: tok})
}

// handleRename changes the display name of the request's guest: the
// games it opens from then on show it (a game open on a node meanwhile
// keeps the name it loaded until it is loaded again).
func (s api) handleRename(w http.ResponseWriter, r *http.Request) {
	me, ok := s.Authed(w, r)
	if !ok {
		return
	}
	name, ok := guestName(w, r)
	if !ok {
		return
	}
	g, err := s.Store().RenameGuest(r.Context(), me.ID, name)
	if err != nil {
		s.Log().Error("rename guest", slog.Any("err", err))
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not store the name")
		return
	}
	httpjson.WriteJSON(w, http.StatusOK, proto.GuestReply{ID: g.ID, Name: g.Name})
}

// purge deletes, every hour, the guests that never played and were not
// seen for Caps.PurgeAfter, a thousand at a time. Several nodes may run
// it at once: a guest is deleted once.
func (s api) purge() {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		for {
			ctx, cancel := context.WithTimeout(s.Context(), server.StoreWait)
			n, err := s.Store().PurgeGuests(ctx, s.Now().Add(-s.Abuse().Caps.PurgeAfter), 1000)
			cancel()
			if err != nil && s.Context().Err() == nil {
				s.Log().Warn("purge guests", slog.Any("err", err))
			}
			if n > 0 {
				s.Log().Info("purged unused guests", slog.Int("guests", n))
			}
			if err != nil || n < 1000 {
				break
			}
		}
		ctx, cancel := context.WithTimeout(s.Context(), server.StoreWait)
		if err := s.Store().DropCounts(ctx, s.Now().Add(-2*time.Hour)); err != nil && s.Context().Err() == nil {
			s.Log().Warn("drop old counts", slog.Any("err", err))
		}
		cancel()
		select {
		case <-s.Context().Done():
			return
		case <-tick.C:
		}
	}
}
