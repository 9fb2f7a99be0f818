package motion

import (
	"fmt"
	"testing"
)

// TestFlourish: the line lights marble by marble, from one end, within
// the ending; the wave runs along it in order, every lift rises and falls
// back without a jump and has ended before the card; the card comes well
// before the 3.5 s of old, an ending without a line is shorter than one
// with, and reduced motion is short and still.
func TestFlourish(t *testing.T) {
	for _, n := range []int{0, 4, 5, 6, 7} {
		for _, reduced := range []bool{false, true} {
			f := Flourish{Line: n, Reduced: reduced}
			t.Run(fmt.Sprintf("line %d reduced %v", n, reduced), func(t *testing.T) {
				L := f.Length()
				if L > 150 || L < 30 {
					t.Errorf("lasts %d ticks", L)
				}
				if n > 0 && f.Lit(L-restTicks) != n {
					t.Errorf("%d of %d lit at the end", f.Lit(L), n)
				}
				peak := make([]int, n)
				for i := 0; i < n; i++ {
					prev, top := 0.0, 0.0
					for k := 0; k <= L; k++ {
						l := f.Lift(i, k)
						if d := l - prev; d > 0.05 || d < -0.05 {
							t.Errorf("marble %d: lift jumps %.3f at tick %d", i, d, k)
						}
						if l > top {
							top, peak[i] = l, k
						}
						prev = l
					}
					if prev != 0 {
						t.Errorf("marble %d still lifted %.2f when the card comes", i, prev)
					}
					if reduced != (top == 0) {
						t.Errorf("marble %d lifts %.2f (reduced %v)", i, top, reduced)
					}
					if i > 0 && !reduced && peak[i] <= peak[i-1] {
						t.Errorf("the wave reaches marble %d at %d, marble %d at %d", i, peak[i], i-1, peak[i-1])
					}
					if !reduced && f.Lit(peak[i]) <= i {
						t.Errorf("marble %d lifts before it is lit", i)
					}
				}
				if reduced && (L > calmTicks || f.Dim(0) != float64(min(n, 1))) {
					t.Errorf("reduced: %d ticks, dim %.1f at once", L, f.Dim(0))
				}
			})
		}
	}
	if a, b := (Flourish{}).Length(), (Flourish{Line: 4}).Length(); a >= b {
		t.Errorf("an ending without a line lasts %d ticks, with one %d", a, b)
	}
	sweep := false
	for k := 0; k < (Flourish{}).Length(); k++ {
		sweep = sweep || (Flourish{}).Sweep(12, k) > 0.9
	}
	if !sweep || (Flourish{}).Sweep(12, (Flourish{}).Length()) != 0 {
		t.Error("the sweep does not reach the far corner, or is not over when the card comes")
	}
}
