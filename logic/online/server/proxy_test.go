//go:build !js

package server_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/servetest"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
	"shiftago/logic/online/store/storetest"
)

// These tests run Debian's nginx with the configuration the project
// ships (logic/online/deploy/nginx.conf) in front of real nodes. nginx is
// a process of the test's own: its prefix, pid, error log and temporary
// files in a temporary folder, no daemon, no master process, on a free
// loopback port.

// nginxPath is the nginx binary; without one the test is skipped, or
// fails under CI=true (.ci/run installs nginx-light).
func nginxPath(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("nginx"); err == nil {
		return p
	}
	for _, p := range []string{"/usr/sbin/nginx", "/usr/local/sbin/nginx"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("nginx is not installed, and CI=true: the proxy tests must run in CI (apt-get install nginx-light)")
	}
	t.Skip("nginx is not installed (apt-get install nginx-light): proxy tests skipped")
	return ""
}

// proxy is a running nginx.
type proxy struct {
	Base string // http://127.0.0.1:port
	Addr string
}

var (
	upstreamLine = regexp.MustCompile(`(?m)^\s*server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=10s;.*\n`)
	listenLine   = "listen 80; # test: listen"
)

// siteConf is the shipped configuration with the test's nodes and port:
// the lines marked "test:" replaced, the rest as a host would use it.
func siteConf(t *testing.T, port int, nodes []string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "deploy", "nginx.conf"))
	if err != nil {
		t.Fatal(err)
	}
	conf := string(b)
	if !strings.Contains(conf, listenLine) || len(upstreamLine.FindAllString(conf, -1)) != 2 {
		t.Fatal("deploy/nginx.conf changed: this test replaces its listen line and its two upstream servers")
	}
	var ups strings.Builder
	for _, n := range nodes {
		fmt.Fprintf(&ups, "    server %s max_fails=1 fail_timeout=10s;\n", n)
	}
	first := true
	conf = upstreamLine.ReplaceAllStringFunc(conf, func(string) string {
		if first {
			first = false
			return ups.String()
		}
		return ""
	})
	return strings.Replace(conf, listenLine, fmt.Sprintf("listen 127.0.0.1:%d;", port), 1)
}

// startNginx runs nginx in front of nodes (host:port each) until the test
// ends.
func startNginx(t *testing.T, nodes ...string) *proxy {
	t.Helper()
	bin := nginxPath(t)
	for attempt := 0; ; attempt++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := ln.Addr().(*net.TCPAddr).Port
		ln.Close() // nginx takes it; another process may beat it to it: then again
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "site.conf"), []byte(siteConf(t, port, nodes)), 0o600); err != nil {
			t.Fatal(err)
		}
		main := fmt.Sprintf(`daemon off;
master_process off;
worker_processes 1;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    include %[1]s/site.conf;
}
`, dir)
		if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(main), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-p", dir, "-c", filepath.Join(dir, "nginx.conf"), "-e", filepath.Join(dir, "error.log"))
		var out servetest.SyncBuf
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		up := false
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end) && !up; {
			select {
			case <-done:
				end = time.Time{}
				continue
			default:
			}
			if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
				c.Close()
				up = true
			} else {
				time.Sleep(20 * time.Millisecond)
			}
		}
		if up {
			t.Cleanup(func() {
				_ = cmd.Process.Kill()
				<-done
				if t.Failed() {
					log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
					t.Logf("nginx's output:\n%s\nerror log:\n%s", out.String(), log)
				}
			})
			return &proxy{Base: "http://" + addr, Addr: addr}
		}
		_ = cmd.Process.Kill()
		<-done
		log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
		if attempt < 3 && bytes.Contains(log, []byte("in use")) {
			continue
		}
		t.Fatalf("nginx did not start:\n%s\n%s", out.String(), log)
	}
}

// TestProxyForwardedAddress: behind nginx, the per-address limits count
// the players' addresses (X-Forwarded-For, believed from the trusted
// proxy only), and a header a client forges moves nothing.
func TestProxyForwardedAddress(t *testing.T) {
	t.Parallel()
	// One request per address, then 429 for 100 s: Ann's three requests
	// and Eve's two must each fall within that, however slow the machine
	// (at 0.1 they had 10 s: the whole test took 28.6 s at load 89).
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir(), "--rate-per-addr", "0.01", "--trusted-proxy", "127.0.0.1/32")
	px := startNginx(t, n.Addr)
	post := func(c *http.Client, base, xff string) int {
		t.Helper()
		req, _ := http.NewRequest("POST", base+"/api/guests", strings.NewReader(`{"name":"Ann"}`))
		if xff != "" {
			req.Header.Set("X-Forwarded-For", xff)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	ann, bob := from("127.0.0.2"), from("127.0.0.3")
	if got := post(ann, px.Base, ""); got != http.StatusCreated {
		t.Fatalf("Ann's first request through the proxy: %d", got)
	}
	if got := post(ann, px.Base, ""); got != http.StatusTooManyRequests {
		t.Fatalf("Ann's second request within 100 s: %d, want 429", got)
	}
	// Bob has a bucket of his own: the node does not count nginx's address.
	if got := post(bob, px.Base, ""); got != http.StatusCreated {
		t.Fatalf("Bob, at another address, through the same proxy: %d (the node counts the proxy, not the players)", got)
	}
	// Ann cannot claim to be someone else: nginx appends her address, and
	// the node takes the rightmost address it does not trust.
	if got := post(ann, px.Base, "203.0.113.9"); got != http.StatusTooManyRequests {
		t.Fatalf("Ann with a forged X-Forwarded-For: %d, want 429", got)
	}
	// Straight to the node from an address it does not trust, the header
	// is not believed at all.
	eve := from("127.0.0.4")
	if got := post(eve, n.Base, "203.0.113.10"); got != http.StatusCreated {
		t.Fatalf("Eve's first request: %d", got)
	}
	if got := post(eve, n.Base, "203.0.113.11"); got != http.StatusTooManyRequests {
		t.Fatalf("Eve's second request with another forged address: %d, want 429", got)
	}
}

// TestProxyNodeKilled: two nodes on one PostgreSQL behind nginx, games
// played through its one address; one node is killed with SIGKILL while
// the games are being played. Every acknowledged move is in the
// database, and within 10 s of the kill every player is back, through
// the same address, at the game's ply.
func TestProxyNodeKilled(t *testing.T) {
	t.Parallel()
	dsn := storetest.FreshDSN(t, store.EnginePostgres)
	nginxPath(t)
	n1 := startNode(t, "127.0.0.1:0", "--db", dsn, "--trusted-proxy", "127.0.0.1/32")
	n2 := startNode(t, "127.0.0.1:0", "--db", dsn, "--trusted-proxy", "127.0.0.1/32")
	px := startNginx(t, n1.Addr, n2.Addr)
	ctx := ctxFor(t, 2*time.Minute)

	const games = 6
	type table struct {
		id    string
		s     [2]*client.Session
		mu    sync.Mutex
		acked map[int]string
		after int // moves acknowledged after the kill
	}
	tables := make([]*table, games)
	for i := range tables {
		sa, sb, _, _ := pair(t, ctx, px.Base, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
		tables[i] = &table{id: sa.Snapshot().Game, s: [2]*client.Session{sa, sb}, acked: map[int]string{}}
	}

	var killed time.Time
	var killedMu sync.Mutex
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 46))
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Duration(20+r.IntN(40)) * time.Millisecond):
				}
				st := tb.s[0].Snapshot()
				if st.Status != "playing" || st.Pos.Over() {
					return
				}
				s := tb.s[st.Pos.ToMoveSeat()]
				ply := st.Ply()
				wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
				err := s.Wait(wctx, func(x *client.State) bool { return x.Ply() == ply && x.Synced })
				if err == nil {
					var got int
					mv := randomMove(r, s.Snapshot().Pos)
					got, err = s.Play(wctx, mv)
					if err == nil {
						killedMu.Lock()
						k := killed
						killedMu.Unlock()
						tb.mu.Lock()
						tb.acked[got] = mv
						if !k.IsZero() {
							tb.after++
						}
						tb.mu.Unlock()
						// Both have it before the next turn is read (the
						// other may be reconnecting, at an older ply).
						for _, o := range tb.s {
							if err == nil {
								err = o.Wait(wctx, func(x *client.State) bool { return x.Ply() >= got })
							}
						}
					}
				}
				cancel()
				if err != nil {
					var desc []string
					for seat, x := range tb.s {
						sn := x.Snapshot()
						desc = append(desc, fmt.Sprintf("seat %d: ply %d synced %v conns %d events %v", seat, sn.Ply(), sn.Synced, x.Conns(), x.Events()))
					}
					t.Errorf("game %d (%s) at ply %d, seat %d to move: %v\n%s", i, tb.id, ply, st.Pos.ToMoveSeat(), err, strings.Join(desc, "\n"))
					return
				}
			}
		}()
	}
	// Kill a node once every game is a few moves in.
	for end := time.Now().Add(30 * time.Second); ; {
		least := 1 << 30
		for _, tb := range tables {
			tb.mu.Lock()
			least = min(least, len(tb.acked))
			tb.mu.Unlock()
		}
		if least >= 3 {
			break
		}
		if time.Now().After(end) {
			close(stop)
			wg.Wait()
			t.Fatalf("the games did not reach ply 3 in 30 s (the slowest: %d)", least)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// nginx sends a game's players to one node (deploy/nginx.conf hashes
	// by game): the node with the more games is killed.
	victim := n1
	if metric(t, n2.Base, "shiftago_games_live", "") > metric(t, n1.Base, "shiftago_games_live", "") {
		victim = n2
	}
	killedMu.Lock()
	killed = time.Now()
	killedMu.Unlock()
	victim.Kill9()
	// The games go on for two seconds; the movers' moves in flight are
	// sent again on the new connections and acknowledged there.
	time.Sleep(2 * time.Second)
	close(stop)
	wg.Wait()
	if t.Failed() {
		return
	}

	st, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	deadline := killed.Add(10 * time.Second)
	after, reconnected := 0, 0
	for i, tb := range tables {
		stored, err := st.Moves(ctx, tb.id, 0)
		if err != nil {
			t.Fatal(err)
		}
		tb.mu.Lock()
		for ply, mv := range tb.acked {
			if ply > len(stored) || stored[ply-1].Move != mv {
				t.Errorf("game %d: move %d (%s) was acknowledged and is not stored", i, ply, mv)
			}
		}
		after += tb.after
		tb.mu.Unlock()
		for seat, s := range tb.s {
			wctx, cancel := context.WithDeadline(ctx, deadline)
			err := s.Wait(wctx, func(x *client.State) bool { return x.Synced && x.Ply() == len(stored) })
			cancel()
			if err != nil {
				sn := s.Snapshot()
				t.Errorf("game %d seat %d: at ply %d (synced %v) 10 s after the kill, the game at %d", i, seat, sn.Ply(), sn.Synced, len(stored))
			}
			if s.Conns() > 1 {
				reconnected++
			}
		}
	}
	if reconnected == 0 {
		t.Error("no player had been on the killed node: the proxy did not spread them")
	}
	if after == 0 {
		t.Error("no move was acknowledged after the kill")
	}
	t.Logf("%d of %d players reconnected through the proxy; %d moves acknowledged after the kill; all back %v after it",
		reconnected, 2*games, after, time.Since(killed).Round(time.Millisecond))
}
