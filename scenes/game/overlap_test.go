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

// TestNothingCoversTheBoard lays out every screen that shows the board
// of a game in play (the table of two and four players, the puzzles in
// each state of a try, every step of the first steps' lesson) on a phone
// and a tablet held either way and on a laptop, in the five languages:
// no control, panel or status line covers a cell, an entry point or a
// tray shown, each lies in the window, and every text fits its box,
// measured with the font it is drawn in (issue 50: the puzzle's panel
// covered the lower rows and entry points of an upright phone's board).
func TestNothingCoversTheBoard(t *testing.T) {
	for _, d := range looptest.Devices {
		for _, lg := range i18n.Langs {
			c := looptest.DeviceContext(t, lg, d)
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
				where := fmt.Sprintf("%s, the table of %d", d.Name, players)
				looptest.CheckClear(t, c, where, geo, true, []looptest.Control{{Name: "the menu button", R: geo.Menu}, {Name: "the undo button", R: geo.Undo}, {Name: "the status line", R: geo.Status}})
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
				where := fmt.Sprintf("%s, puzzle state %d", d.Name, st)
				geo := pz.t.Geometry()
				ctl := looptest.ButtonControls(pz.bs.List)
				ctl = append(ctl, looptest.Control{Name: "the panel", R: pz.panel.R}, looptest.Control{Name: "the status line", R: geo.Status})
				looptest.CheckClear(t, c, where, geo, !pz.t.HideCards, ctl)
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
				where := fmt.Sprintf("%s, lesson step %d", d.Name, st)
				geo := ts.t.Geometry()
				ctl := looptest.ButtonControls(ts.bs.List)
				ctl = append(ctl, looptest.Control{Name: "the panel", R: ts.panel.R}, looptest.Control{Name: "the status line", R: geo.Status})
				looptest.CheckClear(t, c, where, geo, !ts.t.HideCards, ctl)
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
	for _, d := range looptest.Devices {
		for _, lg := range i18n.Langs {
			c := looptest.DeviceContext(t, lg, d)
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
				t.Errorf("%s, %s: the result's notices have no place", lg, d.Name)
			}
			for _, b := range res.Buttons() {
				if n.Overlaps(b.Rect()) {
					t.Errorf("%s, %s: a notice at %+v covers %q %+v", lg, d.Name, n, b.Label, b.Rect())
				}
			}
		}
	}
}
