package sprites

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/drawtest"
	"shiftago/render/sprites/marbletest"
)

// TestMarbleSpritesKeepTheirColour checks the painted marbles: opaque in
// the middle, clear in the corners, and each reads as its own colour.
// Set SHIFTAGO_PNG_DIR to also write them out for a look.
func TestMarbleSpritesKeepTheirColour(t *testing.T) {
	for _, d := range []int{12, 40, 96} {
		sheet := image.NewRGBA(image.Rect(0, 0, 4*render.SpriteSide(d), render.SpriteSide(d)))
		for c := logic.Orange; c <= logic.White; c++ {
			body := marbletest.Body(render.Walnut.Marbles[c], defaultLight.light(), d)
			mid := render.SpriteSide(d) / 2
			if a := body.RGBAAt(mid, mid).A; a != 255 {
				t.Errorf("%s d=%d: centre alpha %d, want opaque", c, d, a)
			}
			if a := body.RGBAAt(0, 0).A; a != 0 {
				t.Errorf("%s d=%d: corner alpha %d, want clear", c, d, a)
			}
			// Average colour over the disc.
			var r, g, b, n int
			for y := 0; y < render.SpriteSide(d); y++ {
				for x := 0; x < render.SpriteSide(d); x++ {
					p := body.RGBAAt(x, y)
					if p.A == 255 {
						r, g, b, n = r+int(p.R), g+int(p.G), b+int(p.B), n+1
					}
				}
			}
			r, g, b = r/n, g/n, b/n
			ok := map[logic.Color]bool{
				logic.Orange: r > g && g > b && r > 180,
				logic.Green:  g > r && g > b,
				logic.Blue:   b > r && b > g,
				logic.White:  min(r, g, b) > 190 && max(r, g, b)-min(r, g, b) < 30,
			}[c]
			if !ok {
				t.Errorf("%s d=%d: average colour %d,%d,%d does not read as %s", c, d, r, g, b, c)
			}
			off := image.Pt(int(c)*render.SpriteSide(d), 0)
			draw.Draw(sheet, body.Bounds().Add(off), body, image.Point{}, draw.Over)
		}
		if dir := os.Getenv("SHIFTAGO_PNG_DIR"); dir != "" {
			f, err := os.Create(filepath.Join(dir, "marbles-"+strconv.Itoa(d)+".png"))
			if err != nil {
				t.Fatal(err)
			}
			png.Encode(f, sheet)
			f.Close()
		}
	}
}

// TestShaderMatchesMirror draws marbles with the shader and checks them
// against its CPU mirror (marbletest), which the tests take as the
// colours a marble shows: the two must not drift apart.
func TestShaderMatchesMirror(t *testing.T) {
	l := drawtest.Need(t)
	const d = 64
	r := float64(d) / 2
	side := bakedSide(d)
	m := float64(side) / 2
	lights := []lightCode{defaultLight, lightFor(0, 0, 1), lightFor(-3, -2, 1), lightFor(1, 0.4, 1)}
	for c := logic.Orange; c <= logic.White; c++ {
		for i, seed := range []uint32{0, 5, 1234} {
			lc := lights[(int(c)+i)%len(lights)]
			tu := SeedTurn(seed)
			if seed == 0 {
				tu = Turn{W: 1}
			}
			got := image.NewRGBA(image.Rect(0, 0, side, side))
			l.Frame(func(*ebiten.Image) {
				img := ebiten.NewImage(side, side)
				defer img.Deallocate()
				s := &Sprites{shader: newMarbleShader(render.Walnut.Marbles)}
				s.shade(img, c, m, m, r, tu, lc, 0, 1, seed)
				img.ReadPixels(got.Pix)
			})
			bad, worst := 0, 0
			for py := 0; py < side; py++ {
				for px := 0; px < side; px++ {
					x, y := (float64(px)+0.5-m)/r, (float64(py)+0.5-m)/r
					want := marbletest.RGBA(shadeMarble(render.Walnut.Marbles[c], seedFrac(seed), tu, lc, x, y, 0, 1/r, true))
					g := got.RGBAAt(px, py)
					diff := max(absDiff(g.R, want.R), absDiff(g.G, want.G), absDiff(g.B, want.B), absDiff(g.A, want.A))
					worst = max(worst, diff)
					if diff > 4 {
						bad++
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s seed %d light %v: %d of %d pixels differ by more than 4 (worst %d)", c, seed, lc, bad, side*side, worst)
			}
		}
	}
	centre := func(tu Turn) color.RGBA {
		return marbletest.RGBA(shadeMarble(render.Walnut.Marbles[logic.Blue], 0, tu, defaultLight, 0, 0, 0, 0.01, false))
	}
	if got, want := centre(Turn{W: 1}), centre(TurnAbout(2.4)); got != want {
		t.Errorf("a blue marble's centre is %v, turned %v: turning must not change it", got, want)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestBakeCache checks which marbles are baked: a marble at rest from
// the second time it is drawn, a rolling one (a new turn each frame)
// never, and no more than the texture's slots, the one drawn least
// recently baked over.
func TestBakeCache(t *testing.T) {
	l := drawtest.Need(t)
	l.Frame(func(*ebiten.Image) {
		dst := ebiten.NewImage(200, 200)
		defer dst.Deallocate()
		s := &Sprites{}
		s.Ensure(40)
		s.MarbleSeeded(dst, logic.Blue, 50, 50, 0, 0, 1, 3)
		if len(s.baked) != 0 {
			t.Errorf("baked after one draw: %d", len(s.baked))
		}
		s.MarbleSeeded(dst, logic.Blue, 50, 50, 0, 0, 1, 3)
		if len(s.baked) != 1 {
			t.Errorf("baked after two draws: %d, want 1", len(s.baked))
		}
		for i := range 2000 {
			s.MarbleTurned(dst, logic.Green, 50, 50, SeedTurn(1).Rolled(1, 0, float64(i)*0.01), 0, 1, 1)
		}
		if len(s.baked) != 1 || len(s.seen) > maxSeen {
			t.Errorf("a rolling marble: %d baked (want 1), %d seen", len(s.baked), len(s.seen))
		}
		// A marble drawn every frame (a tray's) stays baked while 250
		// others come to rest and are baked in turn (more than the
		// slots, with some of them forgotten as seen among the rolling
		// marble's turns).
		keep := func() { s.MarbleScaled(dst, logic.White, 50, 50, 0.6) }
		kept := bakeKey{logic.White, 0, Turn{W: 1}, lightAt(dst.Bounds(), 50, 50)}
		keep()
		keep()
		for range 2 {
			for i := range 250 {
				s.MarbleSeeded(dst, logic.Orange, 50, 50, float64(i), 0, 1, 4)
				keep()
				if _, ok := s.baked[kept]; !ok {
					t.Fatalf("the marble drawn every frame was baked over by the %dth other", i)
				}
			}
		}
		if len(s.baked) != len(s.bakeSlot) {
			t.Errorf("%d baked, want the %d slots full", len(s.baked), len(s.bakeSlot))
		}
		for k, slot := range s.baked {
			if s.slotKey[slot] != k || !s.slotHeld[slot] {
				t.Errorf("slot %d holds %v, the map says %v", slot, s.slotKey[slot], k)
			}
		}
	})
}

// TestQuadCutsNothing: the shader's quad for a marble lifted by lift
// (quadReach, smaller at rest than the lifted marble's shadow needs)
// leaves out nothing drawn: between its edge and the largest quad the
// marble, its shadow and its caustic add less than a level of 255.
func TestQuadCutsNothing(t *testing.T) {
	for _, lift := range []float64{0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5} {
		q := quadReach(lift)
		for c := logic.Orange; c <= logic.White; c++ {
			for _, lc := range []lightCode{defaultLight, lightFor(-1, -1, 0.1), lightFor(1, 0, 0.1), lightFor(0, 1, 0.1), lightFor(0, 0, 1)} {
				for i := range 400 {
					// Points on the quad's edge, all the way round, and out to
					// the largest quad's.
					a := float64(i) / 400 * 2 * math.Pi
					for _, k := range []float64{1, 1.1, 1.25} {
						x, y := math.Cos(a), math.Sin(a)
						s := q * k / max(math.Abs(x), math.Abs(y)) // onto the square
						if s*max(math.Abs(x), math.Abs(y)) > shaderReach {
							continue
						}
						v := shadeMarble(render.Walnut.Marbles[c], 0.3, Turn{W: 1}, lc, s*x, s*y, lift, 0.02, true)
						if v[3]*255 >= 1 {
							t.Errorf("lift %.2f, %s, light %v: %.1f levels drawn at (%.2f, %.2f), outside the quad (%.2f radii)", lift, c, lc, v[3]*255, s*x, s*y, q)
						}
					}
				}
			}
		}
	}
}

// TestOneLight: the marbles are lit by one light over the table, so a
// marble's glint lies towards the light from it, in another place on
// each marble by where it lies, and its caustic on the cup opposite
// (issue 50: every marble showed the same two highlights, a pair of
// eyes). The glint is the brightest point of the glass.
func TestOneLight(t *testing.T) {
	screen := image.Rect(0, 0, 1000, 800)
	glint := func(lc lightCode) (gx, gy float64) {
		best := -1.0
		for py := -50; py <= 50; py++ {
			for px := -50; px <= 50; px++ {
				x, y := float64(px)/50, float64(py)/50
				if math.Hypot(x, y) > 0.95 {
					continue
				}
				v := shadeMarble(render.Walnut.Marbles[logic.Blue], 0, Turn{W: 1}, lc, x, y, 0, 0.02, false)
				if l := v[0] + v[1] + v[2]; l > best {
					best, gx, gy = l, x, y
				}
			}
		}
		return gx, gy
	}
	lamp := lightAt(screen, 500-0.55*800, 400-0.7*800)
	far := lightAt(screen, 900, 700)
	left := lightAt(screen, 100, 700)
	gl, _ := glint(lamp)
	fx, fy := glint(far)
	lx, _ := glint(left)
	if math.Abs(gl) > 0.15 {
		t.Errorf("a marble right under the light has its glint at x %.2f, not near its middle", gl)
	}
	if fx > -0.2 || fy > -0.2 {
		t.Errorf("a marble below and right of the light has its glint at (%.2f, %.2f), not up and left", fx, fy)
	}
	if lx < fx+0.1 {
		t.Errorf("glints at x %.2f (left of the light) and %.2f (right of it): not shifted by place", lx, fx)
	}
	// The caustic: on the cup opposite the light, beyond the marble's rim.
	caus := func(lc lightCode, x, y float64) float64 {
		return shadeMarble(render.Walnut.Marbles[logic.White], 0, Turn{W: 1}, lc, x, y, 0, 0.02, true)[0]
	}
	if a, b := caus(far, 0.75, 0.75), caus(far, -0.75, -0.75); a <= b {
		t.Errorf("a marble lit from the top left: the cup glows %.3f at the bottom right, %.3f at the top left", a, b)
	}
}
