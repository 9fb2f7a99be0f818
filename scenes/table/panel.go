package table

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/lesson"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
)

// The screens that script a table (the first steps, the puzzles) share a
// panel beside the board and the keys they take from the table.

// ScriptKeys keeps the keys that would leave the script (undo, redo; the
// menu is gone) from the table; Escape closes the screen unless it drops
// a marble held. It reports whether the screen was left.
func ScriptKeys(c *app.Context, in *input.Input, t *Table) bool {
	keys := in.Keys()
	kept := *in
	kept.ClearKeys()
	for _, k := range keys {
		switch k {
		case ebiten.KeyU, ebiten.KeyR, ebiten.KeyZ, ebiten.KeyY:
			continue
		case ebiten.KeyEscape:
			if t.Hand.Holding() {
				break
			}
			t.Ctl.Stop()
			c.Pop()
			return true
		}
		kept.AddKey(k)
	}
	*in = kept
	return false
}

// PlacePanel lays a panel with text and buttons labelled labels (and
// dots progress dots) out where the table leaves room, with the biggest
// text that fits; if nowhere, the seat cards make room (t.HideCards),
// and on a tiny screen the text shrinks further over the board's foot.
func PlacePanel(c *app.Context, t *Table, text string, labels []string, dots int) (lesson.Panel, []layout.Rect) {
	geo := t.Geometry()
	sMax := math.Max(0.46*geo.Status.H, 12*c.Scale)
	sMin := math.Max(0.6*sMax, 11*c.Scale)
	t.HideCards = false
	p, btns, ok := lesson.Best(c.Text, c.Scale, lesson.Regions(geo, true), text, labels, sMax, sMin, dots)
	if !ok {
		t.HideCards = true
		p, btns, ok = lesson.Best(c.Text, c.Scale, lesson.Regions(geo, false), text, labels, sMax, sMin, dots)
	}
	if !ok {
		// Smaller words off the board before any over it: on a phone held
		// upright the status line's height makes sMin large (19 CSS px),
		// and the panel fell over the board's lower rows and entry points
		// where a 14 px text fitted in the room below (issue 50).
		p, btns, ok = lesson.Best(c.Text, c.Scale, lesson.Regions(geo, false), text, labels, sMin*0.94, minPanelCSS*c.Scale, dots)
	}
	if !ok {
		f := geo.Frame
		p, btns, _ = lesson.Best(c.Text, c.Scale, []layout.Rect{{X: f.X, Y: f.Y + f.H*0.6, W: f.W, H: f.H * 0.4}}, text, labels, sMin, 6*c.Scale, dots)
	}
	return p, btns
}

// minPanelCSS is the smallest text, in CSS pixels, a panel takes beside
// the board rather than over it.
const minPanelCSS = 13

// DrawPanelBox draws a panel's box, framed in frame, and its text.
func DrawPanelBox(screen *ebiten.Image, c *app.Context, p *lesson.Panel, frame color.RGBA) {
	sp := c.Sprites
	b := math.Max(2, 0.12*p.Size)
	rad := 0.5 * p.Size
	sp.Panel(screen, p.R.X-b, p.R.Y-b, p.R.W+2*b, p.R.H+2*b, rad+b, render.Fade(frame, 0.55))
	sp.Inlay(screen, p.R.X, p.R.Y, p.R.W, p.R.H, rad)
	for i, l := range p.Lines {
		c.Text.Draw(screen, l, p.TX, p.TY+float64(i)*1.3*p.Size, p.Size, render.Ink, render.AlignLeft, false)
	}
}
