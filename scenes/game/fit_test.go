package game

import (
	"fmt"
	"testing"

	"shiftago/render/layout"
	"shiftago/render/lesson"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
	"shiftago/scenes/table"
)

// laidResult is the result screen of a new game of c's setup, laid out.
func laidResult(t *testing.T, c *app.Context) *Result {
	t.Helper()
	s, err := c.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	res := NewResult(c, table.NewTable(c, s))
	res.Layout(c)
	return res
}

// checkFits: every text fits its box, measured (looptest.CheckFits),
// the language named.
func checkFits(t *testing.T, c *app.Context, where string, fits []ui.Fit, least float64) {
	t.Helper()
	looptest.CheckFits(t, c, c.Lang.Code+", "+where, fits, least)
}

// TestEveryTextFits lays the table's screens out at the smallest
// supported size, 640×480, in every language, and measures each text
// with the font and size the interface draws it with: the menu, the
// status lines, the seat cards, the result, the lesson's panel.
func TestEveryTextFits(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			c := looptest.NewContext(t, lg, 640, 480, 1)
			// The result of a tournament game.
			c.Setup.Tournament = true
			res := laidResult(t, c)
			checkFits(t, c, "result", res.bs.Fits(), looptest.MinFit)
			c.Setup, c.Tourney = play.DefaultSetup(), nil
			for _, players := range []int{2, 4} {
				geo := layout.New(layout.Config{W: c.W, H: c.H, Scale: 1, Players: players, Scoring: true})
				checkFits(t, c, "game menu", MenuFits(c, &geo), looptest.MinFit)
				// Seat names on the cards: the longest colour with a computer level.
				st := geo.Seats[0]
				name := c.F("seat.short", longest(c.Lang.Colors[:]), longest(c.Lang.Levels[1:]))
				checkFits(t, c, "seat card", []ui.Fit{{Text: name, Size: st.Label.H * 0.75, W: st.Label.W - 2*st.Label.H}}, 0.6)
				// Status lines: the longest messages may shrink, not vanish.
				r := geo.Status
				var status []ui.Fit
				who := longest(c.Lang.Colors[:])
				for _, s := range []string{
					c.F("status.turn", who) + c.T("status.drag"),
					c.F("status.scored", who, 10) + c.F("status.extra", who) + c.T("status.drag"),
					"W4: " + c.T("legal.single"), "W4: " + c.T("legal.full"),
					c.F("status.mustscore", who), c.F("status.keepend", who), c.F("status.tapagain", "W4"),
				} {
					status = append(status, ui.Fit{Text: s, Size: r.H * 0.42, W: r.W - r.H*0.6})
				}
				checkFits(t, c, "status line", status, 0.6)
			}
			checkTutorialFits(t, c)
			checkPuzzleFits(t, c)
		}
	})
}

func longest(ss []string) string {
	best := ""
	for _, s := range ss {
		if len(s) > len(best) {
			best = s
		}
	}
	return best
}

// checkTutorialFits: at 640×480 (and a few other sizes) the panel stays
// on the screen, its text inside it, its buttons' labels in their
// buttons, at every step.
func checkTutorialFits(t *testing.T, base *app.Context) {
	for _, sz := range [][2]float64{{640, 480}, {480, 640}, {1280, 800}, {800, 1280}} {
		c := *base
		c.W, c.H = sz[0], sz[1]
		s, err := NewTutorial(&c)
		if err != nil {
			t.Fatal(err)
		}
		ts := s.(*Tutorial)
		for st := play.StepDrag; st <= play.StepDone; st++ {
			ts.SetStep(st)
			ts.t.Relayout(&c)
			ts.layout(&c)
			checkPanel(t, &c, fmt.Sprintf("step %d", st), &ts.panel, ts.Fits())
		}
	}
}

// checkPanel: a scripted screen's panel (what names its state) is on the
// screen, its text inside it, its buttons' labels in their buttons.
func checkPanel(t *testing.T, c *app.Context, what string, p *lesson.Panel, fits []ui.Fit) {
	t.Helper()
	if p.Size < 10 || p.R.X < 0 || p.R.Y < 0 || p.R.X+p.R.W > c.W || p.R.Y+p.R.H > c.H {
		t.Errorf("%s %vx%v %s: panel %+v at %.1f px", c.Lang.Code, c.W, c.H, what, p.R, p.Size)
	}
	if bottom := p.TY + float64(len(p.Lines)-1)*1.3*p.Size + 0.65*p.Size; bottom > p.R.Y+p.R.H+0.5 {
		t.Errorf("%s %vx%v %s: the text runs to %.0f, the panel ends at %.0f", c.Lang.Code, c.W, c.H, what, bottom, p.R.Y+p.R.H)
	}
	checkFits(t, c, "panel", fits, 1)
}

// checkPuzzleFits: the puzzle screen's panel stays on the screen, its
// text inside it and its labels in their buttons, in each state of a try.
func checkPuzzleFits(t *testing.T, base *app.Context) {
	for _, sz := range [][2]float64{{640, 480}, {480, 640}, {1280, 800}, {390, 844}} {
		c := *base
		c.W, c.H = sz[0], sz[1]
		s, err := NewPuzzles(&c)
		if err != nil {
			t.Fatal(err)
		}
		pz := s.(*Puzzles)
		pz.prog = saves.PuzzleProgress{Solved: make([]string, 321), Streak: 99, Best: 999}
		for _, st := range []play.PuzzleState{play.PuzzleSolving, play.PuzzleWrong, play.PuzzleSolved} {
			pz.run.State = st
			pz.t.Relayout(&c)
			pz.laid = pzLaid{}
			pz.layout(&c)
			checkPanel(t, &c, fmt.Sprintf("puzzle state %d", st), &pz.panel, pz.Fits())
		}
	}
}

// TestResultButtonsReach: on every window shape, from a phone held either
// way to a desktop, the result screen's buttons are at least 44 px (times
// the scale) high, for a finger, and lie inside the window, and its
// headline is large enough to read.
func TestResultButtonsReach(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, sz := range [][2]float64{{390, 844}, {844, 390}, {480, 640}, {640, 480}, {768, 1024}, {1280, 800}} {
			for _, scale := range []float64{1, 2} {
				for _, players := range []int{2, 3, 4} {
					c := looptest.NewContext(t, "en", sz[0]*scale, sz[1]*scale, scale)
					c.Setup.Players = players
					res := laidResult(t, c)
					for _, b := range res.Buttons() {
						if b.H < 44*scale-0.5 {
							t.Errorf("%v×%v, %d players: %q is %.0f px high", sz, scale, players, b.Label, b.H)
						}
						if b.X < 0 || b.Y < 0 || b.X+b.W > c.W+0.5 || b.Y+b.H > c.H+0.5 {
							t.Errorf("%v×%v, %d players: %q at %.0f,%.0f %.0f×%.0f leaves the window", sz, scale, players, b.Label, b.X, b.Y, b.W, b.H)
						}
					}
					// The headline is read first: never under half a
					// finger's button (it was a quarter on a phone on its
					// side), and the summary stays in the window.
					if h := 1.1 * res.u; h < 22*scale {
						t.Errorf("%v×%v, %d players: the headline is %.0f px high", sz, scale, players, h)
					}
					if p := res.panel; p.Y < 0 || p.Y+p.H > c.H+0.5 {
						t.Errorf("%v×%v, %d players: the summary %.0f..%.0f leaves the window", sz, scale, players, p.Y, p.Y+p.H)
					}
				}
			}
		}
	})
}

// TestPanelsKeepClearOfTheNotch (issue 11, defect 5, the panels the table
// draws itself): on a phone with a notch and a home bar, held either way,
// the result's summary and buttons and the lesson's panel and buttons lie
// in the safe area at every step, for 2 to 4 players.
func TestPanelsKeepClearOfTheNotch(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, tc := range []struct {
			w, h float64
			in   layout.Insets
		}{
			{1170, 2532, layout.Insets{Top: 141, Bottom: 102}},             // upright, DPR 3
			{2532, 1170, layout.Insets{Left: 141, Right: 141, Bottom: 63}}, // on its side
			{1640, 2360, layout.Insets{Top: 72, Bottom: 40}},               // a tablet, DPR 2
		} {
			safe := layout.Rect{X: tc.in.Left, Y: tc.in.Top, W: tc.w - tc.in.Left - tc.in.Right, H: tc.h - tc.in.Top - tc.in.Bottom}
			inSafe := func(what string, r layout.Rect) {
				t.Helper()
				if !r.Inside(safe.Inset(-0.5)) {
					t.Errorf("%v×%v insets %+v: %s at %+v leaves the safe area %+v", tc.w, tc.h, tc.in, what, r, safe)
				}
			}
			for _, players := range []int{2, 3, 4} {
				c := looptest.NewContext(t, "en", tc.w, tc.h, 3)
				c.Inset = tc.in
				c.Setup.Players = players
				res := laidResult(t, c)
				inSafe("the result's summary", res.panel)
				for _, b := range res.Buttons() {
					inSafe("the result's "+b.Label, layout.Rect{X: b.X, Y: b.Y, W: b.W, H: b.H})
				}
			}
			c := looptest.NewContext(t, "en", tc.w, tc.h, 3)
			c.Inset = tc.in
			eachLessonStep(t, c, func(tu *Tutorial, st play.Step) {
				inSafe(fmt.Sprintf("the lesson's panel at step %d", st), tu.panel.R)
				for _, b := range tu.Buttons() {
					inSafe(fmt.Sprintf("the lesson's %s at step %d", b.Label, st), layout.Rect{X: b.X, Y: b.Y, W: b.W, H: b.H})
				}
			})
		}
	})
}
