package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"

	"shiftago/render/layout"
)

// insideRoundRect is how far (x, y) lies inside the w × h rectangle at
// the origin with corners of radius r; negative outside.
func insideRoundRect(x, y, w, h, r float64) float64 {
	qx := math.Abs(x-w/2) - (w/2 - r)
	qy := math.Abs(y-h/2) - (h/2 - r)
	return r - (math.Hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0))
}

// paintTray paints a supply tray w × h pixels: a compartment cut from the
// board's wood, its floor a step down, with a dimple of radius cupR for a
// marble at each of cups (pixels from the tray's top-left corner), carved
// and lit as the board is, so the supply reads as part of the board. It
// pauses between slices of its work with pa (nil if abandoned).
func paintTray(w, h int, cups []layout.Point, cupR float64, wd Wood, pa pause) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if w < 2 || h < 2 || cupR <= 0 {
		return img
	}
	unit := cupR / dimpleR // pixels per cell: the cups are cells' dimples
	p := &painter{z: vector.NewRasterizer(1, 1)}
	wood := image.NewRGBA(img.Bounds())
	draw.Draw(wood, wood.Bounds(), image.NewUniform(wd.Field), image.Point{}, draw.Src)
	if !p.grain(wood, 0, 0, float32(w), float32(h), false, 9, float32(unit), wd, pa) {
		return nil
	}
	W, H := float64(w)/unit, float64(h)/unit
	rr := min(W, H) * 0.18
	rim := min(0.16, min(W, H)*0.12) // the compartment's wall
	ok := sliceRows(0, h, w, pa, func(py int) {
		for px := range w {
			x, y := (float64(px)+0.5)/unit, (float64(py)+0.5)/unit
			e := insideRoundRect(x, y, W, H, rr)
			cover := max(0, min(1, e*unit+0.5))
			if cover == 0 {
				continue
			}
			// The compartment: its wall falls from the rim to the floor.
			k := carved{}
			if e < rim {
				t := 1 - e/rim
				k.h = -stepDepth * 2 * (1 - t*t)
				g := stepDepth * 2 * 2 * t / rim // dh/de
				const dd = 1e-3
				nx := (insideRoundRect(x+dd, y, W, H, rr) - e) / dd
				ny := (insideRoundRect(x, y+dd, W, H, rr) - e) / dd
				k.gx, k.gy = -g*nx, -g*ny
			} else {
				k.h = -stepDepth * 2
			}
			// The nearest cup.
			best, bx, by := math.Inf(1), 0.0, 0.0
			for _, c := range cups {
				dx, dy := x-c.X/unit, y-c.Y/unit
				if d := dx*dx + dy*dy; d < best {
					best, bx, by = d, dx, dy
				}
			}
			if len(cups) > 0 {
				k = deeper(k, dimple(bx, by, dimpleR, wd.CupDepth*0.9, 1/unit), k.h, 1/unit)
			}
			lit := lightCarve(k)
			shade := lit * (1 + 1.1*k.h)
			gl := 255 * wd.Sheen * max(0, lit-1)
			a := wood.RGBAAt(px, py)
			q := func(v uint8) uint8 { return uint8(max(0, min(255, (float64(v)*shade+gl)*cover))) }
			img.SetRGBA(px, py, color.RGBA{q(a.R), q(a.G), q(a.B), uint8(255 * cover)})
		}
	})
	if !ok {
		return nil
	}
	return img
}
