//go:build !js

package guard

import (
	"sync"
	"time"
)

// Limits are the server's defences against a greedy or hostile client.
type Limits struct {
	ConnsPerAddr  int     // WebSocket connections open at once from one address
	MsgsPerSec    float64 // commands per second of one connection (token Bucket)
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

// Bucket is a token Bucket: rate tokens a second, up to burst.
type Bucket struct {
	tokens float64
	last   time.Time
}

// Take spends a token at now, refilling at rate a second up to burst; false
// when the bucket is empty.
func (b *Bucket) Take(now time.Time, rate float64, burst int) bool {
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

// Addrs counts each address's connections and meters its messages.
type Addrs struct {
	mu sync.Mutex
	m  map[string]*addrState
}

type addrState struct {
	conns int
	b     Bucket
}

func (a *Addrs) get(addr string) *addrState {
	if a.m == nil {
		a.m = map[string]*addrState{} // the zero Addrs is ready to use
	}
	s := a.m[addr]
	if s == nil {
		s = &addrState{}
		a.m[addr] = s
	}
	return s
}

// Open counts a new connection; false when the address has too many.
func (a *Addrs) Open(addr string, max int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.get(addr)
	if s.conns >= max {
		return false
	}
	s.conns++
	return true
}

// Close gives back a connection of addr.
func (a *Addrs) Close(addr string) {
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
// connection whose Bucket has refilled are forgotten (they have nothing
// to remember), so a crowd of passing addresses cannot grow it for ever.
const maxAddrs = 1 << 16

// Allow meters one message or request of an address.
func (a *Addrs) Allow(addr string, now time.Time, l Limits) bool {
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
	return a.get(addr).b.Take(now, l.AddrPerSec, l.AddrBurst)
}
