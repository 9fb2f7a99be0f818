package saves

import (
	"testing"
)

// TestPuzzleProgress: solved puzzles and the streak survive a save and a
// load; a wrong move ends the streak, the best stays; a damaged file is
// refused and leaves nothing half read.
func TestPuzzleProgress(t *testing.T) {
	st := &Memory{}
	p, err := LoadPuzzles(st)
	if err != nil || len(p.Solved) != 0 || p.Streak != 0 {
		t.Fatalf("nothing saved: %+v, %v", p, err)
	}
	a, b := PuzzleID("7/7/7/7/7/7/7 express og o 22,22 0,0 0,0"), PuzzleID("7/7/7/7/7/7/7 expert og o 22,22 0,0 0,0")
	if a == b {
		t.Fatal("two positions, one id")
	}
	if !p.Done(a, 3, true) || !p.Done(b, 3, true) {
		t.Fatal("a new solve changed nothing")
	}
	if p.Done(a, 3, true); p.Streak != 3 || p.Best != 3 || len(p.Solved) != 2 {
		t.Fatalf("three first tries, two puzzles: %+v", p)
	}
	// Three wins against puzzles rated 1350 from 1200: each a gain, the
	// first the largest (32 × 0.70 = 22).
	if p.Rating <= StartRating+40 || p.Rating > StartRating+3*23 {
		t.Fatalf("rating %d after three wins", p.Rating)
	}
	won := p.Rating
	if !p.Missed(3, false) || p.Streak != 0 || p.Best != 3 || p.Missed(3, false) || p.Rating != won {
		t.Fatalf("a miss at a second try: %+v (rating %d before)", p, won)
	}
	if !p.Missed(5, true) || p.Rating >= won || won-p.Rating > 32 {
		t.Fatalf("a miss at a first try: rating %d, was %d", p.Rating, won)
	}
	if err := SavePuzzles(st, p); err != nil {
		t.Fatal(err)
	}
	q, err := LoadPuzzles(st)
	if err != nil || !q.IsSolved(a) || !q.IsSolved(b) || q.IsSolved("x") || q.Best != 3 || q.Streak != 0 || q.Rating != p.Rating {
		t.Fatalf("loaded %+v, %v; saved %+v", q, err, p)
	}
	for _, bad := range []string{`{"solved":`, `{"streak":5,"best":2}`, `{"streak":-1}`} {
		if err := st.Write(puzzlesName, []byte(bad)); err != nil {
			t.Fatal(err)
		}
		if q, err := LoadPuzzles(st); err == nil {
			t.Errorf("%s loaded as %+v", bad, q)
		}
	}
	if p, err := LoadPuzzles(nil); err != nil || p.Streak != 0 || SavePuzzles(nil, p) != nil {
		t.Error("no store: an error")
	}
}
