//go:build !js

package server

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"shiftago/logic/online/proto"
)

// Admission control. Past a bound, a node refuses new work (a new game,
// a new connection to a game it does not have live) with 503 and
// Retry-After, so the games it has admitted keep their speed. Without
// it an overloaded node collapses: store calls reach their 10 s limit,
// hellos fail, clients reconnect at once and add to the work (issue 46
// measured p99 6-11 s and a third of the offered moves a second).
//
// Two signals, either enough to refuse:
//   - the store's latency: a moving average of the move commits, the
//     call every admitted player waits on (other calls are not in it:
//     a slow list of games is not a slow game). It decays while no move
//     is stored, so a quiet node admits again;
//   - the games' queues: the commands waiting in every game actor's
//     inbox, sampled every queueEvery.
type admission struct {
	latBound   time.Duration // 0: no latency bound
	queueBound int           // 0: no queue bound

	mu   sync.Mutex
	avg  float64 // seconds
	last time.Time

	queue atomic.Int64
}

// Admission control's default bounds (admit.go): far above a healthy
// node (a move commits in about 0.2 ms on SQLite, 1-3 ms on PostgreSQL;
// queues are near empty), far below a collapse (store calls at their
// 10 s limit).
const (
	DefaultShedLatency = 250 * time.Millisecond
	DefaultShedQueue   = 2000
)

const (
	// latAlpha is the weight of one commit in the moving average: about
	// the last 10 commits count (at a few hundred moves a second, the
	// last few tens of milliseconds).
	latAlpha = 0.1
	// latDecay is the time constant of the average's decay between
	// commits.
	latDecay = time.Second
	// queueEvery is how often the games' queues are summed.
	queueEvery = 50 * time.Millisecond
	// retryAfter is the Retry-After of a refusal; clients add their own
	// random share on top (full jitter) so a crowd refused together does
	// not come back together.
	retryAfter = 2 * time.Second
)

func (a *admission) sample(d time.Duration, now time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.last.IsZero() {
		a.avg = d.Seconds()
	} else {
		a.avg = a.decayed(now)*(1-latAlpha) + d.Seconds()*latAlpha
	}
	a.last = now
}

func (a *admission) decayed(now time.Time) float64 {
	dt := now.Sub(a.last)
	if dt <= 0 {
		return a.avg
	}
	return a.avg * math.Exp(-dt.Seconds()/latDecay.Seconds())
}

// latency is the moving average of the store's move commits now.
func (a *admission) latency(now time.Time) time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.last.IsZero() {
		return 0
	}
	return time.Duration(a.decayed(now) * float64(time.Second))
}

// full says why the node takes no new work now ("" when it does).
func (a *admission) full(now time.Time) string {
	if a.latBound > 0 && a.latency(now) > a.latBound {
		return "overload-latency"
	}
	if a.queueBound > 0 && a.queue.Load() > int64(a.queueBound) {
		return "overload-queue"
	}
	return ""
}

// sample sums the games' queues every queueEvery until ctx ends.
func (o *ops) sample(ctx context.Context) {
	t := time.NewTicker(queueEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		s := o.srv
		n := 0
		s.mu.Lock()
		for _, g := range s.games {
			n += len(g.in)
		}
		s.mu.Unlock()
		o.adm.queue.Store(int64(n))
	}
}

// shed refuses a request for new work when the node is full: 503 with
// Retry-After, counted by reason. It reports whether it refused.
func (s *Server) shed(w http.ResponseWriter) bool {
	why := s.ops.adm.full(time.Now())
	if why == "" {
		return false
	}
	s.ops.refused(why)
	w.Header().Set("Retry-After", strconv.Itoa(int(retryAfter/time.Second)))
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
	return s.shed(w)
}
