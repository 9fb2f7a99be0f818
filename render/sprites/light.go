package sprites

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// One light hangs over the table: up and to the left of the screen's
// middle by about a half and two thirds of the screen's shorter side, as
// high as that side, so that every marble is lit from the top left, the
// more steeply the nearer it lies to the light. Each marble is lit from where it lies under it: its window
// reflection and glint sit towards the light, its shadow and the caustic
// the glass focuses fall away from it, so no two marbles of a board show
// the same highlights (issue 50). The direction travels to the shader
// quantised (lightCode), so a resting marble bakes once per place.

// lightSteps is how many steps the light's direction has per axis; its
// components run from -1 to 1 in steps of 1/lightHalf.
const (
	lightHalf  = 32
	lightSteps = 2*lightHalf + 1
)

// maxTilt bounds the light's slant at a marble (the length of its
// direction's part across the board): a marble far from the light keeps
// its shadow and caustic within the quad the shader draws (restReach).
const maxTilt = 0.72

// lightCode is the quantised direction towards the light (x right, y
// down, across the board), each in 0 .. lightSteps-1.
type lightCode struct{ x, y uint8 }

// defaultLight is the light as seen from the middle of the screen: what
// a marble drawn without a screen around it (a test's, a painted
// picture's) is lit by.
var defaultLight = lightFor(-0.55, -0.7, 1)

// lightFor quantises the direction (dx, dy, h) towards the light.
func lightFor(dx, dy, h float64) lightCode {
	n := math.Sqrt(dx*dx + dy*dy + h*h)
	if n == 0 {
		return lightCode{lightHalf, lightHalf}
	}
	x, y := dx/n, dy/n
	if t := math.Hypot(x, y); t > maxTilt {
		x, y = x*maxTilt/t, y*maxTilt/t
	}
	q := func(v float64) uint8 { return uint8(math.Round((v + 1) * lightHalf)) }
	return lightCode{q(x), q(y)}
}

// lightAt is the light seen from (x, y) on a picture whose bounds are b
// (the screen, or the part of it a screen draws on).
func lightAt(b image.Rectangle, x, y float64) lightCode {
	w, h := float64(b.Dx()), float64(b.Dy())
	m := math.Min(w, h)
	if m <= 0 {
		return defaultLight
	}
	lx := float64(b.Min.X) + w/2 - 0.55*m
	ly := float64(b.Min.Y) + h/2 - 0.7*m
	return lightFor(lx-x, ly-y, m)
}

// pack is the vertex's ColorR: the colour in the lowest two bits, the
// light's code above (exact in a float32).
func (c lightCode) pack(col uint8) float32 {
	return float32(int(col&3) + 4*(int(c.x)+lightSteps*int(c.y)))
}

// SetStage makes the light hang over a screen w × h from now on, whatever
// part of it a marble is drawn into (a frame drawn in part draws into a
// piece of the screen, whose bounds are not the screen's). Without a
// stage, the light hangs over the picture drawn into.
func (s *Sprites) SetStage(w, h float64) {
	s.stage = image.Rect(0, 0, int(math.Round(w)), int(math.Round(h)))
}

// lightOver is the light seen from (x, y) on dst.
func (s *Sprites) lightOver(dst *ebiten.Image, x, y float64) lightCode {
	if !s.stage.Empty() {
		return lightAt(s.stage, x, y)
	}
	return lightAt(dst.Bounds(), x, y)
}
