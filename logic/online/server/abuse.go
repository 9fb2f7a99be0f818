//go:build !js

package server

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"shiftago/logic/online/server/guard"
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
