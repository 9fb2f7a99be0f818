package game

import (
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/render/layout"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// TestMenuClosesOnUndo: with the menu open, a tap on the undo button
// beside ☰ takes the move back and closes the menu, so the board the
// move is taken back on shows (issue 26: the menu stayed open).
func TestMenuClosesOnUndo(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Variant, st.Players = logic.Express, 2
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green, Computer: true, Level: 1}
	g, script := testGame(t, st, "")
	l.Run(g)
	defer l.Run(nil)
	s := g.Scene().(*Screen)
	gs := s.Table()
	idle := func() bool { return gs.Ctl.HumanToMove() && !gs.Animating() && script.Len() == 0 }
	if !l.Until(2000, idle) {
		t.Fatal("never the human's turn")
	}
	l.Do(func() {
		if err := gs.Ctl.PlayString("W4"); err != nil {
			t.Fatal(err)
		}
	})
	if !l.Until(3000, func() bool { return len(gs.Match().Moves) == 2 && idle() }) {
		t.Fatalf("the computer never answered: %d moves", len(gs.Match().Moves))
	}
	l.Do(func() { m := gs.View.Geo.Menu; script.Hold(m.X+m.W/2, m.Y+m.H/2, 7) })
	l.Until(100, func() bool { return script.Len() == 0 })
	l.Wait(2)
	if !s.menu.open {
		t.Fatal("a tap on ☰ did not open the menu")
	}
	l.Do(func() { u := gs.View.Geo.Undo; script.Hold(u.X+u.W/2, u.Y+u.H/2, 7) })
	l.Until(100, func() bool { return script.Len() == 0 })
	l.Wait(2)
	if len(gs.Match().Moves) != 0 {
		t.Errorf("undo left %d moves", len(gs.Match().Moves))
	}
	if s.menu.open {
		t.Error("the menu stayed open after Undo")
	}
}

// TestStatusForTouch: "or press Enter" is left out for a player by
// touch, also inside a line of several messages (issue 26).
func TestStatusForTouch(t *testing.T) {
	lang := i18n.New("en")
	m := play.Msg("status.tapwords", "W4", "a4")
	if s := play.Say(lang, forTouch(m, true)); strings.Contains(s, "Enter") {
		t.Errorf("by touch: %q", s)
	}
	if s := play.Say(lang, forTouch(play.Text("x").Then(m), true)); strings.Contains(s, "Enter") || !strings.Contains(s, "W4") {
		t.Errorf("by touch, in a longer line: %q", s)
	}
	if s := play.Say(lang, forTouch(m, false)); !strings.Contains(s, "Enter") {
		t.Errorf("with a keyboard: %q", s)
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
				c := newContext(t, lg, sz[0], sz[1], sz[2])
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
