//go:build !js

package online

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"shiftago/logic/online/client"
)

// These tests start the real program (`shiftago serve`, built once in
// TestMain) on real loopback sockets with a real (SQLite) database, and
// play through the Link, the turn controller and the headless client.

var bin string // the shiftago binary

func TestMain(m *testing.M) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "go env GOMOD:", err)
		os.Exit(1)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	dir, err := os.MkdirTemp("", "shiftago-online-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "shiftago")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building shiftago: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// node is a running `shiftago serve`.
type node struct {
	cmd  *exec.Cmd
	base string // http://127.0.0.1:port
	addr string
	log  *syncBuf
	done chan struct{}
}

type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var openLine = regexp.MustCompile(`open (http://\S+)/`)

// serve runs shiftago serve on addr ("127.0.0.1:0": a free port) with its
// database in data, and waits for it to say where it listens.
func serve(t *testing.T, addr, data string) *node {
	t.Helper()
	n := &node{log: &syncBuf{}, done: make(chan struct{})}
	n.cmd = exec.Command(bin, "serve", "--addr", addr, "--data", data, "--workers", "1", "--quiet")
	n.cmd.Stderr = n.log
	stdout, err := n.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := n.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = n.cmd.Wait(); close(n.done) }()
	t.Cleanup(func() {
		_ = n.cmd.Process.Kill()
		<-n.done
		if t.Failed() {
			t.Logf("server log:\n%s", n.log.String())
		}
	})
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := openLine.FindStringSubmatch(sc.Text()); m != nil {
				line <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	select {
	case n.base = <-line:
	case <-n.done:
		t.Fatalf("shiftago serve exited: %s", n.log.String())
	case <-time.After(30 * time.Second):
		t.Fatal("shiftago serve printed no address in 30 s")
	}
	n.addr = strings.TrimPrefix(n.base, "http://")
	return n
}

// kill9 ends the server as a crash would.
func (n *node) kill9() {
	_ = n.cmd.Process.Signal(syscall.SIGKILL)
	<-n.done
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

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func guest(t *testing.T, ctx context.Context, name string, bases ...string) *client.Client {
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
