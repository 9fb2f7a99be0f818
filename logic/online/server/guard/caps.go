//go:build !js

package guard

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/time/rate"

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

	// LobbyPerAddr is how many lobby sockets (GET /api/lobby/ws) one
	// address may hold open on one node: a household's devices and tabs,
	// not a crowd each costing a socket and its share of every change.
	LobbyPerAddr int
}

// DefaultCaps suit a server for friends: a class behind one address may
// still make a hundred guests an hour.
func DefaultCaps() Caps {
	return Caps{
		GuestsPerAddr: 100, Guests: 1000, GamesPerAddr: 100, Games: 1000,
		MissBurst: 10, MissEvery: time.Minute, MissPerSec: 1, MissBurstAll: 30,
		CodeTTL: store.DefaultCodeTTL, PurgeAfter: 7 * 24 * time.Hour, LobbyPerAddr: 8,
	}
}

// WithDefaults fills the zero fields of c from DefaultCaps.
func (c Caps) WithDefaults() Caps {
	d := DefaultCaps()
	for _, f := range []struct{ v, d *int }{{&c.GuestsPerAddr, &d.GuestsPerAddr}, {&c.Guests, &d.Guests},
		{&c.GamesPerAddr, &d.GamesPerAddr}, {&c.Games, &d.Games}, {&c.MissBurst, &d.MissBurst}, {&c.MissBurstAll, &d.MissBurstAll}, {&c.LobbyPerAddr, &d.LobbyPerAddr}} {
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

// Capped is a limit per address, a token bucket in this node's memory
// (golang.org/x/time/rate: reservations that can be given back, and the
// wait until the next token, which Retry-After needs), and one for the
// whole service, a counter per window in the database (store.Count), so
// that k nodes on one database allow the service's figure, not k times
// it. The database is asked only when something is made or a code is
// tried, never per WebSocket frame.
type Capped struct {
	mu      sync.Mutex
	per     map[string]*rate.Limiter
	every   rate.Limit
	burst   int
	st      store.Store
	name    string        // the service-wide counter
	window  time.Duration // its window, aligned on the Unix epoch
	limit   int           // what it allows in a window
	perWhat string        // the Refusal's words, per address and for the service
	allWhat string
	Log     *RefusalLog
}

// NewCapped is a cap of every a token (up to burst) per address and
// limit in each window of the service-wide counter name; perWhat and
// allWhat are its refusals' words.
func NewCapped(every rate.Limit, burst int, st store.Store, name string, window time.Duration, limit int, perWhat, allWhat string) *Capped {
	return &Capped{per: map[string]*rate.Limiter{}, every: every, burst: burst, st: st, name: name, window: window, limit: limit,
		perWhat: perWhat, allWhat: allWhat}
}

// PerHour is n an hour, n at once.
func PerHour(n int) (rate.Limit, int) { return rate.Limit(float64(n) / 3600), n }

// limiter is addr's bucket. Past maxAddrs addresses, the full buckets are
// forgotten (a full bucket is a new one), so passing addresses cannot
// grow the table for ever.
func (c *Capped) limiter(addr string, now time.Time) *rate.Limiter {
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

// Refusal says why a Capped request waits, and how long.
type Refusal struct {
	Why  string
	Wait time.Duration
}

// service asks the service-wide counter of now's window: add counts one
// if the window holds fewer than the limit (ok: counted), else only
// reads (ok: below the limit). A store that cannot answer lets the
// request through: the per-address buckets still hold, and the request
// itself needs the store.
func (c *Capped) service(ctx context.Context, now time.Time, add bool, limit int) (ok bool, ref *Refusal) {
	w := now.Truncate(c.window)
	_, ok, err := c.st.Count(ctx, c.name, w, limit, add)
	if err != nil {
		if c.Log != nil {
			c.Log.Warn("service-wide count", slog.String("name", c.name), slog.Any("err", err))
		}
		return true, nil
	}
	if !ok {
		return false, &Refusal{Why: c.allWhat, Wait: w.Add(c.window).Sub(now)}
	}
	return true, nil
}

// Take spends a token of addr's bucket and counts one in the service's
// window. When either is full it spends neither and says how long to
// wait.
func (c *Capped) Take(ctx context.Context, addr string, now time.Time) *Refusal {
	per := c.limiter(addr, now).ReserveN(now, 1)
	if d := per.DelayFrom(now); !per.OK() || d > 0 {
		per.CancelAt(now)
		return &Refusal{Why: c.perWhat, Wait: d}
	}
	if _, ref := c.service(ctx, now, true, c.limit); ref != nil {
		per.CancelAt(now)
		return ref
	}
	return nil
}

// Peek says whether addr's bucket holds a token and the service's window
// has room, spending none: a join code is looked up only then, and only
// a miss is charged (Charge), so that right codes, however many at once,
// cost nothing. Requests racing past peek together are charged after it,
// into debt: the address's bucket then refuses until the debt is paid,
// and the service's window stays full until it ends, so the rate over
// time holds.
func (c *Capped) Peek(ctx context.Context, addr string, now time.Time) *Refusal {
	if per := c.limiter(addr, now); per.TokensAt(now) < 1 {
		return &Refusal{Why: c.perWhat, Wait: time.Duration((1 - per.TokensAt(now)) / float64(per.Limit()) * float64(time.Second))}
	}
	_, ref := c.service(ctx, now, false, c.limit)
	return ref
}

// Charge spends a token of addr's bucket and counts one in the service's
// window, in debt if need be.
func (c *Capped) Charge(ctx context.Context, addr string, now time.Time) {
	c.limiter(addr, now).ReserveN(now, 1)
	c.service(ctx, now, true, 0)
}

// Abuse holds the node's caps.
type Abuse struct {
	Caps   Caps    // with the defaults filled in
	Guests *Capped // new guests
	Games  *Capped // new games
	Misses *Capped // wrong join codes
}

// MissWindow is the window in which the service allows MissBurstAll
// wrong codes: MissBurstAll at MissPerSec.
func (c Caps) MissWindow() time.Duration {
	return time.Duration(float64(c.MissBurstAll) / c.MissPerSec * float64(time.Second))
}

// NewAbuse makes the caps c (zero fields: DefaultCaps's) over st,
// logging to log (nil: not at all).
func NewAbuse(c Caps, st store.Store, log *RefusalLog) *Abuse {
	c = c.WithDefaults()
	a := &Abuse{Caps: c}
	pr, pb := PerHour(c.GuestsPerAddr)
	a.Guests = NewCapped(pr, pb, st, "guests", time.Hour, c.Guests,
		"too many new guests from this address", "too many new guests on this server")
	pr, pb = PerHour(c.GamesPerAddr)
	a.Games = NewCapped(pr, pb, st, "games", time.Hour, c.Games,
		"too many new games from this address", "too many new games on this server")
	a.Misses = NewCapped(rate.Every(c.MissEvery), c.MissBurst, st, "misses", c.MissWindow(), c.MissBurstAll,
		"too many wrong invite codes from this address", "too many wrong invite codes on this server")
	for _, x := range []*Capped{a.Guests, a.Games, a.Misses} {
		x.Log = log
	}
	return a
}

// The refusals' short codes (APIError.Error), in PROTOCOL.md.
const (
	ErrTooManyGuests  = "too-many-guests"
	ErrTooManyNew     = "too-many-new-games"
	ErrTooManyGuesses = "too-many-guesses"
)
