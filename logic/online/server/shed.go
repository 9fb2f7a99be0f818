//go:build !js

package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/admission"
)

// Shedding: the hub's side of admission control (package admission
// holds its rules and signals): it samples the games' load into it and
// refuses new work with 503 and Retry-After while it says the node is
// full.

// Admission control's default bounds (package admission says why
// these), for the command line's flags.
const (
	DefaultShedLatency = admission.DefaultLatency
	DefaultShedQueue   = admission.DefaultQueue
	DefaultShedMove    = admission.DefaultMove
)

// sample sums the games' queues every admission.QueueEvery until ctx
// ends, and has the game cap follow the moves every AdjustEvery.
func (o *ops) sample(ctx context.Context) {
	t := time.NewTicker(admission.QueueEvery)
	defer t.Stop()
	for i := 1; ; i++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		s := o.srv
		n, held := 0, 0
		s.mu.Lock()
		for _, g := range s.games {
			n += len(g.in)
			if g.refs > 0 {
				held++
			}
		}
		s.mu.Unlock()
		o.adm.SetLoad(n, held)
		if i%int(admission.AdjustEvery/admission.QueueEvery) == 0 {
			o.adm.Adjust()
		}
	}
}

// shed refuses a new game when the node is full: 503 with Retry-After,
// counted by reason. It reports whether it refused.
func (s *Server) shed(w http.ResponseWriter) bool {
	if s.refuseNew(w, true) {
		return true
	}
	s.ops.adm.Admitted()
	return false
}

func (s *Server) refuseNew(w http.ResponseWriter, game bool) bool {
	why := s.ops.adm.Full(time.Now(), game)
	if why == "" {
		return false
	}
	s.ops.refused(why)
	w.Header().Set("Retry-After", strconv.Itoa(int(admission.RetryAfter/time.Second)))
	writeErr(w, http.StatusServiceUnavailable, string(proto.CodeBusy), "the server is full: retry after the time Retry-After says")
	return true
}

// shedWS is shed for a WebSocket upgrade: a connection to a game this
// node has live (named by the optional ?game= of the upgrade: a player
// reconnecting, the second player arriving) is admitted work and is let
// in; any other is new work.
func (s *Server) shedWS(w http.ResponseWriter, r *http.Request) bool {
	if id := r.URL.Query().Get("game"); id != "" && len(id) <= proto.MaxGameLen {
		s.mu.Lock()
		_, live := s.games[id]
		s.mu.Unlock()
		if live {
			return false
		}
	}
	return s.refuseNew(w, false)
}
