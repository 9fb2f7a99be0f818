//go:build !js

package server

import (
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
