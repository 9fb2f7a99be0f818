package scenes

import (
	"testing"

	"shiftago/render"
)

// TestResultButtonsReach: on every window shape, from a phone held either
// way to a desktop, the result screen's buttons are at least 44 px (times
// the scale) high, for a finger, and lie inside the window.
func TestResultButtonsReach(t *testing.T) {
	l := needLoop(t)
	l.do(func() {
		text, err := render.NewText()
		if err != nil {
			t.Fatal(err)
		}
		for _, sz := range [][2]float64{{390, 844}, {844, 390}, {480, 640}, {640, 480}, {768, 1024}, {1280, 800}} {
			for _, scale := range []float64{1, 2} {
				for _, players := range []int{2, 3, 4} {
					c := &Context{Text: text, Sprites: &render.Sprites{}, Setup: DefaultSetup(), W: sz[0] * scale, H: sz[1] * scale, Scale: scale, Sound: NewSound(true, true, 0)}
					c.Setup.Players = players
					gs, err := NewGameScene(c, "")
					if err != nil {
						t.Fatal(err)
					}
					res := NewResultScene(c, gs)
					res.layout(c)
					for _, b := range res.bs.list {
						if b.h < 44*scale-0.5 {
							t.Errorf("%v×%v, %d players: %q is %.0f px high", sz, scale, players, b.label, b.h)
						}
						if b.x < 0 || b.y < 0 || b.x+b.w > c.W+0.5 || b.y+b.h > c.H+0.5 {
							t.Errorf("%v×%v, %d players: %q at %.0f,%.0f %.0f×%.0f leaves the window", sz, scale, players, b.label, b.x, b.y, b.w, b.h)
						}
					}
				}
			}
		}
	})
}
