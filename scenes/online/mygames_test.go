package online

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/scenes/i18n"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

func game(id string, status proto.Status, yours bool, deadline int64) proto.GameReply {
	return proto.GameReply{Game: id, Status: status, YourMove: yours, Deadline: deadline}
}

func ids(gs []proto.GameReply) string {
	var s []string
	for _, g := range gs {
		s = append(s, g.Game)
	}
	return strings.Join(s, " ")
}

func TestSortGames(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []proto.GameReply
		want string
	}{
		{"empty", nil, ""},
		{"groups in order", []proto.GameReply{
			game("f", "finished", false, 0), game("o", "open", false, 0), game("w", "playing", false, 0),
			game("y", "playing", true, 0), game("a", "abandoned", false, 0)}, "y w o f a"},
		{"your move: the clock running out first on top, no clock last", []proto.GameReply{
			game("none", "playing", true, 0), game("late", "playing", true, 9000), game("soon", "playing", true, 5000)}, "soon late none"},
		{"the server's order stays within a group", []proto.GameReply{
			game("w1", "playing", false, 300), game("w2", "playing", false, 100), game("w3", "playing", false, 0)}, "w1 w2 w3"},
		{"a finished game's old deadline changes nothing", []proto.GameReply{
			game("f1", "finished", false, 1), game("y", "playing", true, 0)}, "y f1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gs := slices.Clone(tc.in)
			SortGames(gs)
			if got := ids(gs); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTimeLeft(t *testing.T) {
	const now = 1_800_000_000_000
	s, m, h, d := int64(1000), int64(60_000), int64(3_600_000), int64(86_400_000)
	for _, tc := range []struct {
		deadline int64
		want     string // key and arguments; "" for no clock
	}{
		{0, ""},
		{-5, ""},
		{now - 1, "online.left.out"},
		{now, "online.left.out"},
		{now + 999, "online.left.s [0]"},
		{now + 59*s + 999, "online.left.s [59]"},
		{now + m, "online.left.m [1]"},
		{now + 59*m + 59*s, "online.left.m [59]"},
		{now + h, "online.left.h [1 0]"},
		{now + 5*h + 7*m + 30*s, "online.left.h [5 7]"},
		{now + 23*h + 59*m + 59*s, "online.left.h [23 59]"},
		{now + d, "online.left.d [1 0]"},
		{now + 3*d + 4*h + 59*m, "online.left.d [3 4]"},
		{now + 30*d, "online.left.d [30 0]"},
	} {
		got := ""
		if msg, ok := TimeLeft(tc.deadline, now); ok {
			got = msg.Key
			if len(msg.Args) > 0 {
				got += " " + fmt.Sprint(msg.Args)
			}
		}
		if got != tc.want {
			t.Errorf("deadline now%+d ms: got %q, want %q", tc.deadline-now, got, tc.want)
		}
	}
}

func TestNewTurns(t *testing.T) {
	at := func(id string, ply int, status proto.Status, yours bool) proto.GameReply {
		g := game(id, status, yours, 0)
		g.Ply = ply
		return g
	}
	for _, tc := range []struct {
		name          string
		before, after []proto.GameReply
		want          string
	}{
		{"nothing", nil, nil, ""},
		{"a new game that is mine to move", nil, []proto.GameReply{at("a", 0, "playing", true)}, "a"},
		{"it became my move", []proto.GameReply{at("a", 3, "playing", false)}, []proto.GameReply{at("a", 4, "playing", true)}, "a"},
		{"still my move, same ply: no news", []proto.GameReply{at("a", 4, "playing", true)}, []proto.GameReply{at("a", 4, "playing", true)}, ""},
		{"my move again after the others moved (3 players, unseen between)", []proto.GameReply{at("a", 4, "playing", true)}, []proto.GameReply{at("a", 7, "playing", true)}, "a"},
		{"the game filled up with me to move", []proto.GameReply{at("a", 0, "open", false)}, []proto.GameReply{at("a", 0, "playing", true)}, "a"},
		{"the others' move: no news", []proto.GameReply{at("a", 4, "playing", true)}, []proto.GameReply{at("a", 5, "playing", false)}, ""},
		{"finished: no news", []proto.GameReply{at("a", 4, "playing", false)}, []proto.GameReply{at("a", 5, "finished", false)}, ""},
		{"a yourmove flag on a finished game is not a turn", nil, []proto.GameReply{at("a", 5, "finished", true)}, ""},
		{"two at once, in the list's order", []proto.GameReply{at("a", 1, "playing", false), at("b", 1, "playing", false)},
			[]proto.GameReply{at("b", 2, "playing", true), at("a", 2, "playing", true)}, "b a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ids(NewTurns(tc.before, tc.after)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestReadGames: the kept list reads back; another server's, a damaged
// or an oversized file reads as none (a damaged one says so).
func TestReadGames(t *testing.T) {
	st := &saves.Memory{}
	if g, err := ReadGames(st, "http://a"); err != nil || g.At != 0 {
		t.Fatalf("nothing kept: %+v %v", g, err)
	}
	want := Games{Server: "http://a", At: 1234, List: []proto.GameReply{{Game: "x", Status: "playing", YourMove: true,
		Table: []proto.SeatInfo{{Seat: 0, Color: "o", Kind: proto.SeatHuman, Name: "Ann"}}}}}
	if err := writeGames(st, want); err != nil {
		t.Fatal(err)
	}
	g, err := ReadGames(st, "http://a")
	if err != nil || g.At != 1234 || len(g.List) != 1 || g.List[0].Table[0].Name != "Ann" {
		t.Fatalf("read back: %+v %v", g, err)
	}
	if g, err := ReadGames(st, "http://b"); err != nil || g.At != 0 {
		t.Fatalf("another server's list: %+v %v", g, err)
	}
	_ = st.WriteNoBackup(gamesFile, []byte("{not json"))
	if g, err := ReadGames(st, "http://a"); err == nil || g.At != 0 {
		t.Fatalf("a damaged file: %+v %v", g, err)
	}
	_ = st.WriteNoBackup(gamesFile, make([]byte, maxGamesFile+1))
	if _, err := ReadGames(st, "http://a"); err == nil {
		t.Fatal("an oversized file was read")
	}
}

// fakeServer answers the watcher's fetches from a list a test changes,
// or fails as a network would.
type fakeServer struct {
	mu    sync.Mutex
	list  []proto.GameReply
	down  bool
	calls int
}

func (f *fakeServer) fetch(ctx context.Context) ([]proto.GameReply, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if f.down {
		return nil, errors.New("no route to host")
	}
	return slices.Clone(f.list), nil
}

func (f *fakeServer) set(down bool, list ...proto.GameReply) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down, f.list = down, list
}

func waitSnap(t *testing.T, w *Watcher, what string, ok func(Snapshot) bool) Snapshot {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if s := w.Snapshot(); ok(s) {
			return s
		}
	}
	t.Fatalf("never: %s (%+v)", what, w.Snapshot())
	return Snapshot{}
}

// TestWatcher: the first list tells of no turn; a turn that comes later
// is told once (not for the game on screen); a failed fetch keeps the
// last list and says it is not live; the list kept on the device is
// there for the next watcher before any fetch; hidden, it fetches nothing.
func TestWatcher(t *testing.T) {
	srv := &fakeServer{}
	srv.set(false, game("a", "playing", true, 0), game("b", "playing", false, 0))
	st := &saves.Memory{}
	var mu sync.Mutex
	var told []string
	clock := time.UnixMilli(1_800_000_000_000)
	w := NewWatcher(srv.fetch, st, "http://s", func() time.Time { return clock }, func(g proto.GameReply) {
		mu.Lock()
		defer mu.Unlock()
		told = append(told, g.Game)
	})
	w.SetInterval(time.Hour) // fetched by Show only
	if s := w.Snapshot(); s.Fetched || s.Games.At != 0 {
		t.Fatalf("before any fetch: %+v", s)
	}
	w.Show()
	defer w.Hide()
	s := waitSnap(t, w, "the first list", func(s Snapshot) bool { return s.Fetched })
	if !s.Live || ids(s.Games.List) != "a b" || s.Games.At != clock.UnixMilli() {
		t.Fatalf("first list: %+v", s)
	}
	if turns := w.Turns(); len(turns) != 0 {
		t.Fatalf("the first list told of turns: %s", ids(turns))
	}
	// b becomes mine, and c (the game on screen) too.
	w.SetOpen("c")
	g := game("b", "playing", true, 0)
	g.Ply = 1
	srv.set(false, game("a", "playing", true, 0), g, game("c", "playing", true, 0))
	v := s.Ver
	w.Show() // shown again: fetched at once
	s = waitSnap(t, w, "the second list", func(s Snapshot) bool { return s.Ver > v })
	if got := ids(w.Turns()); got != "b" {
		t.Fatalf("turns: got %q, want b", got)
	}
	mu.Lock()
	if strings.Join(told, " ") != "b" {
		t.Errorf("onTurn told of %q, want b", told)
	}
	mu.Unlock()
	if got := ids(w.Turns()); got != "" {
		t.Fatalf("turns handed over twice: %q", got)
	}
	// The server cannot be reached: the last list stays, not live.
	srv.set(true)
	v = s.Ver
	w.Show()
	s = waitSnap(t, w, "a failed fetch", func(s Snapshot) bool { return s.Ver > v })
	if s.Live || s.Err == nil || ids(s.Games.List) != "a b c" {
		t.Fatalf("offline: %+v", s)
	}
	w.Hide()
	// A new watcher (the app opened again, offline) has the kept list.
	w2 := NewWatcher(srv.fetch, st, "http://s", nil, nil)
	if s := w2.Snapshot(); s.Fetched || s.Live || ids(s.Games.List) != "a b c" || s.Games.At != clock.UnixMilli() {
		t.Fatalf("the kept list: %+v", s)
	}
	srv.mu.Lock()
	calls := srv.calls
	srv.mu.Unlock()
	time.Sleep(50 * time.Millisecond)
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.calls != calls {
		t.Fatalf("hidden watchers fetched %d times", srv.calls-calls)
	}
}

// TestWatcherInterval: a shown list is fetched again every interval.
func TestWatcherInterval(t *testing.T) {
	srv := &fakeServer{}
	w := NewWatcher(srv.fetch, nil, "http://s", nil, nil)
	w.SetInterval(10 * time.Millisecond)
	w.Show()
	waitSnap(t, w, "five fetches", func(s Snapshot) bool { return s.Ver >= 5 })
	w.Hide()
}

// TestTimeLeftSaid: every key TimeLeft gives is said in words (the
// catalogue has it with as many verbs as arguments).
func TestTimeLeftSaid(t *testing.T) {
	const now = 1_000_000_000
	for _, lg := range i18n.Langs {
		l := i18n.New(lg)
		for _, d := range []int64{-1, 1000, 120_000, 7_200_000, 200_000_000} {
			m, _ := TimeLeft(now+d, now)
			if s := play.Say(l, m); s == "" || s == m.Key || strings.Contains(s, "%!") {
				t.Errorf("%s %s: said %q", lg, m.Key, s)
			}
		}
	}
}

func TestOutcome(t *testing.T) {
	table := []proto.SeatInfo{{Seat: 0, Color: "o", Kind: proto.SeatHuman, Name: "Ann"}, {Seat: 1, Color: "g", Kind: proto.SeatHuman, Name: "Bob"},
		{Seat: 2, Color: "b", Kind: proto.SeatComputer, Level: 3}}
	for _, tc := range []struct {
		status proto.Status
		result string
		seats  []int
		key    string
		winner int
	}{
		{"finished", "win o", []int{0}, "online.res.won", -1},
		{"finished", "win g", []int{0}, "online.res.lost", 1},
		{"finished", "win b; g resigned", []int{1}, "online.res.lost", 2},
		{"finished", "win o; g out of time", []int{0, 2}, "online.res.won", -1},
		{"finished", "draw", []int{0}, "online.res.draw", -1},
		{"abandoned", "", []int{0}, "online.res.abandoned", -1},
		{"finished", "", []int{0}, "online.res.over", -1},
		{"finished", "win w", []int{0}, "online.res.over", -1}, // no such seat
	} {
		key, w := Outcome(proto.GameReply{Status: tc.status, Result: tc.result, Seats: tc.seats, Table: table})
		if key != tc.key || w != tc.winner {
			t.Errorf("%s %q seats %v: got %s %d, want %s %d", tc.status, tc.result, tc.seats, key, w, tc.key, tc.winner)
		}
	}
	opp := Opponents(proto.GameReply{Seats: []int{1}, Table: table})
	if len(opp) != 2 || opp[0].Seat != 0 || opp[1].Seat != 2 {
		t.Errorf("opponents of seat 1: %+v", opp)
	}
}

// TestChooseNotify: the toggle's choice is kept on the device; off the
// browser (no permission to give) the notices are never on.
func TestChooseNotify(t *testing.T) {
	st := &saves.Memory{}
	if NotifyChosen(st) || NotifyChosen(nil) {
		t.Fatal("chosen before any choice")
	}
	for _, on := range []bool{true, true, false, false, true} {
		if err := ChooseNotify(st, on); err != nil {
			t.Fatal(err)
		}
		if NotifyChosen(st) != on {
			t.Fatalf("chose %v, kept %v", on, NotifyChosen(st))
		}
		if NotifyOn(st) {
			t.Fatal("notices on with no browser to allow them")
		}
	}
}
