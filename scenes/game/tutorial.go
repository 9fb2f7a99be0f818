package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
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
	t      *Table
	lesson *play.FirstSteps
	seen   int // the lesson's Changed when the hand last took up its turn

	bs         ui.Buttons[tutAct]
	panel      tutPanel
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
	t := NewTable(c, s)
	lesson := &play.FirstSteps{}
	t.Ctl.Lesson = lesson
	return &Tutorial{t: t, lesson: lesson}, nil
}

// Step is the step the player is at.
func (tu *Tutorial) Step() play.Step { return tu.lesson.Step }

// Table is the table the lesson is played on (tests look at it).
func (tu *Tutorial) Table() *Table { return tu.t }

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
		tu.panelPress = tu.panel.r.Contains(in.At())
	}
	if b, ok := tu.bs.Tapped(in.Pointer); ok {
		c.Sound.Play(sound.CueTap, 0, 0)
		tu.act(c, b.Act)
		return nil
	}
	if tu.lesson.Step == play.StepDone {
		t.tick++ // the winning line keeps glowing
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
func (tu *Tutorial) keys(c *app.Context, in *input.Input) bool {
	keys := in.Keys()
	kept := *in
	kept.ClearKeys()
	for _, k := range keys {
		switch k {
		case ebiten.KeyU, ebiten.KeyR, ebiten.KeyZ, ebiten.KeyY:
			continue
		case ebiten.KeyEscape:
			if tu.t.Hand.Holding() {
				break
			}
			tu.t.Ctl.Stop()
			c.Pop()
			return true
		}
		kept.AddKey(k)
	}
	*in = kept
	return false
}

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
	if tu.t.View.Geo.Cell <= 0 || tu.panel.size == 0 {
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
	f := float64(t.tick%hintPeriod) / hintPeriod
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
	t.View.Refusal(screen, c.Sprites, e, logic.Orange, t.tick%hintPeriod-hintPeriod*3/10)
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
		tu.hand, tu.handR = paintHand(r), r
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x-handTipX*r, y-handTipY*r+0.15*r)
	op.ColorScale.ScaleAlpha(float32(alpha))
	screen.DrawImage(tu.hand, op)
}

// The hand's fingertip in its image, in marble radii.
const handTipX, handTipY = 0.7, 0.3

// paintHand paints a hand pointing up, a marble radius r tall for its
// finger: a light glove with a dark outline.
func paintHand(r float64) *ebiten.Image {
	img := ebiten.NewImage(int(2*r)+2, int(2.3*r)+2)
	ox, oy := handTipX*r, handTipY*r
	shapes := func(grow float64, col color.RGBA) {
		circle := func(x, y, rad float64) {
			vector.FillCircle(img, float32(ox+x*r), float32(oy+y*r), float32(rad*r+grow), col, true)
		}
		rect := func(x0, y0, x1, y1 float64) {
			vector.FillRect(img, float32(ox+x0*r-grow), float32(oy+y0*r-grow), float32((x1-x0)*r+2*grow), float32((y1-y0)*r+2*grow), col, true)
		}
		circle(0, 0, 0.2) // the finger
		rect(-0.2, 0, 0.2, 1.0)
		rect(-0.3, 0.95, 1.0, 1.72) // the palm
		circle(-0.1, 1.65, 0.2)
		circle(0.8, 1.65, 0.2)
		rect(-0.1, 1.6, 0.8, 1.85)
		circle(0.34, 0.86, 0.17) // the folded fingers
		circle(0.62, 0.9, 0.17)
		circle(0.86, 0.98, 0.15)
		rect(0.17, 0.86, 1.0, 1.1)
		circle(-0.42, 1.05, 0.16) // the thumb
	}
	shapes(math.Max(1.5, 0.08*r), render.Dark)
	shapes(0, render.Ink)
	return img
}

// tutPanel is the laid-out panel: its box, the text, the buttons (in
// tu.bs) and the progress dots.
type tutPanel struct {
	r     layout.Rect
	size  float64
	lines []string
	tx    float64 // the text's left
	ty    float64 // the middle of its first line
	dots  layout.Point
	dotR  float64
}

// layout places the panel where the game leaves room for it, with the
// biggest text that fits; if nowhere, the seat cards make room.
func (tu *Tutorial) layout(c *app.Context) {
	step := tu.lesson.Step
	text := c.T(step.Text())
	now := tutLaid{w: c.W, h: c.H, step: step, text: text}
	if now == tu.laid && tu.panel.size > 0 {
		return
	}
	tu.laid = now
	t := tu.t
	geo := t.Geometry()
	acts := []tutAct{actSkip}
	labels := []string{c.T("tutorial.skip")}
	if step == play.StepDone {
		acts, labels = []tutAct{actPlayGame, actBack}, []string{c.T("tutorial.play"), c.T("tutorial.back")}
	}
	dots := step < play.StepDone
	sMax := math.Max(0.46*geo.Status.H, 12*c.Scale)
	sMin := math.Max(0.6*sMax, 11*c.Scale)
	t.HideCards = false
	p, btns, ok := bestPanel(c, tutRegions(geo, true), text, labels, sMax, sMin, dots)
	if !ok {
		t.HideCards = true
		p, btns, ok = bestPanel(c, tutRegions(geo, false), text, labels, sMax, sMin, dots)
	}
	if !ok { // a tiny screen: the text shrinks further, over the board's foot
		f := geo.Frame
		p, btns, _ = bestPanel(c, []layout.Rect{{X: f.X, Y: f.Y + f.H*0.6, W: f.W, H: f.H * 0.4}}, text, labels, sMin, 6*c.Scale, dots)
	}
	tu.panel = p
	tu.bs.Reset()
	tu.bs.TextH = 1.9 * p.size // the labels as for the text's size, in finger-sized buttons
	for i, r := range btns {
		first := step == play.StepDone && i == 0
		tu.bs.Add(ui.Button[tutAct]{X: r.X, Y: r.Y, W: r.W, H: r.H, Act: acts[i], Label: labels[i], On: first, Bold: first})
	}
}

// tutRegions are the screen's free stretches round the board: bands
// across the screen above and below the board and cards, and columns
// beside the board, above and below the cards in them (or whole, with
// cards false: the cards are hidden), all in the screen's safe area.
func tutRegions(geo *layout.Geometry, cards bool) []layout.Rect {
	m := geo.Margin()
	safe := geo.Safe()
	left, right, bottom := safe.X, safe.X+safe.W, safe.Y+safe.H
	top := geo.Status.Y + geo.Status.H + m
	occ := []layout.Rect{geo.Frame}
	if cards {
		for i := 0; i < geo.Players; i++ {
			occ = append(occ, geo.Seats[i].Card)
		}
	}
	lo, hi := bottom, 0.0
	for _, o := range occ {
		lo, hi = math.Min(lo, o.Y), math.Max(hi, o.Y+o.H)
	}
	out := []layout.Rect{{X: left + m, Y: top, W: right - left - 2*m, H: lo - m - top}, {X: left + m, Y: hi + m, W: right - left - 2*m, H: bottom - m - hi - m}}
	f := geo.Frame
	for _, col := range [2]layout.Rect{
		{X: f.X + f.W + m, Y: top, W: right - m - (f.X + f.W + m), H: bottom - m - top},
		{X: left + m, Y: top, W: f.X - left - 2*m, H: bottom - m - top},
	} {
		if col.Empty() {
			continue
		}
		lo, hi, any := bottom, 0.0, false
		for _, o := range occ[1:] {
			if o.X < col.X+col.W && o.X+o.W > col.X {
				lo, hi, any = math.Min(lo, o.Y), math.Max(hi, o.Y+o.H), true
			}
		}
		if !any {
			out = append(out, col)
			continue
		}
		out = append(out, layout.Rect{X: col.X, Y: col.Y, W: col.W, H: lo - m - col.Y}, layout.Rect{X: col.X, Y: hi + m, W: col.W, H: col.Y + col.H - hi - m})
	}
	return out
}

// bestPanel lays the panel out in the region that takes the biggest
// text, from sMax down to sMin.
func bestPanel(c *app.Context, regions []layout.Rect, text string, labels []string, sMax, sMin float64, dots bool) (tutPanel, []layout.Rect, bool) {
	for s := sMax; s >= sMin-0.01; s *= 0.94 {
		for _, r := range regions {
			if r.W < 4*s || r.H < 3*s {
				continue
			}
			if p, btns, ok := fitPanel(c, r, text, labels, s, dots); ok {
				return p, btns, true
			}
		}
	}
	return tutPanel{}, nil, false
}

// fitPanel lays the panel out in r with text size s: the buttons beside
// the text, or under it in a row, or under it stacked; with dots, the
// progress dots go with the buttons.
func fitPanel(c *app.Context, r layout.Rect, text string, labels []string, s float64, dots bool) (tutPanel, []layout.Rect, bool) {
	// Buttons a finger's size at least, whatever the text's (Skip was
	// 68×42 CSS px on a phone).
	tgt := ui.Target(c.Scale)
	pad, bh, gap := 0.6*s, math.Max(1.9*s, tgt), 0.35*s
	dotR := 0.2 * s
	colW, rowW := 0.0, -gap
	bws := make([]float64, len(labels))
	for i, l := range labels {
		bws[i] = math.Max(c.Text.Width(l, 0.46*1.9*s, true)+1.2*s, 1.6*tgt)
		colW = math.Max(colW, bws[i])
		rowW += bws[i] + gap
	}
	dotsW, dotsH := 0.0, 0.0
	if dots {
		dotsW, dotsH = float64(play.Steps)*3.5*dotR, 3*dotR
	}
	n := float64(len(labels))
	var btns []layout.Rect
	// Beside: the buttons stacked at the right, the dots under them.
	if tw := r.W - 2*pad - colW - pad; tw >= 10*s && colW >= dotsW {
		lines := ui.Wrap(c.Text, text, s, tw, false)
		th := float64(len(lines)) * 1.3 * s
		bhAll := n*(bh+gap) - gap + dotsH
		hh := math.Max(th, bhAll) + 2*pad
		if hh <= r.H {
			box := layout.Rect{X: r.X, Y: r.Y + math.Round((r.H-hh)/2), W: r.W, H: hh}
			p := tutPanel{r: box, size: s, lines: lines, tx: box.X + pad, ty: box.Y + pad + (hh-2*pad-th)/2 + 0.65*s, dotR: dotR}
			y := box.Y + (hh-bhAll)/2
			x := box.X + box.W - pad - colW
			for range labels {
				btns = append(btns, layout.Rect{X: x, Y: y, W: colW, H: bh})
				y += bh + gap
			}
			p.dots = layout.Point{X: x + (colW-dotsW)/2 + 1.75*dotR, Y: y - gap + 2.5*dotR}
			return p, btns, true
		}
	}
	// Under: the text across, then the dots and the buttons in a row, or
	// the buttons stacked and the dots under them.
	tw := r.W - 2*pad
	lines := ui.Wrap(c.Text, text, s, tw, false)
	th := float64(len(lines)) * 1.3 * s
	row := rowW+dotsW+gap <= tw
	hh := th + gap + bh + 2*pad
	if !row {
		hh = th + n*(bh+gap) + dotsH + 2*pad
	}
	if hh > r.H || colW > tw {
		return tutPanel{}, nil, false
	}
	box := layout.Rect{X: r.X, Y: r.Y + math.Round((r.H-hh)/2), W: r.W, H: hh}
	p := tutPanel{r: box, size: s, lines: lines, tx: box.X + pad, ty: box.Y + pad + 0.65*s, dotR: dotR}
	y := box.Y + pad + th + gap
	if row {
		p.dots = layout.Point{X: box.X + pad + 1.75*dotR, Y: y + bh/2}
		x := box.X + box.W - pad - rowW
		for _, w := range bws {
			btns = append(btns, layout.Rect{X: x, Y: y, W: w, H: bh})
			x += w + gap
		}
		return p, btns, true
	}
	for range labels {
		btns = append(btns, layout.Rect{X: box.X + pad, Y: y, W: tw, H: bh})
		y += bh + gap
	}
	p.dots = layout.Point{X: box.X + (box.W-dotsW)/2 + 1.75*dotR, Y: y - gap + 2.5*dotR}
	return p, btns, true
}

// drawPanel draws the panel: its box, the instruction, the progress
// dots and the buttons.
func (tu *Tutorial) drawPanel(screen *ebiten.Image, c *app.Context) {
	p := &tu.panel
	sp := c.Sprites
	b := math.Max(2, 0.12*p.size)
	rad := 0.5 * p.size
	sp.Panel(screen, p.r.X-b, p.r.Y-b, p.r.W+2*b, p.r.H+2*b, rad+b, render.Fade(render.Accent, 0.55))
	sp.Panel(screen, p.r.X, p.r.Y, p.r.W, p.r.H, rad, render.Overlay)
	for i, l := range p.lines {
		c.Text.Draw(screen, l, p.tx, p.ty+float64(i)*1.3*p.size, p.size, render.Ink, render.AlignLeft, false)
	}
	if step := tu.lesson.Step; step < play.StepDone {
		d := float64(max(1, sp.Diameter()))
		for i := 0; i < play.Steps; i++ {
			col := render.Fade(render.Dim, 0.5)
			if i <= int(step) {
				col = render.Accent
			}
			sp.Dot(screen, p.dots.X+float64(i)*3.5*p.dotR, p.dots.Y, 2*p.dotR/d, col)
		}
	}
	tu.bs.Draw(screen, c.Kit())
}

// Fits lists the panel's texts with their room, for the fit test: the
// buttons, and the instruction's lines in the panel's width.
func (tu *Tutorial) Fits() []ui.Fit {
	out := tu.bs.Fits()
	for _, l := range tu.panel.lines {
		out = append(out, ui.Fit{Text: l, Size: tu.panel.size, W: tu.panel.r.X + tu.panel.r.W - tu.panel.tx})
	}
	return out
}

// Panel is the panel's box and text size (for tests).
func (tu *Tutorial) Panel() (layout.Rect, float64, float64, int) {
	return tu.panel.r, tu.panel.size, tu.panel.ty, len(tu.panel.lines)
}

// SetStep puts the lesson at step s (for screenshots and tests).
func (tu *Tutorial) SetStep(s play.Step) { tu.lesson.Step = s; tu.laid = tutLaid{} }

// Buttons lists the panel's buttons (for tests).
func (tu *Tutorial) Buttons() []ui.Button[tutAct] { return tu.bs.List }

// KeepsClearOfInsets implements app.InsetAware: the lesson's table keeps
// clear of a notch and a home bar itself.
func (t *Tutorial) KeepsClearOfInsets() {}
