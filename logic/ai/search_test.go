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

// TestGrandmasterSeesDeeper: at the same node budget the Grandmaster's
// reductions and pruning complete a ply more than the reference's one-or-two-ply
// step, in Express and Expert alike (node budgets, not time: the figure
// cannot depend on the machine).
func TestGrandmasterSeesDeeper(t *testing.T) {
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		rng := rand.New(rand.NewPCG(11, uint64(v)))
		var gm, ref, n int
		for n < 12 {
			p := randomPosition(rng, v, 2, 6+rng.IntN(10))
			if p.Over() || gameBound(&p) <= solveHorizon {
				continue // the solver would spend half the budget
			}
			depth := func(cfg Config) int {
				cfg.MaxNodes = 60000
				s := NewSearch(p, cfg)
				for !s.Step(1 << 20) {
				}
				return s.Depth()
			}
			gm += depth(Config{Level: MaxLevel, NoBook: true})
			ref += depth(Reference(0))
			n++
		}
		if gm < ref+n {
			t.Errorf("%s: the Grandmaster completed %d plies over %d positions, the reference %d: want a ply more a position", v, gm, n, ref)
		}
		t.Logf("%s: mean depth %.2f against the reference's %.2f", v, float64(gm)/float64(n), float64(ref)/float64(n))
	}
}

// TestThreatsAreNotReduced: the Grandmaster never reduces a move that
// leaves its mover a win in one, reduces every other late quiet move by at
// least a ply and never below depth 1; the other levels keep their step.
func TestThreatsAreNotReduced(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	threats := 0
	for g := 0; g < 200; g++ {
		p := randomPosition(rng, logic.Express, 2, 8+rng.IntN(14))
		if p.Over() {
			continue
		}
		gm := newSearcher(p, Config{Level: MaxLevel, NoBook: true})
		master := newSearcher(p, Config{Level: MaxLevel - 1})
		who := p.ToMoveSeat()
		var buf [logic.MaxMoves]logic.Move
		for i, m := range p.Moves(buf[:0]) {
			q := p
			q.Apply(m, nil)
			if q.Over() {
				continue
			}
			threat := q.ToMoveSeat() != who && gm.immediateWin(&q, who)
			for _, depth := range []int{3, 5, 9} {
				r := gm.reduction(&q, who, depth, i, 0)
				switch {
				case i < 3 && r != 0:
					t.Fatalf("move %d reduced by %d", i, r)
				case i >= 3 && threat && r != 0:
					t.Fatalf("%s makes a threat, reduced by %d at depth %d\n%s", m, r, depth, p.Diagram())
				case i >= 3 && !threat && (r < 1 || r > depth-2):
					t.Fatalf("move %d at depth %d reduced by %d", i, depth, r)
				}
				if killer := gm.reduction(&q, who, depth, i, 1<<27); killer != 0 {
					t.Fatalf("a killer reduced by %d", killer)
				}
				want := 0
				if i >= 4 {
					want = 1
					if i >= 12 && depth >= 5 {
						want = 2
					}
				}
				if got := master.reduction(&q, who, depth, i, 0); got != want {
					t.Fatalf("Master: move %d at depth %d reduced by %d, want %d", i, depth, got, want)
				}
			}
			if threat && i >= 3 {
				threats++
			}
		}
	}
	if threats < 20 {
		t.Fatalf("only %d late moves made a threat: the test saw too few", threats)
	}
}

// TestLatePruningKeepsThreats: the Grandmaster prunes only late quiet
// moves near the leaves (8 at depth 1, 17 at depth 2, none deeper), never
// a move that scores, ends the game or leaves its mover a win in one, never
// a killer or the table's move, and nothing where the side to move must
// stop a win in one; the other levels and the reference prune nothing.
func TestLatePruningKeepsThreats(t *testing.T) {
	var threats, pruned, facing int
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		rng := rand.New(rand.NewPCG(14, uint64(v)))
		for g := 0; g < 150; g++ {
			p := randomPosition(rng, v, 2, 8+rng.IntN(14))
			if p.Over() {
				continue
			}
			gm := newSearcher(p, Config{Level: MaxLevel, NoBook: true})
			who := p.ToMoveSeat()
			mustBlock := gm.immediateWin(&p, 1-who)
			for depth := 1; depth <= 4; depth++ {
				want := logic.MaxMoves
				if depth <= 2 && !mustBlock {
					want = 5 + 3*depth*depth
				}
				if got := gm.lateMoves(&p, depth); got != want {
					t.Fatalf("%s depth %d: searches %d moves before pruning, want %d (must block: %v)\n%s", v, depth, got, want, mustBlock, p.Diagram())
				}
				for _, cfg := range []Config{{Level: MaxLevel - 1}, Reference(0)} {
					if got := newSearcher(p, cfg).lateMoves(&p, depth); got != logic.MaxMoves {
						t.Fatalf("level %d (frozen %v) prunes after %d moves", cfg.Level, cfg.Frozen, got)
					}
				}
			}
			if mustBlock {
				facing++
			}
			var buf [logic.MaxMoves]logic.Move
			for _, m := range p.Moves(buf[:0]) {
				q := p
				q.Apply(m, nil)
				keep := m.Scores() || q.Over() || q.ToMoveSeat() == who || gm.immediateWin(&q, who)
				if gm.prunable(&q, who, 0) == keep {
					t.Fatalf("%s: %s prunable %v, want %v\n%s", v, m, !keep, !keep, p.Diagram())
				}
				for _, ord := range []int32{1<<27 - 1, 1 << 27, 1 << 30} {
					if gm.prunable(&q, who, ord) {
						t.Fatalf("a killer or table move (order %d) pruned", ord)
					}
				}
				if keep && !m.Scores() && !q.Over() {
					threats++
				} else if !keep {
					pruned++
				}
			}
		}
	}
	if threats < 20 || pruned < 1000 || facing < 10 {
		t.Fatalf("saw %d threats, %d prunable moves and %d positions facing a win in one: too few", threats, pruned, facing)
	}
	t.Logf("%d threats kept, %d quiet moves prunable, %d positions facing a win in one", threats, pruned, facing)
}
