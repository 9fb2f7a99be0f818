package render

import (
	"image"
	"math"
)

// The small sprites painted on the CPU at the size they are shown:
// rings, glows and discs, for render/sprites to upload and tint. (The
// opal marbles themselves are shaded on the GPU there; their CPU mirror,
// the shader's reference in tests, is render/sprites/marbletest.)

// SpritePad is the transparent border around every sprite, so that
// linear filtering of a turning marble never clips its edge.
const SpritePad = 2

// SpriteSide is the side of the square sprite of a marble of diameter d.
func SpriteSide(d int) int { return d + 2*SpritePad }

// Smoothstep is GLSL's smoothstep: 0 below a, 1 above b, and a cubic
// easing between.
func Smoothstep(a, b, x float64) float64 {
	t := max(0, min(1, (x-a)/(b-a)))
	return t * t * (3 - 2*t)
}

// PaintRing paints a white ring of outer diameter d and the given stroke
// width, antialiased, for highlights tinted at draw time.
func PaintRing(d int, width float64) *image.RGBA {
	ro := float64(d) / 2
	ri := ro - width
	return paintRadial(d+2*SpritePad, func(dist float64) uint8 {
		a := max(0, min(1, ro-dist+0.5)) * max(0, min(1, dist-ri+0.5))
		return uint8(math.Round(a * 255))
	})
}

// PaintGlow paints a soft white disc of diameter d fading to nothing at its
// edge, for halos tinted at draw time.
func PaintGlow(d int) *image.RGBA {
	r := float64(d) / 2
	return paintRadial(d+2*SpritePad, func(dist float64) uint8 {
		a := 1 - Smoothstep(0.2, 1, dist/r)
		return uint8(math.Round(a * 255))
	})
}

// paintRadial paints a white square sprite of side pixels in which every
// pixel's value (grey and alpha alike) depends only on how far its centre
// lies from the sprite's: worked out for one eighth of the square and
// mirrored to the rest. The pixels are those of working out each (a
// pixel's offsets from the centre are halves, exact in floating point,
// and mirror exactly; math.Hypot is symmetric), at an eighth of the cost:
// a turned tablet paints its sprites in the resize event's task, where
// the glow alone (420 px a side at three times a tablet's pixels) took
// about 25 ms of WebAssembly (issue 29; TestRadialSpritesMirror).
func paintRadial(side int, value func(dist float64) uint8) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	c := float64(side) / 2
	set := func(x, y int, v uint8) {
		o := y*img.Stride + 4*x
		img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = v, v, v, v
	}
	h := (side + 1) / 2
	for py := range h {
		for px := py; px < h; px++ {
			v := value(math.Hypot(float64(px)+0.5-c, float64(py)+0.5-c))
			qx, qy := side-1-px, side-1-py
			set(px, py, v)
			set(py, px, v)
			set(qx, py, v)
			set(qy, px, v)
			set(px, qy, v)
			set(py, qx, v)
			set(qx, qy, v)
			set(qy, qx, v)
		}
	}
	return img
}

// PaintDisc paints a solid white antialiased disc of diameter d.
func PaintDisc(d int) *image.RGBA {
	return PaintRing(d, float64(d))
}
