package scenes

import (
	"image/color"
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
)

// Actions of the rules screen.
const (
	actRulesTab      = 600 // + variant
	actRulesBack     = 610
	actRulesTutorial = 611
)

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

var examples = [3][]example{
	logic.Express: {pushExample, fullExample, {pos: "7/7/2g4/1oooo2/2g4/7/7 express og o 18,20 0,0 0,0", move: "W4", title: "rules.ex.win", caption: "rules.cap.win"}},
	logic.Expert:  {pushExample, fullExample, {pos: "7/7/2g4/1oooo2/2g4/7/7 expert og o 18,20 0,0 0,0", move: "W4xa4-e4", title: "rules.ex.score", caption: "rules.cap.score"}},
	logic.Extreme: {pushExample, fullExample, {pos: "7/7/2g4/1oooo2/2g4/7/7 extreme og o 18,20 0,0 0,0", move: "W4xa4-e4", title: "rules.ex.score", caption: "rules.cap.score"}},
}

// Ticks of an example: a pause, the move, then time to look.
const (
	exLead = 45
	exHold = 150
)

// RulesScene shows the rules of one variant: the text, the lines and
// points drawn with marbles, and the examples played on a small board.
type RulesScene struct {
	prev    Scene
	variant logic.Variant
	bs      buttons
	w, h    float64
	u       float64
	text    textBlock
	table   layout.Rect
	tableY  float64

	// The example board, drawn offscreen and placed at exRect.
	exRect layout.Rect
	exImg  *ebiten.Image
	geo    layout.Geometry
	board  render.BoardCache
	ex     int
	exTick int
	before logic.Position
	anim   *motion.Animation
}

// NewRulesScene opens the rules of v; Back returns to prev.
func NewRulesScene(c *Context, v logic.Variant, prev Scene) *RulesScene {
	r := &RulesScene{prev: prev, variant: v, bs: buttons{pressed: -1, hover: -1}}
	r.startExample(0)
	return r
}

func (r *RulesScene) layout(c *Context) {
	r.w, r.h = c.W, c.H
	u := pageUnit(c)
	r.u = u
	narrow := c.W/c.H < 1.25
	m := 0.6 * u
	bh := 1.1 * u
	r.bs.reset()
	tw := math.Min(3.6*u, (c.W-2*m-7*u)/3)
	for v := logic.Express; v <= logic.Extreme; v++ {
		r.bs.add(button{x: m + float64(v)*(tw+0.2*u), y: m, w: tw, h: bh, id: actRulesTab + int(v), label: variantNames[v], on: v == r.variant})
	}
	r.bs.add(button{x: c.W - m - 4*u, y: m, w: 4 * u, h: bh, id: actRulesBack, label: msg("rules.back"), on: true, bold: true})
	top := m + bh + 0.6*u
	// First steps: left of Back, or under it when the tabs leave no room.
	tabsEnd := m + 3*tw + 0.4*u
	if tx := c.W - m - 4*u - 0.3*u - 5*u; tx >= tabsEnd+0.3*u {
		r.bs.add(button{x: tx, y: m, w: 5 * u, h: bh, id: actRulesTutorial, label: msg("tutorial.title")})
	} else {
		r.bs.add(button{x: c.W - m - 5*u, y: m + bh + 0.2*u, w: 5 * u, h: bh, id: actRulesTutorial, label: msg("tutorial.title")})
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
	body := msg("rules.basic") + "\n" + msg("rules."+r.variant.String())
	if r.variant == logic.Express {
		body += "\n" + msg("rules.tourney")
	}
	body += "\n" + msg("rules.handicap")
	r.text = textBlock{x: m, y: top + size/2, size: size, col: colText, align: render.AlignLeft}
	r.text.lines = wrap(c, body, size, textW, false)
	r.tableY = top + r.text.height() + 0.4*u
	r.table = layout.Rect{X: m, Y: r.tableY, W: textW, H: 0}
	// The example board fills its square, marbles and all.
	if r.exImg != nil {
		r.exImg.Deallocate()
	}
	r.exImg = ebiten.NewImage(int(r.exRect.W), int(r.exRect.H))
	r.geo = layout.New(layout.Config{W: r.exRect.W, H: r.exRect.H * 1.25, Scale: c.Scale, Players: 2, Scoring: true})
	c.Sprites.Ensure(int(2 * r.geo.MarbleRadius))
	r.startExample(r.ex)
}

func (r *RulesScene) examples() []example { return examples[r.variant] }

func (r *RulesScene) startExample(i int) {
	r.ex, r.exTick, r.anim = i, 0, nil
	e := r.examples()[i]
	p, err := logic.ParsePosition(e.pos)
	if err != nil {
		panic("rules example: " + err.Error()) // a constant: the tests catch it
	}
	r.before = p
}

// Update steps the example and takes the tabs and Back.
func (r *RulesScene) Update(c *Context) error {
	if r.w != c.W || r.h != c.H {
		r.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		leave(c, r.prev)
		return nil
	}
	switch id := r.bs.tapped(&c.In); {
	case id >= actRulesTab && id < actRulesTab+3:
		c.Sound.Play(CueTap, 0, 0)
		r.variant = logic.Variant(id - actRulesTab)
		r.startExample(0)
		r.layout(c)
	case id == actRulesBack:
		c.Sound.Play(CueTap, 0, 0)
		leave(c, r.prev)
		return nil
	case id == actRulesTutorial:
		c.Sound.Play(CueTap, 0, 0)
		if ts, err := NewTutorialScene(c, r.prev); err == nil {
			c.GoTo(ts)
		} else {
			c.Notify(err.Error())
		}
		return nil
	}
	r.exTick++
	e := r.examples()[r.ex]
	if r.exTick == exLead && e.move != "" {
		q := r.before
		var tr logic.Trace
		if err := q.PlayString(e.move, &tr); err == nil {
			opts := motion.Options{Speed: c.animSpeed(), Reduced: c.Setup.Reduced}
			r.anim = motion.New(tr, r.before, r.geo, opts)
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
func (r *RulesScene) Draw(screen *ebiten.Image, c *Context) {
	screen.Fill(colBg)
	if r.u == 0 {
		return
	}
	u := r.u
	r.bs.draw(screen, c)
	r.text.draw(screen, c)
	r.drawTable(screen, c)
	// The example.
	img := r.exImg
	img.Clear()
	g := &r.geo
	dy := -(g.Frame.Y - (r.exRect.H-g.Frame.H)/2) // centre the frame in the square
	r.board.Draw(img, g)
	k := 2 * g.MarbleRadius / math.Max(1, float64(c.Sprites.Diameter()))
	if r.anim != nil {
		for _, m := range r.anim.Marbles() {
			if m.InTray {
				continue
			}
			p := g.ToPixel(m.Pos)
			c.Sprites.MarbleScaled(img, m.Color, p.X, p.Y, k*(1+0.12*m.Lift))
		}
	} else {
		occ := r.before.Occupied()
		for b := occ; b != 0; b &= b - 1 {
			s := logic.Square(bits.TrailingZeros64(uint64(b)))
			p := g.ToPixel(layout.CellPos(s))
			c.Sprites.MarbleScaled(img, r.before.At(s), p.X, p.Y, k)
		}
	}
	e := r.examples()[r.ex]
	if e.move == "" && r.exTick > exLead {
		// A refused insertion: the marble shakes at the entry, a red glow.
		dt := float64((r.exTick - exLead) % 60)
		p := g.ToPixel(layout.EntryPos(e.refuse))
		shake := 0.1 * g.Cell * math.Sin(dt*1.3) * math.Max(0, 1-dt/40)
		c.Sprites.Glow(img, p.X+shake, p.Y, 0.7, scaleRGBA(colBad, 0.8*math.Max(0, 1-dt/50)))
		c.Sprites.MarbleScaled(img, logic.Orange, p.X+shake, p.Y, k)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(r.exRect.X, r.exRect.Y+dy)
	screen.DrawImage(img, op)
	// Title and caption over the board's top and bottom.
	c.Text.Shadowed(screen, msg(e.title), r.exRect.X+r.exRect.W/2, r.exRect.Y+0.2*u, 0.6*u, colAccent, render.AlignCenter, true)
	capt := msg(e.caption)
	size := c.Text.Fit(capt, 0.45*u, r.exRect.W, false)
	c.Text.Draw(screen, capt, r.exRect.X+r.exRect.W/2, r.exRect.Y+r.exRect.H-0.2*u, size, colText, render.AlignCenter, false)
}

// drawTable draws the lines that win (Express) or score (Expert,
// Extreme) with real marbles, for 2 and for 3–4 players.
func (r *RulesScene) drawTable(screen *ebiten.Image, c *Context) {
	u := r.u
	y := r.tableY
	c.Text.Draw(screen, msg("rules.table"), r.table.X, y+0.3*u, 0.55*u, colAccent, render.AlignLeft, true)
	y += 0.9 * u
	rad := 0.26 * u
	k := 2 * rad / math.Max(1, float64(c.Sprites.Diameter()))
	colW := r.table.W / 2
	for col, players := range [2]int{2, 3} {
		x0 := r.table.X + float64(col)*colW
		yy := y
		title := msg("rules.p2")
		if players == 3 {
			title = msg("rules.p34")
		}
		c.Text.Draw(screen, title, x0, yy, 0.45*u, colDim, render.AlignLeft, false)
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
			label := msg("rules.wins")
			if r.variant != logic.Express {
				pts, _ := logic.Points(r.variant, players, n)
				label = "→ " + digits[pts]
			}
			c.Text.Draw(screen, label, x0+rad+7*2.1*rad, yy, 0.45*u, colText, render.AlignLeft, true)
			yy += 2.4 * rad
		}
	}
}

var _ = color.RGBA{}

// Labels lists the texts with their room, for the fit test.
func (r *RulesScene) Labels() []Fit {
	out := fitsOf(&r.bs)
	for _, e := range r.examples() {
		out = append(out, Fit{Text: msg(e.caption), Size: 0.45 * r.u * 0.8, W: r.exRect.W}, Fit{Text: msg(e.title), Size: 0.6 * r.u, W: r.exRect.W, Bold: true})
	}
	return out
}

// TextBottom is where the rules' text and table end, for the fit test:
// they must not run off the screen.
func (r *RulesScene) TextBottom() float64 {
	n := logic.Size - logic.MinScoringLength(r.variant, 3) + 1
	if r.variant == logic.Express {
		n = 1
	}
	return r.tableY + 0.9*r.u + 0.7*r.u + float64(n)*2.4*0.26*r.u
}
