package analysis

import (
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// positions reads the tests' position strings (RULES.md §10).
func positions(t *testing.T, ss ...string) []logic.Position {
	t.Helper()
	out := make([]logic.Position, len(ss))
	for i, s := range ss {
		var err error
		if out[i], err = logic.ParsePosition(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return out
}

// TestJobSlicing: a position's evaluation does not depend on how finely
// it is sliced (the same seed, the same evaluation), whether Run or Step
// drives it; a finished game is evaluated without a search.
func TestJobSlicing(t *testing.T) {
	ps := positions(t,
		"7/7/7/7/7/7/7 express og o 22,22 0,0 0,0",
		"g6/7/7/1oooo2/7/7/7 express og g 18,21 0,0 0,0", // §4 lost for green: a proof follows
		"7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0",
		"5g1/7/7/ooooo2/7/7/7 express og -o 17,21 0,0 0,0", // over: orange has five
	)
	for _, p := range ps[:3] {
		s := p.String()
		cfg := Config{Level: 4, MaxNodes: 6000, Seed: 3}
		fine := NewJob(p, cfg)
		for !fine.Step(500) {
		}
		whole, ok := Run(p, cfg, 1<<20, nil)
		if !ok || !whole.Known || whole != fine.Eval() {
			t.Errorf("%s: %+v in one go, %+v finely", s, whole, fine.Eval())
		}
	}
	if e, _ := Run(ps[1], Config{Level: 4, MaxNodes: 6000}, 4000, nil); e.Proven != ai.ProvenLoss || e.Winner != 0 || e.ToMove != 1 {
		t.Errorf("§4 green cannot stop the open four: %+v", e)
	}
	j := NewJob(ps[3], Config{Level: 4})
	if e := j.Eval(); !j.Done() || !e.Known || e.ToMove != -1 || e.Winner != 0 || e.Best != logic.NoMove {
		t.Errorf("a finished game: done %v, %+v", j.Done(), e)
	}
}

// TestJobStops: a stopped evaluation is done, unknown, and takes no more
// work; Run stopped says so.
func TestJobStops(t *testing.T) {
	p := positions(t, "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0")[0]
	j := NewJob(p, Config{Level: 4, MaxNodes: 50000})
	if j.Step(300) {
		t.Fatal("done after 300 nodes")
	}
	j.Stop()
	if !j.Done() || !j.Step(1<<20) || j.Eval().Known {
		t.Errorf("stopped: done %v, %+v", j.Done(), j.Eval())
	}
	looks := 0
	if e, ok := Run(p, Config{Level: 4, MaxNodes: 50000}, 300, func() bool { looks++; return looks == 2 }); ok || e.Known || looks != 2 {
		t.Errorf("stopped at the second look: ok %v, %+v, %d looks", ok, e, looks)
	}
}
