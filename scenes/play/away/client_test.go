package away

import (
	"strings"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/remote"
)

// awayPositions: two players at the start (the book at level 5) and in the
// middlegame, three players, Expert with scoring choices near.
var awayPositions = []string{
	"7/7/7/7/7/7/7 express og o 22,22 0,0 0,0",
	"7/7/7/3o3/7/7/7 expert og g 21,22 0,0 0,0",
	"7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0",
	"7/1o5/2og3/2go3/1g1o3/7/7 express og g 18,19 0,0 0,0",
}

func parsed(t testing.TB, s string) logic.Position {
	t.Helper()
	p, err := logic.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// stepped is the move the frame loop's stepping finds for req.
func stepped(req remote.Request) logic.Move {
	s := ai.NewSearch(req.Pos, req.Config())
	for !s.Step(4096) { // any slice finds the same move
	}
	return s.Best()
}

// fakeWorker stands for a Web Worker: it records the lines posted.
type fakeWorker struct{ lines []string }

func (w *fakeWorker) post(line string) error { w.lines = append(w.lines, line); return nil }

// TestWorkerClient: the client's side of the worker protocol: a request
// goes out as a line and its reply comes back to it; a cancelled search
// is told to stop and its late reply dropped; an illegal move or an error
// falls back to the frame; a lost worker (could not load, crashed) turns
// the search under way into a stepped one with the same move, and every
// later search too.
func TestWorkerClient(t *testing.T) {
	w := &fakeWorker{}
	c := NewClient(w.post)
	pos := parsed(t, awayPositions[3])
	req := remote.Request{ID: 11, Pos: pos, Level: 2, Seed: 5, Workers: 1}
	want := stepped(req)

	th := &Thought{req: req, Far: c.Start(req), path: PathWorker}
	if len(w.lines) != 1 || w.lines[0] != req.String() {
		t.Fatalf("posted %q", w.lines)
	}
	if _, ok := th.Poll(1); ok {
		t.Fatal("an answer before the worker replied")
	}
	c.Receive(remote.Reply{ID: 11, Move: want, Nodes: 4000}.String())
	if mv, ok := th.Poll(1); !ok || mv != want || th.step != nil || LastPath() != PathWorker {
		t.Errorf("worker's reply: %s %v, stepped %v, path %q", mv, ok, th.step != nil, LastPath())
	}

	// Cancelled: a stop line, and the late reply is dropped.
	req.ID = 12
	j := c.Start(req)
	j.Cancel()
	if last := w.lines[len(w.lines)-1]; last != remote.Stop(12) {
		t.Errorf("cancel posted %q", last)
	}
	c.Receive(remote.Reply{ID: 12, Move: want}.String())
	if len(c.jobs) != 0 || c.lost != "" {
		t.Errorf("jobs %v, lost %q", c.jobs, c.lost)
	}

	// An illegal move and a search's error: that search steps, the worker
	// stays.
	for i, line := range []string{
		remote.Reply{ID: 13, Move: logic.Move(0x7fff)}.String(),
		remote.Reply{ID: 14, Err: "out of memory"}.String(),
	} {
		req.ID = 13 + i
		th := &Thought{req: req, Far: c.Start(req), path: PathWorker}
		c.Receive(line)
		mv, ok := th.Poll(1 << 30)
		if !ok || mv != want || th.Far != nil || LastPath() != PathFrame {
			t.Errorf("after %q: %s %v, path %q", line, mv, ok, LastPath())
		}
	}
	if c.lost != "" {
		t.Errorf("one search's failure lost the worker: %q", c.lost)
	}

	// Crash mid-search: the search under way goes on in the frame, a
	// slice a tick, to the same move; later searches never reach the
	// worker.
	req.ID = 20
	th = &Thought{req: req, Far: c.Start(req), path: PathWorker}
	th.Poll(1)
	c.Fail("RuntimeError: unreachable")
	var mv logic.Move
	ticks := 0
	for ok := false; !ok; ticks++ {
		mv, ok = th.Poll(500)
	}
	if mv != want || ticks < 2 || LastPath() != PathFrame {
		t.Errorf("after the crash: %s in %d ticks (want %s, stepped), path %q", mv, ticks, want, LastPath())
	}
	if c.Start(req) != nil {
		t.Error("a lost worker takes searches")
	}

	// A worker that could not load says so with id 0.
	c = NewClient(w.post)
	req.ID = 21
	j = c.Start(req)
	c.Receive("error 0 searcher.wasm: 404")
	if rep, ok := j.Poll(); !ok || !strings.Contains(rep.Err, "404") || c.Start(req) != nil {
		t.Errorf("load error: %+v %v", rep, ok)
	}
	c = NewClient(w.post)
	c.Receive("hello")
	if c.lost == "" {
		t.Error("an unreadable line from the worker is taken")
	}
}

// clockedClient is a client of a fake worker on a clock that moves only
// when the test moves it, and a search request for it.
func clockedClient(t *testing.T) (*Client, *time.Time, remote.Request) {
	w := &fakeWorker{}
	c := NewClient(w.post)
	now := time.Unix(1_800_000_000, 0)
	c.now = func() time.Time { return now }
	return c, &now, remote.Request{ID: 3, Pos: parsed(t, awayPositions[3]), Level: 2, Seed: 5, Workers: 1}
}

// afterSilence is th's move once its worker has been silent past the
// patience: found in the frame within a few polls, never waited for.
func afterSilence(t *testing.T, th *Thought) logic.Move {
	t.Helper()
	for i := 0; i <= 100; i++ {
		if m, ok := th.Poll(1 << 20); ok {
			return m
		}
	}
	t.Fatal("still waiting for a silent worker past the patience")
	return logic.NoMove
}

// pollFor polls th every tick's worth (a quarter second here) for d, as
// the running game does, and fails if it ends meanwhile.
func pollFor(t *testing.T, th *Thought, now *time.Time, d time.Duration) {
	t.Helper()
	for end := (*now).Add(d); (*now).Before(end); {
		*now = (*now).Add(min(250*time.Millisecond, end.Sub(*now)))
		if _, ok := th.Poll(1); ok {
			t.Fatal("answered before the worker did, within the patience")
		}
	}
}

// TestSleepIsNotSilence: a laptop closed (or a phone locked) for an hour
// mid-search sleeps the worker with the game; on waking, the game polls
// before the worker's next word. That silence is not the worker's: it
// is awaited a full patience from the wake, and lost only after it.
func TestSleepIsNotSilence(t *testing.T) {
	c, now, req := clockedClient(t)
	th := &Thought{req: req, Far: c.Start(req), path: PathWorker}
	pollFor(t, th, now, 10*time.Second)
	*now = (*now).Add(time.Hour) // asleep: no poll, no word
	pollFor(t, th, now, clientPatience-time.Second)
	if c.lost != "" {
		t.Fatalf("a worker woken from a sleep counted as lost: %q", c.lost)
	}
	c.Receive(remote.Working(3, 7))
	pollFor(t, th, now, clientPatience-time.Second)
	*now = (*now).Add(2 * time.Second)
	if mv := afterSilence(t, th); mv != stepped(req) || c.lost == "" {
		t.Errorf("silence past the patience after the wake: %v, lost %q", mv, c.lost)
	}
}

// TestSilentWorker: a worker that dies without a word (no error event:
// closed, or stuck) would leave the computer thinking for ever; after
// clientPatience without a reply the search is stepped in the frame, to
// the same move, and later searches too.
func TestSilentWorker(t *testing.T) {
	c, now, req := clockedClient(t)
	th := &Thought{req: req, Far: c.Start(req), path: PathWorker}
	pollFor(t, th, now, clientPatience-time.Second)
	*now = (*now).Add(2 * time.Second)
	mv := afterSilence(t, th)
	if mv != stepped(req) || th.path != PathFrame {
		t.Errorf("after the silence: %v by %q, want %v stepped in the frame", mv, th.path, stepped(req))
	}
	if c.Start(req) != nil {
		t.Error("a later search went to the silent worker")
	}
}

// TestPatienceMeasuresSilence: the patience runs from the worker's last
// word, not from the search's start. A search bounded by nodes may take
// minutes on a slow phone or a starved CPU; while the worker says it is
// working (a "working" line about once a second) it is awaited, and its
// move taken, however long it takes; a search queued behind it waits as
// long. Silence past the patience still loses the worker. A "working"
// line for a search no longer awaited changes nothing.
func TestPatienceMeasuresSilence(t *testing.T) {
	c, now, req := clockedClient(t)
	want := stepped(req)
	th := &Thought{req: req, Far: c.Start(req), path: PathWorker}
	queued := req
	queued.ID = 4
	next := &Thought{req: queued, Far: c.Start(queued), path: PathWorker}
	cancelled := req
	cancelled.ID = 5
	c.Start(cancelled).Cancel()

	for s := 1; s <= int(2*clientPatience/time.Second); s++ {
		*now = (*now).Add(time.Second)
		c.Receive(remote.Working(3, s*remote.Slice))
		c.Receive(remote.Working(5, s)) // cancelled: the worker has not yet seen the stop
		c.Receive(remote.Working(99, s))
		if _, ok := th.Poll(1); ok {
			t.Fatalf("an answer after %d s of progress, before the worker's", s)
		}
		if _, ok := next.Poll(1); ok {
			t.Fatalf("the queued search ended after %d s of progress", s)
		}
	}
	if c.lost != "" || th.Far == nil || next.Far == nil {
		t.Fatalf("a working worker counted as lost: %q", c.lost)
	}
	c.Receive(remote.Reply{ID: 3, Move: want, Nodes: 9000}.String())
	if mv, ok := th.Poll(1); !ok || mv != want || th.step != nil || LastPath() != PathWorker {
		t.Errorf("the long search's reply: %s %v, stepped %v, path %q", mv, ok, th.step != nil, LastPath())
	}

	// The queued search starts now; the worker falls silent: lost after
	// the patience, not before, and the search steps in the frame.
	pollFor(t, next, now, clientPatience/2)
	c.Receive(remote.Working(3, 1)) // a search no longer awaited: no word for this one
	pollFor(t, next, now, clientPatience/2-time.Second)
	if c.lost != "" {
		t.Fatalf("lost within the patience: %q", c.lost)
	}
	*now = (*now).Add(2 * time.Second)
	mv := afterSilence(t, next)
	if mv != want || next.path != PathFrame || c.lost == "" {
		t.Errorf("after the silence: %v by %q (lost %q), want %v stepped in the frame", mv, next.path, c.lost, want)
	}
}
