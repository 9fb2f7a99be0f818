package remote

import (
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/analysis"
)

var positions = []string{
	"7/7/7/7/7/7/7 express og o 22,22 0,0 0,0",
	"7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0",
	"g6/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0",
	"7/7/7/3o3/7/7/7 expert og g 21,22 0,0 0,0",
}

func mustPos(t *testing.T, s string) logic.Position {
	t.Helper()
	p, err := logic.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLinesRoundTrip(t *testing.T) {
	for _, s := range positions {
		req := Request{ID: 7, Pos: mustPos(t, s), Level: 4, Seed: 1<<63 + 5, Workers: 2}
		kind, got, _, err := Parse(req.String())
		if err != nil || kind != "go" {
			t.Fatalf("%q: %s %v", req.String(), kind, err)
		}
		if got.ID != req.ID || got.Level != req.Level || got.Seed != req.Seed || got.Workers != req.Workers || got.Pos.String() != s {
			t.Errorf("%q read back as %+v", req.String(), got)
		}
	}
	for _, rep := range []Reply{
		{ID: 3, Move: logic.Move(0x12345), Nodes: 1000000, Depth: 9, Score: -48},
		{ID: 4, Err: "the game is over"},
	} {
		kind, _, got, err := Parse(rep.String())
		if err != nil || got != rep {
			t.Errorf("%q read back as %s %+v, %v", rep.String(), kind, got, err)
		}
	}
	if kind, _, rep, err := Parse(Stop(12)); err != nil || kind != "stop" || rep.ID != 12 {
		t.Errorf("stop line: %s %+v %v", kind, rep, err)
	}
	for _, bad := range []string{"", "go 1 2", "go 1 2 3 4 nonsense", "move 1 x 2 3 4", "hello 1"} {
		if _, _, _, err := Parse(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestRunPlaysTheSteppedMove: a request run to its end plays the move the
// game's search stepped a frame's slice at a time plays, for one worker
// and two.
func TestRunPlaysTheSteppedMove(t *testing.T) {
	for _, s := range positions {
		for _, level := range []int{2, 3} {
			for _, workers := range []int{1, 2} {
				req := Request{ID: 1, Pos: mustPos(t, s), Level: level, Seed: 99, Workers: workers}
				got := Run(req, nil)
				st := ai.NewSearch(req.Pos, req.Config())
				for !st.Step(6000) {
				}
				if got.Err != "" || got.Move != st.Best() || got.Nodes != st.Nodes() || !Legal(&req.Pos, got.Move) {
					t.Errorf("%s level %d workers %d: Run %+v, stepped %s (%d nodes)", s, level, workers, got, st.Best(), st.Nodes())
				}
			}
		}
	}
}

func TestRunStops(t *testing.T) {
	// Three players: no opening book, the whole Grandmaster budget.
	req := Request{ID: 5, Pos: mustPos(t, positions[1]), Level: 5, Seed: 1, Workers: 1}
	calls := 0
	rep := Run(req, func() bool { calls++; return calls == 2 })
	if rep.Err != "stopped" || rep.ID != 5 || calls != 2 {
		t.Errorf("stopped at the second look: %+v after %d looks", rep, calls)
	}
	over := Request{ID: 6, Pos: mustPos(t, "5g1/7/7/ooooo2/7/7/7 express og -o 17,21 0,0 0,0")}
	if !over.Pos.Over() {
		t.Fatal("the test position should be won")
	}
	if rep := Run(over, nil); rep.Err == "" {
		t.Errorf("a finished game searched: %+v", rep)
	}
}

// TestEvalLines: an analysis request and its evaluation read back as
// they were written (the shares exactly), and an evaluation out of range
// is refused, not taken.
func TestEvalLines(t *testing.T) {
	req := Request{ID: 9, Pos: mustPos(t, positions[2]), Level: 4, MaxNodes: 100000, Seed: 1<<63 + 5<<8, Analyse: true}
	kind, got, _, err := Parse(req.String())
	if err != nil || kind != "ana" || got != req {
		t.Errorf("%q read back as %s %+v, %v", req.String(), kind, got, err)
	}
	for _, rep := range []Reply{
		{ID: 3, Eval: analysis.Eval{Known: true, ToMove: 1, Best: logic.Move(0x1234), Score: -31, Winner: -1, Chance: [4]float64{0.1 + 0.2, 1 - (0.1 + 0.2)}}},
		{ID: 4, Eval: analysis.Eval{Known: true, ToMove: -1, Best: logic.NoMove, Score: -29997, Winner: 2, Chance: [4]float64{0, 0, 1, 0}}},
		{ID: 5, Eval: analysis.Eval{Known: true, ToMove: 0, Best: logic.Move(7), Score: 29999, Winner: 0, WinIn: 1, Proven: ai.ProvenWin, Plies: 1, Chance: [4]float64{1}}},
		{ID: 6, Eval: analysis.Eval{Known: true, ToMove: 2, Best: logic.Move(9), Score: 120, Winner: -1, Chance: [4]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}}},
	} {
		kind, _, got, err := Parse(rep.String())
		if err != nil || kind != "eval" || got != rep {
			t.Errorf("%q read back as %s %+v, %v", rep.String(), kind, got, err)
		}
	}
	for _, bad := range []string{
		"eval 1 0 7 0 -1 0 0 0 0.5 0.5 0",          // a share missing
		"eval 1 0 7 0 -1 0 0 0 0.5 0.5 0 1.5",      // a share above one
		"eval 1 0 7 0 -1 0 0 0 0.5 0.5 0 NaN",      // not a number
		"eval 1 5 7 0 -1 0 0 0 0.5 0.5 0 0",        // no seat 5
		"eval 1 0 7 0 -1 0 9 0 0.5 0.5 0 0",        // no outcome 9
		"eval 1 0 7 0 -1 0 0 -3 0.5 0.5 0 0",       // plies below zero
		"eval 1 0 7 0 -1 0 0 0 0.5 0.5 0 0 0",      // one too many
		"ana 1 4 -5 1 " + positions[0],             // a budget below zero
		"ana 1 4 100 1 7/7/7/7/7/7/7 express og o", // no position
	} {
		if kind, _, rep, err := Parse(bad); err == nil {
			t.Errorf("%q accepted as %s %+v", bad, kind, rep)
		}
	}
}

// TestRunAnalyses: an analysis request run to its end gives the
// evaluation a Job stepped in small slices gives; stopped, it replies
// "stopped".
func TestRunAnalyses(t *testing.T) {
	for _, s := range positions {
		req := Request{ID: 2, Pos: mustPos(t, s), Level: 3, MaxNodes: 4000, Seed: 11, Analyse: true}
		got := Run(req, nil)
		j := analysis.NewJob(req.Pos, req.AnalysisConfig())
		for !j.Step(900) {
		}
		if got.Err != "" || got.ID != 2 || got.Eval != j.Eval() || !got.Eval.Known {
			t.Errorf("%s: Run %+v, stepped %+v", s, got, j.Eval())
		}
		kind, _, back, err := Parse(got.String())
		if err != nil || kind != "eval" || back != got {
			t.Errorf("%s: %q read back as %+v, %v", s, got.String(), back, err)
		}
	}
	req := Request{ID: 8, Pos: mustPos(t, positions[1]), Level: 5, Seed: 1, Analyse: true}
	if rep := Run(req, func() bool { return true }); rep.Err != "stopped" || rep.ID != 8 || rep.Eval.Known {
		t.Errorf("stopped at once: %+v", rep)
	}
}

// TestWorkingLines: the heartbeat of a search under way reads back as it
// was written, and a malformed one is refused, not taken.
func TestWorkingLines(t *testing.T) {
	for _, c := range []struct{ id, nodes int }{{1, 0}, {7, 16384}, {1 << 40, 1 << 50}} {
		line := Working(c.id, c.nodes)
		kind, _, rep, err := Parse(line)
		if err != nil || kind != "working" || rep != (Reply{ID: c.id, Nodes: c.nodes}) {
			t.Errorf("%q read back as %s %+v, %v", line, kind, rep, err)
		}
	}
	if got := Working(12, 49152); got != "working 12 49152" {
		t.Errorf("Working(12, 49152) = %q", got)
	}
	for _, bad := range []string{
		"working",        // no id
		"working 3",      // no nodes
		"working 3 x",    // nodes no number
		"working x 3",    // id no number
		"working 3 -1",   // nodes below zero
		"working 3 10 4", // one too many
		"working 3 1.5",  // not whole
		"Working 3 10",   // the kind is lower case
	} {
		if kind, _, rep, err := Parse(bad); err == nil {
			t.Errorf("%q accepted as %s %+v", bad, kind, rep)
		}
	}
}
