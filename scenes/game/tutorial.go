package game

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/lesson"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
	"shiftago/scenes/table"
)

// tutAct is a button of the lesson's panel.
type tutAct uint8

const (
	actSkip tutAct = iota
	actPlayGame
	actBack
)

func (a tutAct) String() string { return [...]string{"skip", "play", "back"}[a] }

// Tutorial is the guided first game: a table the lesson scripts (package
// play's FirstSteps), the lesson's hints over the board, and the panel
// that says what to do.
type Tutorial struct {
	t      *table.Table
	lesson *play.FirstSteps
	seen   int // the lesson's Changed when the hand last took up its turn

	bs         ui.Buttons[tutAct]
	panel      lesson.Panel
	laid       tutLaid // what the panel was laid out for
	panelPress bool    // the pointer went down on the panel

	hand  *ebiten.Image // the hint's hand, painted for marbles of radius handR (a render cache)
	handR float64
}

// tutLaid is what the panel's layout depends on.
type tutLaid struct {
	w, h float64
	step play.Step
	text string
}

// NewTutorial starts the guided first game. The player's setup is left
// as it was; Back and Skip close the lesson.
func NewTutorial(c *app.Context) (app.Scene, error) {
	s, _, _, err := play.NewSession(play.LessonSetup(c.Setup), play.LessonStart, nil, c.Opts.Seed, 0, c.Opts.Date)
	if err != nil {
		return nil, err
	}
	t := table.NewTable(c, s)
	lesson := &play.FirstSteps{}
	t.Ctl.Lesson = lesson
	return &Tutorial{t: t, lesson: lesson}, nil
}

// Step is the step the player is at.
func (tu *Tutorial) Step() play.Step { return tu.lesson.Step }

// Table is the table the lesson is played on (tests look at it).
func (tu *Tutorial) Table() *table.Table { return tu.t }

// Resume implements app.Resumer.
func (tu *Tutorial) Resume(c *app.Context) { tu.t.Refresh(c); tu.laid = tutLaid{} }

// PagePhase implements app.PageScene.
func (tu *Tutorial) PagePhase() string { return "tutorial" }

// PageStatus implements app.PageStatus: the step's instruction.
func (tu *Tutorial) PageStatus() string { return tu.laid.text }

// PageButtons implements app.PageButtons.
func (tu *Tutorial) PageButtons() []ui.Info { return tu.bs.Infos() }

// PageGeometry implements app.PageBoard.
func (tu *Tutorial) PageGeometry() *layout.Geometry { return tu.t.Geometry() }

// PageMatch implements app.PageBoard.
func (tu *Tutorial) PageMatch() *play.Match { return tu.t.Match() }

// Update runs one tick: the panel's buttons, then the table with the
// lesson, the press on the panel kept from the board.
func (tu *Tutorial) Update(c *app.Context) error {
	t := tu.t
	t.Relayout(c)
	t.Geometry().Menu = layout.Rect{} // no menu: Skip instead
	t.Geometry().Undo = layout.Rect{}
	tu.layout(c)
	in := c.In
	if in.Pressed {
		tu.panelPress = tu.panel.R.Contains(in.At())
	}
	if b, ok := tu.bs.Tapped(in.Pointer); ok {
		c.Sound.Play(sound.CueTap, 0, 0)
		tu.act(c, b.Act)
		return nil
	}
	if tu.lesson.Step == play.StepDone {
		// The winning line keeps glowing, and the ending's flourish goes
		// on: the controller's clock is the flourish's (stopped, it lit
		// one marble of the line where a game's win lights it whole:
		// issue 50).
		t.Wait()
		t.Ctl.Step()
		return nil
	}
	if tu.keys(c, &in) {
		return nil
	}
	if tu.panelPress { // a press on the panel is not for the board
		in.Pressed, in.Down, in.Released = false, false, false
		tu.panelPress = c.In.Down && !c.In.Released
	}
	t.Hand.Hint = logic.NumEntries
	if tu.hintShown() && tu.lesson.Step == play.StepPush {
		t.Hand.Hint = play.LessonW4
	}
	t.Update(c, &in)
	if tu.lesson.Changed != tu.seen {
		tu.seen = tu.lesson.Changed
		t.Hand.NewTurn() // the next turn gets the new step's entry points
	}
	return nil
}

// keys keeps the keys that would leave the lesson's script (undo, redo,
// the menu) from the table; Escape closes the lesson unless it drops a
// marble held or a selection. It reports whether the lesson was left.
func (tu *Tutorial) keys(c *app.Context, in *input.Input) bool { return table.ScriptKeys(c, in, tu.t) }

// act runs a button of the panel.
func (tu *Tutorial) act(c *app.Context, a tutAct) {
	switch a {
	case actSkip, actBack:
		tu.t.Ctl.Stop()
		c.Pop()
	case actPlayGame:
		c.Setup.Normalize(nil)
		c.SaveSetup()
		gs, err := New(c, "")
		if err != nil {
			c.Notify(err.Error())
			return
		}
		c.Reset(gs)
	}
}

// Draw draws the game, the step's hint over it, and the panel.
func (tu *Tutorial) Draw(screen *ebiten.Image, c *app.Context) {
	tu.t.Draw(screen, c)
	if tu.t.View.Geo.Cell <= 0 || tu.panel.Size == 0 {
		return
	}
	tu.drawHint(screen, c)
	tu.drawPanel(screen, c)
}

// hintShown reports whether the step's hint is drawn: while the player
// is to move and holds no marble.
func (tu *Tutorial) hintShown() bool {
	t := tu.t
	if tu.lesson.Step == play.StepDone || !t.Ctl.HumanToMove() {
		return false
	}
	return !t.Hand.Dragging()
}

// drawHint shows what to do: a ghost marble, and a fingertip on it,
// sliding along the track to teach, the push it will make, the full
// column glowing red, the line to make.
func (tu *Tutorial) drawHint(screen *ebiten.Image, c *app.Context) {
	if !tu.hintShown() {
		return
	}
	t := tu.t
	v := &t.View
	sp := c.Sprites
	switch tu.lesson.Step {
	case play.StepPush:
		t.Hand.DrawPreview(screen, c, t, play.LessonW4, 0.5+0.3*t.Pulse(60))
	case play.StepLine:
		for f := 0; f < 5; f++ {
			x, y := v.Cell(logic.Sq(f, 3))
			sp.Ring(screen, x, y, 1.08, render.Fade(render.Gold, 0.35+0.3*t.Pulse(60)))
		}
	case play.StepFull:
		for r := 0; r < logic.Size; r++ {
			x, y := v.Cell(logic.Sq(6, r))
			sp.Glow(screen, x, y, 0.7, render.Fade(render.Bad, 0.15+0.15*t.Pulse(50)))
			sp.Ring(screen, x, y, 1.05, render.Fade(render.Bad, 0.6+0.4*t.Pulse(50)))
		}
		tu.drawTry(screen, c, play.LessonNg)
		return
	}
	tu.drawSlide(screen, c, play.LessonW4)
}

// hintPeriod is the length in ticks of one showing of the hint.
const hintPeriod = 120

// drawSlide shows a marble dragged in at e, again and again: an arrow
// along the track and a hand dragging a ghost marble onto the board.
func (tu *Tutorial) drawSlide(screen *ebiten.Image, c *app.Context, e logic.Entry) {
	t := tu.t
	from, to := -layout.EntryOffset, 0.0
	t.View.Arrow(screen, e, from+0.2, 0.3, render.Fade(render.Accent, 0.5+0.3*t.Pulse(60)))
	f := float64(t.Ticks()%hintPeriod) / hintPeriod
	var a, alpha float64
	switch {
	case f < 0.15: // the hand comes down on the marble
		a, alpha = from, f/0.15
	case f < 0.6: // and drags it in
		k := (f - 0.15) / 0.45
		a, alpha = from+(to-from)*k*k*(3-2*k), 1
	case f < 0.8:
		a, alpha = to, 1
	default: // and lets go
		a, alpha = to, (1-f)/0.2
	}
	x, y := t.View.Px(layout.TrackPoint(e, a))
	c.Sprites.Marble(screen, logic.Orange, x, y, 0, 0.2, 0.6*alpha)
	tu.drawHand(screen, x, y, alpha)
}

// drawTry shows a marble pushed at the full track e and refused, again
// and again, with the board view's one refusal (no arrow: outside the
// frame there is no room for one).
func (tu *Tutorial) drawTry(screen *ebiten.Image, c *app.Context, e logic.Entry) {
	t := tu.t
	t.View.Refusal(screen, c.Sprites, e, logic.Orange, t.Ticks()%hintPeriod-hintPeriod*3/10)
	x, y := t.View.Px(layout.EntryPos(e))
	tu.drawHand(screen, x, y, 1)
}

// drawHand draws a pointing hand with its fingertip at (x, y), painted
// once per size into an image (a render cache) so that it fades as one
// piece.
func (tu *Tutorial) drawHand(screen *ebiten.Image, x, y, alpha float64) {
	r := math.Round(tu.t.View.Geo.MarbleRadius)
	if tu.hand == nil || tu.handR != r {
		if tu.hand != nil {
			tu.hand.Deallocate()
		}
		tu.hand, tu.handR = lesson.PaintHand(r), r
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x-lesson.HandTipX*r, y-lesson.HandTipY*r+0.15*r)
	op.ColorScale.ScaleAlpha(float32(alpha))
	screen.DrawImage(tu.hand, op)
}

// layout places the panel where the game leaves room for it, with the
// biggest text that fits; if nowhere, the seat cards make room.
func (tu *Tutorial) layout(c *app.Context) {
	step := tu.lesson.Step
	text := c.T(step.Text())
	now := tutLaid{w: c.W, h: c.H, step: step, text: text}
	if now == tu.laid && tu.panel.Size > 0 {
		return
	}
	tu.laid = now
	t := tu.t
	acts := []tutAct{actSkip}
	labels := []string{c.T("tutorial.skip")}
	if step == play.StepDone {
		acts, labels = []tutAct{actPlayGame, actBack}, []string{c.T("tutorial.play"), c.T("tutorial.back")}
	}
	dots := 0 // the progress dots, one a step, until the end
	if step < play.StepDone {
		dots = play.Steps
	}
	p, btns := table.PlacePanel(c, t, text, labels, dots)
	tu.panel = p
	tu.bs.Reset()
	tu.bs.TextH = 1.9 * p.Size // the labels as for the text's size, in finger-sized buttons
	for i, r := range btns {
		first := step == play.StepDone && i == 0
		tu.bs.Add(ui.Button[tutAct]{X: r.X, Y: r.Y, W: r.W, H: r.H, Act: acts[i], Label: labels[i], On: first, Bold: first})
	}
}

// drawPanel draws the panel: its box, the instruction, the progress
// dots and the buttons.
func (tu *Tutorial) drawPanel(screen *ebiten.Image, c *app.Context) {
	p := &tu.panel
	sp := c.Sprites
	table.DrawPanelBox(screen, c, p, render.Accent)
	if step := tu.lesson.Step; step < play.StepDone {
		d := float64(max(1, sp.Diameter()))
		for i := 0; i < play.Steps; i++ {
			col := render.Fade(render.Dim, 0.5)
			if i <= int(step) {
				col = render.Accent
			}
			sp.Dot(screen, p.Dots.X+float64(i)*3.5*p.DotR, p.Dots.Y, 2*p.DotR/d, col)
		}
	}
	tu.bs.Draw(screen, c.Kit())
}

// Fits lists the panel's texts with their room, for the fit test: the
// buttons, and the instruction's lines in the panel's width.
func (tu *Tutorial) Fits() []ui.Fit {
	out := tu.bs.Fits()
	for _, l := range tu.panel.Lines {
		out = append(out, ui.Fit{Text: l, Size: tu.panel.Size, W: tu.panel.R.X + tu.panel.R.W - tu.panel.TX})
	}
	return out
}

// Panel is the panel's box and text size (for tests).
func (tu *Tutorial) Panel() (layout.Rect, float64, float64, int) {
	return tu.panel.R, tu.panel.Size, tu.panel.TY, len(tu.panel.Lines)
}

// SetStep puts the lesson at step s (for screenshots and tests).
func (tu *Tutorial) SetStep(s play.Step) { tu.lesson.Step = s; tu.laid = tutLaid{} }

// Buttons lists the panel's buttons (for tests).
func (tu *Tutorial) Buttons() []ui.Button[tutAct] { return tu.bs.List }

// KeepsClearOfInsets implements app.InsetAware: the lesson's table keeps
// clear of a notch and a home bar itself.
func (t *Tutorial) KeepsClearOfInsets() {}
