package book_test

import (
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/ai/book"
)

// TestBookLegal: every book move is legal in its position and in the
// position's seven other images, the lookup of each image gives the move's
// image, and the Grandmaster plays it.
func TestBookLegal(t *testing.T) {
	b := book.Entries()
	if len(b) == 0 {
		t.Skip("the book is empty")
	}
	for pos, e := range b {
		p, err := logic.ParsePosition(pos)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		if c, _ := book.Canonical(&p); c != pos {
			t.Fatalf("%s is not canonical (%s is)", pos, c)
		}
		for k := book.Sym(0); k < book.NumSyms; k++ {
			img, _ := logic.ParsePosition(k.Image(&p))
			want := k.Move(logic.Insert(e))
			q := img
			if err := q.Play(want, nil); err != nil {
				t.Fatalf("%s under symmetry %d: %s: %v", pos, k, want, err)
			}
			got := book.Move(&img)
			// A symmetric position may map the move to another image of
			// it: the same position must follow either way.
			q2 := img
			if err := q2.Play(got, nil); err != nil {
				t.Fatalf("%s under symmetry %d: lookup %s: %v", pos, k, got, err)
			}
			c1, _ := book.Canonical(&q)
			c2, _ := book.Canonical(&q2)
			if c1 != c2 {
				t.Fatalf("%s under symmetry %d: lookup %s, book %s", pos, k, got, want)
			}
			if k == 0 {
				if m := ai.Think(img, ai.Config{Level: ai.MaxLevel, Seed: 9}); m != got {
					t.Fatalf("%s: the Grandmaster plays %s, the book %s", pos, m, got)
				}
			}
		}
	}
}
