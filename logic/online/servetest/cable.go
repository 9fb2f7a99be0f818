//go:build !js

package servetest

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// Cable is a TCP relay on loopback between clients and a server, which
// a test cuts as a lift or a tunnel cuts a phone's network: Cut stops
// every byte both ways and closes nothing, so each end's socket still
// looks open and only silence tells; connections made while it is cut
// are taken and never answered. Mend lets new connections through; the
// ones cut stay silent until closed, as after a change of network.
type Cable struct {
	Addr string // host:port the clients dial
	// Sent counts the reads relayed from clients to the server: with a
	// request-response protocol (PostgreSQL's), one per round trip the
	// clients waited for, which a benchmark reports per operation.
	Sent atomic.Int64

	to   string
	ln   net.Listener
	mu   sync.Mutex
	cut  bool
	gen  int        // bumped by Cut: a relay copies only while its generation is current
	held []net.Conn // every connection, closed at the end
}

// NewCable relays from a free loopback port to the address to, until the
// test ends.
func NewCable(t testing.TB, to string) *Cable {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &Cable{Addr: ln.Addr().String(), to: to, ln: ln}
	go c.accept()
	t.Cleanup(c.close)
	return c
}

// Cut silences the cable.
func (c *Cable) Cut() {
	c.mu.Lock()
	c.cut = true
	c.gen++
	c.mu.Unlock()
}

// Mend lets new connections through again.
func (c *Cable) Mend() {
	c.mu.Lock()
	c.cut = false
	c.mu.Unlock()
}

func (c *Cable) accept() {
	for {
		in, err := c.ln.Accept()
		if err != nil {
			return
		}
		c.mu.Lock()
		c.held = append(c.held, in)
		cut, gen := c.cut, c.gen
		c.mu.Unlock()
		if cut {
			continue // taken, never answered
		}
		out, err := net.Dial("tcp", c.to)
		if err != nil {
			in.Close()
			continue
		}
		c.mu.Lock()
		c.held = append(c.held, out)
		c.mu.Unlock()
		go c.relay(in, out, gen, &c.Sent)
		go c.relay(out, in, gen, nil)
	}
}

// relay copies from src to dst while the cable is not cut since it was
// made; after a cut it reads on and drops what it reads, so the sender
// sees its bytes go as into a network that lost them.
func (c *Cable) relay(src, dst net.Conn, gen int, count *atomic.Int64) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if count != nil {
				count.Add(1)
			}
			c.mu.Lock()
			live := c.gen == gen
			c.mu.Unlock()
			if live {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					return
				}
			}
		}
		if err != nil {
			if err != io.EOF {
				return
			}
			c.mu.Lock()
			live := c.gen == gen
			c.mu.Unlock()
			if live {
				// A close said by one end reaches the other while the
				// cable is whole.
				dst.Close()
			}
			return
		}
	}
}

func (c *Cable) close() {
	c.ln.Close()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, x := range c.held {
		x.Close()
	}
}
