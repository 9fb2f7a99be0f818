//go:build !js

package server_test

import (
	"bufio"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/servetest"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// metric scrapes base/metrics and sums the samples of the series name
// whose labels contain label ("" for all), as Prometheus would read
// them; -1 when the series is absent.
func metric(t *testing.T, base, name, label string) float64 {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/metrics: %s", resp.Status)
	}
	sum, found := 0.0, false
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		series, value, ok := strings.Cut(line, " ")
		n, labels, _ := strings.Cut(series, "{")
		if !ok || n != name || !strings.Contains(labels, label) {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			t.Fatalf("/metrics: %q", line)
		}
		sum, found = sum+v, true
	}
	if !found {
		return -1
	}
	return sum
}

func get(t *testing.T, url string) int {
	t.Helper()
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestServeWatch: what a host watches, on the real binary. /metrics has
// the series and they move when a game is played; /healthz answers while
// the process lives; /readyz answers 503 while the database does not
// answer (its connection silenced, as a network fault does) and 200 once
// it does again; SIGTERM drains: a client is told to reconnect and goes
// on on another node, and the process exits 0 within 10 s.
func TestServeWatch(t *testing.T) {
	dsn := storetest.FreshDSN(t, store.EnginePostgres) // skips without SHIFTAGO_TEST_POSTGRES, fails under CI=true
	t.Parallel()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cable := servetest.NewCable(t, u.Host)
	u.Host = cable.Addr
	a := startNode(t, "127.0.0.1:0", "--db", u.String())
	b := startNode(t, "127.0.0.1:0", "--db", dsn)
	ctx := ctxFor(t, 90*time.Second)

	if got := get(t, a.Base+"/healthz"); got != http.StatusOK {
		t.Fatalf("/healthz: %d", got)
	}
	if got := get(t, a.Base+"/readyz"); got != http.StatusOK {
		t.Fatalf("/readyz: %d", got)
	}
	series := []struct{ name, label string }{
		{"shiftago_games_live", ""}, {"shiftago_connections", ""}, {"shiftago_moves_total", ""},
		{"shiftago_move_seconds_count", ""}, {"shiftago_refusals_total", ""},
		{"shiftago_store_seconds_count", `op="AppendMove"`}, {"shiftago_game_queue", ""},
	}
	before := map[string]float64{}
	for _, s := range series {
		v := metric(t, a.Base, s.name, s.label)
		if v < 0 && s.name != "shiftago_store_seconds_count" { // a label appears with its first call
			t.Fatalf("/metrics has no %s", s.name)
		}
		before[s.name] = v
	}

	// A game on node a; Ann's and Bob's clients know node b as well.
	ann, bob := guest(t, ctx, "Ann", a.Base, b.Base), guest(t, ctx, "Bob", a.Base, b.Base)
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, g.Invite); err != nil {
		t.Fatal(err)
	}
	sa, sb := open(t, ctx, ann, g.Game), open(t, ctx, bob, g.Game)
	bySeat := map[int]*client.Session{0: sa, 1: sb}
	r := rand.New(rand.NewPCG(7, 7))
	playOut(t, ctx, r, bySeat, 4)
	// An illegal move: a refusal by its code.
	st := sa.Snapshot()
	mover := bySeat[st.Pos.ToMoveSeat()]
	if err := mover.Send(proto.Msg{T: proto.TMove, Ply: st.Ply() + 1, ID: "bad", Move: "Zz"}); err != nil {
		t.Fatal(err)
	}
	waitEvent(t, ctx, mover, "the refusal", func(m proto.Msg) bool { return m.T == proto.TRefused && m.ID == "bad" })
	for _, c := range []struct {
		name, label string
		atLeast     float64
	}{
		{"shiftago_games_live", "", 1}, {"shiftago_connections", "", 2},
		{"shiftago_moves_total", "", before["shiftago_moves_total"] + 4},
		{"shiftago_move_seconds_count", "", before["shiftago_move_seconds_count"] + 4},
		{"shiftago_store_seconds_count", `op="AppendMove"`, 4},
		{"shiftago_refusals_total", "", before["shiftago_refusals_total"] + 1},
	} {
		if got := metric(t, a.Base, c.name, c.label); got < c.atLeast {
			t.Errorf("%s{%s} = %v after a game, want %v or more", c.name, c.label, got, c.atLeast)
		}
	}

	// The database silenced: not ready (within a few seconds), still alive.
	cable.Cut()
	waitStatus := func(path string, want int) {
		t.Helper()
		for end := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			got := get(t, a.Base+path)
			if got == want {
				return
			}
			if time.Now().After(end) {
				t.Fatalf("%s: %d, want %d", path, got, want)
			}
		}
	}
	waitStatus("/readyz", http.StatusServiceUnavailable)
	if got := get(t, a.Base+"/healthz"); got != http.StatusOK {
		t.Fatalf("/healthz with the database gone: %d", got)
	}
	cable.Mend()
	waitStatus("/readyz", http.StatusOK)

	// SIGTERM: both players told to reconnect; they go on on node b.
	playOut(t, ctx, r, bySeat, 6)
	term := time.Now()
	_ = a.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-a.Done:
	case <-time.After(10 * time.Second):
		t.Fatal("no exit 10 s after SIGTERM")
	}
	if code := a.Cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit code %d after SIGTERM", code)
	}
	t.Logf("drained and exited %v after SIGTERM", time.Since(term).Round(time.Millisecond))
	for _, s := range []*client.Session{sa, sb} {
		bye := false
		for _, e := range s.Events() {
			bye = bye || e.T == proto.TBye
		}
		if !bye {
			t.Errorf("a client was not told to reconnect: %v", s.Events())
		}
	}
	acked := sameGame(t, ctx, sa, sb)
	playOut(t, ctx, r, bySeat, len(acked)+2)
	moves := sameGame(t, ctx, sa, sb)
	if strings.Join(moves[:len(acked)], " ") != strings.Join(acked, " ") || sa.Conns() < 2 || sb.Conns() < 2 {
		t.Fatalf("after the drain: %v (before %v), connections %d and %d", moves, acked, sa.Conns(), sb.Conns())
	}
}
