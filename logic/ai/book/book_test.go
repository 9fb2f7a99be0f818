package book

import (
	"math/rand/v2"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai/aitest"
)

// TestSymmetries: the eight maps are distinct symmetries of the board,
// each with its inverse, and a move's image is legal in the position's
// image and leads to the image of the position it led to.
func TestSymmetries(t *testing.T) {
	seen := map[[2]logic.Square]bool{}
	for k := sym(0); k < numSyms; k++ {
		seen[[2]logic.Square{k.square(logic.Sq(1, 0)), k.square(logic.Sq(0, 3))}] = true
		for e := logic.Entry(0); e < logic.NumEntries; e++ {
			if symEntry[symInv[k]][symEntry[k][e]] != e {
				t.Fatalf("symmetry %d: %s does not come back", k, e)
			}
		}
	}
	if len(seen) != numSyms {
		t.Fatalf("%d distinct symmetries, want 8", len(seen))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var buf [logic.MaxMoves]logic.Move
	for i := 0; i < 300; i++ {
		p := aitest.RandomPosition(rng, logic.Variant(i%3), 2+i%3, rng.IntN(12))
		if p.Over() {
			continue
		}
		for k := sym(0); k < numSyms; k++ {
			img, err := logic.ParsePosition(k.image(&p))
			if err != nil {
				t.Fatalf("symmetry %d of %s: %v", k, p.String(), err)
			}
			for _, m := range p.Moves(buf[:0]) {
				km := k.move(m)
				if km == logic.NoMove {
					continue // a scoring move
				}
				q, iq := p, img
				q.Apply(m, nil)
				if err := iq.Play(km, nil); err != nil {
					t.Fatalf("symmetry %d: %s → %s illegal in\n%s: %v", k, m, km, img.Diagram(), err)
				}
				if got, want := iq.String(), k.image(&q); got != want {
					t.Fatalf("symmetry %d, move %s: %s, want %s", k, m, got, want)
				}
			}
		}
	}
}

// TestBookDeterministic: a lookup gives the same move every time.
func TestBookDeterministic(t *testing.T) {
	b := parseBook(bookText())
	for pos := range b {
		p, _ := logic.ParsePosition(pos)
		m := Move(&p)
		for i := 0; i < 3; i++ {
			if got := Move(&p); got != m {
				t.Fatalf("%s: %s then %s", pos, m, got)
			}
		}
	}
}
