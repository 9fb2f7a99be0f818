package sprites

import (
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/drawtest"
	"shiftago/render/layout"
)

// crowded is a busy board for looking at and for the frame benchmark:
// every square taken but a few, all four colours mixed.
func crowded() (cells [49]logic.Color) {
	for i := range cells {
		cells[i] = logic.Color((i*7 + i/7*3 + i*i/5) % 4)
	}
	for _, i := range []int{3, 17, 25, 40} {
		cells[i] = logic.NoColor
	}
	return cells
}

// lookScene draws the board of g, the crowded position on it, a marble
// waiting at four entry points (one held up) and one rolling into the
// field along a track, as the screens would.
func lookScene(dst *ebiten.Image, g *layout.Geometry, sp *Sprites, bc *render.BoardCache) {
	if sp == nil {
		return
	}
	bc.Draw(dst, g, sp.Theme().Wood)
	if sp.Diameter() == 0 {
		sp.Ensure(int(2 * g.MarbleRadius))
	}
	cells := crowded()
	n := 0
	for s := logic.Square(0); s < 56; s++ {
		if !s.Valid() {
			continue
		}
		c := cells[n]
		n++
		if c == logic.NoColor {
			continue
		}
		p := g.ToPixel(layout.CellPos(s))
		sp.MarbleSeeded(dst, c, p.X, p.Y, 0, 0, 1, uint32(n))
	}
	for i, e := range []logic.Entry{1, 9, 16, 23} {
		p := g.ToPixel(layout.EntryPos(e))
		sp.MarbleSeeded(dst, logic.Color(i), p.X, p.Y, 0, float64(i%2)*0.6, 1, uint32(100+i))
	}
	// A marble halfway between an entry point and its edge cell: rolling.
	p := g.ToPixel(layout.TrackPoint(4, -0.7))
	sp.MarbleTurned(dst, logic.Blue, p.X, p.Y, SeedTurn(7).Rolled(0, 1, 1.1), 0, 1, 7)
}

func writePNG(t *testing.T, path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestLook renders the board with a crowded position at 1× (the test
// window) and at 3× (a high-DPI tablet), in each theme (the walnut and
// the classic board, with and without the colour-blind-safe marks), into
// SHIFTAGO_LOOK (a folder) for a person to look at.
func TestLook(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_LOOK")
	if dir == "" {
		t.Skip("set SHIFTAGO_LOOK to a folder to render the look into")
	}
	l := drawtest.Need(t)
	for _, sc := range []struct {
		name  string
		scale float64
		theme render.Theme
		crop  image.Rectangle // in units of the scale; empty: all
	}{
		{"board-1x", 1, render.Walnut, image.Rectangle{}},
		{"board-1x-marks", 1, render.ThemeOf(render.BoardWalnut, true), image.Rectangle{}},
		{"classic-1x", 1, render.Classic, image.Rectangle{}},
		{"classic-1x-marks", 1, render.ThemeOf(render.BoardClassic, true), image.Rectangle{}},
		{"corner-3x", 3, render.Walnut, image.Rect(0, 0, 330, 260)},
		{"classic-corner-3x", 3, render.Classic, image.Rect(0, 0, 330, 260)},
		{"middle-3x", 3, render.Walnut, image.Rect(300, 200, 560, 420)},
		{"middle-3x-marks", 3, render.ThemeOf(render.BoardWalnut, true), image.Rect(300, 200, 560, 420)},
		{"classic-middle-3x", 3, render.Classic, image.Rect(300, 200, 560, 420)},
		{"tray-3x", 3, render.Walnut, image.Rect(575, 30, 950, 140)},
		{"classic-tray-3x-marks", 3, render.ThemeOf(render.BoardClassic, true), image.Rect(575, 30, 950, 140)},
		{"lifted-3x", 3, render.Walnut, image.Rect(440, 280, 600, 400)},
		{"roll-3x", 3, render.Walnut, image.Rect(0, 0, 0, 0)},
		{"roll-across-3x", 3, render.Walnut, image.Rect(0, 0, 0, 0)},
	} {
		if sc.name == "roll-3x" {
			writePNG(t, filepath.Join(dir, sc.name+".png"), rollStrip(l, sc.scale))
			continue
		}
		if sc.name == "roll-across-3x" {
			writePNG(t, filepath.Join(dir, sc.name+".png"), rollAcross(l, sc.scale, 6))
			continue
		}
		w, h := int(drawtest.W*sc.scale), int(drawtest.H*sc.scale)
		g := layout.New(layout.Config{W: float64(w), H: float64(h), Scale: sc.scale, Players: 4})
		var out *image.RGBA
		l.Frame(func(*ebiten.Image) {
			img := ebiten.NewImage(w, h)
			defer img.Deallocate()
			img.Fill(render.Bg)
			sp := &Sprites{}
			sp.SetTheme(sc.theme)
			var bc render.BoardCache
			lookScene(img, &g, sp, &bc)
			// The seats' cards, each with a supply of some marbles.
			for i := range 4 {
				var sc render.SeatCardCache
				sc.Draw(img, &g, i, sp.Theme())
				k := 2 * g.TrayRadius(i) / float64(sp.Diameter())
				for j := range 5 + 5*i {
					q := g.TraySlot(i, j)
					sp.MarbleScaledSeeded(img, logic.Color(i), q.X, q.Y, k, uint32(200+j))
				}
			}
			out = image.NewRGBA(image.Rect(0, 0, w, h))
			img.ReadPixels(out.Pix)
		})
		var shot image.Image = out
		if !sc.crop.Empty() {
			f := g.Frame
			r := image.Rect(int(f.X), int(f.Y), int(f.X), int(f.Y)).
				Add(image.Pt(int(float64(sc.crop.Min.X)*sc.scale), int(float64(sc.crop.Min.Y)*sc.scale)))
			r.Max = r.Min.Add(image.Pt(int(float64(sc.crop.Dx())*sc.scale), int(float64(sc.crop.Dy())*sc.scale)))
			shot = out.SubImage(r.Intersect(out.Bounds()))
		}
		writePNG(t, filepath.Join(dir, sc.name+".png"), shot)
	}
}

// drawBench runs the benchmark loop inside one frame of the game loop:
// each round draws the board and its marbles (the crowded position, four
// waiting, one rolling) into an offscreen screen and reads one pixel
// back, which waits for the GPU (software GL here) to finish the round.
// So the figure is the CPU and GPU cost of drawing, without the frame
// pacing of a busy machine.
func drawBench(b *testing.B, sp *Sprites) {
	l := drawtest.Need(b)
	g := layout.New(layout.Config{W: drawtest.W, H: drawtest.H, Players: 4})
	var bc render.BoardCache
	var px [4]byte
	l.Frame(func(*ebiten.Image) {
		off := ebiten.NewImage(drawtest.W, drawtest.H)
		defer off.Deallocate()
		one := off.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
		// Two rounds first: the board painted, the resting marbles baked.
		for range 2 {
			lookScene(off, &g, sp, &bc)
			one.ReadPixels(px[:])
		}
		b.ReportAllocs()
		for b.Loop() {
			off.Fill(render.Bg)
			lookScene(off, &g, sp, &bc)
			one.ReadPixels(px[:])
		}
	})
}

// rollStrip is eight frames of a blue marble rolling one cell to the
// right at scale, left to right, each on the board's wood: the interior
// turns forward about the axis across the travel, the highlight stays.
func rollStrip(l *drawtest.Loop, scale float64) *image.RGBA {
	g := layout.New(layout.Config{W: drawtest.W * scale, H: drawtest.H * scale, Scale: scale, Players: 4})
	rad := g.MarbleRadius
	cw := int(2.6 * rad)
	w, h := 8*cw, cw
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	l.Frame(func(*ebiten.Image) {
		img := ebiten.NewImage(w, h)
		defer img.Deallocate()
		img.Fill(render.Walnut.Wood.Field)
		sp := &Sprites{}
		sp.Ensure(int(2 * rad))
		for i := range 8 {
			dist := float64(i) / 7 * g.Cell // pixels rolled
			sp.MarbleTurned(img, logic.Blue, float64(i*cw)+float64(cw)/2, float64(h)/2, SeedTurn(9).Rolled(1, 0, dist/rad), 0.001, 1, 9)
		}
		img.ReadPixels(out.Pix)
	})
	return out
}

// rollAcross is n frames of a blue marble rolling along the board's
// middle row at scale, from its first cell to its last, each frame a
// crop of the board round the marble, left to right: its window and glint
// slide as its place under the one light changes, the caustic turns
// with it, and nothing jumps from one frame to the next.
func rollAcross(l *drawtest.Loop, scale float64, n int) *image.RGBA {
	w, h := int(drawtest.W*scale), int(drawtest.H*scale)
	g := layout.New(layout.Config{W: float64(w), H: float64(h), Scale: scale, Players: 4})
	rad := g.MarbleRadius
	cw := int(3.2 * rad)
	out := image.NewRGBA(image.Rect(0, 0, n*cw, cw))
	a, b := g.ToPixel(layout.CellPos(logic.Sq(0, 3))), g.ToPixel(layout.CellPos(logic.Sq(6, 3)))
	l.Frame(func(*ebiten.Image) {
		img := ebiten.NewImage(w, h)
		defer img.Deallocate()
		sp := &Sprites{}
		sp.Ensure(int(2 * rad))
		var bc render.BoardCache
		frame := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := range n {
			f := float64(i) / float64(n-1)
			x, y := a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f
			img.Fill(render.Bg)
			bc.Draw(img, &g, sp.Theme().Wood)
			sp.MarbleTurned(img, logic.Blue, x, y, SeedTurn(9).Rolled(1, 0, (x-a.X)/rad), 0, 1, 9)
			img.ReadPixels(frame.Pix)
			src := image.Rect(int(x)-cw/2, int(y)-cw/2, int(x)-cw/2+cw, int(y)-cw/2+cw)
			draw.Draw(out, image.Rect(i*cw, 0, (i+1)*cw, cw), frame, src.Min, draw.Src)
		}
	})
	return out
}

// BenchmarkDrawEmpty is drawBench's floor: the fill and the read back.
func BenchmarkDrawEmpty(b *testing.B) {
	drawBench(b, nil)
}

// BenchmarkDrawBoard49 draws the board and 49 marbles as a frame does,
// the resting marbles from their textures.
func BenchmarkDrawBoard49(b *testing.B) {
	drawBench(b, &Sprites{})
}

// BenchmarkDrawBoard49Live is BenchmarkDrawBoard49 with every marble
// shaded every frame, none baked: what a frame costs were all of them
// rolling, and the measure for choosing to bake.
func BenchmarkDrawBoard49Live(b *testing.B) {
	drawBench(b, &Sprites{live: true})
}

// BenchmarkSpritesResize is a change of marble size (by a pixel, the
// board's cells about 60 pixels): the sprites repainted, then two rounds
// of drawBench's drawing, the first seeing the marbles afresh and the
// second baking those at rest, so that all the work a new size causes is
// counted.
func BenchmarkSpritesResize(b *testing.B) {
	l := drawtest.Need(b)
	g := layout.New(layout.Config{W: drawtest.W, H: drawtest.H, Players: 4})
	d := int(2 * g.MarbleRadius)
	sp := &Sprites{}
	var bc render.BoardCache
	var px [4]byte
	l.Frame(func(*ebiten.Image) {
		off := ebiten.NewImage(drawtest.W, drawtest.H)
		defer off.Deallocate()
		one := off.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
		lookScene(off, &g, sp, &bc)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			i++
			sp.Ensure(d + i%2)
			for range 2 {
				off.Fill(render.Bg)
				lookScene(off, &g, sp, &bc)
				one.ReadPixels(px[:])
			}
		}
	})
}

// BenchmarkPaintMarbleSet paints, on the CPU, what Sprites.Ensure paints
// for a new marble size (d = 48), before it uploads it.
func BenchmarkPaintMarbleSet(b *testing.B) {
	const d = 48
	b.ReportAllocs()
	for b.Loop() {
		for c := logic.Orange; c <= logic.White; c++ {
			render.PaintSymbol(c, d)
		}
		render.PaintRing(d+d/4, max(2, float64(d)/11))
		render.PaintGlow(2 * d)
		render.PaintDisc(d)
	}
}
