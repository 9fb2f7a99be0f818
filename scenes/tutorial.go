package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/scenes/gesture"
)

// The guided first game ("First steps") is a short scripted Express game
// on the real board, played through the game scene itself: the same drag,
// tap and keys, the same animation, the same computer seat (level 1). The
// tutorial only narrows the entry points the player may use to the one
// it teaches, answers for the computer from a script that keeps out of
// the way, and draws its hints and its panel over the game.

// tutStep is where the guided first game is.
type tutStep uint8

const (
	tutDrag tutStep = iota // drag a marble in at W4
	tutPush                // W4 again: the marble there is pushed on
	tutFull                // try the full column: refused
	tutLine                // push in at W4 until five in a row win
	tutDone                // well done: play a real game or go back
)

// tutSteps is the number of steps the player works through.
const tutSteps = int(tutDone)

// tutKind says what a tutEvent is.
type tutKind uint8

const (
	tutMoved   tutKind = iota // the player inserted a marble
	tutRefused                // the player tried an entry point that is refused
	tutOver                   // the game ended
)

// tutEvent is something the player did, as the tutorial sees it.
type tutEvent struct {
	kind   tutKind
	entry  logic.Entry
	pushed int // tutMoved: marbles pushed on by the insertion
}

var (
	tutW4 = logic.NewEntry(logic.West, 3)
	tutNg = logic.NewEntry(logic.North, 6)
	tutSg = logic.NewEntry(logic.South, 6)
)

// tutStart is the tutorial's position: orange (the player) to move, the
// g file already full so that step 3 has a full track to point at.
const tutStart = "6o/6g/6o/6g/6o/6g/6o express og o 18,19 0,0 0,0"

// tutAnswers are the computer's scripted answers, on the edges far from
// rank 4 and never five in a row.
var tutAnswers = [...]string{"Nb", "Sd", "Nf", "Sb", "Nd", "Sf"}

// next is the step that follows s once the player did ev: each step
// waits for what it teaches and for nothing else.
func (s tutStep) next(ev tutEvent) tutStep {
	switch {
	case s == tutDrag && ev.kind == tutMoved && ev.entry == tutW4:
		return tutPush
	case s == tutPush && ev.kind == tutMoved && ev.entry == tutW4 && ev.pushed > 0:
		return tutFull
	case s == tutFull && ev.kind == tutRefused && (ev.entry == tutNg || ev.entry == tutSg):
		return tutLine
	case s < tutDone && ev.kind == tutOver:
		return tutDone
	}
	return s
}

// allows reports whether the player may insert at e during step s.
func (s tutStep) allows(e logic.Entry) bool {
	switch s {
	case tutDrag, tutPush, tutLine:
		return e == tutW4
	}
	return false
}

// text is the catalogue key of the step's instruction.
func (s tutStep) text() string {
	return [...]string{"tutorial.drag", "tutorial.push", "tutorial.full", "tutorial.line", "tutorial.done"}[s]
}

// turn is the turn the gesture machine gets: the position's, narrowed
// to what the step allows.
func (s tutStep) turn(p *logic.Position) gesture.Turn {
	t := gesture.TurnOf(p)
	for e := range t.Legal {
		t.Legal[e] = t.Legal[e] && s.allows(logic.Entry(e))
	}
	return t
}

// tutAnswer is the computer's scripted answer to its k-th turn: the
// first of the script from k on that is legal and does not end the game;
// NoMove if none is (the level-1 computer then thinks for itself).
func tutAnswer(p *logic.Position, k int) logic.Move {
	for _, s := range tutAnswers[min(k, len(tutAnswers)):] {
		mv, err := p.ParseMove(s)
		if err != nil {
			continue
		}
		q := *p
		var tr logic.Trace
		if q.Play(mv, &tr) == nil && !q.Over() {
			return mv
		}
	}
	return logic.NoMove
}

// Actions of the tutorial's buttons.
const (
	actTutSkip = 700
	actTutPlay = 701
	actTutBack = 702
)

// TutorialScene is the guided first game: a game scene it drives, the
// step the player is at, and the panel that says what to do.
type TutorialScene struct {
	g    *GameScene
	prev Scene
	step tutStep

	bs         buttons
	panel      tutPanel
	laid       tutLaid // what the panel was laid out for
	panelPress bool    // the pointer went down on the panel

	hand  *ebiten.Image // the hint's hand, painted for marbles of radius handR
	handR float64
}

// tutLaid is what the panel's layout depends on.
type tutLaid struct {
	w, h float64
	step tutStep
	text string
}

// NewTutorialScene starts the guided first game; Back and Skip return to
// prev (the title screen if nil). The player's setup is left as it was.
func NewTutorialScene(c *Context, prev Scene) (*TutorialScene, error) {
	saved := c.Setup
	c.Setup.Seats[0] = SeatSetup{Color: "o"}
	c.Setup.Seats[1] = SeatSetup{Color: "g", Computer: true, Level: 1}
	g, err := NewGameScene(c, tutStart)
	c.Setup = saved
	if err != nil {
		return nil, err
	}
	g.tourney = nil // never booked in a tournament
	return &TutorialScene{g: g, prev: prev, bs: buttons{pressed: -1, hover: -1}}, nil
}

// Step is the step the player is at (0 to 3, then 4 when done).
func (t *TutorialScene) Step() int { return int(t.step) }

// Scene is the game scene the tutorial drives (tests look at it).
func (t *TutorialScene) Scene() *GameScene { return t.g }

// Update runs one tick: the panel's buttons, then the game with the
// step's narrowed turn and the computer's scripted answer, then what the
// player did.
func (t *TutorialScene) Update(c *Context) error {
	g := t.g
	g.relayout(c)
	g.geo.Buttons[layout.ButtonMenu] = layout.Rect{} // no menu: Skip instead
	t.layout(c)
	in := &c.In
	if in.Pressed {
		t.panelPress = t.panel.r.Contains(layout.Point{X: in.X, Y: in.Y})
	}
	if id := t.bs.tapped(in); id >= 0 {
		c.Sound.Play(CueTap, 0, 0)
		t.act(c, id)
		return nil
	}
	if t.step == tutDone {
		g.tick++ // the winning line keeps glowing
		return nil
	}
	saved := *in
	defer func() { c.In = saved }()
	if t.filterKeys(c) {
		return nil
	}
	if t.panelPress { // a press on the panel is not for the board
		in.Pressed, in.Down, in.Released = false, false, false
		t.panelPress = saved.Down && !saved.Released
	}

	before := len(g.m.Moves)
	human := g.ph == phPlay && !g.m.ComputerToMove()
	if human && !g.input.turnFresh {
		g.ensureMachine()
		g.beginTurn(t.step.turn(&g.m.Pos))
	}
	if g.ph == phPlay && g.m.ComputerToMove() && g.pendingAI == logic.NoMove && !g.m.Thinking() {
		if mv := tutAnswer(&g.m.Pos, len(g.m.Moves)/2); mv != logic.NoMove {
			g.pendingAI, g.thinkStart = mv, g.tick
		}
	}
	if err := g.Update(c); err != nil {
		return err
	}
	if human && len(g.m.Moves) > before {
		t.see(tutEvent{kind: tutMoved, entry: g.m.Moves[before].Entry(), pushed: len(g.m.Last.Slides()) - 1})
	}
	if p := &g.input; p.refusedTick == g.tick {
		next := t.step.next(tutEvent{kind: tutRefused, entry: p.refused})
		if ok, _ := g.m.Legal(p.refused); next == t.step && ok {
			g.status = msg("tutorial.wrong") // legal in the game, not in this lesson
		}
		t.see(tutEvent{kind: tutRefused, entry: p.refused})
	}
	if g.ph == phOver {
		t.see(tutEvent{kind: tutOver})
	}
	return nil
}

// see moves the tutorial on if ev is what the step waits for.
func (t *TutorialScene) see(ev tutEvent) {
	if n := t.step.next(ev); n != t.step {
		t.step = n
		t.g.input.turnFresh = false // the next turn gets the new step's entry points
	}
}

// filterKeys keeps the keys that would leave the lesson's script (undo,
// redo, the menu) from the game; Escape skips the tutorial unless it
// drops a drag or a selection. It reports whether the scene was left.
func (t *TutorialScene) filterKeys(c *Context) bool {
	in := &c.In
	keys := append([]ebiten.Key(nil), in.Keys()...)
	in.nKeys = 0
	for _, k := range keys {
		switch k {
		case ebiten.KeyU, ebiten.KeyR, ebiten.KeyZ, ebiten.KeyY:
			continue
		case ebiten.KeyEscape:
			d := t.g.input.gm
			if d != nil && d.Drag().Active {
				break
			}
			if d != nil {
				if _, ok := d.Selected(); ok {
					break
				}
			}
			leave(c, t.prev)
			return true
		}
		in.AddKey(k)
	}
	return false
}

// act runs a button of the panel.
func (t *TutorialScene) act(c *Context, id int) {
	switch id {
	case actTutSkip, actTutBack:
		t.g.m.StopThinking()
		leave(c, t.prev)
	case actTutPlay:
		startGame(c)
	}
}

// Draw draws the game, the step's hint over it, and the panel.
func (t *TutorialScene) Draw(screen *ebiten.Image, c *Context) {
	t.g.draw(screen, c)
	if t.g.geo.Cell <= 0 || t.panel.size == 0 {
		return
	}
	t.drawHint(screen, c)
	t.drawPanel(screen, c)
}

// hintShown reports whether the step's hint is drawn: while the player
// is to move and holds no marble.
func (t *TutorialScene) hintShown() bool {
	g := t.g
	if t.step == tutDone || g.ph != phPlay || g.m.ComputerToMove() || g.input.gm == nil {
		return false
	}
	return !g.input.gm.Drag().Active
}

// drawHint shows what to do: a ghost marble, and a fingertip on it,
// sliding along the track to teach, the push it will make, the full
// column glowing red, the line to make.
func (t *TutorialScene) drawHint(screen *ebiten.Image, c *Context) {
	if !t.hintShown() {
		return
	}
	g := t.g
	sp := c.Sprites
	switch t.step {
	case tutPush:
		g.drawPreview(screen, c, tutW4, 0.5+0.3*g.pulse(60))
	case tutLine:
		for f := 0; f < 5; f++ {
			x, y := g.px(layout.CellPos(logic.Sq(f, 3)))
			sp.Ring(screen, x, y, 1.08, scaleRGBA(colGold, 0.35+0.3*g.pulse(60)))
		}
	case tutFull:
		for r := 0; r < logic.Size; r++ {
			x, y := g.px(layout.CellPos(logic.Sq(6, r)))
			sp.Glow(screen, x, y, 0.7, scaleRGBA(colBad, 0.15+0.15*g.pulse(50)))
			sp.Ring(screen, x, y, 1.05, scaleRGBA(colBad, 0.6+0.4*g.pulse(50)))
		}
		t.drawTry(screen, c, tutNg)
		return
	}
	t.drawSlide(screen, c, tutW4)
}

// hintPeriod is the length in ticks of one showing of the hint.
const hintPeriod = 120

// drawSlide shows a marble dragged in at e, again and again: an arrow
// along the track and a hand dragging a ghost marble onto the board.
func (t *TutorialScene) drawSlide(screen *ebiten.Image, c *Context, e logic.Entry) {
	g := t.g
	from, to := -layout.EntryOffset, 0.0
	t.drawArrow(screen, e, from+0.2, 0.3)
	f := float64(g.tick%hintPeriod) / hintPeriod
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
	x, y := g.px(layout.TrackPoint(e, a))
	c.Sprites.Marble(screen, logic.Orange, x, y, 0, 0.2, 0.6*alpha)
	t.drawHand(screen, x, y, alpha)
}

// drawTry shows a marble pushed at the full track e and refused: it
// shakes at the entry point under a red glow. (No arrow: outside the
// frame there is no room for one.)
func (t *TutorialScene) drawTry(screen *ebiten.Image, c *Context, e logic.Entry) {
	g := t.g
	f := float64(g.tick%hintPeriod) / hintPeriod
	x, y := g.px(layout.EntryPos(e))
	if f > 0.3 && f < 0.6 {
		x += 0.08 * g.geo.Cell * math.Sin(float64(g.tick)*1.3)
		c.Sprites.Glow(screen, x, y, 0.7, scaleRGBA(colBad, 0.8))
	}
	c.Sprites.Marble(screen, logic.Orange, x, y, 0, 0.2, 0.6)
	t.drawHand(screen, x, y, 1)
}

// drawArrow draws an arrow along e's track from axial a0 to a1.
func (t *TutorialScene) drawArrow(screen *ebiten.Image, e logic.Entry, a0, a1 float64) {
	g := t.g
	w := float32(math.Max(2, 0.09*g.geo.Cell))
	col := scaleRGBA(colAccent, 0.5+0.3*g.pulse(60))
	x0, y0 := g.px(layout.TrackPoint(e, a0))
	x1, y1 := g.px(layout.TrackPoint(e, a1))
	vector.StrokeLine(screen, float32(x0), float32(y0), float32(x1), float32(y1), w, col, true)
	in := layout.Inward(e)
	side := layout.Point{X: -in.Y, Y: in.X}
	for _, sgn := range [2]float64{-1, 1} {
		hx, hy := g.px(layout.TrackPoint(e, a1).Sub(in.Mul(0.28)).Add(side.Mul(sgn * 0.22)))
		vector.StrokeLine(screen, float32(x1), float32(y1), float32(hx), float32(hy), w, col, true)
	}
}

// drawHand draws a pointing hand with its fingertip at (x, y), painted
// once per size into an image so that it fades as one piece.
func (t *TutorialScene) drawHand(screen *ebiten.Image, x, y, alpha float64) {
	r := math.Round(t.g.geo.MarbleRadius)
	if t.hand == nil || t.handR != r {
		if t.hand != nil {
			t.hand.Deallocate()
		}
		t.hand, t.handR = paintHand(r), r
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x-handTipX*r, y-handTipY*r+0.15*r)
	op.ColorScale.ScaleAlpha(float32(alpha))
	screen.DrawImage(t.hand, op)
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
	shapes(math.Max(1.5, 0.08*r), colDark)
	shapes(0, colText)
	return img
}

// tutPanel is the laid-out panel: its box, the text, the buttons (in
// t.bs) and the progress dots.
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
func (t *TutorialScene) layout(c *Context) {
	text := msg(t.step.text())
	now := tutLaid{w: c.W, h: c.H, step: t.step, text: text}
	if now == t.laid && t.panel.size > 0 {
		return
	}
	t.laid = now
	g := t.g
	ids := []int{actTutSkip}
	labels := []string{msg("tutorial.skip")}
	if t.step == tutDone {
		ids, labels = []int{actTutPlay, actTutBack}, []string{msg("tutorial.play"), msg("tutorial.back")}
	}
	dots := t.step < tutDone
	sMax := math.Max(0.46*g.geo.Status.H, 12*c.Scale)
	sMin := math.Max(0.6*sMax, 11*c.Scale)
	g.hideCards = false
	p, btns, ok := bestPanel(c, tutRegions(&g.geo, c.W, c.H, true), text, labels, sMax, sMin, dots)
	if !ok {
		g.hideCards = true
		p, btns, ok = bestPanel(c, tutRegions(&g.geo, c.W, c.H, false), text, labels, sMax, sMin, dots)
	}
	if !ok { // a tiny screen: the text shrinks further, over the board's foot
		f := g.geo.Frame
		p, btns, _ = bestPanel(c, []layout.Rect{{X: f.X, Y: f.Y + f.H*0.6, W: f.W, H: f.H * 0.4}}, text, labels, sMin, 6*c.Scale, dots)
	}
	t.panel = p
	t.bs.reset()
	for i, r := range btns {
		t.bs.add(button{x: r.X, y: r.Y, w: r.W, h: r.H, id: ids[i], label: labels[i], on: t.step == tutDone && i == 0, bold: t.step == tutDone && i == 0})
	}
}

// tutRegions are the screen's free stretches round the board: bands
// across the screen above and below the board and cards, and columns
// beside the board, above and below the cards in them (or whole, with
// cards false: the cards are hidden).
func tutRegions(geo *layout.Geometry, w, h float64, cards bool) []layout.Rect {
	m := geo.Margin()
	top := geo.Status.Y + geo.Status.H + m
	occ := []layout.Rect{geo.Frame}
	if cards {
		for i := 0; i < geo.Players; i++ {
			occ = append(occ, geo.Seats[i].Card)
		}
	}
	lo, hi := h, 0.0
	for _, o := range occ {
		lo, hi = math.Min(lo, o.Y), math.Max(hi, o.Y+o.H)
	}
	out := []layout.Rect{{X: m, Y: top, W: w - 2*m, H: lo - m - top}, {X: m, Y: hi + m, W: w - 2*m, H: h - m - hi - m}}
	f := geo.Frame
	for _, col := range [2]layout.Rect{
		{X: f.X + f.W + m, Y: top, W: w - m - (f.X + f.W + m), H: h - m - top},
		{X: m, Y: top, W: f.X - 2*m, H: h - m - top},
	} {
		if col.Empty() {
			continue
		}
		lo, hi, any := h, 0.0, false
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
func bestPanel(c *Context, regions []layout.Rect, text string, labels []string, sMax, sMin float64, dots bool) (tutPanel, []layout.Rect, bool) {
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
func fitPanel(c *Context, r layout.Rect, text string, labels []string, s float64, dots bool) (tutPanel, []layout.Rect, bool) {
	pad, bh, gap := 0.6*s, 1.9*s, 0.35*s
	dotR := 0.2 * s
	colW, rowW := 0.0, -gap
	bws := make([]float64, len(labels))
	for i, l := range labels {
		bws[i] = c.Text.Width(l, 0.46*bh, true) + 1.2*s
		colW = math.Max(colW, bws[i])
		rowW += bws[i] + gap
	}
	dotsW, dotsH := 0.0, 0.0
	if dots {
		dotsW, dotsH = float64(tutSteps)*3.5*dotR, 3*dotR
	}
	n := float64(len(labels))
	var btns []layout.Rect
	// Beside: the buttons stacked at the right, the dots under them.
	if tw := r.W - 2*pad - colW - pad; tw >= 10*s && colW >= dotsW {
		lines := wrap(c, text, s, tw, false)
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
	lines := wrap(c, text, s, tw, false)
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
func (t *TutorialScene) drawPanel(screen *ebiten.Image, c *Context) {
	p := &t.panel
	sp := c.Sprites
	b := math.Max(2, 0.12*p.size)
	rad := 0.5 * p.size
	sp.Panel(screen, p.r.X-b, p.r.Y-b, p.r.W+2*b, p.r.H+2*b, rad+b, scaleRGBA(colAccent, 0.55))
	sp.Panel(screen, p.r.X, p.r.Y, p.r.W, p.r.H, rad, noticeBg)
	for i, l := range p.lines {
		c.Text.Draw(screen, l, p.tx, p.ty+float64(i)*1.3*p.size, p.size, colText, render.AlignLeft, false)
	}
	if t.step < tutDone {
		d := float64(max(1, sp.Diameter()))
		for i := 0; i < tutSteps; i++ {
			col := scaleRGBA(colDim, 0.5)
			if i <= int(t.step) {
				col = colAccent
			}
			sp.Dot(screen, p.dots.X+float64(i)*3.5*p.dotR, p.dots.Y, 2*p.dotR/d, col)
		}
	}
	t.bs.draw(screen, c)
}

// Labels lists the panel's texts with their room, for the fit test: the
// buttons, and the instruction's lines in the panel's width.
func (t *TutorialScene) Labels() []Fit {
	out := fitsOf(&t.bs)
	for _, l := range t.panel.lines {
		out = append(out, Fit{Text: l, Size: t.panel.size, W: t.panel.r.X + t.panel.r.W - t.panel.tx})
	}
	return out
}
