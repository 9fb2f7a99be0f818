package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Gauges are what the metrics read from the hub at each scrape.
type Gauges struct {
	Games        func() int           // games with a live actor
	Conns        func() int           // WebSocket connections open
	Queued       func() int64         // commands waiting in the games' queues (admission's sample)
	StoreLatency func() time.Duration // the store's move commits' moving average (admission's signal)
	GameCap      func() int64         // admission control's game cap now
}

// Metrics are one node's metrics, on a registry of their own.
type Metrics struct {
	reg      *prometheus.Registry
	moves    prometheus.Counter
	moveSec  prometheus.Histogram
	refusals *prometheus.CounterVec
	storeSec *prometheus.HistogramVec
}

// latencyBuckets span a commit on an idle SQLite (~0.2 ms) to the
// store's own limit (storeWait, 10 s).
var latencyBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// New registers a node's metrics, reading g at each scrape.
func New(g Gauges) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "shiftago_moves_total",
		Help: "Moves stored by this node (players' and computers'); its rate is moves a second."})
	m.moveSec = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "shiftago_move_seconds", Buckets: latencyBuckets,
		Help: "A player's move on this node, from its command read to its ack queued (the game's queue, the rules, the store's commit)."})
	m.refusals = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shiftago_refusals_total",
		Help: "Refusals by reason: overload-* (admission control, 503), rate and conns (per-address limits, 429), the caps (429: too-many-guests, too-many-new-games, too-many-guesses), and the protocol's refusal codes."},
		[]string{"reason"})
	m.storeSec = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "shiftago_store_seconds", Buckets: latencyBuckets,
		Help: "Calls to the database by method."}, []string{"op"})
	live := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_games_live",
		Help: "Games with a live actor on this node."}, func() float64 { return float64(g.Games()) })
	conns := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_connections",
		Help: "WebSocket connections open on this node."}, func() float64 { return float64(g.Conns()) })
	queue := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_game_queue",
		Help: "Commands waiting in the games' queues (sampled; admission control's queue signal)."},
		func() float64 { return float64(g.Queued()) })
	lat := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_store_move_latency_seconds",
		Help: "Moving average of the store's move commits (admission control's latency signal)."},
		func() float64 { return g.StoreLatency().Seconds() })
	capped := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shiftago_game_cap",
		Help: "The games this node takes at most now (admission control's cap, following the moves' latency; very high until the moves first pass --shed-move)."},
		func() float64 { return float64(g.GameCap()) })
	m.reg.MustRegister(m.moves, m.moveSec, m.refusals, m.storeSec, live, conns, queue, lat, capped,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// Every reason a refusal can have is shown from the start at 0, so a
	// host's rate() of it has a series before the first refusal.
	for _, r := range []string{"overload-games", "overload-latency", "overload-queue", "rate", "conns"} {
		m.refusals.WithLabelValues(r)
	}
	return m
}

// Handler serves the metrics (/metrics).
func (m *Metrics) Handler() http.Handler { return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}) }

// Refused counts a refusal.
func (m *Metrics) Refused(reason string) { m.refusals.WithLabelValues(reason).Inc() }

// Moved records a player's move handled on the node in d.
func (m *Metrics) Moved(d time.Duration) { m.moveSec.Observe(d.Seconds()) }

// Stored counts a move the store took.
func (m *Metrics) Stored() { m.moves.Inc() }

// Took records a store call of method op that took d.
func (m *Metrics) Took(op string, d time.Duration) {
	m.storeSec.WithLabelValues(op).Observe(d.Seconds())
}
