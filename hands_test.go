//go:build !js

package main

import (
	"shiftago/logic/record"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render/layout"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// buttonIDs lists the ids of the buttons the page API shows now.
func buttonIDs(l *looptest.Loop, g *app.Game) []string {
	var ids []string
	l.Do(func() {
		for _, b := range g.PageButtons() {
			ids = append(ids, b.ID)
		}
	})
	return ids
}

// holdAt taps p as a person does (held for n ticks) and waits until the
// script has played it.
func holdAt(t *testing.T, l *looptest.Loop, s *inputtest.Script, p layout.Point, n int) {
	t.Helper()
	l.Do(func() { s.Hold(p.X, p.Y, n) })
	if !l.Until(n+60, func() bool { return s.Len() == 0 }) {
		t.Fatal("the tap was never played")
	}
	l.Wait(2)
}

// TestGameMenuByHeldTaps (issue 11, defect 1 and 9): through the real
// screens and the game loop, with every tap held 6 to 12 ticks as a
// finger or a mouse button holds it. The ☰ menu opens on a tap and stays
// open, its items are listed by the page API while it is open, each
// screen it opens comes back by Back, a tap outside or Escape closes it
// and plays nothing, Undo and New game act from the menu, and the
// one-tap undo beside ☰ takes a move back. Setup leaves the game.
func TestGameMenuByHeldTaps(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Seats[1].Player.Level = 1
	g, s := realGame(t, l, app.Options{Setup: st, StartGame: true,
		Position: "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0"})
	if !l.Until(120, func() bool { return g.PagePhase() == "playing" }) {
		t.Fatalf("phase %q, want playing", g.PagePhase())
	}
	menuOpen := func() bool { return slices.Contains(buttonIDs(l, g), "newgame") }
	// moves is the number of moves played; called on the loop's thread
	// (inside Until's condition) or wrapped in l.Do.
	movesNow := func() int { return len(g.Scene().(app.PageBoard).PageMatch().Moves) }
	moves := func() (n int) {
		l.Do(func() { n = movesNow() })
		return n
	}
	openMenu := func(ticks int) {
		t.Helper()
		hold(t, l, g, s, "menu", "playing")
		l.Wait(ticks)
		if !menuOpen() {
			t.Fatalf("the menu closed again after a held tap on ☰: buttons %q", buttonIDs(l, g))
		}
	}
	for _, n := range []int{6, 9, 12} { // 100, 150 and 200 ms
		openMenu(n)
		l.Do(func() {
			for _, b := range g.PageButtons() {
				if b.ID == "menu" {
					s.Hold(b.Rect.Center().X, b.Rect.Center().Y, n)
				}
			}
		})
		l.Until(n+60, func() bool { return s.Len() == 0 })
		l.Wait(2)
		if menuOpen() {
			t.Fatalf("a second held tap on ☰ (%d ticks) left the menu open", n)
		}
	}
	want := []string{"newgame", "undo", "redo", "moves", "records", "rules", "settings", "setup", "sound", "quit"}
	openMenu(3)
	if ids := buttonIDs(l, g); !func() bool {
		for _, id := range want {
			if !slices.Contains(ids, id) {
				return false
			}
		}
		return true
	}() {
		t.Fatalf("the open menu lists %q, want all of %q", ids, want)
	}
	hold(t, l, g, s, "menu", "playing") // closed again
	for _, it := range []struct{ id, phase string }{{"moves", "moves"}, {"rules", "rules"}, {"settings", "settings"}, {"records", "records"}} {
		openMenu(2)
		hold(t, l, g, s, it.id, it.phase)
		hold(t, l, g, s, "back", "playing")
		if menuOpen() {
			t.Errorf("back from %s, the menu is still open", it.id)
		}
	}
	// A tap outside the open menu (on an empty cell) closes it and plays
	// nothing; so does Escape.
	openMenu(2)
	var cell, w4 layout.Point
	l.Do(func() {
		geo := g.Scene().(app.PageBoard).PageGeometry()
		cell, w4 = geo.CellCenter(logic.Sq(3, 3)), geo.EntryPoint(logic.NewEntry(logic.West, 3))
	})
	holdAt(t, l, s, cell, 8)
	if menuOpen() || moves() != 0 {
		t.Fatalf("a tap outside: menu open %v, %d moves", menuOpen(), moves())
	}
	openMenu(2)
	l.Do(func() { s.Push(escape(), input.Input{}) })
	l.Wait(4)
	if menuOpen() {
		t.Fatal("Escape left the menu open")
	}
	// A move by tap-tap, the computer's answer, then Undo from the menu.
	holdAt(t, l, s, w4, 7)
	holdAt(t, l, s, w4, 7)
	if !l.Until(2000, func() bool { return movesNow() >= 2 && g.PagePhase() == "playing" }) {
		t.Fatalf("no move and answer: %d moves, phase %q", moves(), g.PagePhase())
	}
	openMenu(2)
	holdAt(t, l, s, button(t, l, g, "undo"), 8)
	if !l.Until(1200, func() bool { return movesNow() == 0 && g.PagePhase() == "playing" }) {
		t.Fatalf("Undo from the menu left %d moves", moves())
	}
	// Again, and the one-tap undo beside ☰ this time.
	holdAt(t, l, s, w4, 7)
	holdAt(t, l, s, w4, 7)
	if !l.Until(2000, func() bool { return movesNow() >= 2 && g.PagePhase() == "playing" }) {
		t.Fatalf("no move and answer: %d moves, phase %q", moves(), g.PagePhase())
	}
	if menuOpen() {
		t.Fatal("the menu is open")
	}
	holdAt(t, l, s, button(t, l, g, "undo"), 8)
	if !l.Until(1200, func() bool { return movesNow() == 0 && g.PagePhase() == "playing" }) {
		t.Fatalf("the one-tap undo left %d moves", moves())
	}
	// New game from the menu: a fresh game; Setup: the setup screen.
	holdAt(t, l, s, w4, 7)
	holdAt(t, l, s, w4, 7)
	if !l.Until(2000, func() bool { return movesNow() >= 1 }) {
		t.Fatal("no move")
	}
	l.Until(2000, func() bool { return g.PagePhase() == "playing" })
	openMenu(2)
	hold(t, l, g, s, "newgame", "playing")
	if n := moves(); n != 0 {
		t.Errorf("New game from the menu: %d moves on the new game's board", n)
	}
	openMenu(2)
	hold(t, l, g, s, "setup", "setup")
}

// button is the centre of the button with action id, which must be shown.
func button(t *testing.T, l *looptest.Loop, g *app.Game, id string) (p layout.Point) {
	t.Helper()
	found := false
	l.Do(func() {
		for _, b := range g.PageButtons() {
			if b.ID == id {
				p, found = b.Rect.Center(), true
			}
		}
	})
	if !found {
		t.Fatalf("no button %q (buttons %q)", id, buttonIDs(l, g))
	}
	return p
}

// push hands the script ticks on the loop's thread, which reads the
// script: all the ticks of one gesture at once, so it never runs dry in
// the middle of one.
func push(l *looptest.Loop, s *inputtest.Script, steps ...input.Input) {
	l.Do(func() { s.Push(steps...) })
}

// escape is a tick with the Escape key pressed.
func escape() input.Input {
	var in input.Input
	in.AddKey(ebiten.KeyEscape)
	return in
}

// emptyBoard starts a game of opts on an empty Express board through
// the real game loop, waits until orange may play, and returns the game,
// its input script and the table's layout.
func emptyBoard(t *testing.T, l *looptest.Loop, opts app.Options) (*app.Game, *inputtest.Script, layout.Geometry) {
	t.Helper()
	opts.StartGame, opts.Position = true, "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0"
	g, s := realGame(t, l, opts)
	if !l.Until(120, func() bool { return g.PagePhase() == "playing" }) {
		t.Fatalf("phase %q, want playing", g.PagePhase())
	}
	var geo layout.Geometry
	l.Do(func() { geo = *g.Scene().(app.PageBoard).PageGeometry() })
	return g, s, geo
}

// TestCarryAcrossTheBoardThroughTheLoop (issue 11, defect 2): through the
// real game loop, a marble picked from the mover's tray and carried across
// the whole board along a row, a move a tick, to the far edge plays
// nothing on the way, nor does a carry sliding along an edge past the
// other entry points; set at the far entry point (it rests there a
// moment) and pushed in, it plays there.
func TestCarryAcrossTheBoardThroughTheLoop(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Seats[1].Player.Kind = record.Human
	g, s, geo := emptyBoard(t, l, app.Options{Setup: st})
	// moves is the number of moves played; called on the loop's thread
	// (inside Until's condition) or wrapped in l.Do.
	movesNow := func() int { return len(g.Scene().(app.PageBoard).PageMatch().Moves) }
	moves := func() (n int) {
		l.Do(func() { n = movesNow() })
		return n
	}
	tray := geo.TraySlot(0, 10)
	// The track of row 5 that runs away from the tray: its far entry point.
	far, near := logic.NewEntry(logic.West, 4), logic.NewEntry(logic.East, 4)
	if tray.X < geo.CellCenter(logic.Sq(3, 3)).X {
		far, near = near, far
	}
	fp, np := geo.EntryPoint(far), geo.EntryPoint(near)
	// From the tray to the near entry point, then over the board to the
	// far one, a move a tick (about 0.4 s in all), still held.
	path := []layout.Point{tray, np, fp}
	seq := []input.Input{inputtest.At(tray.X, tray.Y, true, true, false)}
	for k := 0; k+1 < len(path); k++ {
		a, b := path[k], path[k+1]
		for i := 1; i <= 12; i++ {
			f := float64(i) / 12
			seq = append(seq, inputtest.At(a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f, true, false, false))
		}
	}
	push(l, s, seq...)
	l.Until(200, func() bool { return s.Len() == 0 })
	l.Wait(1)
	if n := moves(); n != 0 {
		t.Fatalf("carrying the marble from the tray across the board played %d moves", n)
	}
	// It rests at the far entry point (10 ticks, still held), then is
	// pushed in over 5 ticks and let go.
	seq = seq[:0]
	for i := 0; i < 10; i++ {
		seq = append(seq, inputtest.At(fp.X, fp.Y, true, false, false))
	}
	in := geo.CellCenter(far.EntryCell())
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		seq = append(seq, inputtest.At(fp.X+(in.X-fp.X)*f, fp.Y+(in.Y-fp.Y)*f, true, false, false))
	}
	push(l, s, append(seq, inputtest.At(in.X, in.Y, false, false, true))...)
	if !l.Until(300, func() bool { return movesNow() == 1 }) {
		t.Fatalf("set at %s and pushed in, the marble played nothing", far)
	}
	var played logic.Entry
	l.Do(func() { played = g.Scene().(app.PageBoard).PageMatch().Moves[0].Entry() })
	if played != far {
		t.Fatalf("played %s, want %s", played, far)
	}
	l.Until(600, func() bool { return g.PagePhase() == "playing" })
	// Green's turn: a drag from Na sliding along the top edge past Nb…Nf
	// to Ng, a move a tick, and let go there: nothing is played.
	l.Do(func() { geo = *g.Scene().(app.PageBoard).PageGeometry() })
	na, ng := geo.EntryPoint(logic.NewEntry(logic.North, 0)), geo.EntryPoint(logic.NewEntry(logic.North, 6))
	l.Do(func() { s.Drag(na.X, na.Y, ng.X, ng.Y, 24) })
	l.Until(200, func() bool { return s.Len() == 0 })
	l.Wait(30)
	if n := moves(); n != 1 {
		t.Fatalf("a drag along the top edge played a move (%d moves)", n)
	}
}

// TestConfirmOnReleaseThroughTheLoop: with the setting Confirm on release,
// a marble dragged in from its entry point to the board and held there
// plays nothing until it is let go; pulled back out before the release,
// it plays nothing at all.
func TestConfirmOnReleaseThroughTheLoop(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Seats[1].Player.Kind = record.Human
	st.ConfirmRelease = true
	g, s := realGame(t, l, app.Options{Setup: st, StartGame: true,
		Position: "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0"})
	if !l.Until(120, func() bool { return g.PagePhase() == "playing" }) {
		t.Fatalf("phase %q, want playing", g.PagePhase())
	}
	movesNow := func() int { return len(g.Scene().(app.PageBoard).PageMatch().Moves) }
	var from, to layout.Point
	l.Do(func() {
		geo := g.Scene().(app.PageBoard).PageGeometry()
		e := logic.NewEntry(logic.North, 3)
		from, to = geo.EntryPoint(e), geo.CellCenter(e.EntryCell())
	})
	drag := func(path ...layout.Point) {
		seq := []input.Input{inputtest.At(path[0].X, path[0].Y, true, true, false)}
		for k := 0; k+1 < len(path); k++ {
			a, b := path[k], path[k+1]
			for i := 1; i <= 8; i++ {
				f := float64(i) / 8
				seq = append(seq, inputtest.At(a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f, true, false, false))
			}
		}
		for i := 0; i < 10; i++ { // held there
			seq = append(seq, inputtest.At(path[len(path)-1].X, path[len(path)-1].Y, true, false, false))
		}
		push(l, s, seq...)
	}
	// In, back out, let go: nothing.
	drag(from, to, from)
	var during int
	if !l.Until(200, func() bool { during = max(during, movesNow()); return s.Len() == 0 }) {
		t.Fatal("the drag was never played")
	}
	l.Do(func() { s.Push(inputtest.At(from.X, from.Y, false, false, true)) })
	l.Wait(20)
	var n int
	l.Do(func() { n = movesNow() })
	if n != 0 || during != 0 {
		t.Fatalf("a marble pulled back out before the release played (%d moves, %d while held)", n, during)
	}
	// In and held at the board: nothing yet; let go: the move.
	drag(from, to)
	if !l.Until(200, func() bool { during = max(during, movesNow()); return s.Len() == 0 }) {
		t.Fatal("the drag was never played")
	}
	if during != 0 {
		t.Fatal("the marble played while it was still held")
	}
	l.Do(func() { s.Push(inputtest.At(to.X, to.Y, false, false, true)) })
	if !l.Until(60, func() bool { return movesNow() == 1 }) {
		t.Fatal("the release played nothing")
	}
}

// TestStatusSaysWhatIsHappening (issue 11, defect 6): through the real
// game loop, the status line says what is happening now: while the
// player's marble is in hand it says where it goes in; carried onto a
// full track, it says so in words, and that is gone once a later drag is
// let go; while the computer's
// move is shown it says what the computer played, not that it thinks;
// and a selection made by the keys is confirmed by a key.
func TestStatusSaysWhatIsHappening(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Seats[1].Player.Level = 1
	// Row 4 is full: W4 and E4 refuse.
	g, s := realGame(t, l, app.Options{Setup: st, StartGame: true,
		Position: "7/7/7/gogogog/7/7/7 express og o 19,18 0,0 0,0"})
	if !l.Until(120, func() bool { return g.PagePhase() == "playing" }) {
		t.Fatalf("phase %q, want playing", g.PagePhase())
	}
	status := func() string { return g.Scene().(app.PageStatus).PageStatus() }
	statusNow := func() (st string) { l.Do(func() { st = status() }); return st }
	var geo layout.Geometry
	l.Do(func() { geo = *g.Scene().(app.PageBoard).PageGeometry() })
	w3, w4 := logic.NewEntry(logic.West, 2), logic.NewEntry(logic.West, 3)
	track := func(e logic.Entry, a float64) layout.Point { return geo.ToPixel(layout.TrackPoint(e, a)) }
	// A marble picked at W3 and held a little way in.
	p0, p1 := geo.EntryPoint(w3), track(w3, -1.0)
	seq := []input.Input{inputtest.At(p0.X, p0.Y, true, true, false)}
	for i := 1; i <= 6; i++ {
		f := float64(i) / 6
		seq = append(seq, inputtest.At(p0.X+(p1.X-p0.X)*f, p0.Y+(p1.Y-p0.Y)*f, true, false, false))
	}
	push(l, s, seq...)
	l.Until(60, func() bool { return s.Len() == 0 })
	if got := statusNow(); got != "Push it in: row 3 from the left (W3)" {
		t.Errorf("with the marble in hand at W3 the status says %q", got)
	}
	// Carried onto W4's track beyond the edge: refused, in words.
	q := track(w4, -1.0)
	seq = seq[:0]
	for i := 1; i <= 6; i++ {
		f := float64(i) / 6
		seq = append(seq, inputtest.At(p1.X+(q.X-p1.X)*f, p1.Y+(q.Y-p1.Y)*f, true, false, false))
	}
	push(l, s, append(seq, inputtest.At(q.X, q.Y, true, false, false), inputtest.At(q.X, q.Y, true, false, false))...)
	l.Until(60, func() bool { return s.Len() == 0 })
	if got := statusNow(); !strings.Contains(got, "Row 4 from the left is full") {
		t.Errorf("with the marble held over the full row 4 the status says %q", got)
	}
	push(l, s, inputtest.At(q.X, q.Y, false, false, true))
	// A later drag at W3, let go before it touches: the refusal is gone.
	l.Do(func() { s.Drag(p0.X, p0.Y, p1.X, p1.Y, 6) })
	l.Until(60, func() bool { return s.Len() == 0 })
	l.Wait(2)
	if got := statusNow(); strings.Contains(got, "full") || !strings.HasPrefix(got, "Orange to move") {
		t.Errorf("after a later cancelled drag the status still says %q", got)
	}
	// Played at W3; while green's answer is shown the status says what
	// green played, never that it is thinking.
	to := geo.CellCenter(w3.EntryCell())
	l.Do(func() { s.Drag(p0.X, p0.Y, to.X, to.Y, 8) })
	var shown []string
	if !l.Until(3000, func() bool {
		m := g.Scene().(app.PageBoard).PageMatch()
		if len(m.Moves) == 2 && g.PagePhase() == "animating" {
			if st := status(); len(shown) == 0 || shown[len(shown)-1] != st {
				shown = append(shown, st)
			}
		}
		return len(m.Moves) == 2 && g.PagePhase() == "playing"
	}) {
		t.Fatalf("no answer from the computer: phase %q", g.PagePhase())
	}
	if len(shown) == 0 {
		t.Fatal("the computer's move was never shown")
	}
	for _, st := range shown {
		if strings.Contains(st, "thinking") || !strings.HasPrefix(st, "Green plays: ") {
			t.Errorf("while green's move is shown the status says %q", st)
		}
	}
	// Chosen by the keys, confirmed by a key.
	var right input.Input
	right.AddKey(ebiten.KeyArrowRight)
	l.Do(func() { s.Push(right, input.Input{}) })
	l.Wait(4)
	if got := statusNow(); !strings.HasPrefix(got, "Press Enter to play ") || strings.Contains(got, "Tap") {
		t.Errorf("after an arrow key the status says %q", got)
	}
}

// TestVibrationSettingThroughTheLoop: a marble dragged in from its entry
// point to the board, as a finger does over 10 ticks, buzzes once when
// it is picked up and once when it touches the board; with the setting
// Vibration off, nothing buzzes, and the move is played all the same.
func TestVibrationSettingThroughTheLoop(t *testing.T) {
	l := looptest.Need(t)
	for _, on := range []bool{true, false} {
		st := play.DefaultSetup()
		st.Seats[1].Player.Kind = record.Human
		st.Vibrate = on
		var buzzes []input.Buzz // written and read on the game's thread
		g, s, geo := emptyBoard(t, l, app.Options{Setup: st, Buzz: func(b input.Buzz) { buzzes = append(buzzes, b) }})
		e := logic.NewEntry(logic.West, 3)
		from, to := geo.EntryPoint(e), geo.CellCenter(e.EntryCell())
		l.Do(func() { s.Drag(from.X, from.Y, to.X, to.Y, 10) })
		if !l.Until(300, func() bool { return len(g.Scene().(app.PageBoard).PageMatch().Moves) == 1 }) {
			t.Fatalf("vibration %v: the drag in at %s played nothing", on, e)
		}
		l.Wait(5)
		var got []input.Buzz
		l.Do(func() { got = slices.Clone(buzzes) })
		want := []input.Buzz{input.BuzzPick, input.BuzzTouch}
		if !on {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("vibration %v: buzzed %v, want %v", on, got, want)
		}
	}
}
