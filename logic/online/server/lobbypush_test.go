//go:build !js

package server_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// follower is a lobby page's client: it follows the lists with
// client.FollowLobby, its poll set to a day, so that every change it
// sees after its first lists came pushed: with the push gone, the tests
// below wait in vain.
type follower struct {
	mu      sync.Mutex
	news    client.LobbyNews
	count   int // lists taken, all of them pushed but perhaps the first
	wholes  int // whole lists pushed (the first, and one a reconnect)
	polled  int
	changed chan struct{}
	seen    map[string]time.Time // watch code: when it was first listed
	never   string               // a watch code that must never be listed
	bad     string
}

const noPoll = 24 * time.Hour

func followLobby(t *testing.T, ctx context.Context, bases ...string) *follower {
	t.Helper()
	f := &follower{changed: make(chan struct{}), seen: map[string]time.Time{}}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		client.New(bases...).FollowLobby(ctx, noPoll, f.take)
	}()
	return f
}

func (f *follower) take(n client.LobbyNews) {
	now := time.Now()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.news = n
	f.count++
	if !n.Pushed && n.Err == nil { // lists that came by a poll (a failed poll brings none)
		f.polled++
	}
	if n.Whole {
		f.wholes++
	}
	for _, g := range append(slices.Clone(n.Lists.Open), n.Lists.Live...) {
		if _, ok := f.seen[g.Watch]; !ok {
			f.seen[g.Watch] = now
		}
		if g.Watch == f.never {
			f.bad = "the private game " + g.Watch + " was listed"
		}
	}
	close(f.changed)
	f.changed = make(chan struct{})
}

// wait waits until cond holds for the lists held, failing after d.
func (f *follower) wait(t *testing.T, ctx context.Context, d time.Duration, what string, cond func(proto.LobbyReply) bool) {
	t.Helper()
	end := time.After(d)
	for {
		f.mu.Lock()
		ok, ch, n := cond(f.news.Lists), f.changed, f.news
		f.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-end:
			t.Fatalf("%s: not seen in %v (the lists held: %+v)", what, d, n.Lists)
		case <-ctx.Done():
			t.Fatalf("%s: %v", what, ctx.Err())
		}
	}
}

func find(gs []proto.LobbyGame, watch string) *proto.LobbyGame {
	for i := range gs {
		if gs[i].Watch == watch {
			return &gs[i]
		}
	}
	return nil
}

// sameLists says whether two lists are the same entries in the same
// order (an empty list and none are the same).
func sameLists(a, b proto.LobbyReply) bool {
	norm := func(gs []proto.LobbyGame) []proto.LobbyGame {
		if len(gs) == 0 {
			return nil
		}
		return gs
	}
	return reflect.DeepEqual(norm(a.Open), norm(b.Open)) && reflect.DeepEqual(norm(a.Live), norm(b.Live))
}

// TestServeLobbyPushed: a lobby client on node B (on SQLite, the one
// node) sees a public game made on node A appear, fill a seat, leave
// the open games for the live ones when full, show its moves, and leave
// the lists when it ends, all pushed (its poll is a day away); a private
// game never shows; a lobby socket dropped (node B killed and started
// again) resumes with the whole lists, changes made meanwhile in them;
// at the end the lists it holds are the server's.
func TestServeLobbyPushed(t *testing.T) {
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			dsn := storetest.FreshDSN(t, engine)
			t.Parallel()
			a := startNode(t, "127.0.0.1:0", "--db", dsn)
			b := a
			if engine == store.EnginePostgres {
				b = startNode(t, "127.0.0.1:0", "--db", dsn)
			}
			ctx := ctxFor(t, 2*time.Minute)
			f := followLobby(t, ctx, b.Base)
			f.wait(t, ctx, 20*time.Second, "the first lists", func(proto.LobbyReply) bool { return true })
			ann, bob, cat, dan := guest(t, ctx, "Ann", a.Base), guest(t, ctx, "Bob", a.Base), guest(t, ctx, "Cat", a.Base), guest(t, ctx, "Dan", a.Base)
			priv, err := dan.Create(ctx, proto.CreateRequest{Variant: "expert", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
			if err != nil {
				t.Fatal(err)
			}
			f.mu.Lock()
			f.never = priv.Watch
			f.mu.Unlock()

			// Appears, fills a seat, leaves for the live games.
			three := []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}, {Kind: "open"}}
			// Within 10 s, and so pushed: the nodes reread the lists
			// every 30 s besides, which must not pass for a push.
			made := time.Now()
			pub, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: three, PerMove: 3600, Public: true})
			if err != nil {
				t.Fatal(err)
			}
			f.wait(t, ctx, 10*time.Second, "the public game listed", func(l proto.LobbyReply) bool {
				g := find(l.Open, pub.Watch)
				return g != nil && g.Seated == 1 && g.Creator == "Ann" && g.Players == 3
			})
			t.Logf("made on A, listed on B after %v", time.Since(made))
			if _, err := bob.Join(ctx, pub.Invite); err != nil {
				t.Fatal(err)
			}
			f.wait(t, ctx, 20*time.Second, "a seat taken", func(l proto.LobbyReply) bool {
				g := find(l.Open, pub.Watch)
				return g != nil && g.Seated == 2
			})
			if _, err := cat.Join(ctx, pub.Invite); err != nil {
				t.Fatal(err)
			}
			f.wait(t, ctx, 20*time.Second, "the full game to watch", func(l proto.LobbyReply) bool {
				g := find(l.Live, pub.Watch)
				return find(l.Open, pub.Watch) == nil && g != nil && g.Invite == "" && g.Seated == 3
			})
			sa := open(t, ctx, ann, pub.Game)
			if _, err := sa.Play(ctx, randomMove(rand.New(rand.NewPCG(1, 2)), sa.Snapshot().Pos)); err != nil {
				t.Fatal(err)
			}
			f.wait(t, ctx, 20*time.Second, "its first move", func(l proto.LobbyReply) bool {
				g := find(l.Live, pub.Watch)
				return g != nil && g.Ply == 1
			})

			// A two players' game listed, filled, then over: it leaves.
			two := []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}
			duel, err := bob.Create(ctx, proto.CreateRequest{Variant: "expert", Seats: two, Public: true})
			if err != nil {
				t.Fatal(err)
			}
			f.wait(t, ctx, 20*time.Second, "the duel listed", func(l proto.LobbyReply) bool { return find(l.Open, duel.Watch) != nil })
			if _, err := cat.Join(ctx, duel.Invite); err != nil {
				t.Fatal(err)
			}
			f.wait(t, ctx, 20*time.Second, "the duel to watch", func(l proto.LobbyReply) bool { return find(l.Live, duel.Watch) != nil })
			sb := open(t, ctx, bob, duel.Game)
			if err := sb.Send(proto.Msg{T: proto.TResign, Seat: 0}); err != nil {
				t.Fatal(err)
			}
			f.wait(t, ctx, 20*time.Second, "the duel gone once over", func(l proto.LobbyReply) bool {
				return find(l.Live, duel.Watch) == nil && find(l.Open, duel.Watch) == nil
			})

			// Dropped: node B killed; a game made meanwhile is in the
			// whole lists of the socket's return.
			f.mu.Lock()
			wholes := f.wholes
			f.mu.Unlock()
			b.Kill9()
			var late proto.GameReply
			if engine == store.EnginePostgres { // made on A while B is down
				if late, err = dan.Create(ctx, proto.CreateRequest{Variant: "extreme", Seats: two, Public: true}); err != nil {
					t.Fatal(err)
				}
			}
			startNode(t, b.Addr, "--db", dsn) // at B's address: the follower's and, on SQLite, A's
			if engine == store.EngineSQLite {
				if late, err = dan.Create(ctx, proto.CreateRequest{Variant: "extreme", Seats: two, Public: true}); err != nil {
					t.Fatal(err)
				}
			}
			f.wait(t, ctx, 30*time.Second, "the lists again after the drop", func(l proto.LobbyReply) bool { return find(l.Open, late.Watch) != nil })
			f.mu.Lock()
			if f.wholes <= wholes {
				t.Errorf("the socket's return brought no whole lists (%d before, %d after)", wholes, f.wholes)
			}
			f.mu.Unlock()

			server, err := client.New(a.Base).Lobby(ctx)
			if err != nil {
				t.Fatal(err)
			}
			f.wait(t, ctx, 20*time.Second, "the server's lists", func(l proto.LobbyReply) bool { return sameLists(l, server) })
			f.mu.Lock()
			defer f.mu.Unlock()
			if f.bad != "" {
				t.Error(f.bad)
			}
			// A poll stands in only while no socket can be had: B down,
			// or a node shedding sockets (503) on a busy machine, once at
			// the start and once at B's return at the most (CI's busy
			// run saw two polls, counted with the failed ones).
			if f.polled > 2 {
				t.Errorf("%d lists came by a poll", f.polled)
			}
			t.Logf("%d lists taken, %d of them whole, %d polled", f.count, f.wholes, f.polled)
		})
	}
}

// TestServeLobbySocketRefuses: the lobby's socket speaks first (the
// whole lists), answers a ping, refuses every other frame with a reason
// (a binary frame, a command of a game's socket, lobby fields sent to
// it, not JSON), closes on a frame over 16 KiB (1009) and after too
// many refusals (1008), and an address may hold 8 at once (the 9th: 429).
func TestServeLobbySocketRefuses(t *testing.T) {
	dsn := storetest.FreshDSN(t, store.EngineSQLite)
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--db", dsn)
	ctx := ctxFor(t, time.Minute)
	url := "ws" + strings.TrimPrefix(n.Base, "http") + proto.LobbyPath
	dial := func() *websocket.Conn {
		t.Helper()
		ws, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		ws.SetReadLimit(proto.MaxEventFrame)
		return ws
	}
	read := func(ws *websocket.Conn) (proto.Msg, error) {
		rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		_, b, err := ws.Read(rctx)
		if err != nil {
			return proto.Msg{}, err
		}
		return proto.DecodeEvent(b)
	}
	var socks []*websocket.Conn
	for range 8 {
		ws := dial()
		if m, err := read(ws); err != nil || m.T != proto.TLobby {
			t.Fatalf("first frame %+v, %v: want the whole lists", m, err)
		}
		socks = append(socks, ws)
	}
	if _, resp, err := websocket.Dial(ctx, url, nil); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a 9th socket from one address: %v (%v), want 429", resp, err)
	}
	for _, ws := range socks[1:] {
		ws.CloseNow()
	}
	ws := socks[0]
	if err := ws.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","ply":7}`)); err != nil {
		t.Fatal(err)
	}
	if m, err := read(ws); err != nil || m.T != proto.TPong || m.Ply != 7 {
		t.Fatalf("ping answered %+v, %v", m, err)
	}
	for _, bad := range []struct {
		typ   websocket.MessageType
		frame string
	}{
		{websocket.MessageBinary, `{"t":"ping","ply":0}`},
		{websocket.MessageText, `{"t":"move","ply":1,"id":"a","move":"Nd"}`},
		{websocket.MessageText, `{"t":"ping","ply":0,"gone":["x"]}`},
		{websocket.MessageText, `{"t":"ping","ply":0,"open":[]}`},
		{websocket.MessageText, `not json`},
		{websocket.MessageText, `{"t":"lobby","ply":0}`},
	} {
		if err := ws.Write(ctx, bad.typ, []byte(bad.frame)); err != nil {
			t.Fatal(err)
		}
		if m, err := read(ws); err != nil || m.T != proto.TRefused || m.Code != proto.CodeBadMessage || m.Why == "" {
			t.Fatalf("%s answered %+v, %v: want refused bad-message with a reason", bad.frame, m, err)
		}
	}
	for range 30 {
		if err := ws.Write(ctx, websocket.MessageText, []byte(`{"t":"hello","ply":0}`)); err != nil {
			break
		}
	}
	for {
		if _, err := read(ws); err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("after many refusals: %v, want a close 1008", err)
			}
			break
		}
	}
	big := dial()
	if _, err := read(big); err != nil {
		t.Fatal(err)
	}
	_ = big.Write(ctx, websocket.MessageText, []byte(`{"t":"ping","ply":0,"id":"`+strings.Repeat("x", proto.MaxFrame)+`"}`))
	if _, err := read(big); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Fatalf("a frame over 16 KiB: %v, want a close 1009", err)
	}
}

// TestServeLobbyCrowd (SHIFTAGO_LOBBY_CROWD=1; PostgreSQL, two nodes):
// 200 lobby clients on node B while 40 guests on node A make and fill
// 120 games at once (100 public: more than a list holds), the CPU
// starved (busy loops on every core, GOMAXPROCS=1 for the nodes): every
// client ends holding the server's lists, each change pushed (its poll
// is a day away). It logs the lists taken and how long a game made on
// A took to reach the clients on B.
func TestServeLobbyCrowd(t *testing.T) {
	if os.Getenv("SHIFTAGO_LOBBY_CROWD") == "" {
		t.Skip("SHIFTAGO_LOBBY_CROWD=1 runs it (a minute of every core)")
	}
	dsn := storetest.FreshDSN(t, store.EnginePostgres)
	t.Setenv("GOMAXPROCS", "1")
	for range runtime.NumCPU() * 2 {
		busy := exec.Command("sh", "-c", "while :; do :; done")
		if err := busy.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = busy.Process.Kill(); _ = busy.Wait() })
	}
	flags := []string{"--db", dsn, "--new-per-addr", "100000", "--new-per-hour", "100000", "--rate-per-addr", "100000", "--max-lobby-per-addr", "1000"}
	a, b := startNode(t, "127.0.0.1:0", flags...), startNode(t, "127.0.0.1:0", flags...)
	ctx := ctxFor(t, 5*time.Minute)
	const clients, guests, each = 200, 40, 3
	fs := make([]*follower, clients)
	for i := range fs {
		fs[i] = followLobby(t, ctx, b.Base)
	}
	for _, f := range fs {
		f.wait(t, ctx, time.Minute, "the first lists", func(proto.LobbyReply) bool { return true })
	}
	cs := make([]*client.Client, guests)
	for i := range cs {
		cs[i] = guest(t, ctx, fmt.Sprintf("G%d", i), a.Base)
		cs[i].HTTP = &http.Client{Timeout: time.Minute}
	}
	var mu sync.Mutex
	made := map[string]time.Time{} // public games: when node A answered (committed)
	var wg sync.WaitGroup
	errs := make(chan error, guests*each)
	t0 := time.Now()
	for i, c := range cs {
		wg.Go(func() {
			for k := range each {
				public := (i+k)%6 != 0
				g, err := c.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}, Public: public})
				if err != nil {
					errs <- err
					return
				}
				if public {
					mu.Lock()
					made[g.Watch] = time.Now()
					mu.Unlock()
				}
				if k == 1 { // filled: it moves to the live games
					if _, err := cs[(i+1)%guests].Join(ctx, g.Invite); err != nil {
						errs <- err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	burst := time.Since(t0)
	server, err := client.New(a.Base).Lobby(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range fs {
		f.wait(t, ctx, time.Minute, fmt.Sprintf("client %d holding the server's lists", i), func(l proto.LobbyReply) bool { return sameLists(l, server) })
	}
	settled := time.Since(t0)
	var lats []time.Duration
	taken, polled := 0, 0
	for _, f := range fs {
		f.mu.Lock()
		taken += f.count
		polled += f.polled
		for w, at := range f.seen {
			if answered, ok := made[w]; ok {
				lats = append(lats, max(0, at.Sub(answered)))
			}
		}
		f.mu.Unlock()
	}
	if polled > clients {
		t.Errorf("%d lists came by a poll", polled)
	}
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	if len(lats) == 0 {
		t.Fatal("no game was seen")
	}
	q := func(p float64) time.Duration { return lats[int(p*float64(len(lats)-1))] }
	t.Logf("%d clients, %d games (%d public) made and %d filled in %v; every client held the server's lists (%d open, %d live) %v after the start; %d lists taken in all (%.1f a client); answered on A to listed on B: p50 %v p90 %v p99 %v max %v (%d sightings)",
		clients, guests*each, len(made), guests, burst.Round(time.Millisecond), len(server.Open), len(server.Live), settled.Round(time.Millisecond),
		taken, float64(taken)/clients, q(.5).Round(time.Millisecond), q(.9).Round(time.Millisecond), q(.99).Round(time.Millisecond), lats[len(lats)-1].Round(time.Millisecond), len(lats))
}
