package ai

import (
	"math/rand/v2"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai/aitest"
)

// TestParallelDeterministic: with a fixed worker count, the same position,
// seed and level give the same move however the search is sliced, and
// whether the workers run side by side or in turn (as in the browser).
// One position of each variant with its own player count: a second round
// of the same three (i and i+3 alike) doubled the test's 108 s under -race
// at load 25.
func TestParallelDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	searched := 0
	for i := 0; i < 3; i++ {
		v := logic.Variant(i % 3)
		n := 2 + i%3
		p := aitest.RandomPosition(rng, v, n, 4+rng.IntN(16))
		if p.Over() {
			continue
		}
		for _, workers := range []int{2, 3} {
			cfg := Config{Level: 5, Seed: uint64(i), MaxNodes: 20000, Workers: workers}
			want := Think(p, cfg)
			for _, slice := range []int{1, 777, 1 << 20} {
				for _, serial := range []bool{false, true} {
					s := NewSearch(p, cfg)
					if s.par == nil {
						continue // a forced move: nothing to search
					}
					s.par.serial = serial
					for !s.Step(slice) {
					}
					if got := s.Best(); got != want {
						t.Fatalf("%s, %d players, %d workers, slices of %d, serial %v: %s, Think: %s\n%s",
							v, n, workers, slice, serial, got, want, p.Diagram())
					}
					if s.Nodes() < workers*cfg.MaxNodes*9/10 {
						t.Errorf("%d workers searched %d nodes, each had %d", workers, s.Nodes(), cfg.MaxNodes)
					}
					searched++
				}
			}
		}
	}
	// Every position was searched (none over, none a forced move): 2
	// worker counts × 3 slicings × side by side or in turn.
	if searched != 3*2*3*2 {
		t.Fatalf("%d sliced searches compared, want %d", searched, 3*2*3*2)
	}
}

// TestParallelBestLegal: Best is legal before, during and after a
// parallel search, and Stop ends it.
func TestParallelBestLegal(t *testing.T) {
	for _, n := range []int{2, 3} {
		p := midgame(t, logic.Expert, n)
		s := NewSearch(p, Config{Level: 5, MaxNodes: 60000, Workers: 2})
		legal := func() {
			q := p
			if err := q.Play(s.Best(), nil); err != nil {
				t.Fatalf("%d players: Best %s after %d nodes: %v", n, s.Best(), s.Nodes(), err)
			}
		}
		legal()
		for i := 0; !s.Step(1000); i++ {
			legal()
			if i == 3 {
				s.Stop()
			}
		}
		legal()
	}
}

// TestParallelUsesWorkers: the lazy-SMP helpers make a difference to the
// search (the shared table is read): a search with two workers reaches at
// least the depth of one with a single worker on the same per-worker budget.
func TestParallelUsesWorkers(t *testing.T) {
	p := midgame(t, logic.Express, 2)
	one := NewSearch(p, Config{Level: 5, MaxNodes: 100000, NoBook: true})
	for !one.Step(1 << 20) {
	}
	two := NewSearch(p, Config{Level: 5, MaxNodes: 100000, NoBook: true, Workers: 2})
	for !two.Step(1 << 20) {
	}
	if two.Depth() < one.Depth() {
		t.Errorf("two workers reached depth %d, one worker %d", two.Depth(), one.Depth())
	}
	t.Logf("depth: one worker %d, two workers %d", one.Depth(), two.Depth())
}

// TestStoppedTreeSearchHasADepth: a three- or four-player search stopped
// before its budget (by the clock, as the desktop and the arena's
// --movetime stop it) reports the depth it reached, with one worker and
// with two; the trees used to give it only once they finished.
func TestStoppedTreeSearchHasADepth(t *testing.T) {
	for _, n := range []int{3, 4} {
		p := midgame(t, logic.Express, n)
		for _, w := range []int{1, 2} {
			s := NewSearch(p, Config{Level: MaxLevel, MaxNodes: Unlimited, Workers: w, Seed: 3})
			for range 8 {
				s.Step(1 << 14)
			}
			s.Stop()
			if s.Depth() < 2 {
				t.Errorf("%d players, %d workers: depth %d after %d nodes", n, w, s.Depth(), s.Nodes())
			}
		}
	}
}
