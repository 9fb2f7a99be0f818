//go:build !js

package play

import (
	"runtime"
	"testing"
	"time"

	"shiftago/logic/ai"
	"shiftago/logic/remote"
	"shiftago/scenes/play/away"
)

// The positions these tests search: two players in the middlegame, and
// three players in Expert, with no opening book and a whole budget.
const (
	twoInTheMiddle = "7/1o5/2og3/2go3/1g1o3/7/7 express og g 18,19 0,0 0,0"
	threeInExpert  = "7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0"
)

// waitFar waits until a far search has replied and returns the reply
// (the test fails rather than hangs).
func waitFar(t testing.TB, f away.Far) remote.Reply {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if rep, ok := f.Poll(); ok {
			return rep
		}
		if time.Now().After(deadline) {
			t.Fatal("the far search never ended")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestControllerThinksAway: a computer's move found away from the frame
// is played like a stepped one, and the frame never waits for it.
func TestControllerThinksAway(t *testing.T) {
	c := newController(t, twoInTheMiddle, Pace{Away: true, Hurry: true}, false, true)
	setLevel(c, 1, 3)
	s := ai.NewSearch(c.S.M.Pos, remote.Request{Pos: c.S.M.Pos, Level: 3, Seed: 1, Workers: ai.DefaultWorkers()}.Config())
	for !s.Step(DefaultNodesPerTick) {
	}
	want := s.Best()
	c.Step()
	if searchOf(c) == nil || searchOf(c).Far == nil {
		t.Fatal("no far search started")
	}
	waitFar(t, searchOf(c).Far) // the goroutines are done: the next tick plays
	c.Step()
	evs := show(c)
	if kinds(evs) != "played" || evs[0].Move != want {
		t.Errorf("events %s, move %v; stepped: %s", kinds(evs), evs, want)
	}
	if away.LastPath() != away.PathThreads {
		t.Errorf("searched in %q", away.LastPath())
	}
}

// settles waits for the goroutine count to fall back to n: the goroutines
// of an abandoned search end within a slice.
func settles(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left, %d before:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(time.Millisecond)
	}
}

// TestAbandonedSearchEnds: undo, leaving the game and the hint's end each
// stop a Grandmaster search under way, and its goroutines end.
func TestAbandonedSearchEnds(t *testing.T) {
	base := runtime.NumGoroutine()
	// Three players: no opening book, the whole budget to abandon.
	pos := threeInExpert

	// Undo.
	c := newController(t, pos, Pace{Away: true}, false, true, true)
	if err := c.PlayString("W4"); err != nil {
		t.Fatal(err)
	}
	show(c)
	setLevel(c, 1, 5)
	c.Step()
	if searchOf(c) == nil || searchOf(c).Far == nil {
		t.Fatal("no far search started")
	}
	g := searchOf(c).Far
	if !c.Undo(false) {
		t.Fatal("no undo")
	}
	if searchOf(c) != nil {
		t.Error("the search outlives the undo")
	}
	if rep := waitFar(t, g); rep.Err != "stopped" {
		t.Errorf("undone search replied %+v", rep)
	}
	settles(t, base)

	// Leaving the game (new game, the title screen).
	c = newController(t, pos, Pace{Away: true}, true)
	setLevel(c, 0, 5)
	c.Step()
	g = searchOf(c).Far
	c.Stop()
	if rep := waitFar(t, g); rep.Err != "stopped" {
		t.Errorf("left search replied %+v", rep)
	}
	settles(t, base)

	// The hint's search, when hints are turned off.
	c = newController(t, pos, Pace{Away: true, Hints: true}, false)
	c.Step()
	if c.hintSearch == nil || c.hintSearch.Far == nil {
		t.Fatal("no far hint search")
	}
	g = c.hintSearch.Far
	c.Stop()
	waitFar(t, g)
	settles(t, base)
}
