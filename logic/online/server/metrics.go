//go:build !js

package server

import (
	"context"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"shiftago/logic/online/server/admission"
	"shiftago/logic/online/server/storetime"
	"shiftago/logic/online/store"
)

// ops is what a host watches and what keeps a node standing under
// overload: the Prometheus metrics (/metrics), the health answers
// (/healthz, /readyz) and admission control (shed.go). Each Server has
// its own registry, so several servers in one process (the tests) do not
// share counters.
type ops struct {
	srv      *Server
	db       store.Store // the store unwrapped: readiness pings it untimed
	reg      *prometheus.Registry
	moves    prometheus.Counter
	moveSec  prometheus.Histogram
	refusals *prometheus.CounterVec
	storeSec *prometheus.HistogramVec
	adm      *admission.Control
}

// latencyBuckets span a commit on an idle SQLite (~0.2 ms) to the
// store's own limit (storeWait, 10 s).
var latencyBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// initOps registers the metrics and the health and metrics endpoints, and
// puts a timing wrapper around the store; called by New before anything
// uses the store.
func (s *Server) initOps() {
	o := &ops{srv: s, db: s.cfg.Store, reg: prometheus.NewRegistry()}
	o.adm = admission.New(s.cfg.ShedLatency, s.cfg.ShedQueue, s.cfg.ShedMove)
	o.moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "shiftago_moves_total",
		Help: "Moves stored by this node (players' and computers'); its rate is moves a second."})
	o.moveSec = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "shiftago_move_seconds", Buckets: latencyBuckets,
		Help: "A player's move on this node, from its command read to its ack queued (the game's queue, the rules, the store's commit)."})
	o.refusals = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shiftago_refusals_total",
		Help: "Refusals by reason: overload-* (admission control, 503), rate and conns (per-address limits, 429), the caps (429: too-many-guests, too-many-new-games, too-many-guesses), and the protocol's refusal codes."},
		[]string{"reason"})
	o.storeSec = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "shiftago_store_seconds", Buckets: latencyBuckets,
		Help: "Calls to the database by method."}, []string{"op"})
	live := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_games_live",
		Help: "Games with a live actor on this node."}, func() float64 {
		s.mu.Lock()
		defer s.mu.Unlock()
		return float64(len(s.games))
	})
	conns := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_connections",
		Help: "WebSocket connections open on this node."}, func() float64 {
		s.mu.Lock()
		defer s.mu.Unlock()
		return float64(len(s.conns))
	})
	queue := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_game_queue",
		Help: "Commands waiting in the games' queues (sampled; admission control's queue signal)."},
		func() float64 { return float64(o.adm.Queued()) })
	lat := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_store_move_latency_seconds",
		Help: "Moving average of the store's move commits (admission control's latency signal)."},
		func() float64 { return o.adm.Latency(time.Now()).Seconds() })
	capped := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_game_cap",
		Help: "The games this node takes at most now (admission control's cap, following the moves' latency; very high until the moves first pass --shed-move)."},
		func() float64 { return float64(o.adm.Limit()) })
	o.reg.MustRegister(o.moves, o.moveSec, o.refusals, o.storeSec, live, conns, queue, lat, capped,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// Every reason a refusal can have is shown from the start at 0, so a
	// host's rate() of it has a series before the first refusal.
	for _, r := range []string{"overload-games", "overload-latency", "overload-queue", "rate", "conns"} {
		o.refusals.WithLabelValues(r)
	}
	s.ops = o
	s.cfg.Store = storetime.Store{Store: s.cfg.Store,
		Took: func(op string, d time.Duration) { o.storeSec.WithLabelValues(op).Observe(d.Seconds()) },
		Moved: func(d time.Duration, end time.Time, ok bool) {
			o.adm.Sample(d, end)
			if ok {
				o.moves.Inc()
			}
		}}
	s.mux.Handle("GET /metrics", promhttp.HandlerFor(o.reg, promhttp.HandlerOpts{}))
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
func (o *ops) refused(reason string) { o.refusals.WithLabelValues(reason).Inc() }

// moved records a player's move handled in d.
func (o *ops) moved(d time.Duration) {
	o.moveSec.Observe(d.Seconds())
	o.adm.Observe(d)
}
