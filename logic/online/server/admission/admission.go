package admission

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Admission control. Past a bound, a node refuses new work (a new game,
// a new connection to a game it does not have live) with 503 and
// Retry-After, so the games it has admitted keep their speed. Without
// it an overloaded node collapses: store calls reach their 10 s limit,
// hellos fail, clients reconnect at once and add to the work (issue 46
// measured p99 6-11 s and a third of the offered moves a second).
//
// A cap on the games it serves, either enough to refuse, first:
//   - the games held (a connection to them open here) against a limit
//     that follows the players' moves' latency (command read to ack
//     queued, the whole of the node's part): every AdjustEvery, a p90
//     above the target cuts the limit to three quarters of the games
//     held, and a fast p90 with the games near the limit raises it by
//     a sixteenth. The games admitted play on whatever the limit (a
//     game is never turned out); the limit only says when to take the
//     next, so the node serves what it can at the speed it promises
//     and refuses the rest, instead of admitting everyone whenever a
//     signal dips and slowing them all (a bound on a signal alone let
//     the crowd refused together in together, measured: admitted p99
//     622 ms at twice the load one node took).
//
// Then two signals, either enough to refuse:
//   - the store's latency: a moving average of the move commits, the
//     call every admitted player waits on (other calls are not in it:
//     a slow list of games is not a slow game). It decays while no move
//     is stored, so a quiet node admits again;
//   - the games' queues: the commands waiting in every game actor's
//     inbox, sampled every QueueEvery.
//
// The server feeds it (Observe, Sample, SetLoad, Adjust) and asks it
// (Full) before it takes new work.
type Control struct {
	latBound   time.Duration // 0: no latency bound
	queueBound int           // 0: no queue bound

	mu   sync.Mutex
	avg  float64 // seconds
	last time.Time

	queue atomic.Int64

	// The game cap (gameCap, Adjust).
	moveBound time.Duration // the target p90 of players' moves; 0: no cap
	movesMu   sync.Mutex
	moveLat   []time.Duration // players' moves since the last adjust
	limit     atomic.Int64    // games this node takes at most now
	held      atomic.Int64    // games a connection holds (sampled, plus those admitted since)
}

// New is admission control with these bounds (0: none): the store's
// latency, the games' queues, and the moves' p90 the game cap keeps.
// The cap starts very high, until the moves first pass their bound.
func New(latency time.Duration, queue int, move time.Duration) *Control {
	a := &Control{latBound: latency, queueBound: queue, moveBound: move}
	a.limit.Store(math.MaxInt32)
	return a
}

// Admission control's default bounds: far above a healthy
// node (a move commits in about 0.2 ms on SQLite, 1-3 ms on PostgreSQL;
// queues are near empty), far below a collapse (store calls at their
// 10 s limit).
const (
	DefaultLatency = 250 * time.Millisecond
	DefaultQueue   = 2000
	// DefaultMove is the target of the players' moves' p90 on the
	// node (its part of a move's round trip): a p99 of the whole round
	// trip under 100 ms is issue 46's goal.
	DefaultMove = 50 * time.Millisecond
)

const (
	// AdjustEvery is how often the game cap follows the moves' latency:
	// at a few hundred moves a second, a hundred moves and more.
	AdjustEvery = 250 * time.Millisecond
	// minJudged is the fewest moves an adjustment judges by; with fewer
	// the limit only grows, if the games are near it.
	minJudged = 20
	// minCap is the lowest the limit goes: a node slow for reasons of
	// its own machine (other processes holding the cores) still takes
	// a few games.
	minCap = 16
	// maxMoveSamples bounds the moves kept between adjustments.
	maxMoveSamples = 4096
)

// Observe records a player's move handled in d, for Adjust.
func (a *Control) Observe(d time.Duration) {
	if a.moveBound <= 0 {
		return
	}
	a.movesMu.Lock()
	if len(a.moveLat) < maxMoveSamples {
		a.moveLat = append(a.moveLat, d)
	}
	a.movesMu.Unlock()
}

// Adjust moves the game cap after the moves observed since the last
// call: down to three quarters of the games held when their p90 is past
// moveBound, up by a sixteenth when it is not and the games held are
// within a tenth of the cap (a cap far above the games held says nothing
// of the node, and growing it then would only let a crowd in at once).
func (a *Control) Adjust() {
	if a.moveBound <= 0 {
		return
	}
	a.movesMu.Lock()
	lat := a.moveLat
	a.moveLat = make([]time.Duration, 0, len(lat))
	a.movesMu.Unlock()
	held, limit := a.held.Load(), a.limit.Load()
	if len(lat) >= minJudged {
		slices.Sort(lat)
		if lat[len(lat)*9/10] > a.moveBound {
			a.limit.Store(max(minCap, min(limit, held)*3/4))
			return
		}
	}
	if held*10 >= limit*9 {
		a.limit.Store(limit + max(1, limit/16))
	}
}

// gameCap says whether the node is at its game cap.
func (a *Control) gameCap() bool {
	return a.moveBound > 0 && a.held.Load() >= a.limit.Load()
}

// Admitted counts a new game as held until the next SetLoad counts what
// is: a crowd arriving within one sample is held to the cap too.
func (a *Control) Admitted() { a.held.Add(1) }

// SetLoad is the server's sample of the commands queued in its games and
// the games a connection holds.
func (a *Control) SetLoad(queued, held int) {
	a.queue.Store(int64(queued))
	a.held.Store(int64(held))
}

// Queued is the commands queued at the last SetLoad.
func (a *Control) Queued() int64 { return a.queue.Load() }

// Limit is the game cap now: the games this node takes at most.
func (a *Control) Limit() int64 { return a.limit.Load() }

const (
	// latAlpha is the weight of one commit in the moving average: about
	// the last 10 commits count (at a few hundred moves a second, the
	// last few tens of milliseconds).
	latAlpha = 0.1
	// latDecay is the time constant of the average's decay between
	// commits.
	latDecay = time.Second
	// QueueEvery is how often the server sums the games' queues
	// (SetLoad).
	QueueEvery = 50 * time.Millisecond
	// RetryAfter is the Retry-After of a refusal; clients add their own
	// random share on top (full jitter) so a crowd refused together does
	// not come back together.
	RetryAfter = 2 * time.Second
)

// Sample records a move's commit that took d, ending at now.
func (a *Control) Sample(d time.Duration, now time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.last.IsZero() {
		a.avg = d.Seconds()
	} else {
		a.avg = a.decayed(now)*(1-latAlpha) + d.Seconds()*latAlpha
	}
	a.last = now
}

func (a *Control) decayed(now time.Time) float64 {
	dt := now.Sub(a.last)
	if dt <= 0 {
		return a.avg
	}
	return a.avg * math.Exp(-dt.Seconds()/latDecay.Seconds())
}

// Latency is the moving average of the store's move commits now.
func (a *Control) Latency(now time.Time) time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.last.IsZero() {
		return 0
	}
	return time.Duration(a.decayed(now) * float64(time.Second))
}

// Full says why the node takes no new work now ("" when it does); the
// game cap counts only for a new game (games), never for a connection:
// a connection is for a game admitted already (a player back after a
// drop whose game this node had let go, the second player), and a
// player refused it could not finish a game the cap let in.
func (a *Control) Full(now time.Time, games bool) string {
	if games && a.gameCap() {
		return "overload-games"
	}
	if a.latBound > 0 && a.Latency(now) > a.latBound {
		return "overload-latency"
	}
	if a.queueBound > 0 && a.queue.Load() > int64(a.queueBound) {
		return "overload-queue"
	}
	return ""
}
