package logic

import (
	"math/rand"
	"testing"
)

// TestHasRun checks the unrolled run detector against the plain one.
func TestHasRun(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 20000; i++ {
		b := Bitboard(r.Uint64()&r.Uint64()) & boardMask
		for n := 2; n <= 7; n++ {
			want := false
			for _, d := range directions {
				if runStarts(b, d, n) != 0 {
					want = true
				}
			}
			if got := hasRun(b, n); got != want {
				t.Fatalf("hasRun(%x, %d) = %v, want %v", uint64(b), n, got, want)
			}
		}
	}
}
