//go:build !js

package server

import (
	"sync"
	"time"
)

// Limits are the server's defences against a greedy or hostile client.
type Limits struct {
	ConnsPerAddr  int     // WebSocket connections open at once from one address
	MsgsPerSec    float64 // commands per second of one connection (token bucket)
	MsgBurst      int
	AddrPerSec    float64 // commands and requests per second of one address
	AddrBurst     int
	GamesPerGuest int // ongoing games a guest may hold a seat in
}

// DefaultLimits suit people playing: a move every few seconds, a few
// devices behind one address.
func DefaultLimits() Limits {
	return Limits{ConnsPerAddr: 32, MsgsPerSec: 10, MsgBurst: 20, AddrPerSec: 50, AddrBurst: 100, GamesPerGuest: 50}
}

// bucket is a token bucket: rate tokens a second, up to burst.
type bucket struct {
	tokens float64
	last   time.Time
}

func (b *bucket) take(now time.Time, rate float64, burst int) bool {
	if b.last.IsZero() {
		b.tokens = float64(burst)
	} else {
		b.tokens += now.Sub(b.last).Seconds() * rate
		if b.tokens > float64(burst) {
			b.tokens = float64(burst)
		}
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// addrs counts each address's connections and meters its messages.
type addrs struct {
	mu sync.Mutex
	m  map[string]*addrState
}

type addrState struct {
	conns int
	b     bucket
}

func (a *addrs) get(addr string) *addrState {
	s := a.m[addr]
	if s == nil {
		s = &addrState{}
		a.m[addr] = s
	}
	return s
}

// open counts a new connection; false when the address has too many.
func (a *addrs) open(addr string, max int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.get(addr)
	if s.conns >= max {
		return false
	}
	s.conns++
	return true
}

func (a *addrs) close(addr string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if s := a.m[addr]; s != nil {
		s.conns--
		if s.conns <= 0 && s.b.tokens >= 1 {
			delete(a.m, addr) // forget idle addresses: the map stays small
		}
	}
}

// maxAddrs bounds the table of addresses: past it, the addresses with no
// connection whose bucket has refilled are forgotten (they have nothing
// to remember), so a crowd of passing addresses cannot grow it for ever.
const maxAddrs = 1 << 16

// allow meters one message or request of an address.
func (a *addrs) allow(addr string, now time.Time, l Limits) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.m) >= maxAddrs {
		full := time.Duration(float64(l.AddrBurst) / l.AddrPerSec * float64(time.Second))
		for k, s := range a.m {
			if s.conns == 0 && now.Sub(s.b.last) >= full {
				delete(a.m, k)
			}
		}
	}
	return a.get(addr).b.take(now, l.AddrPerSec, l.AddrBurst)
}
