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
	"sync"
	"time"

	"golang.org/x/time/rate"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// Caps bound what one address, and the whole service, may make: guests
// and games an hour, and wrong join codes. Without them one address made
// 55 guests a second and guessed 60 codes a second, and the database grew
// without bound (issue 46). The arithmetic behind the figures is in
// logic/online/README.md, "Abuse limits".
type Caps struct {
	GuestsPerAddr int // guests one address may create an hour, on one node
	Guests        int // guests the service creates in a clock hour, every node and address together
	GamesPerAddr  int // games one address may create an hour (rematches aside), on one node
	Games         int // games the service creates in a clock hour

	// Wrong join codes: an address may miss MissBurst times at once and
	// once more every MissEvery (on one node); the whole service
	// MissBurstAll in each window of MissBurstAll/MissPerSec seconds. A
	// right code costs nothing.
	MissBurst    int
	MissEvery    time.Duration
	MissPerSec   float64
	MissBurstAll int

	CodeTTL    time.Duration // how long a join code opens a free seat
	PurgeAfter time.Duration // a guest with no game, unseen this long, is deleted
}

// DefaultCaps suit a server for friends: a class behind one address may
// still make a hundred guests an hour.
func DefaultCaps() Caps {
	return Caps{
		GuestsPerAddr: 100, Guests: 1000, GamesPerAddr: 100, Games: 1000,
		MissBurst: 10, MissEvery: time.Minute, MissPerSec: 1, MissBurstAll: 30,
		CodeTTL: store.DefaultCodeTTL, PurgeAfter: 7 * 24 * time.Hour,
	}
}

// withDefaults fills the zero fields of c from DefaultCaps.
func (c Caps) withDefaults() Caps {
	d := DefaultCaps()
	for _, f := range []struct{ v, d *int }{{&c.GuestsPerAddr, &d.GuestsPerAddr}, {&c.Guests, &d.Guests},
		{&c.GamesPerAddr, &d.GamesPerAddr}, {&c.Games, &d.Games}, {&c.MissBurst, &d.MissBurst}, {&c.MissBurstAll, &d.MissBurstAll}} {
		if *f.v <= 0 {
			*f.v = *f.d
		}
	}
	if c.MissEvery <= 0 {
		c.MissEvery = d.MissEvery
	}
	if c.MissPerSec <= 0 {
		c.MissPerSec = d.MissPerSec
	}
	if c.CodeTTL <= 0 {
		c.CodeTTL = d.CodeTTL
	}
	if c.PurgeAfter <= 0 {
		c.PurgeAfter = d.PurgeAfter
	}
	return c
}

// capped is a limit per address, a token bucket in this node's memory
// (golang.org/x/time/rate: reservations that can be given back, and the
// wait until the next token, which Retry-After needs), and one for the
// whole service, a counter per window in the database (store.Count), so
// that k nodes on one database allow the service's figure, not k times
// it. The database is asked only when something is made or a code is
// tried, never per WebSocket frame.
type capped struct {
	mu      sync.Mutex
	per     map[string]*rate.Limiter
	every   rate.Limit
	burst   int
	st      store.Store
	name    string        // the service-wide counter
	window  time.Duration // its window, aligned on the Unix epoch
	limit   int           // what it allows in a window
	perWhat string        // the refusal's words, per address and for the service
	allWhat string
	log     *refusalLog
}

func newCapped(every rate.Limit, burst int, st store.Store, name string, window time.Duration, limit int, perWhat, allWhat string) *capped {
	return &capped{per: map[string]*rate.Limiter{}, every: every, burst: burst, st: st, name: name, window: window, limit: limit,
		perWhat: perWhat, allWhat: allWhat}
}

// perHour is n an hour, n at once.
func perHour(n int) (rate.Limit, int) { return rate.Limit(float64(n) / 3600), n }

// limiter is addr's bucket. Past maxAddrs addresses, the full buckets are
// forgotten (a full bucket is a new one), so passing addresses cannot
// grow the table for ever.
func (c *capped) limiter(addr string, now time.Time) *rate.Limiter {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.per[addr]
	if l == nil {
		if len(c.per) >= maxAddrs {
			for k, v := range c.per {
				if v.TokensAt(now) >= float64(c.burst) {
					delete(c.per, k)
				}
			}
		}
		l = rate.NewLimiter(c.every, c.burst)
		c.per[addr] = l
	}
	return l
}

// refusal says why a capped request waits, and how long.
type refusal struct {
	why  string
	wait time.Duration
}

// service asks the service-wide counter of now's window: add counts one
// if the window holds fewer than the limit (ok: counted), else only
// reads (ok: below the limit). A store that cannot answer lets the
// request through: the per-address buckets still hold, and the request
// itself needs the store.
func (c *capped) service(ctx context.Context, now time.Time, add bool, limit int) (ok bool, ref *refusal) {
	w := now.Truncate(c.window)
	_, ok, err := c.st.Count(ctx, c.name, w, limit, add)
	if err != nil {
		if c.log != nil {
			c.log.warn("service-wide count", slog.String("name", c.name), slog.Any("err", err))
		}
		return true, nil
	}
	if !ok {
		return false, &refusal{why: c.allWhat, wait: w.Add(c.window).Sub(now)}
	}
	return true, nil
}

// take spends a token of addr's bucket and counts one in the service's
// window. When either is full it spends neither and says how long to
// wait.
func (c *capped) take(ctx context.Context, addr string, now time.Time) *refusal {
	per := c.limiter(addr, now).ReserveN(now, 1)
	if d := per.DelayFrom(now); !per.OK() || d > 0 {
		per.CancelAt(now)
		return &refusal{why: c.perWhat, wait: d}
	}
	if _, ref := c.service(ctx, now, true, c.limit); ref != nil {
		per.CancelAt(now)
		return ref
	}
	return nil
}

// peek says whether addr's bucket holds a token and the service's window
// has room, spending none: a join code is looked up only then, and only
// a miss is charged (charge), so that right codes, however many at once,
// cost nothing. Requests racing past peek together are charged after it,
// into debt: the address's bucket then refuses until the debt is paid,
// and the service's window stays full until it ends, so the rate over
// time holds.
func (c *capped) peek(ctx context.Context, addr string, now time.Time) *refusal {
	if per := c.limiter(addr, now); per.TokensAt(now) < 1 {
		return &refusal{why: c.perWhat, wait: time.Duration((1 - per.TokensAt(now)) / float64(per.Limit()) * float64(time.Second))}
	}
	_, ref := c.service(ctx, now, false, c.limit)
	return ref
}

// charge spends a token of addr's bucket and counts one in the service's
// window, in debt if need be.
func (c *capped) charge(ctx context.Context, addr string, now time.Time) {
	c.limiter(addr, now).ReserveN(now, 1)
	c.service(ctx, now, true, 0)
}

// abuse holds the node's caps.
type abuse struct {
	caps   Caps
	guests *capped
	games  *capped
	misses *capped
}

// missWindow is the window in which the service allows MissBurstAll
// wrong codes: MissBurstAll at MissPerSec.
func (c Caps) missWindow() time.Duration {
	return time.Duration(float64(c.MissBurstAll) / c.MissPerSec * float64(time.Second))
}

func newAbuse(c Caps, st store.Store, log *refusalLog) *abuse {
	c = c.withDefaults()
	a := &abuse{caps: c}
	pr, pb := perHour(c.GuestsPerAddr)
	a.guests = newCapped(pr, pb, st, "guests", time.Hour, c.Guests,
		"too many new guests from this address", "too many new guests on this server")
	pr, pb = perHour(c.GamesPerAddr)
	a.games = newCapped(pr, pb, st, "games", time.Hour, c.Games,
		"too many new games from this address", "too many new games on this server")
	a.misses = newCapped(rate.Every(c.MissEvery), c.MissBurst, st, "misses", c.missWindow(), c.MissBurstAll,
		"too many wrong invite codes from this address", "too many wrong invite codes on this server")
	for _, x := range []*capped{a.guests, a.games, a.misses} {
		x.log = log
	}
	return a
}

// refuse answers 429 with Retry-After (whole seconds, at least 1) and
// says in words when to try again.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, code string, ref *refusal) {
	secs := max(1, int(math.Ceil(ref.wait.Seconds())))
	if ref.wait <= 0 || ref.wait > 24*time.Hour {
		secs = 3600
	}
	s.ops.refused(code)
	s.refusals.warn(code, slog.String("addr", s.clientAddr(r)), slog.String("why", ref.why))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeErr(w, http.StatusTooManyRequests, code, fmt.Sprintf("%s: try again in %s", ref.why, time.Duration(secs)*time.Second))
}

// The refusals' short codes (APIError.Error), in PROTOCOL.md.
const (
	errTooManyGuests  = "too-many-guests"
	errTooManyNew     = "too-many-new-games"
	errTooManyGuesses = "too-many-guesses"
)

// purge deletes, every hour, the guests that never played and were not
// seen for Caps.PurgeAfter, a thousand at a time. Several nodes may run
// it at once: a guest is deleted once.
func (s *Server) purge() {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		for {
			ctx, cancel := context.WithTimeout(s.ctx, storeWait)
			n, err := s.cfg.Store.PurgeGuests(ctx, s.now().Add(-s.abuse.caps.PurgeAfter), 1000)
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
	if ref := s.abuse.misses.peek(r.Context(), s.clientAddr(r), s.now()); ref != nil {
		s.refuse(w, r, errTooManyGuesses, ref)
		return store.Game{}, false
	}
	rec, err := s.cfg.Store.GameByCode(r.Context(), code)
	switch {
	case err == nil:
		return rec, true
	case errors.Is(err, store.ErrNotFound):
		s.abuse.misses.charge(r.Context(), s.clientAddr(r), s.now())
		noGame()
	default: // the store's failure is not the guest's miss
		s.log.Error("game by code", slog.Any("err", err))
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not look the code up")
	}
	return store.Game{}, false
}
