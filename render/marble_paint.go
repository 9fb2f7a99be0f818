package render

import (
	"image"
	"image/color"
	"math"

	"shiftago/logic"
)

// The opal marbles are painted on the CPU, pixel by pixel, at exactly the
// size they are shown, whenever that size changes: so they are sharp at any
// window size and device scale, and a frame only copies textures.
//
// A marble is three layers:
//   - the body: the coloured glass with its milky opal core and swirls. It
//     is the only layer that turns, with the distance rolled;
//   - the gloss: rim shade, the light the glass lets through, the
//     highlight. Light comes from the top left whatever the marble does, so
//     this layer never turns;
//   - the shadow, under the marble, towards the bottom right.

// opal is the palette of one marble colour, straight (not premultiplied).
type opal struct {
	deep, base, milk [3]float64
	tint             [3][3]float64 // play of colour: three faint hues
}

var opals = [4]opal{
	logic.Orange: {deep: [3]float64{0.62, 0.20, 0.02}, base: [3]float64{0.96, 0.46, 0.08}, milk: [3]float64{1.00, 0.83, 0.60},
		tint: [3][3]float64{{1, 0.95, 0.5}, {1, 0.6, 0.6}, {1, 1, 0.8}}},
	logic.Green: {deep: [3]float64{0.05, 0.33, 0.12}, base: [3]float64{0.20, 0.68, 0.30}, milk: [3]float64{0.78, 0.95, 0.74},
		tint: [3][3]float64{{0.7, 1, 0.9}, {0.9, 1, 0.6}, {0.6, 0.9, 1}}},
	logic.Blue: {deep: [3]float64{0.04, 0.15, 0.45}, base: [3]float64{0.16, 0.42, 0.86}, milk: [3]float64{0.75, 0.86, 1.00},
		tint: [3][3]float64{{0.7, 0.8, 1}, {0.6, 1, 1}, {0.85, 0.7, 1}}},
	logic.White: {deep: [3]float64{0.70, 0.70, 0.72}, base: [3]float64{0.90, 0.90, 0.89}, milk: [3]float64{1.00, 1.00, 0.99},
		tint: [3][3]float64{{1, 0.8, 0.85}, {0.75, 0.95, 1}, {1, 0.95, 0.7}}},
}

// spritePad is the transparent border around every sprite, so that linear
// filtering of a turning marble never clips its edge.
const spritePad = 2

// spriteSide is the side of the square sprite of a marble of diameter d.
func spriteSide(d int) int { return d + 2*spritePad }

func smoothstep(a, b, x float64) float64 {
	t := max(0, min(1, (x-a)/(b-a)))
	return t * t * (3 - 2*t)
}

func mix3(a, b [3]float64, t float64) [3]float64 {
	return [3]float64{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// disc calls f for every pixel of a d-pixel marble's sprite that the disc
// covers, with the pixel's position on the unit disc and its coverage
// (antialiased at the rim).
func disc(img *image.RGBA, d int, f func(x, y, z, cover float64) color.RGBA) {
	side := spriteSide(d)
	r := float64(d) / 2
	c := float64(side) / 2
	for py := 0; py < side; py++ {
		for px := 0; px < side; px++ {
			dx, dy := float64(px)+0.5-c, float64(py)+0.5-c
			dist := math.Hypot(dx, dy)
			cover := max(0, min(1, r-dist+0.5))
			if cover == 0 {
				continue
			}
			x, y := dx/r, dy/r
			z := math.Sqrt(max(0, 1-x*x-y*y))
			img.SetRGBA(px, py, f(x, y, z, cover))
		}
	}
}

func premul(rgb [3]float64, a float64) color.RGBA {
	q := func(v float64) uint8 { return uint8(max(0, min(255, math.Round(v*a*255)))) }
	return color.RGBA{q(rgb[0]), q(rgb[1]), q(rgb[2]), uint8(math.Round(a * 255))}
}

// PaintMarbleBody paints the turning layer of a marble of colour c and
// diameter d pixels: glass darker and deeper at the rim, a milky core, and
// opal swirls with a faint play of colour. The swirls are a smooth field on
// the sphere, so they look the same at every size.
func PaintMarbleBody(c logic.Color, d int) *image.RGBA {
	side := spriteSide(d)
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	o := opals[c&3]
	disc(img, d, func(x, y, z, cover float64) color.RGBA {
		// Swirls: a warped sum of waves over the sphere's surface.
		w1 := math.Sin(4.1*x + 2.2*math.Sin(3.3*y+1.1) + 1.6*z)
		w2 := math.Sin(3.6*y - 2.7*x*z + 2.1*math.Sin(2.9*x-0.4))
		w3 := math.Sin(6.3*(x*0.6+y*0.8) + 1.9*math.Sin(4.7*x*y+0.3))
		swirl := smoothstep(0.15, 0.95, 0.5+0.32*w1+0.24*w2+0.16*w3)
		core := smoothstep(0.1, 1, z) // deeper glass towards the centre
		milk := 0.55*swirl + 0.30*core*core
		col := mix3(o.base, o.milk, milk)
		// Glass grows darker and richer towards the rim.
		col = mix3(o.deep, col, 0.35+0.65*math.Pow(z, 0.6))
		// Play of colour: faint hues where the swirls are thin.
		for k, t := range o.tint {
			p := math.Sin(7.3*x*float64(k+1) + 5.1*y - 3.7*z*float64(2-k) + float64(k)*2.1)
			a := 0.16 * smoothstep(0.55, 1, p) * swirl
			col = mix3(col, t, a)
		}
		return premul(col, cover)
	})
	return img
}

// PaintMarbleGloss paints the layer that does not turn: the rim shade
// facing away from the light, the light let through the glass on the far
// side, and the highlight of the top-left light with its soft halo.
func PaintMarbleGloss(d int) *image.RGBA {
	side := spriteSide(d)
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	g := func(x, y, cx, cy, s float64) float64 {
		return math.Exp(-((x-cx)*(x-cx) + (y-cy)*(y-cy)) / (2 * s * s))
	}
	disc(img, d, func(x, y, z, cover float64) color.RGBA {
		r := math.Hypot(x, y)
		away := 0.5 + 0.5*(x*0.6+y*0.8)/max(r, 1e-9) // 1 facing away from the light
		dark := 0.55*smoothstep(0.55, 1.0, r)*(0.35+0.65*away) + 0.12*smoothstep(0.85, 1, r)
		light := 0.95*g(x, y, -0.36, -0.42, 0.11) + 0.28*g(x, y, -0.3, -0.35, 0.3) +
			0.22*g(x, y, 0.34, 0.42, 0.26) // the light let through
		// A thin bright rim on the lit side: the glass edge catching light.
		light += 0.18 * smoothstep(0.88, 0.98, r) * (1 - away)
		light = min(0.97, light)
		a := light + dark*(1-light)
		v := uint8(math.Round(light * cover * 255))
		return color.RGBA{v, v, v, uint8(math.Round(a * cover * 255))}
	})
	return img
}

// PaintShadow paints a soft round shadow for a marble of diameter d, on a
// sprite of side spriteSide(d)*3/2 so that the blur has room.
func PaintShadow(d int) *image.RGBA {
	side := spriteSide(d) * 3 / 2
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	c := float64(side) / 2
	r := float64(d) / 2
	for py := 0; py < side; py++ {
		for px := 0; px < side; px++ {
			dist := math.Hypot(float64(px)+0.5-c, float64(py)+0.5-c) / r
			a := 0.5 * (1 - smoothstep(0.55, 1.35, dist))
			img.SetRGBA(px, py, color.RGBA{A: uint8(math.Round(a * 255))})
		}
	}
	return img
}

// PaintRing paints a white ring of outer diameter d and the given stroke
// width, antialiased, for highlights tinted at draw time.
func PaintRing(d int, width float64) *image.RGBA {
	side := d + 2*spritePad
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	c := float64(side) / 2
	ro := float64(d) / 2
	ri := ro - width
	for py := 0; py < side; py++ {
		for px := 0; px < side; px++ {
			dist := math.Hypot(float64(px)+0.5-c, float64(py)+0.5-c)
			a := max(0, min(1, ro-dist+0.5)) * max(0, min(1, dist-ri+0.5))
			v := uint8(math.Round(a * 255))
			img.SetRGBA(px, py, color.RGBA{v, v, v, v})
		}
	}
	return img
}

// PaintGlow paints a soft white disc of diameter d fading to nothing at its
// edge, for halos tinted at draw time.
func PaintGlow(d int) *image.RGBA {
	side := d + 2*spritePad
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	c := float64(side) / 2
	r := float64(d) / 2
	for py := 0; py < side; py++ {
		for px := 0; px < side; px++ {
			t := math.Hypot(float64(px)+0.5-c, float64(py)+0.5-c) / r
			a := 1 - smoothstep(0.2, 1, t)
			v := uint8(math.Round(a * 255))
			img.SetRGBA(px, py, color.RGBA{v, v, v, v})
		}
	}
	return img
}

// PaintDisc paints a solid white antialiased disc of diameter d.
func PaintDisc(d int) *image.RGBA {
	return PaintRing(d, float64(d))
}
