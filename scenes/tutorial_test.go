package scenes

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render/layout"
)

// TestTutorialSteps: each step moves on when the player does what it
// teaches, and on nothing else.
func TestTutorialSteps(t *testing.T) {
	w3 := logic.NewEntry(logic.West, 2)
	e4 := logic.NewEntry(logic.East, 3)
	moved := func(e logic.Entry, pushed int) tutEvent { return tutEvent{kind: tutMoved, entry: e, pushed: pushed} }
	refused := func(e logic.Entry) tutEvent { return tutEvent{kind: tutRefused, entry: e} }
	over := tutEvent{kind: tutOver}
	cases := []struct {
		name string
		step tutStep
		ev   tutEvent
		want tutStep
	}{
		{"drag: W4 played", tutDrag, moved(tutW4, 0), tutPush},
		{"drag: another track", tutDrag, moved(w3, 0), tutDrag},
		{"drag: a refusal", tutDrag, refused(tutNg), tutDrag},
		{"push: W4 pushing a marble on", tutPush, moved(tutW4, 1), tutFull},
		{"push: W4 pushing nothing", tutPush, moved(tutW4, 0), tutPush},
		{"push: another track", tutPush, moved(e4, 1), tutPush},
		{"full: Ng refused (§2 full track)", tutFull, refused(tutNg), tutLine},
		{"full: Sg refused (§2 full track)", tutFull, refused(tutSg), tutLine},
		{"full: W4 tried", tutFull, refused(tutW4), tutFull},
		{"full: a move", tutFull, moved(tutW4, 1), tutFull},
		{"line: a push that wins nothing", tutLine, moved(tutW4, 3), tutLine},
		{"line: the game won (§4 five in a row)", tutLine, over, tutDone},
		{"line: a refusal", tutLine, refused(tutNg), tutLine},
		{"done stays done", tutDone, moved(tutW4, 4), tutDone},
	}
	for _, tc := range cases {
		if got := tc.step.next(tc.ev); got != tc.want {
			t.Errorf("%s: step %d goes to %d, want %d", tc.name, tc.step, got, tc.want)
		}
	}
}

// TestTutorialTurn: the player may insert only where the step teaches.
func TestTutorialTurn(t *testing.T) {
	p, err := logic.ParsePosition(tutStart)
	if err != nil {
		t.Fatal(err)
	}
	for s := tutDrag; s <= tutDone; s++ {
		turn := s.turn(&p)
		n := 0
		for e, ok := range turn.Legal {
			if ok {
				n++
				if logic.Entry(e) != tutW4 {
					t.Errorf("step %d allows %s", s, logic.Entry(e))
				}
			}
		}
		if want := map[bool]int{true: 1, false: 0}[s.allows(tutW4)]; n != want {
			t.Errorf("step %d allows %d entry points, want %d", s, n, want)
		}
		if !turn.Active {
			t.Errorf("step %d: the turn is inactive (a press would give no refusal)", s)
		}
	}
}

// TestTutorialScript plays the lesson on the engine alone: five pushes
// at W4 against the scripted answers win for orange (§4), every answer
// comes from the script, green never wins, and the g file stays full
// for step 3 (§2).
func TestTutorialScript(t *testing.T) {
	p, err := logic.ParsePosition(tutStart)
	if err != nil {
		t.Fatal(err)
	}
	step := tutDrag
	for k := 0; ; k++ {
		var tr logic.Trace
		mv, err := p.ParseMove("W4")
		if err != nil {
			t.Fatalf("move %d: %v\n%s", k, err, p.Diagram())
		}
		if err := p.Play(mv, &tr); err != nil {
			t.Fatal(err)
		}
		step = step.next(tutEvent{kind: tutMoved, entry: tutW4, pushed: len(tr.Slides()) - 1})
		if step == tutFull {
			if logic.TrackOf(tutNg).Mask()&^p.Occupied() != 0 {
				t.Fatalf("the g file is not full at step 3:\n%s", p.Diagram())
			}
			step = step.next(tutEvent{kind: tutRefused, entry: tutNg})
		}
		if p.Over() {
			step = step.next(tutEvent{kind: tutOver})
			break
		}
		ans := tutAnswer(&p, k)
		if ans == logic.NoMove {
			t.Fatalf("no scripted answer to move %d:\n%s", k, p.Diagram())
		}
		if err := p.Play(ans, &tr); err != nil {
			t.Fatal(err)
		}
		if p.Over() {
			t.Fatalf("the computer's answer %s ended the game:\n%s", ans, p.Diagram())
		}
		if k > 6 {
			t.Fatalf("no win after %d pushes:\n%s", k, p.Diagram())
		}
	}
	if r := p.Result(); r.State != logic.Won || r.Winner != logic.Orange {
		t.Errorf("result %v, want orange wins\n%s", r, p.Diagram())
	}
	if step != tutDone {
		t.Errorf("the lesson ended at step %d", step)
	}
}

// tutorialGame makes a game showing the tutorial, driven by a script,
// and with run set hands it to the loop until the test ends.
func tutorialGame(t *testing.T, l *loop, run bool) (*Game, *Script, *TutorialScene) {
	t.Helper()
	script := &Script{}
	g, err := NewGame(Options{Setup: DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3}, script)
	if err != nil {
		t.Fatal(err)
	}
	var ts *TutorialScene
	l.do(func() {
		ts, err = NewTutorialScene(g.ctx, nil)
		g.scene = ts
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	if run {
		l.run(g)
		t.Cleanup(func() { l.run(nil) })
	}
	return g, script, ts
}

// TestTutorialThroughTheGameLoop plays the lesson through the real game
// loop with scripted pointer drags and taps, as a player would: a wrong
// track first (nothing happens), W4, W4 again, a tap on the full column,
// three more pushes at W4, then "Play a game".
func TestTutorialThroughTheGameLoop(t *testing.T) {
	l := needLoop(t)
	g, script, ts := tutorialGame(t, l, true)
	gs := ts.g
	ready := func() bool {
		return g.Scene() == Scene(ts) && gs.ph == phPlay && !gs.m.ComputerToMove() && gs.input.turnFresh && script.Len() == 0
	}
	drag := func(e logic.Entry) {
		t.Helper()
		if !l.until(3000, ready) {
			t.Fatalf("step %d: never the player's turn (phase %s, status %q)", ts.step, gs.Phase(), gs.Status())
		}
		l.do(func() {
			from, to := gs.geo.EntryPoint(e), gs.geo.CellCenter(e.EntryCell())
			script.Drag(from.X, from.Y, to.X, to.Y, 8)
		})
		l.until(60, func() bool { return script.Len() == 0 })
	}
	// A wrong track is refused by the lesson and changes nothing.
	drag(logic.NewEntry(logic.West, 2))
	l.wait(2)
	l.do(func() {
		if len(gs.m.Moves) != 0 || ts.step != tutDrag {
			t.Errorf("W3 was played (%d moves, step %d)", len(gs.m.Moves), ts.step)
		}
		if gs.Status() != msg("tutorial.wrong") {
			t.Errorf("status %q after a wrong track", gs.Status())
		}
	})
	drag(tutW4)
	if !l.until(300, func() bool { return ts.step == tutPush }) {
		t.Fatalf("the drag at W4 did not move the lesson on (status %q)", gs.Status())
	}
	drag(tutW4)
	if !l.until(300, func() bool { return ts.step == tutFull }) {
		t.Fatalf("the push at W4 did not move the lesson on (status %q)", gs.Status())
	}
	// Step 3: a press on the full column's entry point is refused.
	if !l.until(3000, ready) {
		t.Fatal("never the player's turn at step 3")
	}
	n := 0
	l.do(func() { n = len(gs.m.Moves); p := gs.geo.EntryPoint(tutNg); script.Tap(p.X, p.Y) })
	if !l.until(60, func() bool { return ts.step == tutLine }) {
		t.Fatalf("the tap on Ng did not move the lesson on (status %q)", gs.Status())
	}
	for i := 0; i < 3; i++ {
		drag(tutW4)
	}
	if !l.until(3000, func() bool { return ts.step == tutDone }) {
		t.Fatalf("the lesson did not end: step %d, phase %s\n%s", ts.step, gs.Phase(), gs.m.Pos.Diagram())
	}
	l.do(func() {
		if len(gs.m.Moves) != n+5 || gs.m.Pos.Result().Winner != logic.Orange {
			t.Errorf("moves %v, result %v", gs.m.Moves, gs.m.Pos.Result())
		}
		if g.ctx.Setup.Seats[1].Computer != DefaultSetup().Seats[1].Computer {
			t.Error("the lesson changed the player's setup")
		}
	})
	// No result screen: the lesson's own end stays until a button.
	l.wait(200)
	if _, ok := g.Scene().(*TutorialScene); !ok {
		t.Fatalf("the lesson's end gave way to %T", g.Scene())
	}
	var play layout.Rect
	l.do(func() {
		for _, b := range ts.bs.list {
			if b.id == actTutPlay {
				play = layout.Rect{X: b.x, Y: b.y, W: b.w, H: b.h}
			}
		}
		c := play.Center()
		script.Tap(c.X, c.Y)
	})
	if !l.until(60, func() bool { _, ok := g.Scene().(*GameScene); return ok }) {
		t.Fatalf("Play a game at %v opened %T", play, g.Scene())
	}
}

// TestTutorialSkip: Skip leaves the lesson for the title screen.
func TestTutorialSkip(t *testing.T) {
	l := needLoop(t)
	g, script, ts := tutorialGame(t, l, true)
	l.wait(3)
	l.do(func() {
		b := ts.bs.list[0]
		script.Tap(b.x+b.w/2, b.y+b.h/2)
	})
	if !l.until(60, func() bool { _, ok := g.Scene().(*SetupScene); return ok }) {
		t.Fatalf("Skip opened %T", g.Scene())
	}
}

// checkTutorialFits, called by TestEveryTextFits for each language:
// at 640×480 (and a few other sizes) the panel stays on the screen, its
// text inside it, its buttons' labels in their buttons, at every step.
func checkTutorialFits(t *testing.T, c *Context, lg string) {
	for _, sz := range [][2]float64{{640, 480}, {480, 640}, {1280, 800}, {800, 1280}} {
		c := *c
		c.W, c.H = sz[0], sz[1]
		ts, err := NewTutorialScene(&c, nil)
		if err != nil {
			t.Fatal(err)
		}
		for s := tutDrag; s <= tutDone; s++ {
			ts.step = s
			ts.g.relayout(&c)
			ts.layout(&c)
			p := ts.panel
			if p.size < 10 || p.r.X < 0 || p.r.Y < 0 || p.r.X+p.r.W > c.W || p.r.Y+p.r.H > c.H {
				t.Errorf("%s %v step %d: panel %+v at %.1f px", lg, sz, s, p.r, p.size)
			}
			if bottom := p.ty + float64(len(p.lines)-1)*1.3*p.size + 0.65*p.size; bottom > p.r.Y+p.r.H+0.5 {
				t.Errorf("%s %v step %d: the text runs to %.0f, the panel ends at %.0f", lg, sz, s, bottom, p.r.Y+p.r.H)
			}
			for _, f := range ts.Labels() {
				if w := c.Text.Width(f.Text, f.Size, f.Bold); w > f.W+0.5 {
					t.Errorf("%s %v step %d: %q is %.0f px wide, its room %.0f", lg, sz, s, f.Text, w, f.W)
				}
			}
		}
	}
}

// TestTutorialScreenshots writes screenshots of the lesson to the folder
// named by SHIFTAGO_TUT_SHOTS (skipped without it): step 1 and step 3 at
// 1280×800 and 800×1280, and step 2 in German.
func TestTutorialScreenshots(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_TUT_SHOTS")
	if dir == "" {
		t.Skip("set SHIFTAGO_TUT_SHOTS to a folder to write the screenshots")
	}
	l := needLoop(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	g, _, ts := tutorialGame(t, l, false)
	shot := func(name string, w, h int, tick int) {
		t.Helper()
		l.do(func() {
			c := g.ctx
			c.W, c.H = float64(w), float64(h)
			c.In = Input{X: -100, Y: -100}
			g.scene.Update(c)
			ts.g.tick = tick
			img := ebiten.NewImage(w, h)
			defer img.Deallocate()
			g.Draw(img)
			rgba := image.NewRGBA(image.Rect(0, 0, w, h))
			img.ReadPixels(rgba.Pix)
			f, err := os.Create(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := png.Encode(f, rgba); err != nil {
				t.Fatal(err)
			}
			c.W, c.H = loopW, loopH
		})
	}
	play := func(moves ...string) {
		l.do(func() {
			gs := ts.g
			for _, s := range moves {
				mv, err := gs.m.Pos.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				if err := gs.m.Play(mv); err != nil {
					t.Fatal(err)
				}
			}
			gs.anim, gs.ph = nil, phPlay
			gs.input.reset()
			gs.announceTurn(g.ctx, &gs.m.Last)
		})
	}
	shot("step1-1280x800.png", 1280, 800, 50)
	shot("step1-800x1280.png", 800, 1280, 50)
	play("W4", "Nb")
	l.do(func() { ts.step = tutPush; SetLanguage("de"); ts.g.refresh(g.ctx) })
	shot("step2-de-1280x800.png", 1280, 800, 40)
	l.do(func() { SetLanguage("en"); ts.g.refresh(g.ctx) })
	play("W4", "Sd")
	l.do(func() { ts.step = tutFull })
	shot("step3-1280x800.png", 1280, 800, 50)
	shot("step3-800x1280.png", 800, 1280, 50)
	play("W4", "Nf", "W4", "Sb", "W4")
	l.do(func() { ts.step = tutDone; ts.g.gameOver(g.ctx) })
	shot("done-1280x800.png", 1280, 800, 20)
	shot("done-640x480.png", 640, 480, 20)
	// Where the lesson is found: the title screen and the rules.
	l.do(func() { g.scene = NewSetupScene(g.ctx) })
	shot("setup-1280x800.png", 1280, 800, 0)
	shot("setup-800x1280.png", 800, 1280, 0)
	l.do(func() { g.scene = NewRulesScene(g.ctx, logic.Express, nil) })
	shot("rules-800x1280.png", 800, 1280, 0)
}
