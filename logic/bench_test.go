package logic

import (
	"math/rand"
	"testing"
)

// benchPositions are mid-game positions from seeded random games, so the
// benchmarks see real pushes and lines rather than an empty board.
func benchPositions(v Variant, players int) []Position {
	r := rand.New(rand.NewSource(42))
	var out []Position
	var buf [MaxMoves]Move
	for len(out) < 64 {
		p, _ := NewGame(Standard(v, players, nil))
		for ply := 0; !p.Over() && ply < 60; ply++ {
			if ply >= 10 && ply%5 == 0 {
				out = append(out, p)
			}
			ms := p.Moves(buf[:0])
			p.Apply(ms[r.Intn(len(ms))], nil)
		}
	}
	return out
}

func BenchmarkMoves(b *testing.B) {
	for _, v := range []Variant{Express, Extreme} {
		b.Run(v.String(), func(b *testing.B) {
			ps := benchPositions(v, 2)
			var buf [MaxMoves]Move
			b.ReportAllocs()
			n := 0
			for i := 0; b.Loop(); i++ {
				n += len(ps[i%len(ps)].Moves(buf[:0]))
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mmoves/s")
		})
	}
}

// BenchmarkApply measures copy-and-apply of legal moves, with line
// detection and the hand-over, the way a search explores a node's children:
// the goal is 30 million a second on one core with no allocation.
func BenchmarkApply(b *testing.B) {
	for _, v := range []Variant{Express, Expert, Extreme} {
		for _, n := range []int{2, 4} {
			b.Run(v.String()+"-"+string(rune('0'+n))+"p", func(b *testing.B) {
				ps := benchPositions(v, n)
				moves := make([][]Move, len(ps))
				total := 0
				for i := range ps {
					moves[i] = ps[i].Moves(nil)
					total += len(moves[i])
				}
				b.ReportAllocs()
				var sink uint64
				applied := 0
				for b.Loop() {
					for i := range ps {
						for _, m := range moves[i] {
							q := ps[i]
							q.Apply(m, nil)
							sink += q.hash
						}
					}
					applied += total
				}
				b.ReportMetric(float64(applied)/b.Elapsed().Seconds()/1e6, "Mapply/s")
				b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(applied), "ns/apply")
				_ = sink
			})
		}
	}
}

func BenchmarkApplyTrace(b *testing.B) {
	ps := benchPositions(Expert, 3)
	var buf [MaxMoves]Move
	var tr Trace
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := ps[i%len(ps)]
		ms := p.Moves(buf[:0])
		p.Apply(ms[i%len(ms)], &tr)
	}
}

// BenchmarkPerft5 is perft 5 from the empty 2-player Express board; the goal
// is under 2 seconds.
func BenchmarkPerft5(b *testing.B) {
	p, _ := NewGame(Standard(Express, 2, nil))
	b.ReportAllocs()
	for b.Loop() {
		if n := Perft(&p, 5); n != 17210368 {
			b.Fatalf("perft 5 = %d", n)
		}
	}
}

func BenchmarkPerftExtreme4(b *testing.B) {
	p, _ := NewGame(Standard(Extreme, 3, nil))
	b.ReportAllocs()
	for b.Loop() {
		Perft(&p, 4)
	}
}
