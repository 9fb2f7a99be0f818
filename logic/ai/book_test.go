package ai

import (
	"math/rand/v2"
	"testing"

	"shiftago/logic"
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
		p := randomPosition(rng, logic.Variant(i%3), 2+i%3, rng.IntN(12))
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

// TestBookLegal: every book move is legal in its position and in the
// position's seven other images, the lookup of each image gives the move's
// image, and the Grandmaster plays it.
func TestBookLegal(t *testing.T) {
	b := parseBook(bookText())
	if len(b) == 0 {
		t.Skip("the book is empty")
	}
	for pos, e := range b {
		p, err := logic.ParsePosition(pos)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		if c, _ := canonical(&p); c != pos {
			t.Fatalf("%s is not canonical (%s is)", pos, c)
		}
		for k := sym(0); k < numSyms; k++ {
			img, _ := logic.ParsePosition(k.image(&p))
			want := k.move(logic.Insert(e))
			q := img
			if err := q.Play(want, nil); err != nil {
				t.Fatalf("%s under symmetry %d: %s: %v", pos, k, want, err)
			}
			got := bookMove(&img)
			// A symmetric position may map the move to another image of
			// it: the same position must follow either way.
			q2 := img
			if err := q2.Play(got, nil); err != nil {
				t.Fatalf("%s under symmetry %d: lookup %s: %v", pos, k, got, err)
			}
			c1, _ := canonical(&q)
			c2, _ := canonical(&q2)
			if c1 != c2 {
				t.Fatalf("%s under symmetry %d: lookup %s, book %s", pos, k, got, want)
			}
			if k == 0 {
				if m := Think(img, Config{Level: MaxLevel, Seed: 9}); m != got {
					t.Fatalf("%s: the Grandmaster plays %s, the book %s", pos, m, got)
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
		m := bookMove(&p)
		for i := 0; i < 3; i++ {
			if got := bookMove(&p); got != m {
				t.Fatalf("%s: %s then %s", pos, m, got)
			}
		}
	}
}
