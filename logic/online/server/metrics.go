//go:build !js

package server

import (
	"context"
	"net/http"
	"time"

	"shiftago/logic/online/server/admission"
	"shiftago/logic/online/server/metrics"
	"shiftago/logic/online/server/storetime"
	"shiftago/logic/online/store"
)

// ops is what a host watches and what keeps a node standing under
// overload: the Prometheus metrics (/metrics, package metrics), the
// health answers (/healthz, /readyz) and admission control (shed.go).
type ops struct {
	srv *Server
	db  store.Store // the store unwrapped: readiness pings it untimed
	met *metrics.Metrics
	adm *admission.Control
}

// initOps registers the metrics and the health and metrics endpoints, and
// puts a timing wrapper around the store; called by New before anything
// uses the store.
func (s *Server) initOps() {
	o := &ops{srv: s, db: s.cfg.Store}
	o.adm = admission.New(s.cfg.ShedLatency, s.cfg.ShedQueue, s.cfg.ShedMove)
	o.met = metrics.New(metrics.Gauges{
		Games: func() int {
			s.mu.Lock()
			defer s.mu.Unlock()
			return len(s.games)
		},
		Conns: func() int {
			s.mu.Lock()
			defer s.mu.Unlock()
			return len(s.conns)
		},
		Queued:       o.adm.Queued,
		StoreLatency: func() time.Duration { return o.adm.Latency(time.Now()) },
		GameCap:      o.adm.Limit,
	})
	s.ops = o
	s.cfg.Store = storetime.Store{Store: s.cfg.Store,
		Took: o.met.Took,
		Moved: func(d time.Duration, end time.Time, ok bool) {
			o.adm.Sample(d, end)
			if ok {
				o.met.Stored()
			}
		}}
	s.mux.Handle("GET /metrics", o.met.Handler())
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write([]byte("ok\n"))
	})
	s.mux.HandleFunc("GET /readyz", o.ready)
	go o.sample(s.ctx)
}

// readyWait bounds the database's answer to /readyz.
const readyWait = time.Second

// ready answers 200 when this node should get new players: it is not
// stopping and its database answers within readyWait; else 503.
func (o *ops) ready(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	o.srv.mu.Lock()
	down := o.srv.down
	o.srv.mu.Unlock()
	if down {
		http.Error(w, "draining", http.StatusServiceUnavailable)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), readyWait)
	defer cancel()
	if err := o.db.Ping(ctx); err != nil {
		http.Error(w, "database: no answer", http.StatusServiceUnavailable)
		return
	}
	_, _ = w.Write([]byte("ready\n"))
}

// refused counts a refusal.
func (o *ops) refused(reason string) { o.met.Refused(reason) }

// moved records a player's move handled in d.
func (o *ops) moved(d time.Duration) {
	o.met.Moved(d)
	o.adm.Observe(d)
}
