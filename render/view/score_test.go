package view

import (
	"testing"

	"shiftago/render/layout"
)

// TestScoreNumbersReadable: the score track's numbers are at least
// MinScoreCSS CSS pixels on the smallest phone and beyond, for two to
// four players (issue 26: about 5 px at 320×568).
func TestScoreNumbersReadable(t *testing.T) {
	for _, sz := range [][3]float64{{320, 568, 2}, {568, 320, 2}, {390, 844, 3}, {640, 480, 1}, {1280, 800, 1}} {
		for players := 2; players <= 4; players++ {
			geo := layout.New(layout.Config{W: sz[0] * sz[2], H: sz[1] * sz[2], Scale: sz[2], Players: players, Scoring: true})
			for i := 0; i < players; i++ {
				if geo.Seats[i].Score.Empty() {
					continue
				}
				marks, score := ScoreSizes(&geo, i)
				if css := min(marks, score) / sz[2]; css < MinScoreCSS {
					t.Errorf("%v, %d players, seat %d: score numbers at %.1f CSS px", sz, players, i, css)
				}
			}
		}
	}
}
