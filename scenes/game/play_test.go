package game

import (
	"math"
	"os"
	"strings"
	"testing"

	"shiftago/logic/record"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/sprites/marbletest"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/table"
)

const loopW, loopH = looptest.W, looptest.H

// marbleRef is the colour the centre of a resting marble of colour c is
// drawn in, by the shader's CPU mirror (the swirls turn about the
// centre, so the centre's colour never changes), lit from about the
// middle of the screen: the marbles are lit from where they lie, which
// changes their centres a little, never into another colour.
func marbleRef(c logic.Color) [3]float64 {
	d := 64
	body := marbletest.Body(render.Walnut.Marbles[c], marbletest.Light{X: -0.41, Y: -0.53}, d).RGBAAt(d/2+2, d/2+2)
	return [3]float64{float64(body.R), float64(body.G), float64(body.B)}
}

// pixelAt is the mean colour of the patch round p: wide enough that a
// marble's own flecks and play of colour (each marble's differ) average
// out to its body's colour.
func pixelAt(buf []byte, p layout.Point) [3]float64 {
	x, y := int(p.X), int(p.Y)
	var sum [3]float64
	n := 0.0
	for dy := -5; dy <= 5; dy++ {
		for dx := -5; dx <= 5; dx++ {
			i := 4 * ((y+dy)*loopW + x + dx)
			sum[0] += float64(buf[i])
			sum[1] += float64(buf[i+1])
			sum[2] += float64(buf[i+2])
			n++
		}
	}
	return [3]float64{sum[0] / n, sum[1] / n, sum[2] / n}
}

func dist(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// probeBoard reads the screen and checks, cell by cell, that it shows the
// marble the engine has there, or none: each cell's centre is classified
// as the nearest of the empty hollow (read from the empty board) and the
// four marble colours.
func probeBoard(t *testing.T, l *looptest.Loop, gs *table.Table, empty []byte) int {
	t.Helper()
	buf := l.Screen()
	var refs [4][3]float64
	for c := logic.Orange; c <= logic.White; c++ {
		refs[c] = marbleRef(c)
	}
	var geo layout.Geometry
	var pos logic.Position
	l.Do(func() { geo, pos = gs.View.Geo, gs.Match().Pos })
	bad := 0
	for s := logic.Square(0); s < 56; s++ {
		if !s.Valid() {
			continue
		}
		p := geo.CellCenter(s)
		px := pixelAt(buf, p)
		got, best := logic.NoColor, dist(px, pixelAt(empty, p))
		for i := 0; i < pos.Players(); i++ {
			c := pos.SeatColor(i)
			if d := dist(px, refs[c]); d < best {
				got, best = c, d
			}
		}
		if want := pos.At(s); got != want {
			bad++
			t.Errorf("%s shows %v (pixel %.0f), the engine has %v", s, got, px, want)
		}
	}
	if bad > 0 {
		t.Logf("board:\n%s", pos.Diagram())
	}
	return bad
}

// TestPlayAFullGameAgainstTheComputer plays Express against the level-1
// computer through the real game loop: every human move is a scripted
// pointer drag from the entry point onto the board, through the input
// layer and the gesture machine, and after every move the pixels of the
// board are checked against the engine's position.
func TestPlayAFullGameAgainstTheComputer(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Variant, st.Players = logic.Express, 2
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green, Player: record.Player{Kind: record.Computer, Level: 1}}
	g, script := testGame(t, st, "")
	l.Run(g)
	defer l.Run(nil)
	gs := g.Scene().(*Screen).Table()
	l.Wait(3)
	empty := l.Screen()

	humanTurn := func() bool {
		_, on := g.Scene().(*Screen)
		return on && gs.Ctl.HumanToMove() && !gs.Animating() && script.Len() == 0
	}
	over := func() bool { _, ok := g.Scene().(*Result); return ok || gs.Ctl.Phase() == play.Over }
	moves := 0
	for {
		if !l.Until(4000, func() bool { return humanTurn() || over() }) {
			t.Fatalf("stuck after %d moves: phase %s, status %q", moves, gs.Ctl.Phase(), gs.Status())
		}
		var done bool
		l.Do(func() { done = over() })
		if done {
			break
		}
		probeBoard(t, l, gs, empty)
		// Drag the marble of the first legal insertion onto the board.
		var from, to layout.Point
		var e logic.Entry
		l.Do(func() {
			var buf [logic.MaxMoves]logic.Move
			e = gs.Match().Pos.Moves(buf[:0])[(moves*7)%len(gs.Match().Pos.Moves(buf[:0]))].Entry()
			from, to = gs.View.Geo.EntryPoint(e), gs.View.Geo.CellCenter(e.EntryCell())
			script.Drag(from.X, from.Y, to.X, to.Y, 8)
		})
		n := len(gs.Match().Moves)
		if !l.Until(200, func() bool { return len(gs.Match().Moves) > n }) {
			t.Fatalf("the drag of %s from %v to %v played nothing (status %q)", e, from, to, gs.Status())
		}
		l.Do(func() {
			if got := gs.Match().Moves[n].Entry(); got != e {
				t.Errorf("dragged %s, played %s", e, got)
			}
		})
		moves++
		if moves > 200 {
			t.Fatal("no end after 200 moves")
		}
	}
	l.Until(400, func() bool { return gs.Animation() == nil })
	probeBoard(t, l, gs, empty)
	var res logic.Result
	var record []byte
	l.Do(func() {
		res = gs.Match().Pos.Result()
		record, _ = os.ReadFile(recordPath(g))
	})
	if res.State == logic.Ongoing {
		t.Fatal("the loop ended with the game still on")
	}
	lines := strings.Fields(string(record))
	if len(lines) != len(gs.Match().Moves) {
		t.Errorf("record has %d moves, the game %d", len(lines), len(gs.Match().Moves))
	}
	t.Logf("%d human moves, %d in all, result %s", moves, len(gs.Match().Moves), res)
	if !l.Until(2000, func() bool { _, ok := g.Scene().(*Result); return ok }) {
		t.Error("the result scene never came")
	}
}

// TestTapTapAndKeys plays by tapping an entry point twice, then by keys
// (Enter selects the first legal entry point, Enter again plays it).
func TestTapTapAndKeys(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Variant, st.Players = logic.Express, 2
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green}
	g, script := testGame(t, st, "")
	l.Run(g)
	defer l.Run(nil)
	gs := g.Scene().(*Screen).Table()
	l.Wait(3)
	w4 := logic.NewEntry(logic.West, 3)
	l.Do(func() {
		p := gs.View.Geo.EntryPoint(w4)
		script.Tap(p.X, p.Y)
		script.Push(inputtest.At(p.X, p.Y, false, false, false), inputtest.At(p.X, p.Y, false, false, false))
		script.Tap(p.X, p.Y)
	})
	// Selected, the marble stands at W4, out of the tray (the card counts
	// it gone); played, it rolls in from there: no second marble carried
	// from the tray.
	var supplyWhileSelected int
	if !l.Until(300, func() bool {
		if _, ok := gs.Hand.Selected(); ok && len(gs.Match().Moves) == 0 {
			supplyWhileSelected = gs.CardsNow(g.Context())[0].Supply
		}
		return len(gs.Match().Moves) == 1
	}) {
		t.Fatalf("tap-tap on W4 played nothing (status %q)", gs.Status())
	}
	l.Do(func() {
		if supplyWhileSelected != logic.MarblesPerColor-1 {
			t.Errorf("while W4 was selected the card showed %d in the tray, want %d", supplyWhileSelected, logic.MarblesPerColor-1)
		}
		if gs.Animation() == nil {
			t.Fatal("no animation for the tapped move")
		}
		var in motion.Marble
		for _, m := range gs.Animation().Marbles() {
			if m.Square == gs.Animation().Trace().Slides()[0].To {
				in = m
			}
		}
		if d := in.Pos.Sub(layout.EntryPos(w4)); math.Hypot(d.X, d.Y) > 1 || in.Lift != 0 {
			t.Errorf("the tapped move's marble starts at %v lifted %.2f, not at its entry point %v", in.Pos, in.Lift, layout.EntryPos(w4))
		}
	})
	if !l.Until(600, func() bool { return gs.Ctl.Phase() == play.Playing && gs.Animation() == nil }) {
		t.Fatal("the animation never ended")
	}
	l.Do(func() {
		var in input.Input
		in.AddKey(ebiten.KeyEnter)
		script.Push(in, input.Input{}, input.Input{})
		script.Push(in)
	})
	if !l.Until(300, func() bool { return len(gs.Match().Moves) == 2 }) {
		t.Fatalf("Enter, Enter played nothing (status %q)", gs.Status())
	}
	l.Do(func() {
		if gs.Match().Moves[0].Entry() != w4 {
			t.Errorf("tap-tap played %s, want W4", gs.Match().Moves[0])
		}
	})
}

// TestScoringChoiceByTaps plays Expert with three players: orange's drag
// at W1 makes two lines of four, both light up, a tap on d1 picks the
// rank, a tap on d1 again keeps that end, and the move is recorded as the
// rules write it.
func TestScoringChoiceByTaps(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green, Player: record.Player{Kind: record.Computer, Level: 1}}
	st.Seats[2] = play.Seat{Color: logic.Blue, Player: record.Player{Kind: record.Computer, Level: 1}}
	g, script := testGame(t, st, "7/7/2g1b2/o6/o6/o2b3/1ooo3 expert ogb o 16,21,20 0,0,0 0,0,0")
	l.Run(g)
	defer l.Run(nil)
	gs := g.Scene().(*Screen).Table()
	l.Wait(3)
	w1 := logic.NewEntry(logic.West, 0)
	d1, _ := logic.ParseSquare("d1")
	l.Do(func() {
		from, to := gs.View.Geo.EntryPoint(w1), gs.View.Geo.CellCenter(w1.EntryCell())
		script.Drag(from.X, from.Y, to.X, to.Y, 8)
	})
	if !l.Until(600, func() bool { return gs.Ctl.Phase() == play.ChooseLine }) {
		t.Fatalf("no line choice: phase %s, status %q", gs.Ctl.Phase(), gs.Status())
	}
	if n := len(gs.Ctl.Lines()); n != 2 {
		t.Errorf("%d candidate lines, want 2 (rank 1 and file a)", n)
	}
	tap := func() {
		l.Do(func() { p := gs.View.Geo.CellCenter(d1); script.Tap(p.X, p.Y) })
	}
	tap()
	if !l.Until(100, func() bool { return gs.Ctl.Phase() == play.ChooseEnd }) {
		t.Fatalf("no end choice after tapping d1: phase %s", gs.Ctl.Phase())
	}
	tap()
	if !l.Until(100, func() bool { return len(gs.Match().Moves) == 1 }) {
		t.Fatalf("no move after tapping the end: phase %s", gs.Ctl.Phase())
	}
	l.Do(func() {
		if got := gs.Match().Moves[0].String(); got != "W1xa1-d1=d1" {
			t.Errorf("played %s, want W1xa1-d1=d1", got)
		}
	})
	if !l.Until(1000, func() bool { return gs.Ctl.Phase() == play.Playing && gs.Animation() == nil }) {
		t.Fatal("the animation never ended")
	}
	l.Do(func() {
		if s := gs.Status(); !strings.Contains(s, "Extra turn") {
			t.Errorf("status %q does not announce the extra turn", s)
		}
		if gs.ShownScore(0) != 2 || gs.Match().Pos.Score(0) != 2 {
			t.Errorf("score shown %d, engine %d; want 2", gs.ShownScore(0), gs.Match().Pos.Score(0))
		}
	})
}

// recordPath is where the game's moves are recorded.
func recordPath(g *app.Game) string { return g.Context().Opts.RecordPath }
