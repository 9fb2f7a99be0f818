package game

import (
	"testing"

	"shiftago/logic"
	"shiftago/render/layout"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// tutorialGame makes a game showing the tutorial over a stand-in title,
// driven by a script, and hands it to the loop until the test ends.
func tutorialGame(t *testing.T, l *looptest.Loop) (*app.Game, *inputtest.Script, *Tutorial) {
	t.Helper()
	g, script, s := scriptedScene(t, l, app.Options{}, NewTutorial)
	return g, script, s.(*Tutorial)
}

// scriptedScene makes a game driven by a script (opts, with the default
// setup, no sound and fast animations) showing the screen open opens
// over a stand-in title, and hands it to the loop until the test ends.
func scriptedScene(t *testing.T, l *looptest.Loop, opts app.Options, open func(c *app.Context) (app.Scene, error)) (*app.Game, *inputtest.Script, app.Scene) {
	t.Helper()
	script := &inputtest.Script{}
	opts.Setup, opts.NoAudio, opts.Seed, opts.AnimSpeed = play.DefaultSetup(), true, 7, 3
	g, err := app.New(opts, testScreens(), script)
	if err != nil {
		t.Fatal(err)
	}
	var s app.Scene
	l.Do(func() {
		if s, err = open(g.Context()); err == nil {
			g.Context().Push(s)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	l.Run(g)
	t.Cleanup(func() { l.Run(nil) })
	if !l.Until(60, func() bool { return g.Scene() == s }) {
		t.Fatalf("%T never opened", s)
	}
	return g, script, s
}

// TestTutorialThroughTheGameLoop plays the lesson through the real game
// loop with scripted pointer drags and taps held as a person holds them:
// a wrong track first (nothing happens), W4, W4 again, a tap on the full
// column, three more pushes at W4, then "Play a game".
func TestTutorialThroughTheGameLoop(t *testing.T) {
	l := looptest.Need(t)
	g, script, ts := tutorialGame(t, l)
	tb := ts.t
	ready := func() bool {
		return g.Scene() == app.Scene(ts) && tb.Ctl.HumanToMove() && !tb.Animating() && script.Len() == 0
	}
	drag := func(e logic.Entry) {
		t.Helper()
		if !l.Until(3000, ready) {
			t.Fatalf("step %d: never the player's turn (phase %s, status %q)", ts.Step(), tb.Ctl.Phase(), tb.Status())
		}
		l.Do(func() {
			from, to := tb.View.Geo.EntryPoint(e), tb.View.Geo.CellCenter(e.EntryCell())
			script.Drag(from.X, from.Y, to.X, to.Y, 8)
		})
		l.Until(60, func() bool { return script.Len() == 0 })
	}
	// A wrong track is refused by the lesson and changes nothing.
	drag(logic.NewEntry(logic.West, 2))
	l.Wait(2)
	l.Do(func() {
		if len(tb.Match().Moves) != 0 || ts.Step() != play.StepDrag {
			t.Errorf("W3 was played (%d moves, step %d)", len(tb.Match().Moves), ts.Step())
		}
		if tb.Status() != g.Context().T("tutorial.wrong") {
			t.Errorf("status %q after a wrong track", tb.Status())
		}
	})
	drag(play.LessonW4)
	if !l.Until(300, func() bool { return ts.Step() == play.StepPush }) {
		t.Fatalf("the drag at W4 did not move the lesson on (status %q)", tb.Status())
	}
	drag(play.LessonW4)
	if !l.Until(300, func() bool { return ts.Step() == play.StepFull }) {
		t.Fatalf("the push at W4 did not move the lesson on (status %q)", tb.Status())
	}
	// Step 3: a press on the full column's entry point, held like a
	// finger's tap, is refused.
	if !l.Until(3000, ready) {
		t.Fatal("never the player's turn at step 3")
	}
	n := 0
	l.Do(func() {
		n = len(tb.Match().Moves)
		p := tb.View.Geo.EntryPoint(play.LessonNg)
		script.Hold(p.X, p.Y, 8)
	})
	if !l.Until(60, func() bool { return ts.Step() == play.StepLine }) {
		t.Fatalf("the tap on Ng did not move the lesson on (status %q)", tb.Status())
	}
	for i := 0; i < 3; i++ {
		drag(play.LessonW4)
	}
	if !l.Until(3000, func() bool { return ts.Step() == play.StepDone }) {
		t.Fatalf("the lesson did not end: step %d, phase %s\n%s", ts.Step(), tb.Ctl.Phase(), tb.Match().Pos.Diagram())
	}
	l.Do(func() {
		if len(tb.Match().Moves) != n+5 || tb.Match().Pos.Result().Winner != logic.Orange {
			t.Errorf("moves %v, result %v", tb.Match().Moves, tb.Match().Pos.Result())
		}
		if g.Context().Setup.Seats[1].Player.Kind != play.DefaultSetup().Seats[1].Player.Kind {
			t.Error("the lesson changed the player's setup")
		}
	})
	// No result screen: the lesson's own end stays until a button.
	l.Wait(200)
	if _, ok := g.Scene().(*Tutorial); !ok {
		t.Fatalf("the lesson's end gave way to %T", g.Scene())
	}
	// Its ending lights the whole winning line, as a game's does (issue
	// 50: it lit one marble).
	l.Do(func() {
		f, k := tb.Ending(g.Context())
		if f.Line != 5 || f.Lit(k) != f.Line {
			t.Errorf("200 ticks after the lesson's win its ending lights %d of the line's %d marbles (%d ticks in)", f.Lit(k), f.Line, k)
		}
	})
	var play layout.Rect
	l.Do(func() {
		for _, b := range ts.Buttons() {
			if b.Act == actPlayGame {
				play = b.Rect()
			}
		}
		c := play.Center()
		script.Hold(c.X, c.Y, 6)
	})
	if !l.Until(60, func() bool { _, ok := g.Scene().(*Screen); return ok }) {
		t.Fatalf("Play a game at %v opened %T", play, g.Scene())
	}
}

// TestTutorialSkip: Skip, tapped as a finger taps, closes the lesson and
// shows what was under it.
func TestTutorialSkip(t *testing.T) {
	l := looptest.Need(t)
	g, script, ts := tutorialGame(t, l)
	l.Wait(3)
	l.Do(func() {
		b := ts.Buttons()[0]
		c := b.Rect().Center()
		script.Hold(c.X, c.Y, 7)
	})
	if !l.Until(60, func() bool { _, ok := g.Scene().(*blankScene); return ok }) {
		t.Fatalf("Skip opened %T", g.Scene())
	}
	if g.Depth() != 1 {
		t.Errorf("%d screens open after Skip, want the title alone", g.Depth())
	}
}

// TestLessonButtonsFingerSized: the lesson's Skip and its end buttons
// are at least 44 CSS pixels each way on phones, upright and on their
// side, and on a desktop, at every step (issue 26: Skip was 68×42 and
// the end buttons 131×40 on a phone).
func TestLessonButtonsFingerSized(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, sz := range [][3]float64{{1170, 2532, 3}, {2532, 1170, 3}, {640, 1136, 2}, {1280, 800, 1}, {640, 480, 1}} {
			c := looptest.NewContext(t, "en", sz[0], sz[1], sz[2])
			eachLessonStep(t, c, func(tu *Tutorial, st play.Step) {
				for _, b := range tu.Buttons() {
					if b.W < 44*sz[2]-0.5 || b.H < 44*sz[2]-0.5 {
						t.Errorf("%v step %d: %s is %.0f×%.0f CSS px", sz, st, b.Label, b.W/sz[2], b.H/sz[2])
					}
				}
			})
		}
	})
}

// eachLessonStep lays the lesson out in c at each of its steps and
// hands it to check.
func eachLessonStep(t *testing.T, c *app.Context, check func(tu *Tutorial, st play.Step)) {
	t.Helper()
	ts, err := NewTutorial(c)
	if err != nil {
		t.Fatal(err)
	}
	tu := ts.(*Tutorial)
	for st := play.StepDrag; st <= play.StepDone; st++ {
		tu.SetStep(st)
		tu.t.Relayout(c)
		tu.layout(c)
		check(tu, st)
	}
}
