package pages

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/ui"
	"shiftago/render/view"
	"shiftago/scenes/app"
	"shiftago/scenes/sound"
)

// rulesAct is a control of the rules screen (Arg: the variant of a tab).
type rulesAct uint8

const (
	actTab rulesAct = iota
	actRulesBack
	actRulesTutorial
)

func (a rulesAct) String() string { return [...]string{"tab", "back", "tutorial"}[a] }

// example is one short animated example of the rules: a position, a move
// played from it (or refused), and a caption.
type example struct {
	pos     string
	move    string // "" shows a refused insertion at refuse
	refuse  logic.Entry
	caption string // catalogue key
	title   string // catalogue key
}

var pushExample = example{pos: "7/7/7/ogo4/7/7/7 express og o 20,21 0,0 0,0", move: "W4", title: "rules.ex.push", caption: "rules.cap.push"}

var fullExample = example{pos: "7/7/7/ogogogo/7/7/7 express og o 18,19 0,0 0,0", refuse: logic.NewEntry(logic.West, 3), title: "rules.ex.full", caption: "rules.cap.full"}

// examplesOf are the examples of each variant.
func examplesOf(v logic.Variant) []example {
	switch v {
	case logic.Expert:
		return []example{pushExample, fullExample, {pos: "7/7/2g4/1oooo2/2g4/7/7 expert og o 18,20 0,0 0,0", move: "W4xa4-e4", title: "rules.ex.score", caption: "rules.cap.score"}}
	case logic.Extreme:
		return []example{pushExample, fullExample, {pos: "7/7/2g4/1oooo2/2g4/7/7 extreme og o 18,20 0,0 0,0", move: "W4xa4-e4", title: "rules.ex.score", caption: "rules.cap.score"}}
	}
	return []example{pushExample, fullExample, {pos: "7/7/2g4/1oooo2/2g4/7/7 express og o 18,20 0,0 0,0", move: "W4", title: "rules.ex.win", caption: "rules.cap.win"}}
}

// Ticks of an example: a pause, the move, then time to look.
const (
	exLead = 45
	exHold = 150
)

// Rules shows the rules of one variant: the text, the lines and points
// drawn with marbles, and the examples played on a small board.
type Rules struct {
	variant logic.Variant
	bs      ui.Buttons[rulesAct]
	w, h    float64
	u       float64
	text    ui.TextBlock
	table   layout.Rect
	tableY  float64

	scroll ui.Scroll
	base   rulesBase // where things stand with the page scrolled to its top

	// The example board, drawn offscreen (a render cache) and placed at
	// exRect.
	exRect layout.Rect
	exImg  *ebiten.Image
	board  view.Board
	ex     int
	exTick int
	before logic.Position
	anim   *motion.Animation
}

// rulesBase is the page laid out unscrolled.
type rulesBase struct {
	btn          []float64
	textY, exY   float64
	tableY, topY float64
}

// NewRules opens the rules of v; Back closes them.
func NewRules(c *app.Context, v logic.Variant) app.Scene {
	r := &Rules{variant: v}
	r.startExample(0)
	return r
}

// Resume implements app.Resumer.
func (r *Rules) Resume(c *app.Context) { r.w = 0 }

// PagePhase implements app.PageScene.
func (r *Rules) PagePhase() string { return "rules" }

// PageButtons implements app.PageButtons.
func (r *Rules) PageButtons() []ui.Info { return r.bs.Infos() }

func (r *Rules) layout(c *app.Context) {
	r.w, r.h = c.W, c.H
	u := ui.Unit(c.W, c.H)
	r.u = u
	narrow := ui.Narrow(c.W, c.H)
	m := 0.6 * u
	bh := math.Max(1.1*u, ui.Target(c.Scale)) // a finger's at least
	r.bs.Reset()
	r.bs.TextH = 1.1 * u
	// The three tabs at one size, the size the longest name fits at:
	// each shrunk alone, "Extreme" stood smaller than its neighbours
	// (issue 50). Beside Back where the names fit there at the page's
	// label size, else across a row of their own, Back and First steps
	// under them: squeezed beside Back on an upright phone, the names
	// stood smaller than every other label on the page.
	th := math.Min(bh, r.bs.TextH)
	tabSize := func(tw float64) float64 {
		size := 0.46 * th
		for v := logic.Express; v <= logic.Extreme; v++ {
			size = math.Min(size, c.Text.Fit(c.Lang.Variants[v], 0.46*th, tw-0.4*th, false))
		}
		return size
	}
	tw, by := math.Min(3.6*u, (c.W-2*m-7*u)/3), m
	if tabSize(tw) < 0.46*th {
		tw, by = (c.W-2*m-0.4*u)/3, m+bh+0.2*u
	}
	ts := tabSize(tw)
	for v := logic.Express; v <= logic.Extreme; v++ {
		r.bs.Add(ui.Button[rulesAct]{X: m + float64(v)*(tw+0.2*u), Y: m, W: tw, H: bh, Act: actTab, Arg: int(v), Label: c.Lang.Variants[v], On: v == r.variant, Size: ts})
	}
	r.bs.Add(ui.Button[rulesAct]{X: c.W - m - 4*u, Y: by, W: 4 * u, H: bh, Act: actRulesBack, Label: c.T("rules.back"), On: true, Bold: true})
	top := by + bh + 0.6*u
	// First steps: left of Back, or under it when the tabs leave no room.
	tabsEnd := m + 3*tw + 0.4*u
	if by > m {
		tabsEnd = m // Back's row is its own
	}
	if tx := c.W - m - 4*u - 0.3*u - 5*u; tx >= tabsEnd+0.3*u {
		r.bs.Add(ui.Button[rulesAct]{X: tx, Y: by, W: 5 * u, H: bh, Act: actRulesTutorial, Label: c.T("tutorial.title")})
	} else {
		r.bs.Add(ui.Button[rulesAct]{X: c.W - m - 5*u, Y: by + bh + 0.2*u, W: 5 * u, H: bh, Act: actRulesTutorial, Label: c.T("tutorial.title")})
		top += bh + 0.2*u
	}
	var textW, side float64
	if narrow {
		textW = c.W - 2*m
		side = math.Min(c.W-2*m, (c.H-top)*0.42)
		r.exRect = layout.Rect{X: (c.W - side) / 2, Y: c.H - side - m, W: side, H: side}
	} else {
		side = math.Min(c.H-top-m, c.W*0.42)
		r.exRect = layout.Rect{X: c.W - side - m, Y: top, W: side, H: side}
		textW = c.W - side - 3*m
	}
	size := 0.5 * u
	body := c.T("rules.basic") + "\n" + c.T("rules."+r.variant.String())
	if r.variant == logic.Express {
		body += "\n" + c.T("rules.tourney")
	}
	body += "\n" + c.T("rules.handicap")
	r.text = ui.TextBlock{X: m, Y: top + size/2, Size: size, Col: render.Ink, Align: render.AlignLeft}
	r.text.Lines = ui.Wrap(c.Text, body, size, textW, false)
	r.tableY = top + r.text.Height() + 0.4*u
	r.table = layout.Rect{X: m, Y: r.tableY, W: textW, H: 0}
	// Where the page is taller than its screen (a phone on its side, a
	// long language) it scrolls: upright, the example follows the text.
	end := r.TextBottom() + m
	if narrow && end > r.exRect.Y {
		r.exRect.Y = end
	}
	end = math.Max(end, r.exRect.Y+r.exRect.H+m)
	r.scroll.Max = math.Max(0, end-c.H)
	r.base = rulesBase{textY: r.text.Y, exY: r.exRect.Y, tableY: r.tableY}
	r.base.btn = r.base.btn[:0]
	for _, b := range r.bs.List {
		r.base.btn = append(r.base.btn, b.Y)
	}
	r.applyScroll(c)
	// The example board fills its square, marbles and all.
	if r.exImg != nil {
		r.exImg.Deallocate()
	}
	r.exImg = ebiten.NewImage(int(max(1, r.exRect.W)), int(max(1, r.exRect.H*1.25))) // as tall as its layout: the frame sits below a status line it does not draw
	r.board.Geo = layout.New(layout.Config{W: r.exRect.W, H: r.exRect.H * 1.25, Scale: c.Scale, Players: 2, Scoring: true})
	c.Sprites.Ensure(int(2 * r.board.Geo.MarbleRadius))
	r.startExample(r.ex)
}

func (r *Rules) examples() []example { return examplesOf(r.variant) }

func (r *Rules) startExample(i int) {
	r.ex, r.exTick, r.anim = i, 0, nil
	p, err := logic.ParsePosition(r.examples()[i].pos)
	if err != nil {
		panic("rules example: " + err.Error()) // a constant: the tests catch it
	}
	r.before = p
}

// applyScroll places the page as scrolled.
func (r *Rules) applyScroll(*app.Context) {
	off := math.Min(r.scroll.Off, r.scroll.Max)
	for i := range r.bs.List {
		r.bs.List[i].Y = r.base.btn[i] - off
	}
	r.text.Y, r.exRect.Y, r.tableY = r.base.textY-off, r.base.exY-off, r.base.tableY-off
	r.table.Y = r.tableY
}

// Update steps the example and takes the tabs and Back.
func (r *Rules) Update(c *app.Context) error {
	if r.w != c.W || r.h != c.H {
		r.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		c.Pop()
		return nil
	}
	if b, ok := ui.ScrollOrTap(&r.scroll, &r.bs, c.In.Pointer, c.In.Wheel, 6*c.Scale, r.u, func() { r.applyScroll(c) }); ok {
		c.Sound.Play(sound.CueTap, 0, 0)
		switch b.Act {
		case actTab:
			r.variant = logic.Variant(b.Arg)
			r.startExample(0)
			r.layout(c)
		case actRulesBack:
			c.Pop()
			return nil
		case actRulesTutorial:
			if ts, err := c.Screens.Tutorial(c); err == nil {
				c.Replace(ts) // the lesson closes back to where the rules were opened from
			} else {
				c.Notify(err.Error())
			}
			return nil
		}
	}
	r.exTick++
	e := r.examples()[r.ex]
	if r.exTick == exLead && e.move != "" {
		q := r.before
		var tr logic.Trace
		if err := q.PlayString(e.move, &tr); err == nil {
			opts := motion.Options{Speed: c.AnimSpeed(), Reduced: c.Setup.Reduced}
			r.anim = motion.New(tr, r.before, r.board.Geo, opts)
		}
	}
	if r.anim != nil && !r.anim.Done() {
		r.anim.Step()
	}
	if r.exTick > exLead+exHold && (r.anim == nil || r.anim.Done()) {
		r.startExample((r.ex + 1) % len(r.examples()))
	}
	return nil
}

// Draw draws the page.
func (r *Rules) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	u := r.u
	r.bs.Draw(screen, c.Kit())
	r.text.Draw(screen, c.Text)
	r.drawTable(screen, c)
	// The example, on the board view every screen uses.
	img := r.exImg
	img.Clear()
	v := &r.board
	g := &v.Geo
	dy := -(g.Frame.Y - (r.exRect.H-g.Frame.H)/2) // centre the frame in the square
	v.DrawBoard(img, c.Sprites.Theme())
	if r.anim != nil {
		v.Animation(img, c.Sprites, r.anim, nil, nil)
	} else {
		v.Position(img, c.Sprites, &r.before, view.Marks{})
	}
	e := r.examples()[r.ex]
	if e.move == "" && r.exTick > exLead {
		v.Refusal(img, c.Sprites, e.refuse, logic.Orange, (r.exTick-exLead)%60)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(r.exRect.X, r.exRect.Y+dy)
	screen.DrawImage(img, op)
	// Title and caption over the board's top and bottom.
	c.Text.Shadowed(screen, c.T(e.title), r.exRect.X+r.exRect.W/2, r.exRect.Y+0.2*u, 0.6*u, render.Accent, render.AlignCenter, true)
	capt := c.T(e.caption)
	size := c.Text.Fit(capt, 0.45*u, r.exRect.W, false)
	c.Text.Draw(screen, capt, r.exRect.X+r.exRect.W/2, r.exRect.Y+r.exRect.H-0.2*u, size, render.Ink, render.AlignCenter, false)
}

// drawTable draws the lines that win (Express) or score (Expert,
// Extreme) with real marbles, for 2 and for 3–4 players.
func (r *Rules) drawTable(screen *ebiten.Image, c *app.Context) {
	u := r.u
	y := r.tableY
	c.Text.Draw(screen, c.T("rules.table"), r.table.X, y+0.3*u, 0.55*u, render.Accent, render.AlignLeft, true)
	y += 0.9 * u
	rad := 0.26 * u
	k := 2 * rad / math.Max(1, float64(c.Sprites.Diameter()))
	colW := r.table.W / 2
	for col, players := range [2]int{2, 3} {
		x0 := r.table.X + float64(col)*colW
		yy := y
		title := c.T("rules.p2")
		if players == 3 {
			title = c.T("rules.p34")
		}
		c.Text.Draw(screen, title, x0, yy, 0.45*u, render.Dim, render.AlignLeft, false)
		yy += 0.7 * u
		marble := logic.Orange
		if players == 3 {
			marble = logic.Blue
		}
		for n := logic.MinScoringLength(r.variant, players); n <= logic.Size; n++ {
			if r.variant == logic.Express && n > logic.WinLength(players) {
				break
			}
			for i := 0; i < n; i++ {
				c.Sprites.MarbleScaled(screen, marble, x0+rad+float64(i)*2.1*rad, yy, k)
			}
			label := c.T("rules.wins")
			if r.variant != logic.Express {
				pts, _ := logic.Points(r.variant, players, n)
				label = "→ " + digits[pts]
			}
			c.Text.Draw(screen, label, x0+rad+7*2.1*rad, yy, 0.45*u, render.Ink, render.AlignLeft, true)
			yy += 2.4 * rad
		}
	}
}

// Fits lists the texts with their room, for the fit test.
func (r *Rules) Fits(c *app.Context) []ui.Fit {
	out := r.bs.Fits()
	for _, e := range r.examples() {
		out = append(out, ui.Fit{Text: c.T(e.caption), Size: 0.45 * r.u * 0.8, W: r.exRect.W}, ui.Fit{Text: c.T(e.title), Size: 0.6 * r.u, W: r.exRect.W, Bold: true})
	}
	return out
}

// TextBottom is where the rules' text and table end, for the fit test:
// they must not run off the screen.
func (r *Rules) TextBottom() float64 {
	n := logic.Size - logic.MinScoringLength(r.variant, 3) + 1
	if r.variant == logic.Express {
		n = 1
	}
	return r.tableY + 0.9*r.u + 0.7*r.u + float64(n)*2.4*0.26*r.u
}
