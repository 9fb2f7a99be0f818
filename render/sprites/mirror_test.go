package sprites

import (
	"shiftago/render"
	"shiftago/render/sprites/marbletest"
)

// shadeMarble is the shader's CPU mirror (marbletest.Shade) in this
// package's terms: the marble turned by q, lit by the light lc.
func shadeMarble(o render.Opal, seed float32, q Turn, lc lightCode, x, y, lift, px float64, under bool) [4]float64 {
	return marbletest.Shade(o, seed, marbletest.Turn(q), lc.light(), x, y, lift, px, under)
}

// light is the direction the code stands for, as the shader decodes it.
func (c lightCode) light() marbletest.Light {
	return marbletest.Light{X: float64(c.x)/lightHalf - 1, Y: float64(c.y)/lightHalf - 1}
}
