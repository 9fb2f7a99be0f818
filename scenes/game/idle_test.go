package game

import (
	"testing"

	"shiftago/scenes/app"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// TestIdleTableDrawsNothing runs a two-player game as main runs it (idle
// frames skipped, the screen kept) with a human to move and nothing
// moving: over idleTicks ticks the game draws nothing; the desktop's
// once-a-second repaint shows the screen image it keeps again (one in
// app's 60 ticks) rather than drawing the table afresh (issue 50: an idle
// board cost four times what it had, the table drawn whole every second).
func TestIdleTableDrawsNothing(t *testing.T) {
	const idleTicks = 600
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Players = 2
	g, _ := testGame(t, st, "")
	defer asShipped(l, g)()
	l.Run(g)
	defer l.Run(nil)
	// Let the opening settle: the table's repaint behind the first
	// frames, the seat to move framed.
	if !l.Until(3000, func() bool {
		s, ok := g.Scene().(*Screen)
		return ok && s.Table().Ctl.HumanToMove() && s.Still()
	}) {
		t.Fatal("the opening never stood still with a human to move")
	}
	l.Wait(120)
	var frames, presents int
	l.Do(func() { frames, presents = g.Frames, g.Presents })
	l.Wait(idleTicks)
	var drawn, shown int
	var still bool
	l.Do(func() {
		drawn, shown = g.Frames-frames, g.Presents-presents
		still = g.Scene().(app.Still).Still()
	})
	t.Logf("%d idle ticks: %d frames drawn, %d shown again; still %v", idleTicks, drawn, shown, still)
	if drawn > 0 {
		t.Errorf("an idle table drew %d frames in %d ticks, want none; still %v", drawn, idleTicks, still)
	}
	if want := idleTicks/60 - 1; shown < want {
		t.Errorf("an idle window was shown again %d times in %d ticks, want at least %d (once a second)", shown, idleTicks, want)
	}
}
