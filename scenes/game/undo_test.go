package game

import (
	"testing"

	"shiftago/logic/record"

	"shiftago/logic"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// TestUndoTappedInARow plays Expert against the computer through the real
// game loop: a scoring move (extra turn), another move, the computer's
// answer. Then Undo is tapped as a person taps (pressed for 7 ticks, a
// short pause) three times in about a second, the first while the
// computer's answer is still being shown. The undos are shown as moves
// running back, not at a stroke; the animation under way hurries rather
// than snaps; the cards follow; and once all is shown the board on the
// screen is the position, cell by cell.
func TestUndoTappedInARow(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Variant, st.Players = logic.Expert, 2
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green, Player: record.Player{Kind: record.Computer, Level: 1}}
	// The empty board's pixels, for probeBoard, from the same table
	// with no marble on it.
	g0, _ := testGame(t, st, "7/7/7/7/7/7/7 expert og o 22,22 0,0 0,0")
	l.Run(g0)
	l.Wait(3)
	empty := l.Screen()
	g, script := testGame(t, st, "6g/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0")
	l.Run(g)
	defer l.Run(nil)
	gs := g.Scene().(*Screen).Table()
	l.Wait(3)
	idle := func() bool { return gs.Ctl.HumanToMove() && !gs.Animating() && script.Len() == 0 }
	for _, mv := range []string{"W4xa4-e4", "Nd"} {
		if !l.Until(2000, idle) {
			t.Fatalf("never the human's turn before %s: phase %s", mv, gs.Ctl.Phase())
		}
		l.Do(func() {
			if err := gs.Ctl.PlayString(mv); err != nil {
				t.Fatal(err)
			}
		})
	}
	// The computer answers; Undo is tapped while its move is shown.
	if !l.Until(2000, func() bool { return len(gs.Match().Moves) == 3 && gs.Animating() }) {
		t.Fatalf("the computer's answer was never shown: %d moves, phase %s", len(gs.Match().Moves), gs.Ctl.Phase())
	}
	var score0 int
	l.Do(func() { score0 = gs.ShownScore(0) })
	animated, backFrames, lowest := 0, 0, score0
	var watch func()
	tap := func() {
		l.Do(func() { u := gs.View.Geo.Undo; script.Hold(u.X+u.W/2, u.Y+u.H/2, 7) })
		for k := 0; k < 7+6; k++ {
			l.Wait(1)
			watch()
		}
	}
	watch = func() {
		l.Do(func() {
			if gs.Animation() != nil {
				animated++
				if gs.Animation().Back() {
					backFrames++
				}
			}
			lowest = min(lowest, gs.ShownScore(0))
		})
	}
	for k := 0; k < 3; k++ {
		tap()
	}
	var n int
	l.Do(func() { n = len(gs.Match().Moves) })
	if n != 0 {
		t.Fatalf("three undos leave %d moves, want 0", n)
	}
	for k := 0; !func() (done bool) { l.Do(func() { done = idle() }); return }(); k++ {
		l.Wait(1)
		watch()
		if k > 3000 {
			t.Fatal("never idle")
		}
	}
	if animated < 20 || backFrames < 10 {
		t.Errorf("the undos were shown in %d frames (%d of moves going back): not animated", animated, backFrames)
	}
	if score0 != 2 || lowest != 0 {
		t.Errorf("orange's card showed %d before the undos, %d at the lowest; want 2 then 0", score0, lowest)
	}
	l.Wait(2)
	if bad := probeBoard(t, l, gs, empty); bad > 0 {
		t.Errorf("%d cells wrong after the undos", bad)
	}
	l.Do(func() {
		start, _ := logic.ParsePosition("6g/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0")
		if gs.Match().Pos.String() != start.String() || gs.ShownScore(0) != 0 || gs.Animation() != nil {
			t.Errorf("after the undos: %s, score shown %d", gs.Match().Pos.String(), gs.ShownScore(0))
		}
	})
	// Redo twice: the moves run forward again and end on the position.
	for k := 0; k < 2; k++ {
		l.Do(func() { gs.Ctl.Redo() })
	}
	if !l.Until(3000, func() bool { return gs.Ctl.Phase() != play.Showing && !gs.Animating() }) {
		t.Fatal("the redos never ended")
	}
	l.Wait(2)
	if bad := probeBoard(t, l, gs, empty); bad > 0 {
		t.Errorf("%d cells wrong after the redos", bad)
	}
}

// TestUndoDuringAChoice: blue plays, orange's insertion at W1 makes two
// lines and the choice is asked over the held push; Undo (hot seat) then
// takes the held push back first and blue's move after it, and the board
// ends as the game began.
func TestUndoDuringAChoice(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Variant, st.Players = logic.Expert, 3
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green}
	st.Seats[2] = play.Seat{Color: logic.Blue}
	st.HotSeatUndo = true
	g0, _ := testGame(t, st, "7/7/7/7/7/7/7 expert ogb o 22,22,22 0,0,0 0,0,0")
	l.Run(g0)
	l.Wait(3)
	empty := l.Screen()
	const start = "7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb b 16,21,20 0,0,0 0,0,0"
	g, _ := testGame(t, st, start)
	l.Run(g)
	defer l.Run(nil)
	gs := g.Scene().(*Screen).Table()
	l.Wait(3)
	l.Do(func() {
		if err := gs.Ctl.PlayString("Ng"); err != nil {
			t.Fatal(err)
		}
	})
	if !l.Until(600, func() bool { return gs.Ctl.HumanToMove() && !gs.Animating() }) {
		t.Fatal("blue's move never shown")
	}
	l.Do(func() { gs.Ctl.Commit(logic.NewEntry(logic.West, 0)) })
	if !l.Until(600, func() bool { return gs.Ctl.Phase() == play.ChooseLine }) {
		t.Fatalf("no choice: phase %s", gs.Ctl.Phase())
	}
	l.Do(func() { gs.Ctl.Undo(true) })
	pushOnly := false
	if !l.Until(1200, func() bool {
		if gs.Animation() != nil && gs.Animation().Back() && gs.Animation().Trace().Mover == logic.Orange {
			pushOnly = true
		}
		return gs.Ctl.HumanToMove() && !gs.Animating()
	}) {
		t.Fatal("the undo never ended")
	}
	if !pushOnly {
		t.Error("the held push was not taken back on the board")
	}
	l.Wait(2)
	if bad := probeBoard(t, l, gs, empty); bad > 0 {
		t.Errorf("%d cells wrong after the undo", bad)
	}
	l.Do(func() {
		p, _ := logic.ParsePosition(start)
		if gs.Match().Pos.String() != p.String() {
			t.Errorf("after the undo: %s, want %s", gs.Match().Pos.String(), p.String())
		}
	})
}
