package eval

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai/aitest"
)

// TestCandidatesSuperset checks the threat filter against trying every
// entry point, on seeded random positions.
func TestCandidatesSuperset(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		n := 2 + i%3
		p := aitest.RandomPosition(rng, logic.Extreme, n, rng.IntN(40))
		occ := p.Occupied()
		for seat := 0; seat < n; seat++ {
			own := p.Marbles(seat)
			for _, l := range []int{4, 5} {
				set := candidates(own, l)
				for e := logic.Entry(0); e < logic.NumEntries; e++ {
					if entries[e].mask&^occ == 0 {
						continue
					}
					if hasRun(pushed(own, occ, e), l) && set&(1<<e) == 0 {
						t.Fatalf("seat %d run %d at %s not a candidate\n%s", seat, l, e, p.Diagram())
					}
				}
			}
		}
	}
}

// TestFullLines checks the side-by-side rank and file counts against one
// popcount a line, for every threshold, on random marble sets.
func TestFullLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		own := bb(rng.Uint64()&rng.Uint64()) & board49
		if i%3 == 0 {
			own = bb(rng.Uint64()) & board49
		}
		for k := 1; k <= logic.Size; k++ {
			var want uint32
			for j, m := range lineMask {
				if bits.OnesCount64(uint64(own&m)) >= k {
					want |= 1 << j
				}
			}
			if got := fullLines(own, k); got != want {
				t.Fatalf("own %x k %d: got %014b want %014b", uint64(own), k, got, want)
			}
		}
	}
}

// TestCandCache: the cache answers as candidates does, for marble sets
// that collide in it, come back after being evicted, or are empty.
func TestCandCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var c4, c5 candCache // one cache per line length, as a searcher has
	seen := make([]bb, 0, 600)
	for i := 0; i < 20000; i++ {
		var own bb
		switch {
		case i%7 == 0:
			own = 0
		case len(seen) > 0 && i%2 == 0:
			own = seen[rng.IntN(len(seen))]
		default:
			own = bb(rng.Uint64()&rng.Uint64()) & board49
			seen = append(seen[:min(len(seen), 599)], own)
		}
		for n, c := range map[int]*candCache{4: &c4, 5: &c5} {
			if got, want := c.get(own, n), candidates(own, n); got != want {
				t.Fatalf("own %x, lines of %d: cached %x, want %x", uint64(own), n, got, want)
			}
		}
	}
}

// TestPushedMatchesEngine checks the bitboard push against logic.Apply.
func TestPushedMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var buf [logic.MaxMoves]logic.Move
	for i := 0; i < 2000; i++ {
		p := aitest.RandomPosition(rng, logic.Express, 2+i%3, rng.IntN(30))
		if p.Over() {
			continue
		}
		seat := p.ToMoveSeat()
		for _, m := range p.Moves(buf[:0]) {
			q := p
			q.Apply(m, nil)
			if got, want := pushed(p.Marbles(seat), p.Occupied(), m.Entry()), q.Marbles(seat); got != want {
				t.Fatalf("push %s: got %x want %x\n%s", m, got, want, p.Diagram())
			}
		}
	}
}
