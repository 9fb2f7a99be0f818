package game

import (
	"testing"

	"shiftago/logic"
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
