package motion

import (
	"testing"

	"shiftago/render/layout"
)

// TestTrail: every moving marble's trail starts where it was when it
// began to roll, ends where it is drawn, only grows (the pieces of a
// flight already passed stay as they were), and a marble that never
// moves, or one being carried from the tray, has none.
func TestTrail(t *testing.T) {
	opts := append(optionCases[:len(optionCases):len(optionCases)], struct {
		name string
		opts Options
	}{"carried", Options{Carry: true}})
	near := func(p, q layout.Point) bool { return p.Dist(q) < 1e-9 }
	for _, tc := range traceCases() {
		before, _, tr := play(t, tc.pos, tc.move)
		geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: before.Players(), Scoring: before.Variant().Scores()})
		for _, oc := range opts {
			a := New(tr, before, geo, oc.opts)
			n := len(a.Marbles())
			prev := make([][]layout.Point, n)
			last := append([]Marble(nil), a.Marbles()...)
			moves := make([]bool, n) // Moving is not set on a removed marble that was not pushed
			for i, m := range last {
				moves[i] = m.Moving
			}
			for k := range a.nRem {
				moves[a.rem[k].marble] = true
			}
			for tick := 0; !a.Done() && tick < 2*maxTicks; tick++ {
				a.Step()
				for i, m := range a.Marbles() {
					tl := a.Trail(i, nil)
					was := last[i].Pos
					if i == a.onTrk[0] && a.carry > 0 {
						was = a.carryTo // set down there, then rolled
					}
					fail := func(what string) {
						t.Fatalf("%s, %s, tick %d, marble %d (%+v): %s; trail %v, the tick before %v", tc.name, oc.name, tick, i, m, what, tl, prev[i])
					}
					switch {
					case !moves[i] && len(tl) != 0:
						fail("a marble that stays put has a trail")
					case i == a.onTrk[0] && a.Tick() < a.carry && len(tl) != 0:
						fail("the marble carried from the tray has a trail")
					case len(tl) == 0:
						if i == a.onTrk[0] && a.Tick() >= a.carry {
							fail("the inserted marble rolls without a trail")
						}
					case len(tl) < 2:
						fail("a trail of one point")
					case !near(tl[len(tl)-1], m.Pos):
						fail("the trail does not end where the marble is")
					case len(prev[i]) == 0 && !near(tl[0], was):
						fail("the trail does not start where the marble was")
					case len(prev[i]) > 0 && !near(tl[0], prev[i][0]):
						fail("the trail's start moved")
					}
					if len(prev[i]) > 2 {
						for j := range len(prev[i]) - 1 {
							if j >= len(tl) || !near(tl[j], prev[i][j]) {
								fail("a piece of the flight already passed changed")
							}
						}
					}
					prev[i] = tl
				}
				last = append(last[:0], a.Marbles()...)
			}
			// A pushed marble's track is one piece from its cell to the
			// next: the bounce past the cell has unrolled.
			for k := 1; k < a.nTrack; k++ {
				tl := a.Trail(a.onTrk[k], nil)
				if len(tl) < 2 || !near(tl[0], layout.CellPos(tr.Slides()[k].From)) || !near(tl[1], layout.CellPos(tr.Slides()[k].To)) {
					t.Errorf("%s, %s: pushed marble %d's track %v, want %v to %v", tc.name, oc.name, k, tl,
						layout.CellPos(tr.Slides()[k].From), layout.CellPos(tr.Slides()[k].To))
				}
			}
		}
	}
}
