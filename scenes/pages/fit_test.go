package pages

import (
	"os"
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
)

func TestMain(m *testing.M) { looptest.Main(m) }

// minFit is the least share of its size a text may be shrunk to in its
// box; below it the box is too small for the language.
const minFit = 0.85

func newContext(t *testing.T, lang string, w, h float64) *app.Context {
	t.Helper()
	text, err := render.NewText()
	if err != nil {
		t.Fatal(err)
	}
	return &app.Context{Text: text, Sprites: &render.Sprites{}, Setup: play.DefaultSetup(), W: w, H: h, Scale: 1,
		Sound: sound.New(true, true, 0), Lang: i18n.New(lang), Screens: &app.Screens{}}
}

// TestEveryTextFits lays out every page at the smallest supported size,
// 640×480, in every language, and measures each text with the font and
// size the interface draws it with.
func TestEveryTextFits(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			c := newContext(t, lg, 640, 480)
			check := func(where string, fits []ui.Fit, least float64) {
				for _, f := range fits {
					if w := c.Text.Width(f.Text, f.Size, f.Bold); w*least > f.W+0.5 {
						t.Errorf("%s, %s: %q is %.0f px wide at %.1f px, its box %.0f px", lg, where, f.Text, w, f.Size, f.W)
					}
				}
			}
			// The setup, with four players and computers (level names).
			c.Setup.Players = 4
			for i := range c.Setup.Seats {
				c.Setup.Seats[i].Computer, c.Setup.Seats[i].Level, c.Setup.Seats[i].SitOuts = true, 5, 3
			}
			su := NewSetup(c).(*Setup)
			su.layout(c)
			check("setup", su.Fits(c), minFit)
			check("setup description", []ui.Fit{su.DescFit(c)}, 0.75)
			c.Setup = play.DefaultSetup()
			se := NewSettings(c).(*Settings)
			se.layout(c)
			check("settings", se.Fits(c), minFit)
			// The rules of each variant: buttons and captions fit, the text
			// stays on screen.
			for v := logic.Express; v <= logic.Extreme; v++ {
				r := NewRules(c, v).(*Rules)
				r.layout(c)
				check("rules "+v.String(), r.Fits(c), minFit)
				if r.TextBottom() > c.H {
					t.Errorf("%s, rules %s: the text runs to y=%.0f, off the %.0f px screen", lg, v, r.TextBottom(), c.H)
				}
			}
			rs := NewRecords(c, &record.Record{}).(*Records)
			rs.layout(c)
			check("records", rs.Fits(c), minFit)
			sp := NewSaveProblem(c, app.SaveProblem{Err: os.ErrInvalid, Where: "/home/someone/.config/shiftago/game.damaged-20260101-120000.json"}).(*SaveProblem)
			sp.layout(c)
			check("save problem", sp.Fits(c), minFit)
			el := NewElsewhere(c).(*Elsewhere)
			el.layout(c)
			check("elsewhere", el.Fits(c), minFit)
		}
	})
}
