package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/tinne26/etxt"

	"shiftago/assets"
)

// Text draws all the game's words through etxt, with the embedded Go fonts.
// Sizes are given in screen pixels (the screen is in device pixels), so
// glyphs are rasterized at the size they are shown and stay sharp at every
// scale. Glyphs are cached; a frame that draws the same strings allocates
// nothing.
type Text struct {
	reg, bold *etxt.Renderer
	colors    map[color.RGBA]color.Color // colours boxed once: boxing allocates
}

// Align is where a string is anchored at the point it is drawn at.
type Align = etxt.Align

// Alignments used by the game.
const (
	AlignCenter = etxt.Center
	AlignLeft   = etxt.Left | etxt.VertCenter
	AlignRight  = etxt.Right | etxt.VertCenter
)

// NewText parses the embedded fonts and prepares the renderers.
func NewText() (*Text, error) {
	reg, err := assets.Regular()
	if err != nil {
		return nil, fmt.Errorf("font: %w", err)
	}
	bold, err := assets.Bold()
	if err != nil {
		return nil, fmt.Errorf("font: %w", err)
	}
	mk := func() *etxt.Renderer {
		r := etxt.NewRenderer()
		r.Utils().SetCache8MiB()
		return r
	}
	t := &Text{reg: mk(), bold: mk(), colors: map[color.RGBA]color.Color{}}
	t.reg.SetFont(reg)
	t.bold.SetFont(bold)
	return t, nil
}

func (t *Text) pick(bold bool) *etxt.Renderer {
	if bold {
		return t.bold
	}
	return t.reg
}

// Draw draws s at (x, y) anchored by align, size pixels high, in clr.
func (t *Text) Draw(dst *ebiten.Image, s string, x, y, size float64, clr color.RGBA, align Align, bold bool) {
	if size < 1 || s == "" {
		return
	}
	r := t.pick(bold)
	r.SetSize(math.Round(size))
	boxed, ok := t.colors[clr]
	if !ok {
		boxed = clr
		t.colors[clr] = boxed
	}
	r.SetColor(boxed)
	r.SetAlign(align)
	r.Draw(dst, s, int(math.Round(x)), int(math.Round(y)))
}

// Shadowed draws s like Draw over a soft dark copy, to stand out on wood.
func (t *Text) Shadowed(dst *ebiten.Image, s string, x, y, size float64, clr color.RGBA, align Align, bold bool) {
	off := max(1, math.Round(size/20))
	t.Draw(dst, s, x+off, y+off, size, color.RGBA{0, 0, 0, 0x90}, align, bold)
	t.Draw(dst, s, x, y, size, clr, align, bold)
}

// Width is the width in pixels of s drawn at size.
func (t *Text) Width(s string, size float64, bold bool) float64 {
	r := t.pick(bold)
	r.SetSize(math.Round(size))
	return r.Measure(s).Width().ToFloat64()
}

// Fit returns the largest size, at most size, at which s is no wider than w.
func (t *Text) Fit(s string, size, w float64, bold bool) float64 {
	if wd := t.Width(s, size, bold); wd > w && wd > 0 {
		f := math.Max(1, math.Floor(size*w/wd))
		// The glyphs' widths are not quite proportional to the size
		// (hinting, rounding): a pixel smaller until it is in its box.
		for k := 0; k < 4 && f > 1 && t.Width(s, f, bold) > w; k++ {
			f--
		}
		return f
	}
	return size
}

// Cut is s, or as much of its start as fits before an ellipsis, no wider
// than w at size: a name too long for its room, cut rather than shrunk
// below a legible size.
func (t *Text) Cut(s string, size, w float64, bold bool) string {
	if t.Width(s, size, bold) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && t.Width(string(r)+"…", size, bold) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}
