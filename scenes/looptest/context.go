package looptest

import (
	"testing"

	"shiftago/render"
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
	c := &app.Context{Text: text, Sprites: &render.Sprites{}, Setup: play.DefaultSetup(), Screen: app.Screen{W: w, H: h, Scale: scale},
		Sound: sound.New(true, true, 0), Lang: i18n.New(lang), Screens: &app.Screens{}}
	return c
}

// MinFit is the least share of its size a text may be shrunk to in its
// box; below it the box is too small for the language.
const MinFit = 0.85
