//go:build !js

package online

import (
	"context"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/servetest"
)

// These tests start the real program (shiftago-server, built once in
// TestMain) on real loopback sockets with a real (SQLite) database, and
// play through the Link, the turn controller and the headless client.

var bin string // the shiftago binary

func TestMain(m *testing.M) { servetest.Main(m, &bin) }

// node is a running shiftago-server.
type node = servetest.Node

// serve runs shiftago-server on addr ("127.0.0.1:0": a free port) with its
// database in data, and waits for it to say where it listens.
func serve(t testing.TB, addr, data string) *node {
	t.Helper()
	return servetest.Start(t, bin, addr, "--data", data, "--workers", "1", "--quiet")
}

// cable is a loopback TCP relay between one device and the server that
// a test unplugs and plugs back in: the device's network, not the
// server, goes away.
type cable struct {
	ln     net.Listener
	target string

	mu      sync.Mutex
	plugged bool
	conns   []net.Conn
	wg      sync.WaitGroup
}

func newCable(t *testing.T, target string) *cable {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &cable{ln: ln, target: target, plugged: true}
	c.wg.Add(1)
	go c.accept()
	t.Cleanup(func() {
		ln.Close()
		c.unplug()
		c.wg.Wait()
	})
	return c
}

func (c *cable) base() string { return "http://" + c.ln.Addr().String() }

func (c *cable) accept() {
	defer c.wg.Done()
	for {
		in, err := c.ln.Accept()
		if err != nil {
			return
		}
		c.mu.Lock()
		if !c.plugged {
			c.mu.Unlock()
			in.Close()
			continue
		}
		out, err := net.DialTimeout("tcp", c.target, 5*time.Second)
		if err != nil {
			c.mu.Unlock()
			in.Close()
			continue
		}
		c.conns = append(c.conns, in, out)
		c.wg.Add(2)
		c.mu.Unlock()
		go func() { defer c.wg.Done(); _, _ = io.Copy(out, in); out.Close() }()
		go func() { defer c.wg.Done(); _, _ = io.Copy(in, out); in.Close() }()
	}
}

// unplug cuts every connection through the cable and refuses new ones.
func (c *cable) unplug() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.plugged = false
	for _, x := range c.conns {
		x.Close()
	}
	c.conns = nil
}

func (c *cable) plug() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.plugged = true
}

func ctxFor(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func guest(t testing.TB, ctx context.Context, name string, bases ...string) *client.Client {
	t.Helper()
	c := client.New(bases...)
	if err := c.NewGuest(ctx, name); err != nil {
		t.Fatalf("guest %s: %v", name, err)
	}
	return c
}

// as is the same guest on another device (or after the app restarted):
// the same token, another address.
func as(c *client.Client, bases ...string) *client.Client {
	d := client.New(bases...)
	d.Token, d.ID, d.Name = c.Token, c.ID, c.Name
	return d
}
