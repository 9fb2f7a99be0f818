package game

import (
	"fmt"
	"testing"

	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/table"
)

// screenSize is a device the overlap test lays the screens out for, in
// device pixels, with its unsafe edges (a notched phone's).
type screenSize struct {
	name  string
	w, h  float64 // CSS pixels
	scale float64
	inset layout.Insets // CSS pixels
}

// devices are the phone held either way (notched, home bar), the tablet
// either way and the laptop (issue 50).
var devices = []screenSize{
	{"phone upright", 390, 844, 3, layout.Insets{Top: 59, Bottom: 34}},
	{"phone sideways", 844, 390, 3, layout.Insets{Left: 59, Right: 59, Bottom: 21}},
	{"tablet upright", 820, 1180, 2, layout.Insets{}},
	{"tablet sideways", 1180, 820, 2, layout.Insets{}},
	{"desktop", 1280, 800, 1, layout.Insets{}},
}

// deviceContext is a context of lang at device d.
func deviceContext(t *testing.T, lang string, d screenSize) *app.Context {
	c := looptest.NewContext(t, lang, d.w*d.scale, d.h*d.scale, d.scale)
	c.Inset = layout.Insets{Top: d.inset.Top * d.scale, Right: d.inset.Right * d.scale, Bottom: d.inset.Bottom * d.scale, Left: d.inset.Left * d.scale}
	return c
}

// boardParts are what a control may never cover: the cells, the four
// bands of entry points and, where the cards show, every tray.
func boardParts(geo *layout.Geometry, cards bool) map[string]layout.Rect {
	c, b := geo.Cell, layout.BandCells*geo.Cell
	B := geo.Board
	parts := map[string]layout.Rect{
		"the cells":         B,
		"the north entries": {X: B.X, Y: B.Y - b, W: 7 * c, H: b},
		"the south entries": {X: B.X, Y: B.Y + 7*c, W: 7 * c, H: b},
		"the west entries":  {X: B.X - b, Y: B.Y, W: b, H: 7 * c},
		"the east entries":  {X: B.X + 7*c, Y: B.Y, W: b, H: 7 * c},
	}
	for i := 0; cards && i < geo.Players; i++ {
		parts[fmt.Sprintf("seat %d's tray", i)] = geo.Seats[i].Tray
	}
	return parts
}

// control is a rectangle a screen draws over the table.
type control struct {
	name string
	r    layout.Rect
}

// checkClear: no control overlaps a part of the board (by more than a
// pixel's rounding) and every control lies in the window.
func checkClear(t *testing.T, c *app.Context, where string, geo *layout.Geometry, cards bool, controls []control) {
	t.Helper()
	parts := boardParts(geo, cards)
	for _, k := range controls {
		if k.r.Empty() {
			continue
		}
		in := k.r.Inset(1)
		for name, p := range parts {
			if in.Overlaps(p) {
				t.Errorf("%s, %s: %s %+v covers %s %+v", c.Lang.Code, where, k.name, k.r, name, p)
			}
		}
		if k.r.X < -0.5 || k.r.Y < -0.5 || k.r.X+k.r.W > c.W+0.5 || k.r.Y+k.r.H > c.H+0.5 {
			t.Errorf("%s, %s: %s %+v leaves the %v×%v window", c.Lang.Code, where, k.name, k.r, c.W, c.H)
		}
	}
}

// buttonControls are a button set's rectangles as controls (their
// labels' fits are the panel's, checkPanel).
func buttonControls[A comparable](list []ui.Button[A]) []control {
	var out []control
	for _, b := range list {
		out = append(out, control{fmt.Sprintf("the button %q", b.Label), layout.Rect{X: b.X, Y: b.Y, W: b.W, H: b.H}})
	}
	return out
}

// TestNothingCoversTheBoard lays out every screen that shows the board
// of a game in play (the table of two and four players, the puzzles in
// each state of a try, every step of the first steps' lesson) on a phone
// and a tablet held either way and on a laptop, in the five languages:
// no control, panel or status line covers a cell, an entry point or a
// tray shown, each lies in the window, and every text fits its box,
// measured with the font it is drawn in (issue 50: the puzzle's panel
// covered the lower rows and entry points of an upright phone's board).
func TestNothingCoversTheBoard(t *testing.T) {
	for _, d := range devices {
		for _, lg := range i18n.Langs {
			c := deviceContext(t, lg, d)
			// The table.
			for _, players := range []int{2, 3, 4} {
				c.Setup = play.DefaultSetup()
				c.Setup.Players = players
				s, err := c.NewSession("")
				if err != nil {
					t.Fatal(err)
				}
				tb := table.NewTable(c, s)
				tb.Relayout(c)
				geo := tb.Geometry()
				where := fmt.Sprintf("%s, the table of %d", d.name, players)
				checkClear(t, c, where, geo, true, []control{{"the menu button", geo.Menu}, {"the undo button", geo.Undo}, {"the status line", geo.Status}})
				checkFits(t, c, where+", menu", MenuFits(c, geo), looptest.MinFit)
			}
			c.Setup = play.DefaultSetup()
			// The puzzles, in each state of a try.
			s, err := NewPuzzles(c)
			if err != nil {
				t.Fatal(err)
			}
			pz := s.(*Puzzles)
			for _, st := range []play.PuzzleState{play.PuzzleSolving, play.PuzzleWrong, play.PuzzleSolved} {
				pz.run.State = st
				pz.t.Relayout(c)
				pz.laid = pzLaid{}
				pz.layout(c)
				where := fmt.Sprintf("%s, puzzle state %d", d.name, st)
				geo := pz.t.Geometry()
				ctl := buttonControls(pz.bs.List)
				ctl = append(ctl, control{"the panel", pz.panel.R}, control{"the status line", geo.Status})
				checkClear(t, c, where, geo, !pz.t.HideCards, ctl)
				checkPanel(t, c, where, &pz.panel, pz.Fits())
			}
			// The first steps' lesson, step by step.
			s, err = NewTutorial(c)
			if err != nil {
				t.Fatal(err)
			}
			ts := s.(*Tutorial)
			for st := play.StepDrag; st <= play.StepDone; st++ {
				ts.SetStep(st)
				ts.t.Relayout(c)
				ts.layout(c)
				where := fmt.Sprintf("%s, lesson step %d", d.name, st)
				geo := ts.t.Geometry()
				ctl := buttonControls(ts.bs.List)
				ctl = append(ctl, control{"the panel", ts.panel.R}, control{"the status line", geo.Status})
				checkClear(t, c, where, geo, !ts.t.HideCards, ctl)
				checkPanel(t, c, where, &ts.panel, ts.Fits())
			}
		}
	}
}

// TestResultNoticeClearOfButtons: the result's notices ("Link copied"
// after Share link) stand clear of its buttons, on every device in every
// language (issue 50: the desktop's covered Share link and its
// neighbours).
func TestResultNoticeClearOfButtons(t *testing.T) {
	for _, d := range devices {
		for _, lg := range i18n.Langs {
			c := deviceContext(t, lg, d)
			res := laidResult(t, c)
			var n layout.Rect
			if p, ok := app.Scene(res).(app.NoticePlacer); ok {
				n = p.NoticeArea()
			} else {
				// ui.DrawNotice's place: the foot of the screen.
				u := ui.Unit(c.W, c.H)
				n = layout.Rect{X: u, Y: c.H - 0.4*u - 2.2*0.55*u, W: c.W - 2*u, H: 2.2 * 0.55 * u}
			}
			if n.Empty() {
				t.Errorf("%s, %s: the result's notices have no place", lg, d.name)
			}
			for _, b := range res.Buttons() {
				if n.Overlaps(b.Rect()) {
					t.Errorf("%s, %s: a notice at %+v covers %q %+v", lg, d.name, n, b.Label, b.Rect())
				}
			}
		}
	}
}
