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

// Caps bound what one address, and the whole node, may make: guests and
// games an hour, and wrong join codes. Without them one address made 55
// guests a second and guessed 60 codes a second, and the database grew
// without bound (issue 46). The arithmetic behind the figures is in
// logic/online/README.md, "Abuse limits".
type Caps struct {
	GuestsPerAddr int // guests one address may create an hour
	Guests        int // guests the node creates an hour, all addresses together
	GamesPerAddr  int // games one address may create an hour (rematches aside)
	Games         int // games the node creates an hour

	// Wrong join codes: an address may miss MissBurst times at once and
	// once more every MissEvery; the whole node MissPerSec a second,
	// MissBurstAll at once. A right code costs nothing.
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

// capped is a limit per address and one for the whole node, both token
// buckets (golang.org/x/time/rate: reservations that can be given back,
// and the wait until the next token, which Retry-After needs).
type capped struct {
	mu      sync.Mutex
	per     map[string]*rate.Limiter
	every   rate.Limit
	burst   int
	all     *rate.Limiter
	perWhat string // the refusal's words, per address and for the node
	allWhat string
}

func newCapped(every rate.Limit, burst int, all *rate.Limiter, perWhat, allWhat string) *capped {
	return &capped{per: map[string]*rate.Limiter{}, every: every, burst: burst, all: all, perWhat: perWhat, allWhat: allWhat}
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

// take spends a token of addr's bucket and one of the node's. When
// either is empty it spends neither and says how long to wait.
func (c *capped) take(addr string, now time.Time) *refusal {
	per := c.limiter(addr, now).ReserveN(now, 1)
	if d := per.DelayFrom(now); !per.OK() || d > 0 {
		per.CancelAt(now)
		return &refusal{why: c.perWhat, wait: d}
	}
	all := c.all.ReserveN(now, 1)
	if d := all.DelayFrom(now); !all.OK() || d > 0 {
		all.CancelAt(now)
		per.CancelAt(now)
		return &refusal{why: c.allWhat, wait: d}
	}
	return nil
}

// peek says whether addr's bucket and the node's each hold a token,
// spending none: a join code is looked up only then, and only a miss
// is charged (charge), so that right codes, however many at once, cost
// nothing. Requests racing past peek together are charged after it,
// into debt: the bucket then refuses until the debt is paid, so the
// rate over time holds.
func (c *capped) peek(addr string, now time.Time) *refusal {
	wait := func(l *rate.Limiter) time.Duration {
		return time.Duration((1 - l.TokensAt(now)) / float64(l.Limit()) * float64(time.Second))
	}
	if per := c.limiter(addr, now); per.TokensAt(now) < 1 {
		return &refusal{why: c.perWhat, wait: wait(per)}
	}
	if c.all.TokensAt(now) < 1 {
		return &refusal{why: c.allWhat, wait: wait(c.all)}
	}
	return nil
}

// charge spends a token of addr's bucket and of the node's, in debt if
// need be.
func (c *capped) charge(addr string, now time.Time) {
	c.limiter(addr, now).ReserveN(now, 1)
	c.all.ReserveN(now, 1)
}

// abuse holds the node's caps.
type abuse struct {
	caps   Caps
	guests *capped
	games  *capped
	misses *capped
}

func newAbuse(c Caps) *abuse {
	c = c.withDefaults()
	gr, gb := perHour(c.Guests)
	pr, pb := perHour(c.GuestsPerAddr)
	a := &abuse{caps: c}
	a.guests = newCapped(pr, pb, rate.NewLimiter(gr, gb),
		"too many new guests from this address", "too many new guests on this server")
	gr, gb = perHour(c.Games)
	pr, pb = perHour(c.GamesPerAddr)
	a.games = newCapped(pr, pb, rate.NewLimiter(gr, gb),
		"too many new games from this address", "too many new games on this server")
	a.misses = newCapped(rate.Every(c.MissEvery), c.MissBurst, rate.NewLimiter(rate.Limit(c.MissPerSec), c.MissBurstAll),
		"too many wrong invite codes from this address", "too many wrong invite codes on this server")
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
	if ref := s.abuse.misses.peek(s.clientAddr(r), s.now()); ref != nil {
		s.refuse(w, r, errTooManyGuesses, ref)
		return store.Game{}, false
	}
	rec, err := s.cfg.Store.GameByCode(r.Context(), code)
	switch {
	case err == nil:
		return rec, true
	case errors.Is(err, store.ErrNotFound):
		s.abuse.misses.charge(s.clientAddr(r), s.now())
		noGame()
	default: // the store's failure is not the guest's miss
		s.log.Error("game by code", slog.Any("err", err))
		writeErr(w, http.StatusServiceUnavailable, "busy", "could not look the code up")
	}
	return store.Game{}, false
}
