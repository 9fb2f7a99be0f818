package looptest

import (
	"testing"

	"shiftago/render"
	"shiftago/render/sprites"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
)

// NewContext is a context for laying screens out, without a game loop
// running them: lang's words, a w×h window at scale, the default setup.
func NewContext(t *testing.T, lang string, w, h, scale float64) *app.Context {
	t.Helper()
	text, err := render.NewText()
	if err != nil {
		t.Fatal(err)
	}
	c := &app.Context{Text: text, Sprites: &sprites.Sprites{}, Setup: play.DefaultSetup(), Screen: app.Screen{W: w, H: h, Scale: scale},
		Sound: sound.New(true, true, 0), Lang: i18n.New(lang), Screens: &app.Screens{}}
	return c
}

// MinFit is the least share of its size a text may be shrunk to in its
// box; below it the box is too small for the language.
const MinFit = 0.85

// CheckFits fails t for every text in fits wider, at least least of its
// size, than its box, as the interface's font measures it in c.
func CheckFits(t testing.TB, c *app.Context, where string, fits []ui.Fit, least float64) {
	t.Helper()
	for _, f := range fits {
		if w := c.Text.Width(f.Text, f.Size, f.Bold); w*least > f.W+0.5 {
			t.Errorf("%s: %q is %.0f px wide at %.1f px, its box %.0f px", where, f.Text, w, f.Size, f.W)
		}
	}
}

// CheckTargets fails t for every control smaller than a finger (44 CSS
// pixels at dpr device pixels each) or out of reach of a c.W×c.H screen
// whose page scrolls by scroll.
func CheckTargets(t testing.TB, c *app.Context, where string, infos []ui.Info, dpr, scroll float64) {
	t.Helper()
	for _, b := range infos {
		r := b.Rect
		if r.W < 44*dpr-0.5 || r.H < 44*dpr-0.5 {
			t.Errorf("%s: %s is %.0f×%.0f CSS px", where, b.ID, r.W/dpr, r.H/dpr)
		}
		if r.X < 0 || r.X+r.W > c.W+0.5 || r.Y < -0.5 || r.Y+r.H > c.H+scroll+0.5 {
			t.Errorf("%s: %s at %v is out of reach (page scrolls %.0f)", where, b.ID, r, scroll)
		}
	}
}
