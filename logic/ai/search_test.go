package ai

import (
	"math/rand/v2"
	"testing"

	"shiftago/logic"
)

// TestDeterministic: same position, seed and level ⇒ same move, however
// the search is sliced.
func TestDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 12; i++ {
		v := logic.Variant(i % 3)
		n := 2 + i%3
		p := randomPosition(rng, v, n, 4+rng.IntN(16))
		if p.Over() {
			continue
		}
		for lvl := 1; lvl <= MaxLevel; lvl++ {
			cfg := Config{Level: lvl, Seed: uint64(i), MaxNodes: min(levels[lvl].nodes, 30000)}
			want := Think(p, cfg)
			for _, slice := range []int{1, 777, 1 << 20} {
				s := NewSearch(p, cfg)
				for !s.Step(slice) {
				}
				if got := s.Best(); got != want {
					t.Fatalf("level %d, slices of %d: %s, Think: %s\n%s", lvl, slice, got, want, p.Diagram())
				}
			}
		}
	}
}

// TestBestAlwaysLegal: Best is legal before, during and after the search.
func TestBestAlwaysLegal(t *testing.T) {
	p := midgame(t, logic.Expert, 3)
	s := NewSearch(p, Config{Level: 4, MaxNodes: 20000})
	legal := func() {
		q := p
		if err := q.Play(s.Best(), nil); err != nil {
			t.Fatalf("Best %s after %d nodes: %v", s.Best(), s.Nodes(), err)
		}
	}
	legal()
	for !s.Step(1000) {
		legal()
	}
	legal()
	if s.Nodes() < 20000 || s.Nodes() > 20100 {
		t.Errorf("searched %d nodes, budget 20000", s.Nodes())
	}
}

// TestStopEarly: a search abandoned half-way stops and keeps a legal move.
func TestStopEarly(t *testing.T) {
	p := midgame(t, logic.Express, 2)
	s := NewSearch(p, Config{Level: 5})
	s.Step(5000)
	s.Stop()
	if !s.Step(100) {
		t.Fatal("a stopped search goes on")
	}
	q := p
	if err := q.Play(s.Best(), nil); err != nil {
		t.Fatal(err)
	}
}

// TestLevels: the table has five levels with rising budgets.
func TestLevels(t *testing.T) {
	ls := Levels()
	if len(ls) != MaxLevel || ls[0].Name != "Beginner" || ls[MaxLevel-1].Name != "Grandmaster" {
		t.Fatalf("levels: %+v", ls)
	}
	for i := 2; i <= MaxLevel; i++ {
		if levels[i].nodes <= levels[i-1].nodes {
			t.Errorf("level %d budget %d ≤ level %d's", i, levels[i].nodes, i-1)
		}
	}
}

// TestSearchAllocs: the search allocates nothing per node (only its tables
// and, with three and four players, its tree, sized once).
func TestSearchAllocs(t *testing.T) {
	for _, c := range []struct {
		v logic.Variant
		n int
	}{{logic.Express, 2}, {logic.Express, 4}, {logic.Expert, 3}} {
		p := midgame(t, c.v, c.n)
		small := testing.AllocsPerRun(2, func() { Think(p, Config{Level: 5, MaxNodes: 2000}) })
		large := testing.AllocsPerRun(2, func() { Think(p, Config{Level: 5, MaxNodes: 50000}) })
		if large > small+2 {
			t.Errorf("%s %d players: allocations grow with nodes: %v for 2000, %v for 50000", c.v, c.n, small, large)
		}
	}
}
