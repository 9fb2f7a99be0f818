package pages

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render/ui"
	"shiftago/scenes/app"
)

// question is a still page that says something in a column of paragraphs
// and offers a choice on one row below it: the shape the save-problem and
// the elsewhere screens share. The screens embed it and keep their words
// and what a choice does.
type question[A comparable] struct {
	bs     ui.Buttons[A]
	blocks []ui.TextBlock
	w, h   float64
}

// para is one paragraph of a question; size is in interface units.
type para struct {
	text string
	size float64
	col  color.RGBA
	bold bool
}

// answer is a button of a question; an empty label leaves its place empty.
type answer[A comparable] struct {
	act   A
	label string
}

// stale reports whether the page was laid out for another size.
func (q *question[A]) stale(c *app.Context) bool { return q.w != c.W || q.h != c.H }

// place lays the page out for c's size: the paragraphs down a column at
// most 24 units wide, then left (the suggested answer, in bold, if any) at
// the column's left and right at its right, each bw units wide at most and
// at least a finger's height.
func (q *question[A]) place(c *app.Context, paras []para, bw float64, left, right answer[A]) {
	q.w, q.h = c.W, c.H
	u := ui.Unit(c.W, c.H)
	w := math.Min(c.W-2*u, 24*u)
	x := (c.W - w) / 2
	y := 1.5 * u
	if len(paras) > 0 {
		y -= 0.65 * paras[0].size * u // the first line's middle there (ui.Para: y is its room's top)
	}
	q.blocks = q.blocks[:0]
	for _, p := range paras {
		size := p.size * u
		b := ui.Para(c.Text, p.text, x, y, w, size, p.col, p.bold)
		q.blocks = append(q.blocks, b)
		y += b.Height() + 0.5*u
	}
	y += 0.5 * u
	q.bs.Reset()
	q.bs.TextH = 1.3 * u
	bw = math.Min(bw*u, (w-u)/2)
	bh := math.Max(1.3*u, ui.Target(c.Scale))
	if left.label != "" {
		q.bs.Add(ui.Button[A]{X: x, Y: y, W: bw, H: bh, Act: left.act, Label: left.label, On: true, Bold: true})
	}
	if right.label != "" {
		q.bs.Add(ui.Button[A]{X: x + w - bw, Y: y, W: bw, H: bh, Act: right.act, Label: right.label})
	}
}

// Still implements app.Still: nothing on the page moves by itself.
func (q *question[A]) Still() bool { return true }

// PageButtons implements app.PageButtons.
func (q *question[A]) PageButtons() []ui.Info { return q.bs.Infos() }

// Draw draws the page.
func (q *question[A]) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	for i := range q.blocks {
		q.blocks[i].Draw(screen, c.Text)
	}
	q.bs.Draw(screen, c.Kit())
}

// Fits lists the texts with their room, for the fit test.
func (q *question[A]) Fits(c *app.Context) []ui.Fit { return q.bs.Fits() }
