//go:build !js

package away

import (
	"testing"
	"time"

	"shiftago/logic/remote"
)

// waitFar waits until the goroutines of a far search have ended and
// returns its reply (the test fails rather than hangs).
func waitFar(t testing.TB, f Far) remote.Reply {
	t.Helper()
	g := f.(*goFar)
	select {
	case <-g.done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the far search never ended")
	}
	rep, ok := g.Poll()
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
				f, path := Start(req)
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
