//go:build !js

package play

import (
	"runtime"
	"testing"
	"time"

	"shiftago/logic/ai"
	"shiftago/logic/remote"
)

// waitFar waits until the goroutines of a far search have ended and
// returns its reply (the test fails rather than hangs).
func waitFar(t testing.TB, f far) remote.Reply {
	t.Helper()
	g := f.(*goFar)
	select {
	case <-g.done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the far search never ended")
	}
	rep, ok := g.poll()
	if !ok {
		t.Fatal("ended but no reply")
	}
	return rep
}

// TestAwayPlaysTheSteppedMove: the search on goroutines of its own plays
// the move that stepping in the frame finds, for one worker and two, at
// several levels: a level keeps its character wherever it thinks.
func TestAwayPlaysTheSteppedMove(t *testing.T) {
	for i, s := range awayPositions {
		levels := []int{1, 2, 3}
		if i == 3 && !testing.Short() {
			levels = append(levels, 4) // once: the race detector makes it slow
		}
		for _, level := range levels {
			for _, workers := range []int{1, 2} {
				req := remote.Request{ID: 1, Pos: parsed(t, s), Level: level, Seed: 42, Workers: workers}
				f, path := startAway(req)
				if path != PathThreads {
					t.Fatalf("path %q", path)
				}
				rep := waitFar(t, f)
				if want := stepped(req); rep.Err != "" || rep.Move != want {
					t.Errorf("%s level %d, %d workers: away %+v, stepped %s", s, level, workers, rep, want)
				}
			}
		}
	}
}

// TestControllerThinksAway: a computer's move found away from the frame
// is played like a stepped one, and the frame never waits for it.
func TestControllerThinksAway(t *testing.T) {
	c := newController(t, awayPositions[3], Pace{Away: true, Hurry: true}, false, true)
	setLevel(c, 1, 3)
	want := stepped(remote.Request{Pos: c.S.M.Pos, Level: 3, Seed: 1, Workers: ai.DefaultWorkers()})
	c.Step()
	if searchOf(c) == nil || searchOf(c).far == nil {
		t.Fatal("no far search started")
	}
	waitFar(t, searchOf(c).far) // the goroutines are done: the next tick plays
	c.Step()
	evs := show(c)
	if kinds(evs) != "played" || evs[0].Move != want {
		t.Errorf("events %s, move %v; stepped: %s", kinds(evs), evs, want)
	}
	if LastSearchPath() != PathThreads {
		t.Errorf("searched in %q", LastSearchPath())
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
	pos := awayPositions[2]

	// Undo.
	c := newController(t, pos, Pace{Away: true}, false, true, true)
	if err := c.PlayString("W4"); err != nil {
		t.Fatal(err)
	}
	show(c)
	setLevel(c, 1, 5)
	c.Step()
	if searchOf(c) == nil || searchOf(c).far == nil {
		t.Fatal("no far search started")
	}
	g := searchOf(c).far.(*goFar)
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
	g = searchOf(c).far.(*goFar)
	c.Stop()
	if rep := waitFar(t, g); rep.Err != "stopped" {
		t.Errorf("left search replied %+v", rep)
	}
	settles(t, base)

	// The hint's search, when hints are turned off.
	c = newController(t, pos, Pace{Away: true, Hints: true}, false)
	c.Step()
	if c.hintSearch == nil || c.hintSearch.far == nil {
		t.Fatal("no far hint search")
	}
	g = c.hintSearch.far.(*goFar)
	c.Stop()
	waitFar(t, g)
	settles(t, base)
}
