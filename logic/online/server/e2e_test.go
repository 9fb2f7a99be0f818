//go:build !js

package server_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// These tests start the real program (`shiftago serve`, built once in
// TestMain) on real sockets with a real database, and play through the
// real protocol with the headless client. No mocks.

var bin string // the shiftago binary

func TestMain(m *testing.M) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "go env GOMOD:", err)
		os.Exit(1)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	dir, err := os.MkdirTemp("", "shiftago-serve-test")
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

// node is a running `shiftago serve` process.
type node struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string // http://127.0.0.1:port
	addr string
	args []string
	errs *syncBuf
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

// startNode runs shiftago serve with args on addr (":0" style for a free
// port) and waits for it to print its address.
func startNode(t *testing.T, addr string, args ...string) *node {
	t.Helper()
	n := &node{t: t, addr: addr, args: args, errs: &syncBuf{}, done: make(chan struct{})}
	n.cmd = exec.Command(bin, append([]string{"serve", "--addr", addr}, args...)...)
	n.cmd.Stderr = n.errs
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
			t.Logf("server log (%s):\n%s", n.addr, n.errs.String())
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
		t.Fatalf("shiftago serve exited: %s", n.errs.String())
	case <-time.After(30 * time.Second):
		t.Fatal("shiftago serve printed no address in 30 s")
	}
	n.addr = strings.TrimPrefix(n.base, "http://")
	return n
}

// kill9 kills the process as a crash would: no shutdown at all.
func (n *node) kill9() {
	_ = n.cmd.Process.Signal(syscall.SIGKILL)
	<-n.done
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

func open(t *testing.T, ctx context.Context, c *client.Client, game string) *client.Session {
	t.Helper()
	s, err := c.Open(ctx, game)
	if err != nil {
		t.Fatalf("open %s: %v", game, err)
	}
	t.Cleanup(s.Close)
	return s
}

// randomMove picks a legal move of the position.
func randomMove(r *rand.Rand, p logic.Position) string {
	var buf [logic.MaxMoves]logic.Move
	moves := p.Moves(buf[:0])
	return moves[r.IntN(len(moves))].String()
}

// playOut plays random legal moves through whichever session holds the
// seat to move, until the game ends or has maxPly moves; every move must
// be acknowledged.
func playOut(t *testing.T, ctx context.Context, r *rand.Rand, bySeat map[int]*client.Session, maxPly int) []string {
	t.Helper()
	var played []string
	for {
		var any *client.Session
		for seat := 0; any == nil; seat++ {
			any = bySeat[seat]
		}
		st := any.Snapshot()
		if st.Status != "playing" || st.Pos.Over() || st.Ply() >= maxPly {
			return played
		}
		s := bySeat[st.Pos.ToMoveSeat()]
		if s == nil { // a computer's turn: wait for its move
			ply := st.Ply()
			if err := any.Wait(ctx, func(x *client.State) bool { return x.Ply() > ply || x.Status != "playing" }); err != nil {
				t.Fatalf("waiting for the computer at ply %d: %v", ply, err)
			}
			continue
		}
		ply := st.Ply()
		if err := s.Wait(ctx, func(x *client.State) bool { return x.Ply() == ply && x.Synced }); err != nil {
			for seat, x := range bySeat {
				sn := x.Snapshot()
				t.Logf("seat %d: ply %d synced %v conns %d moves %v events %v", seat, sn.Ply(), sn.Synced, x.Conns(), sn.Moves, x.Events())
			}
			t.Fatalf("the mover never saw ply %d: %v", ply, err)
		}
		mv := randomMove(r, s.Snapshot().Pos)
		got, err := s.Play(ctx, mv)
		if err != nil || got != ply+1 {
			t.Fatalf("move %s at ply %d: ply %d, %v", mv, ply+1, got, err)
		}
		played = append(played, mv)
		for _, o := range bySeat { // everyone has it before the next turn is read
			if err := o.Wait(ctx, func(x *client.State) bool { return x.Ply() > ply }); err != nil {
				t.Fatalf("ply %d never reached the others: %v", ply+1, err)
			}
		}
	}
}

// sameGame waits until every session has the moves of the first.
func sameGame(t *testing.T, ctx context.Context, sessions ...*client.Session) []string {
	t.Helper()
	want := sessions[0].Snapshot()
	for _, s := range sessions[1:] {
		if err := s.Wait(ctx, func(x *client.State) bool { return x.Ply() == want.Ply() }); err != nil {
			t.Fatalf("a session stayed at ply %d of %d: %v", s.Snapshot().Ply(), want.Ply(), err)
		}
		got := s.Snapshot()
		if strings.Join(got.Moves, " ") != strings.Join(want.Moves, " ") || got.Pos.String() != want.Pos.String() {
			t.Fatalf("two sessions disagree:\n%v\n%v", got.Moves, want.Moves)
		}
	}
	return want.Moves
}

// TestServeWholeGame: two guests on their own devices and a spectator
// play a whole game through a real server process.
func TestServeWholeGame(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir())
	ctx := ctxFor(t, 40*time.Second)
	ann, bob := guest(t, ctx, "Ann", n.base), guest(t, ctx, "Bob", n.base)
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if g.Invite == "" || g.Watch == "" || g.Status != "open" {
		t.Fatalf("a new game with a free seat: %+v", g)
	}
	sa := open(t, ctx, ann, g.Game)
	if _, err := sa.Play(ctx, "Nd"); err == nil {
		t.Fatal("a move before the second player came was accepted")
	}
	j, err := bob.Join(ctx, g.Invite)
	if err != nil || len(j.Seats) != 1 || j.Seats[0] != 1 {
		t.Fatalf("join: %+v %v", j, err)
	}
	eve := guest(t, ctx, "Eve", n.base)
	if _, err := eve.Join(ctx, g.Invite); err == nil {
		t.Fatal("a third guest took a seat of a full two-player game")
	}
	sb := open(t, ctx, bob, g.Game)
	watcher := client.New(n.base)
	sw, err := watcher.Watch(ctx, g.Watch)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sw.Close)
	if err := sa.Wait(ctx, func(x *client.State) bool { return x.Status == "playing" }); err != nil {
		t.Fatalf("Ann never saw Bob join: %v", err)
	}
	r := rand.New(rand.NewPCG(7, 11))
	playOut(t, ctx, r, map[int]*client.Session{0: sa, 1: sb}, 200)
	moves := sameGame(t, ctx, sa, sb, sw)
	for _, s := range []*client.Session{sa, sb, sw} {
		if err := s.Wait(ctx, func(x *client.State) bool { return x.Result != "" }); err != nil {
			t.Fatalf("no result after %d moves: %v", len(moves), err)
		}
	}
	if _, err := sw.Play(ctx, "Nd"); err == nil {
		t.Fatal("a spectator's move was accepted")
	}
	list, err := ann.Games(ctx)
	if err != nil || len(list) != 1 || list[0].Ply != len(moves) || list[0].Status != "finished" {
		t.Fatalf("Ann's games: %+v %v", list, err)
	}
	t.Logf("a whole game of %d moves, %s", len(moves), sa.Snapshot().Result)
}

// TestServeComputerSeats: a guest against two computers of the server,
// every variant's scoring applies (Expert, three players).
func TestServeComputerSeats(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir(), "--workers", "1")
	ctx := ctxFor(t, 40*time.Second)
	ann := guest(t, ctx, "Ann", n.base)
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "expert", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "computer", Level: 1}, {Kind: "computer", Level: 2}}})
	if err != nil || g.Status != "playing" {
		t.Fatalf("%+v %v", g, err)
	}
	sa := open(t, ctx, ann, g.Game)
	r := rand.New(rand.NewPCG(3, 4))
	mine := playOut(t, ctx, r, map[int]*client.Session{0: sa}, 24)
	st := sa.Snapshot()
	if st.Ply() < 2*len(mine) {
		t.Fatalf("the computers played %d moves to Ann's %d", st.Ply()-len(mine), len(mine))
	}
}

// hotSeat is a game where Ann holds both seats (two people at one
// device), so one session plays every move.
func hotSeat(t *testing.T, ctx context.Context, base string) (*client.Client, string) {
	ann := guest(t, ctx, "Ann", base)
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "me"}}})
	if err != nil || len(g.Seats) != 2 {
		t.Fatalf("%+v %v", g, err)
	}
	return ann, g.Game
}

// TestServeKill9: the server is killed (SIGKILL) mid-game and started
// again on its data; every acknowledged move is there, and the client's
// session resumes by itself.
func TestServeKill9(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	n := startNode(t, "127.0.0.1:0", "--data", data)
	ctx := ctxFor(t, 40*time.Second)
	ann, id := hotSeat(t, ctx, n.base)
	s := open(t, ctx, ann, id)
	r := rand.New(rand.NewPCG(5, 6))
	acked := playOut(t, ctx, r, map[int]*client.Session{0: s, 1: s}, 8)
	n.kill9()
	n2 := startNode(t, n.addr, "--data", data) // the same port: the session comes back by itself
	if err := s.Wait(ctx, func(x *client.State) bool { return x.Synced }); err != nil {
		t.Fatal(err)
	}
	if got := s.Snapshot().Moves; strings.Join(got, " ") != strings.Join(acked, " ") {
		t.Fatalf("after kill -9: %v, acknowledged %v", got, acked)
	}
	if s.Conns() < 2 {
		t.Fatalf("the session did not reconnect (%d connections)", s.Conns())
	}
	fresh := open(t, ctx, ann, id) // a new device of Ann's: the store's view
	if got := fresh.Snapshot().Moves; strings.Join(got, " ") != strings.Join(acked, " ") {
		t.Fatalf("stored after kill -9: %v, acknowledged %v", got, acked)
	}
	more := playOut(t, ctx, r, map[int]*client.Session{0: s, 1: s}, len(acked)+2)
	if after := s.Snapshot(); len(more) == 0 && !after.Pos.Over() {
		t.Fatal("no move after the restart")
	}
	_ = n2
}

// TestServeDropMidMove: the connection drops right after a move is sent;
// the session resends it (same id) on its new connection; the server
// acknowledges it and the game has it once.
func TestServeDropMidMove(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir())
	ctx := ctxFor(t, 40*time.Second)
	ann, id := hotSeat(t, ctx, n.base)
	s := open(t, ctx, ann, id)
	r := rand.New(rand.NewPCG(8, 9))
	var sent []string
	for i := 0; i < 5; i++ {
		mv := randomMove(r, s.Snapshot().Pos)
		res := make(chan error, 1)
		go func() { _, err := s.Play(ctx, mv); res <- err }()
		s.Drop() // the network goes: before, during or after the move reached the server
		if err := <-res; err != nil {
			t.Fatalf("move %d (%s) after a drop: %v", i+1, mv, err)
		}
		sent = append(sent, mv)
		if err := s.Wait(ctx, func(x *client.State) bool { return x.Synced && x.Ply() >= len(sent) }); err != nil {
			t.Fatal(err)
		}
	}
	fresh := open(t, ctx, ann, id)
	if got := fresh.Snapshot().Moves; strings.Join(got, " ") != strings.Join(sent, " ") {
		t.Fatalf("stored %v, sent once each %v", got, sent)
	}
	if s.Conns() < 2 {
		t.Fatalf("%d connections: the drops did not happen", s.Conns())
	}
}

// TestServeRace: two devices of one player send different moves for the
// same ply at once: one is acknowledged, the other refused as stale, and
// both devices end with the winner's move.
func TestServeRace(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir())
	ctx := ctxFor(t, 40*time.Second)
	ann, id := hotSeat(t, ctx, n.base)
	s1, s2 := open(t, ctx, ann, id), open(t, ctx, ann, id)
	for round := 0; round < 4; round++ {
		ply := s1.Snapshot().Ply()
		for _, s := range []*client.Session{s1, s2} {
			if err := s.Wait(ctx, func(x *client.State) bool { return x.Ply() == ply }); err != nil {
				t.Fatal(err)
			}
		}
		var buf [logic.MaxMoves]logic.Move
		snap := s1.Snapshot()
		moves := snap.Pos.Moves(buf[:0])
		a, b := moves[0].String(), moves[len(moves)-1].String()
		errs := make(chan error, 2)
		go func() { _, err := s1.Play(ctx, a); errs <- err }()
		go func() { _, err := s2.Play(ctx, b); errs <- err }()
		e1, e2 := <-errs, <-errs
		won := 0
		for _, err := range []error{e1, e2} {
			var ref *client.ErrRefused
			switch {
			case err == nil:
				won++
			case errors.As(err, &ref) && ref.Msg.Code == proto.CodeStalePly:
			default:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d moves won ply %d (%v, %v)", round, won, ply+1, e1, e2)
		}
		sameGame(t, ctx, s1, s2)
		if s1.Snapshot().Ply() != ply+1 {
			t.Fatalf("round %d: ply %d after one race, want %d", round, s1.Snapshot().Ply(), ply+1)
		}
	}
}

// TestServeHostile: a client that moves for others, out of turn,
// illegally, floods, sends huge or broken frames, or holds half-open
// connections is refused; the game goes on unharmed.
func TestServeHostile(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir(), "--max-conns-per-addr", "10")
	ctx := ctxFor(t, 50*time.Second)
	ann, bob := guest(t, ctx, "Ann", n.base), guest(t, ctx, "Bob", n.base)
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, g.Invite); err != nil {
		t.Fatal(err)
	}
	sa, sb := open(t, ctx, ann, g.Game), open(t, ctx, bob, g.Game)
	refused := func(what string, err error, code proto.Code) {
		t.Helper()
		var ref *client.ErrRefused
		if !errors.As(err, &ref) || ref.Msg.Code != code {
			t.Errorf("%s: %v, want a refusal %q", what, err, code)
		}
	}
	_, err = sb.Play(ctx, "Nd")
	refused("Bob moves in Ann's turn", err, proto.CodeNotYourSeat)
	_, err = sa.Play(ctx, "Nz")
	refused("an illegal move", err, proto.CodeIllegal)
	_, err = sa.Play(ctx, "Ndxa1-a5")
	refused("a line in Express", err, proto.CodeIllegal)

	// Broken frames: each refused, the connection kept.
	for _, frame := range []string{"{{{", `{"t":"moved","ply":1}`, `{"t":"move","ply":1,"id":"x","move":"Nd","pos":"evil"}`, "\xff\xfe"} {
		if err := sb.SendRaw([]byte(frame)); err != nil {
			t.Fatal(err)
		}
	}
	// A token in a URL is ignored: the API wants the header.
	resp, err := http.Post(n.base+"/api/games?token="+ann.Token, "application/json", strings.NewReader(`{"variant":"express","seats":[{"kind":"me"},{"kind":"open"}]}`))
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("a token in the URL: %d, want 401", resp.StatusCode)
		}
	}

	var wg sync.WaitGroup
	wsURL := "ws" + strings.TrimPrefix(n.base, "http") + "/api/ws"
	// A huge frame: the connection is closed.
	wg.Add(1)
	go func() {
		defer wg.Done()
		c, _, err := websocket.Dial(ctx, wsURL, nil)
		if err != nil {
			t.Errorf("dial: %v", err)
			return
		}
		defer c.CloseNow()
		_ = c.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","ply":0,"id":"`+strings.Repeat("a", 100<<10)+`"}`))
		if _, _, err := c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
			t.Errorf("a 100 KiB frame: %v, want closed as too big", err)
		}
	}()
	// A flood of pings after hello: refused as too fast, then closed.
	wg.Add(1)
	go func() {
		defer wg.Done()
		c, _, err := websocket.Dial(ctx, wsURL, nil)
		if err != nil {
			t.Errorf("dial: %v", err)
			return
		}
		defer c.CloseNow()
		_ = c.Write(ctx, websocket.MessageText, proto.Encode(proto.Msg{T: proto.THello, V: 1, Token: bob.Token, Game: g.Game}))
		go func() {
			for i := 0; i < 500; i++ {
				if c.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","ply":0}`)) != nil {
					return
				}
			}
		}()
		rate := 0
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				if rate == 0 || websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
					t.Errorf("a flood: %d rate refusals, ended by %v; want refusals then a policy close", rate, err)
				}
				return
			}
			if m, _ := proto.DecodeEvent(b); m.Code == proto.CodeRate {
				rate++
			}
		}
	}()
	// Half-open: half a request header, or a WebSocket that never says
	// hello: the server hangs up within its timeouts.
	for _, half := range []string{"GET / HTTP/1.1\r\nHost: x\r\n", ""} {
		half := half
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			if half == "" {
				c, _, err := websocket.Dial(ctx, wsURL, nil)
				if err != nil {
					t.Errorf("dial: %v", err)
					return
				}
				defer c.CloseNow()
				_, _, err = c.Read(ctx)
				if err == nil || time.Since(start) > 15*time.Second {
					t.Errorf("a silent WebSocket: %v after %v", err, time.Since(start))
				}
				return
			}
			c, err := net.Dial("tcp", n.addr)
			if err != nil {
				t.Errorf("dial: %v", err)
				return
			}
			defer c.Close()
			_, _ = c.Write([]byte(half))
			_ = c.SetReadDeadline(time.Now().Add(20 * time.Second))
			_, _ = io.Copy(io.Discard, c) // returns when the server closes
			if d := time.Since(start); d > 15*time.Second {
				t.Errorf("half a header held a connection for %v", d)
			}
		}()
	}
	wg.Wait()
	// Too many connections from one address: refused before the upgrade.
	var extra []*websocket.Conn
	refusedConns := 0
	for i := 0; i < 12; i++ {
		c, resp, err := websocket.Dial(ctx, wsURL, nil)
		if err != nil {
			if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
				refusedConns++
			}
			continue
		}
		extra = append(extra, c)
	}
	for _, c := range extra {
		c.CloseNow()
	}
	if refusedConns == 0 {
		t.Error("12 more connections from one address: none refused (limit 10)")
	}

	// The game is unharmed: Ann and Bob play on, and nothing else was played.
	if err := sa.Wait(ctx, func(x *client.State) bool { return x.Synced }); err != nil {
		t.Fatal(err)
	}
	if st := sa.Snapshot(); st.Ply() != 0 {
		t.Fatalf("the hostile traffic played %v", st.Moves)
	}
	r := rand.New(rand.NewPCG(1, 1))
	playOut(t, ctx, r, map[int]*client.Session{0: sa, 1: sb}, 6)
	sameGame(t, ctx, sa, sb)
}

// TestServeSigterm: SIGTERM tells every client to reconnect (bye) and the
// process ends cleanly; started again, the game is there.
func TestServeSigterm(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	n := startNode(t, "127.0.0.1:0", "--data", data)
	ctx := ctxFor(t, 40*time.Second)
	ann, id := hotSeat(t, ctx, n.base)
	s := open(t, ctx, ann, id)
	r := rand.New(rand.NewPCG(2, 2))
	acked := playOut(t, ctx, r, map[int]*client.Session{0: s, 1: s}, 4)
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.done:
	case <-time.After(15 * time.Second):
		t.Fatal("no exit 15 s after SIGTERM")
	}
	if code := n.cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit code %d after SIGTERM", code)
	}
	bye := false
	for _, e := range s.Events() {
		bye = bye || e.T == proto.TBye
	}
	if !bye {
		t.Errorf("the client was not told to reconnect: %v", s.Events())
	}
	startNode(t, n.addr, "--data", data)
	if err := s.Wait(ctx, func(x *client.State) bool { return x.Synced }); err != nil {
		t.Fatal(err)
	}
	if got := s.Snapshot().Moves; strings.Join(got, " ") != strings.Join(acked, " ") {
		t.Fatalf("after a restart: %v, acknowledged %v", got, acked)
	}
}

func TestServeBadFlag(t *testing.T) {
	out, err := exec.Command(bin, "serve", "--no-such-flag").CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || strings.Count(string(out), "\n") != 1 {
		t.Fatalf("a bad flag: %v, %q; want exit 2 and one line", err, out)
	}
}

// TestServeTwoNodes: two nodes share one PostgreSQL; Ann plays on one,
// Bob on the other, and each sees the other's moves at once (LISTEN/
// NOTIFY). Then Ann's node is killed (-9): her session reconnects to the
// other node and the game goes on, every acknowledged move kept.
func TestServeTwoNodes(t *testing.T) {
	dsn := storetest.FreshDSN(t, store.EnginePostgres) // skips without SHIFTAGO_TEST_POSTGRES, fails under CI=true
	t.Parallel()
	a := startNode(t, "127.0.0.1:0", "--db", dsn)
	b := startNode(t, "127.0.0.1:0", "--db", dsn)
	ctx := ctxFor(t, 50*time.Second)
	ann := guest(t, ctx, "Ann", a.base, b.base)
	bob := guest(t, ctx, "Bob", b.base, a.base)
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, g.Invite); err != nil { // on the other node
		t.Fatal(err)
	}
	sa, sb := open(t, ctx, ann, g.Game), open(t, ctx, bob, g.Game)
	if err := sa.Wait(ctx, func(x *client.State) bool { return x.Status == "playing" }); err != nil {
		t.Fatalf("Ann's node never heard that Bob joined on the other: %v", err)
	}
	r := rand.New(rand.NewPCG(21, 22))
	start := time.Now()
	first := playOut(t, ctx, r, map[int]*client.Session{0: sa, 1: sb}, 8)
	t.Logf("%d moves across two nodes in %v", len(first), time.Since(start))
	sameGame(t, ctx, sa, sb)

	// Two devices of Ann's, one on each node, race for one ply: the
	// database's unique (game, ply) lets exactly one node store it.
	hot, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "me"}}})
	if err != nil {
		t.Fatal(err)
	}
	annB := &client.Client{Bases: []string{b.base}, Token: ann.Token, ID: ann.ID}
	s1, s2 := open(t, ctx, ann, hot.Game), open(t, ctx, annB, hot.Game)
	for round := 0; round < 3; round++ {
		ply := s1.Snapshot().Ply()
		if err := s2.Wait(ctx, func(x *client.State) bool { return x.Ply() == ply }); err != nil {
			t.Fatal(err)
		}
		var buf [logic.MaxMoves]logic.Move
		snap := s1.Snapshot()
		moves := snap.Pos.Moves(buf[:0])
		errs := make(chan error, 2)
		go func() { _, err := s1.Play(ctx, moves[0].String()); errs <- err }()
		go func() { _, err := s2.Play(ctx, moves[len(moves)-1].String()); errs <- err }()
		e1, e2 := <-errs, <-errs
		if (e1 == nil) == (e2 == nil) {
			t.Fatalf("round %d across nodes: %v and %v, want exactly one acknowledged", round, e1, e2)
		}
		sameGame(t, ctx, s1, s2)
	}

	a.kill9()
	more := playOut(t, ctx, r, map[int]*client.Session{0: sa, 1: sb}, 14)
	moves := sameGame(t, ctx, sa, sb)
	if strings.Join(moves[:len(first)], " ") != strings.Join(first, " ") || len(more) == 0 && !over(sa) {
		t.Fatalf("after the kill: %v, before %v, more %v", moves, first, more)
	}
	if sa.Conns() < 2 {
		t.Fatal("Ann's session did not move to the other node")
	}
}

func over(s *client.Session) bool {
	st := s.Snapshot()
	return st.Pos.Over()
}
