//go:build !js

package server

import (
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/httpjson"
	"shiftago/logic/online/store"
)

// limited meters the requests of an address and bounds their bodies.
func (s *Server) limited(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.addr.Allow(s.ClientAddr(r), s.now(), s.cfg.Limits) {
			s.ops.refused("rate")
			writeErr(w, http.StatusTooManyRequests, string(proto.CodeRate), "too many requests: slow down")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, httpjson.MaxBody)
		h(w, r)
	}
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

func writeErr(w http.ResponseWriter, code int, short, why string) {
	httpjson.WriteErr(w, code, short, why)
}

// refuse answers 429 with Retry-After (whole seconds, at least 1) and
// says in words when to try again.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, code string, ref *guard.Refusal) {
	secs := max(1, int(math.Ceil(ref.Wait.Seconds())))
	if ref.Wait <= 0 || ref.Wait > 24*time.Hour {
		secs = 3600
	}
	s.ops.refused(code)
	s.refusals.Warn(code, slog.String("addr", s.ClientAddr(r)), slog.String("why", ref.Why))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeErr(w, http.StatusTooManyRequests, code, fmt.Sprintf("%s: try again in %s", ref.Why, time.Duration(secs)*time.Second))
}
