//go:build !js

package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/store"
)

// The caps themselves are package guard's; here the server answers a
// refusal, purges the unused guests and meters the join codes.

// refuse answers 429 with Retry-After (whole seconds, at least 1) and
// says in words when to try again.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, code string, ref *guard.Refusal) {
	secs := max(1, int(math.Ceil(ref.Wait.Seconds())))
	if ref.Wait <= 0 || ref.Wait > 24*time.Hour {
		secs = 3600
	}
	s.ops.refused(code)
	s.refusals.Warn(code, slog.String("addr", s.clientAddr(r)), slog.String("why", ref.Why))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeErr(w, http.StatusTooManyRequests, code, fmt.Sprintf("%s: try again in %s", ref.Why, time.Duration(secs)*time.Second))
}

// purge deletes, every hour, the guests that never played and were not
// seen for Caps.PurgeAfter, a thousand at a time. Several nodes may run
// it at once: a guest is deleted once.
func (s *Server) purge() {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		for {
			ctx, cancel := context.WithTimeout(s.ctx, storeWait)
			n, err := s.cfg.Store.PurgeGuests(ctx, s.now().Add(-s.abuse.Caps.PurgeAfter), 1000)
			cancel()
			if err != nil && s.ctx.Err() == nil {
				s.log.Warn("purge guests", slog.Any("err", err))
			}
			if n > 0 {
				s.log.Info("purged unused guests", slog.Int("guests", n))
			}
			if err != nil || n < 1000 {
				break
			}
		}
		ctx, cancel := context.WithTimeout(s.ctx, storeWait)
		if err := s.cfg.Store.DropCounts(ctx, s.now().Add(-2*time.Hour)); err != nil && s.ctx.Err() == nil {
			s.log.Warn("drop old counts", slog.Any("err", err))
		}
		cancel()
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// byCode finds the game of a join code for handleJoin, answering the
// request itself when it cannot: a code that cannot be one (a typo: its
// length, a letter the codes never use) is 404 and costs nothing; a
// well-formed code is looked up while the address's and the node's
// buckets of misses hold a token (else 429, Retry-After, and no lookup),
// and costs one of each only when it names no live game.
func (s *Server) byCode(w http.ResponseWriter, r *http.Request, code string) (store.Game, bool) {
	noGame := func() {
		writeErr(w, http.StatusNotFound, string(proto.CodeNoGame), "no game has this invite code, or it has expired (a code opens a free seat for a day, until the game is full)")
	}
	code = store.NormalizeCode(code)
	if !store.ValidCode(code) {
		noGame()
		return store.Game{}, false
	}
	if ref := s.abuse.Misses.Peek(r.Context(), s.clientAddr(r), s.now()); ref != nil {
		s.refuse(w, r, guard.ErrTooManyGuesses, ref)
		return store.Game{}, false
	}
	rec, err := s.cfg.Store.GameByCode(r.Context(), code)
	switch {
	case err == nil:
		return rec, true
	case errors.Is(err, store.ErrNotFound):
		s.abuse.Misses.Charge(r.Context(), s.clientAddr(r), s.now())
		noGame()
	default: // the store's failure is not the guest's miss
		s.log.Error("game by code", slog.Any("err", err))
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not look the code up")
	}
	return store.Game{}, false
}
