package ai

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"shiftago/logic"
)

// midgame plays a few fixed moves from the start so that benchmarks search
// a position with some structure.
func midgame(tb testing.TB, v logic.Variant, n int) logic.Position {
	p, err := logic.NewGame(logic.Standard(v, n, nil))
	if err != nil {
		tb.Fatal(err)
	}
	for _, m := range []string{"Nd", "Sd", "W4", "E4", "Nc", "Se", "W3", "E5"} {
		if p.Over() {
			break
		}
		mv, err := p.ParseMove(m)
		if err != nil {
			var buf [logic.MaxMoves]logic.Move
			mv = p.Moves(buf[:0])[0]
		}
		p.Apply(mv, nil)
	}
	return p
}

func benchSearch(b *testing.B, v logic.Variant, n int) {
	p := midgame(b, v, n)
	b.ReportAllocs()
	nodes := 0
	for b.Loop() {
		st := newSearcher(p, Config{Level: 5, MaxNodes: 200000})
		st.run()
		nodes += st.nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkSearchExpress2(b *testing.B) { benchSearch(b, logic.Express, 2) }
func BenchmarkSearchExpert2(b *testing.B)  { benchSearch(b, logic.Expert, 2) }
func BenchmarkSearchExtreme2(b *testing.B) { benchSearch(b, logic.Extreme, 2) }
func BenchmarkSearchExpress3(b *testing.B) { benchSearch(b, logic.Express, 3) }
func BenchmarkSearchExpress4(b *testing.B) { benchSearch(b, logic.Express, 4) }
func BenchmarkSearchExpert4(b *testing.B)  { benchSearch(b, logic.Expert, 4) }

func BenchmarkEval(b *testing.B) {
	p := midgame(b, logic.Express, 2)
	st := newSearcher(p, Config{Level: 5})
	b.ReportAllocs()
	for b.Loop() {
		st.Eval(&p, 0, false)
	}
}

// benchGrandmaster times one full Grandmaster move (level 5's own node
// budget) in a midgame position: ns/op is the time per move.
func benchGrandmaster(b *testing.B, v logic.Variant, n int) {
	p := midgame(b, v, n)
	b.ReportAllocs()
	nodes := 0
	for b.Loop() {
		s := NewSearch(p, Config{Level: MaxLevel})
		for !s.Step(1 << 14) {
		}
		nodes += s.Nodes()
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkGrandmasterExpress2(b *testing.B) { benchGrandmaster(b, logic.Express, 2) }
func BenchmarkGrandmasterExpert2(b *testing.B)  { benchGrandmaster(b, logic.Expert, 2) }
func BenchmarkGrandmasterExtreme2(b *testing.B) { benchGrandmaster(b, logic.Extreme, 2) }
func BenchmarkGrandmasterExpress3(b *testing.B) { benchGrandmaster(b, logic.Express, 3) }
func BenchmarkGrandmasterExpert3(b *testing.B)  { benchGrandmaster(b, logic.Expert, 3) }
func BenchmarkGrandmasterExtreme3(b *testing.B) { benchGrandmaster(b, logic.Extreme, 3) }
func BenchmarkGrandmasterExpress4(b *testing.B) { benchGrandmaster(b, logic.Express, 4) }
func BenchmarkGrandmasterExpert4(b *testing.B)  { benchGrandmaster(b, logic.Expert, 4) }
func BenchmarkGrandmasterExtreme4(b *testing.B) { benchGrandmaster(b, logic.Extreme, 4) }

// benchParallel runs a search with one worker per core (run it with
// -cpu 1,2: GOMAXPROCS workers, each with the same 200 000-node budget),
// so that nodes/s over the -cpu values is the speed-up and nodes/s/core
// the efficiency; depth is the deepest iteration completed.
func benchParallel(b *testing.B, v logic.Variant, n int) {
	p := midgame(b, v, n)
	w := runtime.GOMAXPROCS(0)
	b.ReportAllocs()
	nodes, depth := 0, 0
	// A b.N loop, not b.Loop: with b.Loop the first -cpu value's figures
	// come from the probe run at the default GOMAXPROCS (Go 1.26).
	for range b.N {
		s := NewSearch(p, Config{Level: 5, MaxNodes: 200000, Workers: w, NoBook: true})
		for !s.Step(1 << 20) {
		}
		nodes += s.Nodes()
		depth = s.Depth()
	}
	rate := float64(nodes) / b.Elapsed().Seconds()
	b.ReportMetric(rate, "nodes/s")
	b.ReportMetric(float64(w), "workers")
	b.ReportMetric(rate/float64(w), "nodes/s/core")
	b.ReportMetric(float64(depth), "depth")
}

func BenchmarkParallelExpress2(b *testing.B) { benchParallel(b, logic.Express, 2) }
func BenchmarkParallelExpert2(b *testing.B)  { benchParallel(b, logic.Expert, 2) }
func BenchmarkParallelExpress3(b *testing.B) { benchParallel(b, logic.Express, 3) }
func BenchmarkParallelExpress4(b *testing.B) { benchParallel(b, logic.Express, 4) }

// BenchmarkClock measures the speed-up of two workers as a game uses
// them: a search of 500 ms under a clock (stepped, the clock read between
// slices, as the arena's --movetime and the desktop do) over positions of
// a game, one worker against two, in one run so that both see the same
// machine. Run it on an otherwise idle machine:
//
//	go test ./logic/ai -run '^$' -bench Clock -benchtime 16x -count 3
//
// Each op is one position's search; nodes/s is over all of them.
func BenchmarkClock(b *testing.B) {
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		for _, n := range []int{2, 3, 4} {
			if v == logic.Expert && n > 2 {
				continue
			}
			ps := gamePositions(b, v, n, 16)
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s%d/workers=%d", v, n, w), func(b *testing.B) {
					b.ReportAllocs()
					nodes, depth := 0, 0
					for i := range b.N {
						s := NewSearch(ps[i%len(ps)], Config{Level: 5, MaxNodes: Unlimited, Workers: w, NoBook: true, Seed: uint64(i)})
						deadline := time.Now().Add(500 * time.Millisecond)
						for !s.Step(4096) && time.Now().Before(deadline) {
						}
						s.Stop()
						nodes += s.Nodes()
						depth += s.Depth()
					}
					b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
					b.ReportMetric(float64(depth)/float64(b.N), "depth")
				})
			}
		}
	}
}

// gamePositions is k positions of one game played by the Club level from
// the start (every other ply from the 4th), the same in every run.
func gamePositions(tb testing.TB, v logic.Variant, n, k int) []logic.Position {
	p, err := logic.NewGame(logic.Standard(v, n, nil))
	if err != nil {
		tb.Fatal(err)
	}
	var out []logic.Position
	for ply := 0; len(out) < k && !p.Over(); ply++ {
		if ply >= 4 && ply%2 == 0 {
			out = append(out, p)
		}
		p.Apply(Think(p, Config{Level: 3, MaxNodes: 5000, Seed: uint64(ply)}), nil)
	}
	if len(out) == 0 {
		tb.Fatal("the game ended before its 4th ply")
	}
	return out
}
