package keep

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// gated is a store whose writes of the save wait until the test lets
// them go, and that keeps them: a disk that takes its time.
type gated struct {
	saves.Memory
	gate    chan struct{} // nil: writes go at once
	started chan struct{} // told of every write that starts waiting
	mu      sync.Mutex
	writes  [][]byte // the saves written, in order
	fail    error
}

func (g *gated) Write(name string, data []byte) error {
	if name == saveName {
		if g.started != nil {
			g.started <- struct{}{}
		}
		if g.gate != nil {
			<-g.gate
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.fail != nil {
			return g.fail
		}
		g.writes = append(g.writes, append([]byte(nil), data...))
	}
	return g.Memory.Write(name, data)
}

func (g *gated) saves() [][]byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([][]byte(nil), g.writes...)
}

func newSession(t testing.TB) *play.Session {
	t.Helper()
	s, _, _, err := play.NewSession(play.DefaultSetup(), "", nil, 1, 1, "2026-11-26")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play plays the first legal move of s.
func playOne(t testing.TB, s *play.Session) {
	t.Helper()
	moves := s.M.Pos.Moves(nil)
	if len(moves) == 0 {
		t.Fatal("no legal move")
	}
	if err := s.M.Play(moves[0]); err != nil {
		t.Fatal(err)
	}
}

func movesIn(t testing.TB, data []byte) int {
	t.Helper()
	g, err := saves.DecodeGame(data)
	if err != nil {
		t.Fatal(err)
	}
	return len(g.Record.Moves)
}

func decode(data []byte) (*play.Session, error) {
	g, err := saves.DecodeGame(data)
	if err != nil {
		return nil, err
	}
	s, _, err := play.Resume(g.Record, g.Redo, g.Tournament, play.DefaultSetup(), 1)
	return s, err
}

// TestWriterCoalesces: while the disk writes one save, the frame goes on
// asking; only the newest of the saves asked for meanwhile is written
// next, and Flush waits until it is.
func TestWriterCoalesces(t *testing.T) {
	st := &gated{gate: make(chan struct{}), started: make(chan struct{}, 16)}
	k := New(Config{Store: st, Background: true, Decode: decode})
	defer k.Close()
	s := newSession(t)
	k.Autosave(s) // the new game: written at once, and held at the gate
	<-st.started
	for range 5 {
		playOne(t, s)
		k.Autosave(s) // returns at once: the disk is busy
	}
	flushed := make(chan struct{})
	go func() { k.Flush(); close(flushed) }()
	select {
	case <-flushed:
		t.Fatal("Flush returned with a save held at the gate")
	case <-time.After(50 * time.Millisecond):
	}
	close(st.gate)
	<-flushed
	w := st.saves()
	if len(w) != 2 || movesIn(t, w[0]) != 0 || movesIn(t, w[1]) != 5 {
		n := []int{}
		for _, d := range w {
			n = append(n, movesIn(t, d))
		}
		t.Fatalf("saves written with %v moves; want [0 5]: the first, then only the newest", n)
	}
	if ev := k.Poll(); !ev.Saved || ev.SaveErr != nil {
		t.Errorf("events %+v", ev)
	}
}

// TestFrameNeverWaitsForTheDisk: a save asked for while the disk is
// stuck returns at once, and so do the heartbeat, the history and the
// moves log; nothing is lost once the disk answers.
func TestFrameNeverWaitsForTheDisk(t *testing.T) {
	st := &gated{gate: make(chan struct{}), started: make(chan struct{}, 64)}
	var log bytes.Buffer
	var logMu sync.Mutex
	k := New(Config{Store: st, ID: "A", Now: func() time.Time { return time.Unix(1_800_000_000, 0) }, Background: true, HistoryLimit: 10, Log: lockedWriter{&logMu, &log}, Decode: decode})
	s := newSession(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		k.Autosave(s)
		for tick := 1; tick <= 2*BeatTicks; tick++ {
			if tick%20 == 0 {
				playOne(t, s)
				k.Record("m")
			}
			k.Autosave(s)
			k.Heartbeat(tick)
			k.Poll()
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the frame waited for the disk")
	}
	close(st.gate)
	k.Close()
	if w := st.saves(); movesIn(t, w[len(w)-1]) != len(s.M.Moves) {
		t.Errorf("the last save holds %d moves, the game %d", movesIn(t, w[len(w)-1]), len(s.M.Moves))
	}
	if got := strings.Count(log.String(), "m\n"); got != len(s.M.Moves) {
		t.Errorf("the log holds %d moves, the game %d", got, len(s.M.Moves))
	}
	if _, err := st.Read(OwnerName); !saves.IsNotExist(err) {
		t.Error("Close left the owner record")
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// TestSaveFailureSaidOnce: a failed save comes back to the frame as an
// event, once however many saves fail after it; a save that succeeds
// ends the failure, and the next failure is said again. The same in the
// background and inline.
func TestSaveFailureSaidOnce(t *testing.T) {
	for _, bg := range []bool{false, true} {
		st := &gated{fail: errors.New("disk full")}
		k := New(Config{Store: st, Background: bg, Decode: decode})
		s := newSession(t)
		step := func() Events {
			playOne(t, s)
			k.Autosave(s)
			k.Flush()
			return k.Poll()
		}
		if ev := step(); ev.SaveErr == nil || SaveFailKey(ev.SaveErr) != "notice.savefailed" {
			t.Errorf("background %v: first failure %+v", bg, ev)
		}
		if ev := step(); ev.SaveErr != nil {
			t.Errorf("background %v: said twice: %+v", bg, ev)
		}
		st.mu.Lock()
		st.fail = nil
		st.mu.Unlock()
		if ev := step(); !ev.Saved || ev.SaveErr != nil {
			t.Errorf("background %v: a save that worked: %+v", bg, ev)
		}
		st.mu.Lock()
		st.fail = saves.ErrFull
		st.mu.Unlock()
		if ev := step(); SaveFailKey(ev.SaveErr) != "notice.storagefull" {
			t.Errorf("background %v: failure after success: %+v", bg, ev)
		}
		k.Close()
	}
}

// TestTakenOverInTheBackground: once another copy owns the save, the
// writer writes nothing more of this one's (save, history, heartbeat)
// and says so once; the player taking it back writes again.
func TestTakenOverInTheBackground(t *testing.T) {
	st := &gated{}
	now := time.Unix(1_800_000_000, 0)
	k := New(Config{Store: st, ID: "A", Now: func() time.Time { return now }, Background: true, HistoryLimit: 10, Decode: decode})
	defer k.Close()
	k.Claim()
	s := newSession(t)
	k.Autosave(s)
	k.Flush()
	k.Poll()
	st.WriteNoBackup(OwnerName, []byte(`{"id":"B","beat":1800000000000}`))
	playOne(t, s)
	k.Autosave(s)
	k.Heartbeat(BeatTicks)
	k.Flush()
	if ev := k.Poll(); !ev.TakenOver || !k.Off() {
		t.Fatalf("taken over, yet %+v (off %v)", ev, k.Off())
	}
	if n := len(st.saves()); n != 1 {
		t.Fatalf("%d saves written; the one before the take-over only", n)
	}
	if b, _ := st.Read(OwnerName); !strings.Contains(string(b), `"B"`) {
		t.Fatalf("the heartbeat wrote over B's record: %s", b)
	}
	k.TakeOver()
	playOne(t, s)
	k.Autosave(s)
	k.Flush()
	if w := st.saves(); len(w) != 2 || movesIn(t, w[1]) != 2 {
		t.Fatalf("after taking back, %d saves", len(w))
	}
}

// TestHistoryNeverCoalesced: every game that ends is kept, however fast
// the games come.
func TestHistoryNeverCoalesced(t *testing.T) {
	st := &gated{gate: make(chan struct{}), started: make(chan struct{}, 64)}
	k := New(Config{Store: st, Background: true, HistoryLimit: 50, Decode: decode})
	win := "7/7/7/7/7/7/1oooo1g express og o 18,21 0,0 0,0"
	for i := range 3 {
		s, _, _, err := play.NewSession(play.DefaultSetup(), win, nil, 1, uint64(i), "2026-11-26")
		if err != nil {
			t.Fatal(err)
		}
		mv, err := s.M.Pos.ParseMove("Sf")
		if err != nil {
			t.Fatal(err)
		}
		s.M.Play(mv)
		k.Autosave(s)
		if i == 0 {
			<-st.started
		}
	}
	close(st.gate)
	k.Close()
	l := saves.NewHistoryList(st)
	l.Step(10)
	if n := len(l.Entries()); n != 3 {
		t.Fatalf("%d games in the history, want 3", n)
	}
}

// TestSetupRemembered: the setup goes through the writer too, the newest
// asked for, whoever owns the save; a failure comes back to say.
func TestSetupRemembered(t *testing.T) {
	st := &gated{}
	k := New(Config{Store: st, Background: true, Decode: decode})
	for _, v := range []float64{0.1, 0.5, 0.7} {
		s := play.DefaultSetup()
		s.Volume = v
		k.SaveSetup(s)
	}
	k.Flush()
	got, err := saves.LoadSetup(st)
	if err != nil || got.Volume != 0.7 {
		t.Fatalf("setup %v (volume %v), want the newest", err, got.Volume)
	}
	if ev := k.Poll(); ev.SetupErr != nil {
		t.Fatal(ev.SetupErr)
	}
	k.Close()
	bad := &failing{}
	k = New(Config{Store: bad, Decode: decode})
	k.SaveSetup(play.DefaultSetup())
	if ev := k.Poll(); ev.SetupErr == nil {
		t.Error("a setup that could not be written said nothing")
	}
	k.Close()
}

type failing struct{ saves.Memory }

func (f *failing) Write(string, []byte) error { return errors.New("read-only") }
