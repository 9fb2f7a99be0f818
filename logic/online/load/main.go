//go:build !js

// Command load measures the game server on loopback: it starts
// shiftago-server (one node on SQLite, or two nodes sharing PostgreSQL), opens N
// games of two remote players each through the real protocol, plays
// random legal moves for a bounded time, and reports moves per second,
// the round trip of a move (sent → acknowledged) at p50 and p99, the
// server's memory and CPU, and whether every acknowledged move is stored
// exactly once (read back from the database after the run). Offered
// more than a node takes, its admission control refuses new games with
// 503: the tool counts them, backs off and offers them again, and the
// round trips reported are the admitted games' moves.
//
//	go run ./logic/online/load -games 1000 -duration 60s
//	go run ./logic/online/load -games 1000 -duration 60s -db postgres://…   (two nodes)
//	go run ./logic/online/load -games 400 -think 100ms -serve '--shed-latency 20ms'
//
// It talks only to 127.0.0.1, and stops by itself.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

func main() {
	games := flag.Int("games", 1000, "concurrent games (two players each, two WebSockets)")
	duration := flag.Duration("duration", 60*time.Second, "how long the games play")
	think := flag.Duration("think", 2*time.Second, "a player's time to think before each move (mean; uniform 0.5x-1.5x)")
	dsn := flag.String("db", "", "postgres://… to run two nodes on it; empty: one node on SQLite in a temporary folder")
	bin := flag.String("bin", "", "the shiftago-server binary (default: build it)")
	stall := flag.Duration("stall", 30*time.Second, "a game whose next move is not seen by the player to move within this counts as frozen")
	serve := flag.String("serve", "", "more flags for the nodes, e.g. \"--shed-latency 20ms\"")
	flag.Parse()
	serveFlags = strings.Fields(*serve)
	if err := run(*games, *duration, *think, *stall, *dsn, *bin); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

type node struct {
	cmd  *exec.Cmd
	base string
}

var openLine = regexp.MustCompile(`open (http://\S+)/`)

// serveFlags are the -serve flags, given to every node.
var serveFlags []string

func startNode(bin string, args ...string) (*node, error) {
	cmd := exec.Command(bin, append([]string{"--addr", "127.0.0.1:0", "--quiet",
		"--max-conns-per-addr", "1000000", "--rate-per-addr", "1000000", "--rate-per-conn", "100", "--games-per-guest", "1000",
		"--new-per-addr", "1000000", "--new-per-hour", "1000000"}, append(args, serveFlags...)...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if m := openLine.FindStringSubmatch(sc.Text()); m != nil {
			return &node{cmd: cmd, base: m[1]}, nil
		}
	}
	_ = cmd.Process.Kill()
	return nil, errors.New("the server printed no address")
}

// usage is a process's CPU time (user+system) and resident memory, from /proc.
func usage(pid int) (cpu time.Duration, rss, peak int64) {
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
		if len(f) > 13 {
			u, _ := strconv.ParseInt(f[11], 10, 64)
			s, _ := strconv.ParseInt(f[12], 10, 64)
			cpu = time.Duration(u+s) * (time.Second / 100) // USER_HZ is 100 on Linux
		}
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			k, v, _ := strings.Cut(l, ":")
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			switch k {
			case "VmRSS":
				rss = n << 10
			case "VmHWM":
				peak = n << 10
			}
		}
	}
	return
}

func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

// table is two players under load: the game they play now, and every
// game they played with the moves they had acknowledged. A game that ends
// is followed by a new one, so the load stays up for the whole run.
type table struct {
	ann, bob *client.Client
	s        [2]*client.Session
	games    []*played
	mu       sync.Mutex
	errors   int
	frozen   string // why the table stopped: a move not seen within -stall
}

type played struct {
	id    string
	acked map[int]string
}

func run(games int, duration, think, stall time.Duration, dsn, bin string) error {
	if bin == "" {
		dir, err := os.MkdirTemp("", "shiftago-load")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		bin = filepath.Join(dir, "shiftago-server")
		build := exec.Command("go", "build", "-o", bin, "./logic/online/cmd/shiftago-server")
		build.Dir = moduleRoot()
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building shiftago-server: %v", err)
		}
	}
	var nodes []*node
	if dsn == "" {
		data, err := os.MkdirTemp("", "shiftago-load-data")
		if err != nil {
			return err
		}
		defer os.RemoveAll(data)
		n, err := startNode(bin, "--data", data)
		if err != nil {
			return err
		}
		nodes = append(nodes, n)
		dsn = filepath.Join(data, store.DBFile)
	} else {
		for i := 0; i < 2; i++ {
			n, err := startNode(bin, "--db", dsn)
			if err != nil {
				return err
			}
			nodes = append(nodes, n)
		}
	}
	defer func() {
		for _, n := range nodes {
			_ = n.cmd.Process.Kill()
			_ = n.cmd.Wait()
		}
	}()
	fmt.Printf("load: %d games on %d node(s), %v, think %v; load average before: %s\n", games, len(nodes), duration, think, loadavg())

	// Every table (two guests) sets up its game and plays it, then the
	// next, until the time is up. A node that is full (admission control)
	// refuses a new game or its first connection with 503: the table
	// waits Retry-After plus a random share of it (full jitter, as the
	// client's reconnects do) and offers it again. With two nodes, Ann is
	// on the first and Bob on the second: every move crosses the bus.
	ctx, cancel := context.WithTimeout(context.Background(), duration+3*time.Minute)
	defer cancel()
	tables := make([]*table, games)
	self0, _, _ := usage(os.Getpid())
	cpu0 := make([]time.Duration, len(nodes))
	for i, n := range nodes {
		cpu0[i], _, _ = usage(n.cmd.Process.Pid)
	}
	var wg sync.WaitGroup
	var setupErr atomic.Value
	var refused, admitted atomic.Int64
	sem := make(chan struct{}, 32) // set-ups at once
	var mu sync.Mutex
	var rtts []time.Duration
	var moves atomic.Int64
	start := time.Now()
	stop := start.Add(duration)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 99))
			sem <- struct{}{}
			t, err := newTable(ctx, nodes, i)
			<-sem
			if err != nil {
				setupErr.Store(err)
				return
			}
			tables[i] = t
			var mine []time.Duration
			defer func() {
				mu.Lock()
				rtts = append(rtts, mine...)
				mu.Unlock()
			}()
			playing := false
			for time.Now().Before(stop) {
				if !playing {
					sem <- struct{}{}
					err := t.next(ctx)
					<-sem
					var full *fullError
					if errors.As(err, &full) {
						refused.Add(1)
						time.Sleep(min(full.after+rand.N(full.after), time.Until(stop)))
						continue
					}
					if err != nil {
						setupErr.Store(err)
						return
					}
					admitted.Add(1)
					playing = true
				}
				time.Sleep(time.Duration(float64(think) * (0.5 + r.Float64())))
				st := t.s[0].Snapshot()
				if st.Pos.Over() || st.Status != proto.StatusPlaying {
					playing = false
					continue
				}
				s := t.s[st.Pos.ToMoveSeat()]
				ply := st.Ply()
				if !t.wait(ctx, stall, s, ply) {
					break
				}
				var buf [logic.MaxMoves]logic.Move
				snap := s.Snapshot()
				legal := snap.Pos.Moves(buf[:0])
				mv := legal[r.IntN(len(legal))].String()
				sent := time.Now()
				got, err := s.Play(ctx, mv)
				if err != nil {
					t.mu.Lock()
					t.errors++
					t.mu.Unlock()
					break
				}
				mine = append(mine, time.Since(sent))
				moves.Add(1)
				t.mu.Lock()
				t.games[len(t.games)-1].acked[got] = mv
				t.mu.Unlock()
				if !t.wait(ctx, stall, t.s[0], got) {
					break
				}
			}
		}()
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		return fmt.Errorf("setting up: %v", err)
	}
	fmt.Printf("load: %d games admitted (set up and played), %d refused with 503 (each retried after Retry-After and a random share)\n", admitted.Load(), refused.Load())
	elapsed := time.Since(start)
	for i, n := range nodes {
		cpu, rss, peak := usage(n.cmd.Process.Pid)
		fmt.Printf("load: node %d: CPU %.2f cores (%v over %v), RSS %d MiB, peak RSS %d MiB\n", i+1,
			(cpu-cpu0[i]).Seconds()/elapsed.Seconds(), (cpu - cpu0[i]).Round(time.Millisecond), elapsed.Round(time.Millisecond), rss>>20, peak>>20)
	}
	// The clients share the machine with the servers: their CPU says how
	// much of the round trip may be theirs.
	self, _, _ := usage(os.Getpid())
	fmt.Printf("load: the load tool itself (the clients): CPU %.2f cores\n", (self-self0).Seconds()/elapsed.Seconds())
	slices.Sort(rtts)
	pct := func(p float64) time.Duration {
		if len(rtts) == 0 {
			return 0
		}
		return rtts[min(len(rtts)-1, int(p*float64(len(rtts))))]
	}
	errs := 0
	var frozen []string
	for _, t := range tables {
		if t == nil {
			continue
		}
		errs += t.errors
		if t.frozen != "" {
			frozen = append(frozen, t.frozen)
		}
	}
	fmt.Printf("load: %d moves in %v: %.0f moves/s; round trip p50 %v, p99 %v, max %v; %d refused or failed moves; load average after: %s\n",
		moves.Load(), elapsed.Round(time.Millisecond), float64(moves.Load())/elapsed.Seconds(),
		pct(0.50).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond), errs, loadavg())

	fmt.Printf("load: %d of %d tables frozen (a move not seen by the player to move within %v)\n", len(frozen), games, stall)
	for i, f := range frozen {
		if i == 20 {
			fmt.Printf("load:   … and %d more\n", len(frozen)-i)
			break
		}
		fmt.Printf("load:   %s\n", f)
	}
	for _, t := range tables {
		for _, s := range t.s {
			if s != nil {
				s.Close()
			}
		}
	}
	// Check against the database: every acknowledged move stored once, at
	// its ply, and nothing stored that was not acknowledged.
	st, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	lost, extra, wrong, n := 0, 0, 0, 0
	for _, tb := range tables {
		for _, t := range tb.games {
			n++
			stored, err := st.Moves(ctx, t.id, 0)
			if err != nil {
				return err
			}
			seen := map[int]bool{}
			for _, m := range stored {
				if seen[m.Ply] {
					extra++ // a ply stored twice (the key forbids it)
				}
				seen[m.Ply] = true
				a, ok := t.acked[m.Ply]
				switch {
				case !ok:
					extra++
				case a != m.Move:
					wrong++
				}
			}
			for ply := range t.acked {
				if !seen[ply] {
					lost++
				}
			}
		}
	}
	fmt.Printf("load: checked %d games against the database: %d lost, %d doubled or unacknowledged, %d different\n", n, lost, extra, wrong)
	if lost+extra+wrong > 0 {
		return errors.New("moves lost or doubled")
	}
	if len(frozen) > 0 {
		return fmt.Errorf("%d games frozen", len(frozen))
	}
	return nil
}

// wait waits until s has seen ply moves. A wait longer than stall while
// the run goes on is a frozen game: it is noted on the table, with what
// each player has, and the table stops.
func (t *table) wait(ctx context.Context, stall time.Duration, s *client.Session, ply int) bool {
	w, cancel := context.WithTimeout(ctx, stall)
	defer cancel()
	err := s.Wait(w, func(x *client.State) bool { return x.Ply() >= ply })
	if err == nil {
		return true
	}
	if ctx.Err() == nil {
		t.mu.Lock()
		t.frozen = fmt.Sprintf("game %s: a player waited %v for ply %d; Ann has ply %d, Bob ply %d",
			t.games[len(t.games)-1].id, stall, ply, t.s[0].Snapshot().Ply(), t.s[1].Snapshot().Ply())
		t.mu.Unlock()
	}
	return false
}

func newTable(ctx context.Context, nodes []*node, i int) (*table, error) {
	na, nb := nodes[0], nodes[len(nodes)-1]
	t := &table{ann: client.New(na.base), bob: client.New(nb.base)}
	if err := t.ann.NewGuest(ctx, fmt.Sprintf("Ann %d", i)); err != nil {
		return nil, err
	}
	if err := t.bob.NewGuest(ctx, fmt.Sprintf("Bob %d", i)); err != nil {
		return nil, err
	}
	return t, nil
}

// fullError is a node's 503 (admission control): come back after.
type fullError struct{ after time.Duration }

func (e *fullError) Error() string { return fmt.Sprintf("the node is full: retry after %v", e.after) }

// openWait bounds the first connection to a new game: a full node
// refuses it with 503, and the session would try again for ever.
const openWait = 10 * time.Second

// next starts the table's next game: Ann creates, Bob joins, both open it.
func (t *table) next(ctx context.Context) error {
	for i, s := range t.s {
		if s != nil {
			s.Close()
			t.s[i] = nil
		}
	}
	g, err := t.ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	var ae *client.APIError
	if errors.As(err, &ae) && ae.Status == http.StatusServiceUnavailable {
		return &fullError{after: max(ae.RetryAfter, time.Second)}
	}
	if err != nil {
		return err
	}
	if _, err := t.bob.Join(ctx, g.Invite); err != nil {
		return err
	}
	for i, c := range []*client.Client{t.ann, t.bob} {
		octx, cancel := context.WithTimeout(ctx, openWait)
		t.s[i], err = c.Open(octx, g.Game)
		cancel()
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return &fullError{after: 2 * time.Second} // refused all along: the game is given up
		}
		if err != nil {
			return err
		}
	}
	t.mu.Lock()
	t.games = append(t.games, &played{id: g.Game, acked: map[int]string{}})
	t.mu.Unlock()
	return t.s[0].Wait(ctx, func(x *client.State) bool { return x.Status == proto.StatusPlaying })
}

func moduleRoot() string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "."
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}
