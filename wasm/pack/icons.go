package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
)

// The app's icons are drawn here, at build time, from a few shapes: the
// wooden board with its 7×7 holes and some marbles in the game's colours,
// on the game's dark felt. Nothing but the standard library; the same
// inputs give the same PNG bytes, so the icons' hashed names only change
// when this drawing does.

// icon is one PNG of the bundle.
type icon struct {
	name    string  // file name before hashing, e.g. "icon-192.png"
	size    int     // side in pixels
	bleed   bool    // felt to the edges: maskable and Apple icons are cropped by the system
	board   float64 // the board's side as a fraction of the icon's
	purpose string  // the manifest's purpose ("" for apple-touch-icon, which is not listed)
}

// icons lists the bundle's icons. A maskable icon may be cropped to a
// circle of 80% of its side (the "safe zone"), so its board's corners stay
// inside that circle: board side ≤ 0.8/√2 ≈ 0.566.
var icons = []icon{
	{name: "icon-192.png", size: 192, board: 0.80, purpose: "any"},
	{name: "icon-512.png", size: 512, board: 0.80, purpose: "any"},
	{name: "icon-maskable-192.png", size: 192, bleed: true, board: 0.55, purpose: "maskable"},
	{name: "icon-maskable-512.png", size: 512, bleed: true, board: 0.55, purpose: "maskable"},
	{name: "apple-touch-icon.png", size: 180, bleed: true, board: 0.74},
	// The page's favicon, which the browser fetches on every first
	// visit: 32 pixels is what a tab or a bookmark shows, and a small
	// fraction of the 192-pixel icon's 20 KB that was the favicon before
	// (issue 49: a first visit downloads what its first game needs).
	{name: "favicon-32.png", size: 32, board: 0.90},
}

// Colours, straight (not premultiplied), from render/paint.go and
// render/theme.go (the Walnut marbles' opals).
var (
	felt       = rgb(0x1d, 0x2a, 0x26)
	woodFrame  = rgb(0xa8, 0x6d, 0x38)
	woodField  = rgb(0x94, 0x5b, 0x2c)
	holeRim    = rgb(0x33, 0x1f, 0x10)
	holeFloor  = rgb(0x52, 0x32, 0x1a)
	frameLight = rgb(0xe8, 0xbb, 0x80)
)

// marbleColour is one marble colour: deep at the rim, base, milk in the light.
type marbleColour struct{ deep, base, milk [3]float64 }

var (
	orange = marbleColour{[3]float64{0.62, 0.20, 0.02}, [3]float64{0.96, 0.46, 0.08}, [3]float64{1.00, 0.83, 0.60}}
	green  = marbleColour{[3]float64{0.05, 0.33, 0.12}, [3]float64{0.20, 0.68, 0.30}, [3]float64{0.78, 0.95, 0.74}}
	blue   = marbleColour{[3]float64{0.04, 0.15, 0.45}, [3]float64{0.16, 0.42, 0.86}, [3]float64{0.75, 0.86, 1.00}}
	white  = marbleColour{[3]float64{0.70, 0.70, 0.72}, [3]float64{0.90, 0.90, 0.89}, [3]float64{1.00, 1.00, 0.99}}
)

// marbles on the 7×7 board (column, row from the top): an orange line
// about to be pushed into five, green and blue around it.
var marbles = []struct {
	col, row int
	c        *marbleColour
}{
	{1, 3, &orange}, {2, 3, &orange}, {3, 3, &orange}, {4, 3, &orange},
	{3, 2, &green}, {4, 4, &green}, {2, 1, &green},
	{5, 5, &blue}, {1, 5, &blue},
	{5, 1, &white},
}

// px is a premultiplied colour, components 0–1.
type px struct{ r, g, b, a float64 }

func rgb(r, g, b uint8) px { return px{float64(r) / 255, float64(g) / 255, float64(b) / 255, 1} }

func opaque(c [3]float64) px { return px{c[0], c[1], c[2], 1} }

// over puts src (premultiplied) over dst.
func over(dst, src px) px {
	k := 1 - src.a
	return px{src.r + dst.r*k, src.g + dst.g*k, src.b + dst.b*k, src.a + dst.a*k}
}

// scale multiplies every component by k (fades a colour).
func (c px) scale(k float64) px { return px{c.r * k, c.g * k, c.b * k, c.a * k} }

func mix(a, b [3]float64, t float64) [3]float64 {
	return [3]float64{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// roundedBox is the signed distance from (x, y) to a square of half side h
// centred at (cx, cy) with corner radius r: negative inside.
func roundedBox(x, y, cx, cy, h, r float64) float64 {
	qx := math.Abs(x-cx) - (h - r)
	qy := math.Abs(y-cy) - (h - r)
	mx, my := math.Max(qx, 0), math.Max(qy, 0)
	return math.Sqrt(mx*mx+my*my) + math.Min(math.Max(qx, qy), 0) - r
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// shade is the icon's colour at the centre (x, y) of a pixel of side aa,
// all in units of the icon's side (0–1). Edges are smoothed from their
// signed distances: a shape covers a pixel in proportion to how far
// inside it the pixel's centre lies, within half a pixel.
func (ic icon) shade(x, y, aa float64) px {
	cover := func(d float64) float64 { return clamp01(0.5 - d/aa) }
	var c px
	if ic.bleed {
		c = felt
	} else {
		c = felt.scale(cover(roundedBox(x, y, 0.5, 0.5, 0.5, 0.2)))
	}
	B := ic.board
	h := B / 2
	// A soft shadow under the board, towards the bottom right.
	if d := roundedBox(x, y, 0.5+0.012, 0.5+0.02, h, 0.09*B); d < 0.04 {
		t := clamp01(1 - (d+0.01)/0.05)
		c = over(c, px{a: 0.45 * t * t})
	}
	board := cover(roundedBox(x, y, 0.5, 0.5, h, 0.09*B))
	if board == 0 {
		return c
	}
	// The frame, lit along its top-left edge.
	lit := clamp01(0.5 + (roundedBox(x, y, 0.5-0.006*B, 0.5-0.006*B, h, 0.09*B)+0.012*B)/aa)
	c = over(c, over(woodFrame, frameLight.scale(0.35*lit)).scale(board))
	fh := h * 0.88 // the field inside the frame
	field := cover(roundedBox(x, y, 0.5, 0.5, fh, 0.05*B))
	if field == 0 {
		return c
	}
	c = over(c, woodField.scale(field))
	cell := 2 * fh / 7
	col, row := int(math.Floor((x-(0.5-fh))/cell)), int(math.Floor((y-(0.5-fh))/cell))
	if col < 0 || col > 6 || row < 0 || row > 6 {
		return c
	}
	cx, cy := 0.5-fh+(float64(col)+0.5)*cell, 0.5-fh+(float64(row)+0.5)*cell
	dx, dy := x-cx, y-cy
	d := math.Sqrt(dx*dx+dy*dy) / cell // distance from the cell's centre, in cells
	disc := func(r float64) float64 { return cover((d - r) * cell) }
	for _, m := range marbles {
		if m.col == col && m.row == row {
			// The marble's shadow on the wood, then the marble.
			sx, sy := dx-0.05*cell, dy-0.07*cell
			if sd := math.Sqrt(sx*sx+sy*sy) / cell; sd < 0.5 {
				c = over(c, px{a: 0.5 * clamp01((0.5-sd)/0.08)})
			}
			return over(c, m.c.at(dx/(0.44*cell), dy/(0.44*cell)).scale(disc(0.44)))
		}
	}
	c = over(c, holeRim.scale(disc(0.33)))
	return over(c, holeFloor.scale(disc(0.27)))
}

// at is a marble's colour at (u, v), in units of its radius from its
// centre (inside the unit disc): lit from the top left, with a highlight.
func (m *marbleColour) at(u, v float64) px {
	nz := math.Sqrt(math.Max(0, 1-u*u-v*v))
	lx, ly, lz := -0.5, -0.6, 0.62 // towards the light, normalised below
	ln := math.Sqrt(lx*lx + ly*ly + lz*lz)
	lambert := clamp01((u*lx + v*ly + nz*lz) / ln)
	col := mix(m.deep, m.base, clamp01(lambert*1.6))
	col = mix(col, m.milk, clamp01((lambert-0.75)*2.5))
	// The window's reflection: a small bright spot up and to the left.
	if s := math.Sqrt((u+0.36)*(u+0.36) + (v+0.40)*(v+0.40)); s < 0.22 {
		col = mix(col, [3]float64{1, 1, 1}, 0.85*clamp01((0.22-s)/0.08))
	}
	return opaque(col)
}

// draw renders ic at its size.
func (ic icon) draw() *image.NRGBA {
	n := ic.size
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	aa := 1 / float64(n)
	for py := 0; py < n; py++ {
		for x := 0; x < n; x++ {
			c := ic.shade((float64(x)+0.5)*aa, (float64(py)+0.5)*aa, aa)
			var out color.NRGBA
			if c.a > 0 {
				out = color.NRGBA{
					R: uint8(math.Round(255 * clamp01(c.r/c.a))),
					G: uint8(math.Round(255 * clamp01(c.g/c.a))),
					B: uint8(math.Round(255 * clamp01(c.b/c.a))),
					A: uint8(math.Round(255 * clamp01(c.a))),
				}
			}
			img.SetNRGBA(x, py, out)
		}
	}
	return img
}

// encode draws ic and returns its PNG.
func (ic icon) encode() ([]byte, error) {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, ic.draw()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
