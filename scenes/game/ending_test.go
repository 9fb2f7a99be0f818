package game

import (
	"testing"

	"shiftago/logic"
	"shiftago/logic/race"
	"shiftago/render/motion"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// TestWinThenCard: a winning move is shown, the flourish plays and the
// result card comes right after it, well inside the 150 ticks the final
// board used to stand (2.5 s); in a second game a tap (pressed for 6
// ticks) during the flourish brings the card at its release.
func TestWinThenCard(t *testing.T) {
	race.SkipSlow(t)
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Variant, st.Players = logic.Express, 2
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green}
	defer l.Run(nil)
	for _, tap := range []bool{false, true} {
		g, script := testGame(t, st, "5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0")
		l.Run(g)
		gs := g.Scene().(*Screen).Table()
		l.Wait(3)
		l.Do(func() {
			if err := gs.Ctl.PlayString("W4"); err != nil {
				t.Fatal(err)
			}
		})
		if !l.Until(600, func() bool { return gs.Ctl.Phase() == play.Over }) {
			t.Fatal("the game never ended")
		}
		var over int
		l.Do(func() { over = l.Frames() })
		// The tap's tick is read where it is made: the loop runs on while
		// the test goroutine waits, so on a loaded machine a tick or two
		// may pass between Wait and Do.
		tapAt := 0
		if tap {
			l.Wait(20)
			l.Do(func() { tapAt = l.Frames() - over; script.Hold(10, 10, 6) }) // on the board's margin: no button
		}
		if !l.Until(400, func() bool { _, ok := g.Scene().(*Result); return ok }) {
			t.Fatal("no result card")
		}
		var n int
		l.Do(func() { n = l.Frames() - over })
		want := (motion.Flourish{Line: 5}).Length()
		switch {
		case tap && (tapAt < 20 || n > tapAt+6+3):
			t.Errorf("tapped at %d ticks for 6, the card came at %d", tapAt, n)
		case !tap && (n < want-2 || n > want+3 || n > 120):
			t.Errorf("the card came %d ticks after the end, the flourish lasts %d", n, want)
		}
		t.Logf("tap %v: the card came %d ticks after the end", tap, n)
		l.Run(nil)
	}
}
