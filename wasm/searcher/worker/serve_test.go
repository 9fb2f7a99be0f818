package worker

import (
	"strings"
	"testing"

	"shiftago/logic/ai"
	"shiftago/logic/remote"
)

const start = "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0"

// TestServe: requests are answered in order with the move package ai
// finds; a stop drops a search, queued or under way; a line that is no
// request is answered for search 0.
func TestServe(t *testing.T) {
	s := newServer()
	var out []string
	stopDuring := false
	pauses := 0
	pause := func() {
		pauses++
		if stopDuring && pauses == 1 {
			s.deliver(remote.Stop(3))
		}
	}
	three := "7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0"
	s.deliver("go 1 3 7 1 " + start)
	s.deliver("go 2 2 9 2 " + three)
	s.deliver(remote.Stop(2))
	s.deliver("hello")
	s.deliver("go 3 5 1 1 " + three) // stopped under way
	s.deliver("go 4 2 9 2 " + three)
	s.close()
	stopDuring = true
	s.run(func(line string) { out = append(out, line) }, pause)

	if len(out) != 3 {
		t.Fatalf("replies %q", out)
	}
	for i, want := range []struct {
		id   int
		line string
	}{{1, "go 1 3 7 1 " + start}, {4, "go 4 2 9 2 " + three}} {
		_, req, _, _ := remote.Parse(want.line)
		kind, _, rep, err := remote.Parse(out[[]int{0, 2}[i]])
		m := ai.Think(req.Pos, req.Config())
		if err != nil || kind != "move" || rep.ID != want.id || rep.Move != m || rep.Nodes == 0 {
			t.Errorf("search %d: %q, want move %s", want.id, out[[]int{0, 2}[i]], m)
		}
	}
	if !strings.HasPrefix(out[1], "error 0 ") {
		t.Errorf("a line of no request answered %q", out[1])
	}
	if pauses == 0 {
		t.Error("never paused between slices")
	}
}

// TestServeAnalysis: an analysis request is answered with its position's
// evaluation, the one remote.Run (and the frame's stepped search) gives;
// stopped, it is not answered.
func TestServeAnalysis(t *testing.T) {
	s := newServer()
	var out []string
	line := "ana 7 4 3000 1280 " + start
	s.deliver(line)
	s.deliver("ana 8 4 3000 1536 " + start)
	s.deliver(remote.Stop(8))
	s.close()
	s.run(func(l string) { out = append(out, l) }, nil)
	_, req, _, _ := remote.Parse(line)
	if want := remote.Run(req, nil).String(); len(out) != 1 || out[0] != want || !strings.HasPrefix(want, "eval 7 ") {
		t.Errorf("replies %q, want %q", out, want)
	}
}
