package game

import (
	"slices"
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// TestMenuClosesOnUndo: with the menu open, a tap on the undo button
// beside ☰ takes the move back and closes the menu, so the board the
// move is taken back on shows (issue 26: the menu stayed open).
func TestMenuClosesOnUndo(t *testing.T) {
	l := looptest.Need(t)
	_, script, s := againstComputer(t, l, logic.Express)
	defer l.Run(nil)
	gs := s.Table()
	idle := func() bool { return gs.Ctl.HumanToMove() && !gs.Animating() && script.Len() == 0 }
	l.Do(func() {
		if err := gs.Ctl.PlayString("W4"); err != nil {
			t.Fatal(err)
		}
	})
	if !l.Until(3000, func() bool { return len(gs.Match().Moves) == 2 && idle() }) {
		t.Fatal("the computer never answered")
	}
	l.Do(func() { m := gs.View.Geo.Menu; script.Hold(m.X+m.W/2, m.Y+m.H/2, 7) })
	l.Until(100, func() bool { return script.Len() == 0 })
	l.Wait(2)
	var open bool
	l.Do(func() { open = s.menu.open })
	if !open {
		t.Fatal("a tap on ☰ did not open the menu")
	}
	l.Do(func() { u := gs.View.Geo.Undo; script.Hold(u.X+u.W/2, u.Y+u.H/2, 7) })
	l.Until(100, func() bool { return script.Len() == 0 })
	l.Wait(2)
	var moves int
	l.Do(func() { moves, open = len(gs.Match().Moves), s.menu.open })
	if moves != 0 {
		t.Errorf("undo left %d moves", moves)
	}
	if open {
		t.Error("the menu stayed open after Undo")
	}
}

// TestMenuLabelsAtOneSize: on a phone both ways and on a desktop, in
// every language, every item of the menu is drawn at the menu's size,
// none shrunk alone ("Retour à la mise en place": issue 26).
func TestMenuLabelsAtOneSize(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][3]float64{{1170, 2532, 3}, {2532, 1170, 3}, {1280, 800, 1}, {640, 480, 1}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], sz[2])
				for _, players := range []int{2, 4} {
					geo := layout.New(layout.Config{W: c.W, H: c.H, Scale: sz[2], Players: players, Scoring: true})
					for _, f := range MenuFits(c, &geo) {
						if w := c.Text.Width(f.Text, f.Size, false); w > f.W+0.5 {
							t.Errorf("%s %v, %d players: %q is %.0f px in %.0f: it would shrink", lg, sz, players, f.Text, w, f.W)
						}
					}
				}
			}
		}
	})
}

// TestMenuLayoutKeptMatchesFresh: one menu laid out tick after tick
// (it keeps its labels' widths between ticks) is laid out as a new menu
// would be, through changes of language and of size: what it keeps is
// measured again whenever its labels or their height change.
func TestMenuLayoutKeptMatchesFresh(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		var kept menu
		for _, step := range []struct {
			lang string
			w, h float64
		}{
			{"en", 1280, 800}, {"en", 1280, 800}, {"de", 1280, 800}, {"de", 640, 480}, {"fr", 640, 480}, {"en", 1280, 800},
		} {
			c := looptest.NewContext(t, step.lang, step.w, step.h, 1)
			geo := layout.New(layout.Config{W: step.w, H: step.h, Scale: 1, Players: 2})
			kept.layout(c, nil, &geo)
			var fresh menu
			fresh.layout(c, nil, &geo)
			if !slices.Equal(kept.rects, fresh.rects) || !slices.Equal(kept.labels, fresh.labels) {
				t.Errorf("%+v: kept menu %v %q, a new one %v %q", step, kept.rects, kept.labels, fresh.rects, fresh.labels)
			}
		}
	})
}

// TestHintOnRequest: with hints off, the menu offers a hint where hints
// are allowed; asked for, the best move is found and shown for this turn
// only; in a tournament the item is off (issue 26 defect 7).
func TestHintOnRequest(t *testing.T) {
	l := looptest.Need(t)
	g, script, s := againstComputer(t, l, logic.Expert)
	defer l.Run(nil)
	gs := s.Table()
	var hint ui.Info
	l.Do(func() {
		s.menu.open = true
		s.menu.layout(g.Context(), s, &gs.View.Geo)
		for _, b := range s.PageButtons() {
			if b.ID == "hint" {
				hint = b
			}
		}
	})
	if !hint.Enabled {
		t.Fatalf("no hint offered in the menu: %+v", hint)
	}
	var shown bool
	l.Do(func() { _, shown = gs.Ctl.Hint() })
	if shown {
		t.Fatal("a hint showed before it was asked for")
	}
	l.Do(func() { script.Hold(hint.Rect.X+hint.Rect.W/2, hint.Rect.Y+hint.Rect.H/2, 7) })
	if !l.Until(3000, func() bool { _, ok := gs.Ctl.Hint(); return ok }) {
		t.Fatal("the hint asked for never came")
	}
	var open bool
	l.Do(func() { open = s.menu.open })
	if open {
		t.Error("the menu stayed open after the hint was asked for")
	}
	l.Do(func() {
		mv, _ := gs.Ctl.Hint()
		if err := gs.Ctl.PlayString(mv.String()); err != nil {
			t.Fatal(err)
		}
	})
	if !l.Until(3000, func() bool { return len(gs.Match().Moves) == 2 && gs.Ctl.HumanToMove() && !gs.Animating() }) {
		t.Fatal("the computer never answered")
	}
	l.Wait(30)
	l.Do(func() { _, shown = gs.Ctl.Hint() })
	if shown {
		t.Error("the hint asked for one turn showed on the next")
	}
}

// MenuFits lists the menu's labels with their room, for the test that
// every language fits.
func MenuFits(c *app.Context, geo *layout.Geometry) []ui.Fit {
	var m menu
	m.layout(c, nil, geo)
	var out []ui.Fit
	for _, b := range m.bs.List {
		out = append(out, ui.Fit{Text: b.Label, Size: b.H * 0.42, W: b.W - b.H*0.6})
	}
	r := m.rects[0]
	out = append(out, ui.Fit{Text: c.T("menu.soundoff"), Size: r.H * 0.42, W: r.W - r.H*0.6})
	return out
}

// againstComputer runs a game of variant v, hints off, of the human
// (Orange, first) against the level-1 computer, and waits for the
// human's turn.
func againstComputer(t *testing.T, l *looptest.Loop, v logic.Variant) (*app.Game, *inputtest.Script, *Screen) {
	t.Helper()
	st := play.DefaultSetup()
	st.Variant, st.Players, st.Hints = v, 2, false
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green, Player: record.Player{Kind: record.Computer, Level: 1}}
	g, script := testGame(t, st, "")
	l.Run(g)
	s := g.Scene().(*Screen)
	gs := s.Table()
	if !l.Until(2000, func() bool { return gs.Ctl.HumanToMove() && !gs.Animating() && script.Len() == 0 }) {
		t.Fatal("never the human's turn")
	}
	return g, script, s
}
