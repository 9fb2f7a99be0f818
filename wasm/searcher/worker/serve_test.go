package worker

import (
	"strings"
	"testing"
	"time"

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

// TestServeProgress: a search under way says it is working, at most once
// a beat of its clock, between slices, so that the game tells a long
// search from a lost worker by the worker's silence, not by the search's
// length. The clock here moves a quarter beat a slice: a "working" line
// every fourth slice, with the search's id and the nodes so far, all
// before its reply; a search stopped is not said to work past its stop.
func TestServeProgress(t *testing.T) {
	// Master, three players: 250,000 nodes, some fifteen slices.
	three := "7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0"
	for _, c := range []struct {
		line   string
		stopAt int // the slice after which a stop comes; 0 for none
		want   int // working lines; -1: one every fourth slice
	}{
		{"go 5 4 9 1 " + three, 0, -1},
		{"ana 7 4 200000 3 " + three, 0, -1},
		{"go 6 4 9 1 " + three, 12, 2}, // not at the 12th: stopped first
	} {
		_, req, _, _ := remote.Parse(c.line)
		s := newServer()
		clock := time.Unix(1_800_000_000, 0)
		s.now = func() time.Time { clock = clock.Add(beat / 4); return clock }
		pauses := 0
		s.deliver(c.line)
		s.close()
		var out []string
		s.run(func(line string) { out = append(out, line) }, func() {
			pauses++
			if pauses == c.stopAt {
				s.deliver(remote.Stop(req.ID))
			}
		})
		working, answered := 0, false
		for _, line := range out {
			kind, _, rep, err := remote.Parse(line)
			switch {
			case err != nil || rep.ID != req.ID:
				t.Errorf("%q: %v", line, err)
			case kind == "working":
				working++
				if answered {
					t.Errorf("%q after the search's reply", line)
				}
				if want := 4 * working * remote.Slice; rep.Nodes != want {
					t.Errorf("%q: want %d nodes", line, want)
				}
			default:
				answered = true
			}
		}
		want := c.want
		if want < 0 {
			want = pauses / 4
			if pauses < 8 || !answered {
				t.Errorf("%q: %d slices, answered %v", c.line, pauses, answered)
			}
		}
		if working != want || answered != (c.stopAt == 0) {
			t.Errorf("%q: %d working lines in %d slices, want %d; answered %v", c.line, working, pauses, want, answered)
		}
	}
}
