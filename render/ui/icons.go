package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// UndoIcon is the undo button's arrow curling back, painted once per
// size in white (a render cache) and drawn in any colour.
type UndoIcon struct {
	img  *ebiten.Image
	size int
	op   ebiten.DrawImageOptions
}

// Draw draws the icon centred in the square (x, y, s) in colour ink.
func (u *UndoIcon) Draw(dst *ebiten.Image, x, y, s float64, ink color.RGBA) {
	n := int(math.Round(s))
	if n < 8 {
		return
	}
	if u.img == nil || u.size != n {
		if u.img != nil {
			u.img.Deallocate()
		}
		u.img, u.size = paintUndo(n), n
	}
	op := &u.op // kept: a new one each frame escapes to the heap
	op.GeoM.Reset()
	op.GeoM.Translate(x, y)
	// Scale, not ScaleWithColor: boxing ink in a color.Color allocates.
	op.ColorScale.Reset()
	op.ColorScale.Scale(float32(ink.R)/255, float32(ink.G)/255, float32(ink.B)/255, float32(ink.A)/255)
	dst.DrawImage(u.img, op)
}

// paintUndo paints the arrow in an n×n image: a half circle over the
// top from right to left, and its head pointing down at the left end.
func paintUndo(n int) *ebiten.Image {
	img := ebiten.NewImage(n, n)
	s := float32(n)
	cx, cy, r := 0.55*s, 0.58*s, 0.2*s
	var p vector.Path
	p.MoveTo(cx+r, cy+0.04*s)
	p.Arc(cx, cy, r, 0, math.Pi, vector.CounterClockwise)
	vector.StrokePath(img, &p, &vector.StrokeOptions{Width: 0.075 * s, LineCap: vector.LineCapRound}, &vector.DrawPathOptions{AntiAlias: true})
	var h vector.Path
	hx, hy := cx-r, cy+0.02*s
	h.MoveTo(hx-0.11*s, hy-0.04*s)
	h.LineTo(hx+0.11*s, hy-0.04*s)
	h.LineTo(hx, hy+0.13*s)
	h.Close()
	vector.FillPath(img, &h, nil, &vector.DrawPathOptions{AntiAlias: true})
	return img
}
