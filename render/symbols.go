package render

import (
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/vector"

	"shiftago/logic"
)

// PaintSymbol paints the colour-blind aid of colour c for a marble of
// diameter d: a distinct shape on each colour's marbles (orange a ring,
// green a triangle, blue a square, white a cross), dark with a light
// rim so it reads on every colour. The sprite has the marble's size.
func PaintSymbol(c logic.Color, d int) *image.RGBA {
	side := SpriteSide(d)
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	p := &painter{z: vector.NewRasterizer(1, 1)}
	m := float32(side) / 2
	r := float32(d) * 0.2 // the symbol's half size
	rim := max(1, float32(d)*0.035)
	dark := color.RGBA{0x1c, 0x16, 0x10, 0xd8}
	light := color.RGBA{0xf0, 0xea, 0xdc, 0xb0}
	shapes := func(grow float32) []shape {
		switch c {
		case logic.Orange:
			return []shape{ring(m, m, r+grow, r*0.55-grow)}
		case logic.Green:
			h := r * 1.15
			return []shape{polygon([][2]float32{{m, m - h - grow*1.6}, {m + h*0.95 + grow*1.4, m + h*0.7 + grow}, {m - h*0.95 - grow*1.4, m + h*0.7 + grow}})}
		case logic.Blue:
			return []shape{rect(m-r*0.85-grow, m-r*0.85-grow, 2*(r*0.85+grow), 2*(r*0.85+grow))}
		default:
			w := r*0.5 + 2*grow
			a := r + grow
			return []shape{
				polyline([][2]float32{{m - a, m - a}, {m + a, m + a}}, w),
				polyline([][2]float32{{m - a, m + a}, {m + a, m - a}}, w),
			}
		}
	}
	// Each tone is the union of its shapes, painted as one mask, so that
	// where the cross's two strokes overlap they are not painted twice.
	for _, tone := range []struct {
		grow float32
		clr  color.RGBA
	}{{rim, light}, {0, dark}} {
		mask := image.NewAlpha(img.Bounds())
		for _, s := range shapes(tone.grow) {
			p.fill(mask, s, color.Alpha{0xff})
		}
		draw.DrawMask(img, img.Bounds(), image.NewUniform(tone.clr), image.Point{}, mask, image.Point{}, draw.Over)
	}
	return img
}

// polygon is the closed polygon through pts.
func polygon(pts [][2]float32) shape {
	s := shape{x0: pts[0][0], y0: pts[0][1], x1: pts[0][0], y1: pts[0][1]}
	for _, q := range pts {
		s.x0, s.y0 = min(s.x0, q[0]), min(s.y0, q[1])
		s.x1, s.y1 = max(s.x1, q[0]), max(s.y1, q[1])
	}
	s.emit = func(z *vector.Rasterizer, dx, dy float32) {
		z.MoveTo(pts[0][0]+dx, pts[0][1]+dy)
		for _, q := range pts[1:] {
			z.LineTo(q[0]+dx, q[1]+dy)
		}
		z.ClosePath()
	}
	return s
}
