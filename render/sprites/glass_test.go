package sprites

import (
	"image"
	"math"
	"testing"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/sprites/marbletest"
)

// glassShade is the shading the glass test judges: the premultiplied
// colour at (x, y) marble radii from the centre of a resting marble of
// opal o lit by l, with its shadow and caustic if under. It is a
// parameter so that the test can be held against an older painting.
type glassShade func(o render.Opal, l marbletest.Light, x, y float64, under bool) [4]float64

// mirrorShade is the shader's CPU mirror (TestShaderMatchesMirror holds
// the GPU to it), seed 0, unturned.
func mirrorShade(o render.Opal, l marbletest.Light, x, y float64, under bool) [4]float64 {
	return marbletest.Shade(o, 0, marbletest.Turn{W: 1}, l, x, y, 0, 1.0/glassGrid, under)
}

// blackGlass is a marble with no colour of its own: what shows on it
// is the reflections.
var blackGlass = render.Opal{}

// glintWhite is how white a glint is: burnt out.
const glintWhite = 0.99

// glassGrid is how many samples a marble's radius has: about a phone's
// marble (a diameter of 109 device pixels at DPR 3).
const glassGrid = 50

// TestGlassLitByOneLight: each marble shows what one light over the
// table makes of glass (issue 50: "a broad soft window reflection and a
// small sharp glint whose place shifts with the marble's position, and
// a caustic glow on the cup opposite the light"; every marble had two
// round highlights side by side, a pair of eyes, in the same place).
func TestGlassLitByOneLight(t *testing.T) { checkGlass(t, mirrorShade) }

// glassLooks is what checkGlass finds on one marble: its glints (blobs
// of near-white), the first one's centre, and how wide and how large the
// window (the whitened glass joined to the glint) is, in radii and in
// samples.
type glassLooks struct {
	glints         int
	gx, gy         float64
	winW, glintPix int
	winPix         int
}

// look samples the marble of opal o lit by l on a grid of glassGrid
// samples a radius. A glint is a blob of samples burnt out to white
// (every channel above glintWhite: a soft reflection never is); the
// window is the samples joined to the first glint whose every channel is
// above window (on black glass, what the reflections whiten).
func look(shade glassShade, o render.Opal, l marbletest.Light, window float64) glassLooks {
	const n = 2*glassGrid + 1
	var whiteness [n][n]float64
	for j := range n {
		for i := range n {
			x, y := float64(i-glassGrid)/glassGrid, float64(j-glassGrid)/glassGrid
			if math.Hypot(x, y) > 0.97 {
				whiteness[j][i] = -1
				continue
			}
			v := shade(o, l, x, y, false)
			whiteness[j][i] = min(v[0], v[1], v[2])
		}
	}
	var seen [n][n]bool
	fill := func(i0, j0 int, above float64) (pix, x0, x1 int, sx, sy float64) {
		x0, x1 = i0, i0
		stack := []image.Point{{i0, j0}}
		seen[j0][i0] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			pix++
			sx, sy = sx+float64(p.X), sy+float64(p.Y)
			x0, x1 = min(x0, p.X), max(x1, p.X)
			for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				q := p.Add(d)
				if q.X >= 0 && q.Y >= 0 && q.X < n && q.Y < n && !seen[q.Y][q.X] && whiteness[q.Y][q.X] > above {
					seen[q.Y][q.X] = true
					stack = append(stack, q)
				}
			}
		}
		return pix, x0, x1, sx / float64(pix), sy / float64(pix)
	}
	var lk glassLooks
	gi, gj := -1, -1
	for j := range n {
		for i := range n {
			if whiteness[j][i] > glintWhite && !seen[j][i] {
				pix, _, _, sx, sy := fill(i, j, glintWhite)
				if lk.glints == 0 {
					gi, gj, lk.glintPix = i, j, pix
					lk.gx, lk.gy = (sx-glassGrid)/glassGrid, (sy-glassGrid)/glassGrid
				}
				lk.glints++
			}
		}
	}
	if gi >= 0 {
		seen = [n][n]bool{}
		pix, x0, x1, _, _ := fill(gi, gj, window)
		lk.winPix, lk.winW = pix, x1-x0+1
	}
	return lk
}

// checkGlass holds shade to issue 50's glass: on marbles at three places
// along one line away from the light, each colour shows exactly one
// glint, inside a broad window much larger than it; the glint lies
// towards the light and further from the middle the further the marble
// lies from the light; beyond the rim, the cup opposite the light glows
// brighter than the bare board, and on the light's side it is in shade.
func checkGlass(t *testing.T, shade glassShade) {
	t.Helper()
	screen := image.Rect(0, 0, 1000, 800)
	// The light hangs over (60, -160) of this screen (lightAt); three
	// marbles along a line from its foot, near, middle and far.
	foot := [2]float64{1000/2 - 0.55*800, 800/2 - 0.7*800}
	dir := [2]float64{0.64, 0.77}
	var offs []float64
	for _, dist := range []float64{200, 500, 800} {
		lc := lightAt(screen, foot[0]+dir[0]*dist, foot[1]+dir[1]*dist)
		l := lc.light()
		// (White's body burns out to white of itself: its glint is
		// judged with the others' reflections on black glass.)
		for _, c := range []logic.Color{logic.Orange, logic.Green, logic.Blue} {
			lk := look(shade, render.Walnut.Marbles[c], l, 1)
			t.Logf("%s %.0f from the light: %d glints, the first at (%.2f, %.2f)", c, dist, lk.glints, lk.gx, lk.gy)
			if lk.glints != 1 {
				t.Errorf("%s %.0f from the light: %d glints, want one", c, dist, lk.glints)
				continue
			}
			if along := -(lk.gx*dir[0] + lk.gy*dir[1]); along <= 0.02 {
				t.Errorf("%s %.0f from the light: the glint at (%.2f, %.2f) is not towards the light", c, dist, lk.gx, lk.gy)
			}
			if c == logic.Blue {
				offs = append(offs, math.Hypot(lk.gx, lk.gy))
			}
		}
		// The reflections alone, on black glass: the window round the
		// glint is broad, at least 0.6 radii across and many times the
		// glint.
		lk := look(shade, blackGlass, l, 0.1)
		t.Logf("black glass %.0f from the light: %d glints of %d samples, in a window %.2f radii wide of %d", dist, lk.glints, lk.glintPix, float64(lk.winW)/glassGrid, lk.winPix)
		if lk.glints != 1 || lk.winW < 3*glassGrid/5 || lk.winPix < 8*lk.glintPix {
			t.Errorf("black glass %.0f from the light: %d glints, the window round the first %.2f radii wide, %d samples to the glint's %d; want one glint in a broad window (over 0.6 radii, 8 times the glint)",
				dist, lk.glints, float64(lk.winW)/glassGrid, lk.winPix, lk.glintPix)
		}
		// The cup just beyond the rim, over a board of grey 0.45: away
		// from the light the caustic outshines the shadow it falls in,
		// towards the light the cup is in shade.
		for _, c := range []logic.Color{logic.Orange, logic.Green, logic.Blue, logic.White} {
			over := func(s float64) float64 {
				v := shade(render.Walnut.Marbles[c], l, s*dir[0]*1.08, s*dir[1]*1.08, true)
				return max(v[0], v[1], v[2]) + 0.45*(1-v[3])
			}
			if far, near := over(1), over(-1); dist > 400 && (far <= 0.47 || near >= 0.45) {
				t.Errorf("%s %.0f from the light: the cup beyond the rim is %.3f opposite the light, %.3f on its side (the board 0.45): want a caustic glow opposite, shade on the light's side", c, dist, far, near)
			}
		}
	}
	if len(offs) == 3 && !(offs[0]+0.05 < offs[1] && offs[1]+0.05 < offs[2]) {
		t.Errorf("the glint lies %.2f, %.2f and %.2f radii from the middle of marbles near, midway and far from the light: want it to move out towards the light, the further the marble", offs[0], offs[1], offs[2])
	}
}
