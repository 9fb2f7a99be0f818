//go:build !js

package server

import (
	"context"
	"math"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"shiftago/logic/online/store"
)

// ops is what a host watches and what keeps a node standing under
// overload: the Prometheus metrics (/metrics), the health answers
// (/healthz, /readyz) and admission control (admit.go). Each Server has
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
	adm      admission
}

// latencyBuckets span a commit on an idle SQLite (~0.2 ms) to the
// store's own limit (storeWait, 10 s).
var latencyBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// initOps registers the metrics and the health and metrics endpoints, and
// puts a timing wrapper around the store; called by New before anything
// uses the store.
func (s *Server) initOps() {
	o := &ops{srv: s, db: s.cfg.Store, reg: prometheus.NewRegistry()}
	o.adm.latBound, o.adm.queueBound, o.adm.moveBound = s.cfg.ShedLatency, s.cfg.ShedQueue, s.cfg.ShedMove
	o.adm.limit.Store(math.MaxInt32) // no cap until the moves say so
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
		func() float64 { return float64(o.adm.queue.Load()) })
	lat := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_store_move_latency_seconds",
		Help: "Moving average of the store's move commits (admission control's latency signal)."},
		func() float64 { return o.adm.latency(time.Now()).Seconds() })
	capped := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_game_cap",
		Help: "The games this node takes at most now (admission control's cap, following the moves' latency; very high until the moves first pass --shed-move)."},
		func() float64 { return float64(o.adm.limit.Load()) })
	o.reg.MustRegister(o.moves, o.moveSec, o.refusals, o.storeSec, live, conns, queue, lat, capped,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// Every reason a refusal can have is shown from the start at 0, so a
	// host's rate() of it has a series before the first refusal.
	for _, r := range []string{"overload-games", "overload-latency", "overload-queue", "rate", "conns"} {
		o.refusals.WithLabelValues(r)
	}
	s.ops = o
	s.cfg.Store = timedStore{Store: s.cfg.Store, o: o}
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
	o.adm.observe(d)
}

// timedStore times every call to the database (shiftago_store_seconds);
// a stored move also counts in shiftago_moves_total and feeds admission
// control's latency signal.
type timedStore struct {
	store.Store
	o *ops
}

func (t timedStore) since(op string, start time.Time) {
	t.o.storeSec.WithLabelValues(op).Observe(time.Since(start).Seconds())
}

func (t timedStore) AppendMove(ctx context.Context, a store.Append) (store.Move, error) {
	start := time.Now()
	m, err := t.Store.AppendMove(ctx, a)
	d := time.Since(start)
	t.o.storeSec.WithLabelValues("AppendMove").Observe(d.Seconds())
	t.o.adm.sample(d, start.Add(d))
	if err == nil {
		t.o.moves.Inc()
	}
	return m, err
}

func (t timedStore) CreateGuest(ctx context.Context, name string) (store.Guest, string, error) {
	defer t.since("CreateGuest", time.Now())
	return t.Store.CreateGuest(ctx, name)
}

func (t timedStore) GuestByToken(ctx context.Context, token string) (store.Guest, error) {
	defer t.since("GuestByToken", time.Now())
	return t.Store.GuestByToken(ctx, token)
}

func (t timedStore) Guest(ctx context.Context, id string) (store.Guest, error) {
	defer t.since("Guest", time.Now())
	return t.Store.Guest(ctx, id)
}

func (t timedStore) RenameGuest(ctx context.Context, id, name string) (store.Guest, error) {
	defer t.since("RenameGuest", time.Now())
	return t.Store.RenameGuest(ctx, id, name)
}

func (t timedStore) CreateGame(ctx context.Context, ng store.NewGame) (store.Game, error) {
	defer t.since("CreateGame", time.Now())
	return t.Store.CreateGame(ctx, ng)
}

func (t timedStore) Game(ctx context.Context, id string) (store.Game, error) {
	defer t.since("Game", time.Now())
	return t.Store.Game(ctx, id)
}

func (t timedStore) GameByCode(ctx context.Context, code string) (store.Game, error) {
	defer t.since("GameByCode", time.Now())
	return t.Store.GameByCode(ctx, code)
}

func (t timedStore) GameBySpectator(ctx context.Context, spectator string) (store.Game, error) {
	defer t.since("GameBySpectator", time.Now())
	return t.Store.GameBySpectator(ctx, spectator)
}

func (t timedStore) RematchOf(ctx context.Context, old string) (store.Game, error) {
	defer t.since("RematchOf", time.Now())
	return t.Store.RematchOf(ctx, old)
}

func (t timedStore) TakeSeat(ctx context.Context, game string, seat int, guest string) (store.Game, error) {
	defer t.since("TakeSeat", time.Now())
	return t.Store.TakeSeat(ctx, game, seat, guest)
}

func (t timedStore) ReplaceSeat(ctx context.Context, game string, version int64, s store.Seat) (store.Game, error) {
	defer t.since("ReplaceSeat", time.Now())
	return t.Store.ReplaceSeat(ctx, game, version, s)
}

func (t timedStore) SetConnected(ctx context.Context, game string, seat int, connected bool) error {
	defer t.since("SetConnected", time.Now())
	return t.Store.SetConnected(ctx, game, seat, connected)
}

func (t timedStore) SetStatus(ctx context.Context, game string, version int64, st store.Status, result string) (store.Game, error) {
	defer t.since("SetStatus", time.Now())
	return t.Store.SetStatus(ctx, game, version, st, result)
}

func (t timedStore) Moves(ctx context.Context, game string, after int) ([]store.Move, error) {
	defer t.since("Moves", time.Now())
	return t.Store.Moves(ctx, game, after)
}

func (t timedStore) Takeback(ctx context.Context, tb store.Takeback) (store.Game, error) {
	defer t.since("Takeback", time.Now())
	return t.Store.Takeback(ctx, tb)
}

func (t timedStore) GamesOf(ctx context.Context, guest string, limit int) ([]store.Game, error) {
	defer t.since("GamesOf", time.Now())
	return t.Store.GamesOf(ctx, guest, limit)
}

func (t timedStore) Expired(ctx context.Context, now time.Time, limit int) ([]store.Game, error) {
	defer t.since("Expired", time.Now())
	return t.Store.Expired(ctx, now, limit)
}
