package pages

import (
	"math"
	"testing"

	"shiftago/render/layout"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// TestTitleUsesTheHeight: upright, the title's form runs from near the
// top of the safe area to near its foot, on the phone and on the tablet,
// for two, three and four players, in every language (issue 50: the
// tablet's title used the top 55% of the screen, the rest empty wood),
// Play stays where it is whatever the number of players (where the form
// does not scroll), and every text
// fits its box (a row's name shrunk by at most 30%: they are drawn at
// one size, the smallest one needs).
func TestTitleUsesTheHeight(t *testing.T) {
	for _, d := range []looptest.Device{looptest.Devices[0], looptest.Devices[2]} {
		for _, lg := range i18n.Langs {
			c := looptest.DeviceContext(t, lg, d)
			// The shell lays a page out in the safe area.
			c.W, c.H = c.W-c.Inset.Left-c.Inset.Right, c.H-c.Inset.Top-c.Inset.Bottom
			c.Setup = play.DefaultSetup()
			var play0 layout.Rect
			for players := 2; players <= 4; players++ {
				c.Setup.Players = players
				s := NewSetup(c).(*Setup)
				s.layout(c)
				top, bottom := c.H, 0.0
				for _, b := range s.bs.List {
					top, bottom = min(top, b.Y), max(bottom, b.Y+b.H)
					if b.Act == actStart && s.scroll.Max == 0 { // a form that scrolls moves
						if r := b.Rect(); play0.W > 0 && (math.Abs(r.X-play0.X) > 0.5 || math.Abs(r.Y-play0.Y) > 0.5) {
							t.Errorf("%s, %s, %d players: Play moved from %+v to %+v", lg, d.Name, players, play0, b.Rect())
						}
						play0 = b.Rect()
					}
					if b.X < 0 || b.Y < 0 || b.X+b.W > c.W+0.5 || b.Y+b.H > c.H+0.5 {
						t.Errorf("%s, %s, %d players: %q at %+v leaves the %.0f×%.0f screen", lg, d.Name, players, b.Label, b.Rect(), c.W, c.H)
					}
				}
				if used := (bottom - top) / c.H; used < 0.85 {
					t.Errorf("%s, %s, %d players: the form spans %.0f%% of the height (%.0f..%.0f of %.0f)", lg, d.Name, players, 100*used, top, bottom, c.H)
				}
				looptest.CheckFits(t, c, d.Name+", title", s.Fits(c), 0.7)
			}
		}
	}
}
