package render

import (
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"shiftago/logic"
	"shiftago/logic/race"
	"shiftago/render/layout"
)

// dark reports whether c is an opaque, darker wood: inside a hollow.
func dark(c color.RGBA) bool {
	return c.A == 0xff && int(c.R)+int(c.G)+int(c.B) < 3*0x70
}

// wood reports whether c is an opaque, brownish mid-tone.
func wood(c color.RGBA) bool {
	return c.A == 0xff && c.R > c.G && c.G > c.B && c.R > 0x70
}

func TestPaintTable(t *testing.T) {
	race.SkipSlow(t)
	for _, c := range []int{12, 64, 180} {
		img := paintTable(c, Walnut.Wood, nil, whole)
		band := float64(int(layout.BandCells*float64(c) + 0.5))
		o := float64(boardPad(c)) + band
		at := func(b layout.Point) color.RGBA {
			return img.RGBAAt(int(o+b.X*float64(c)), int(o+b.Y*float64(c)))
		}
		for s := logic.Square(0); s < 56; s++ {
			if s.Valid() {
				if col := at(layout.CellPos(s)); !dark(col) {
					t.Errorf("cell %d: hollow %s is %v, want darker wood", c, s, col)
				}
			}
		}
		for e := logic.Entry(0); e < logic.NumEntries; e++ {
			if col := at(layout.EntryPos(e)); !dark(col) {
				t.Errorf("cell %d: entry %s is %v, want a hollow", c, e, col)
			}
		}
		// The dimples are concave, lit from the top left: the wall under
		// the rim towards the light lies in shadow, the far wall faces
		// the light.
		lum := func(c color.RGBA) int { return int(c.R) + int(c.G) + int(c.B) }
		for _, s := range []logic.Square{logic.Sq(0, 6), logic.Sq(3, 3), logic.Sq(6, 0)} {
			p := layout.CellPos(s)
			near := at(layout.Point{X: p.X - 0.25, Y: p.Y - 0.25})
			far := at(layout.Point{X: p.X + 0.25, Y: p.Y + 0.25})
			if lum(near) >= lum(far) {
				t.Errorf("cell %d: dimple %s: wall near the light %v not darker than the far wall %v", c, s, near, far)
			}
		}
		// A groove joins neighbouring dimples: halfway between two cells
		// of a row the wood is carved, a cell's corner is not.
		if c >= 64 {
			mid := at(layout.Point{X: 2, Y: 3.5})
			corner := at(layout.Point{X: 2, Y: 3})
			if lum(mid) >= lum(corner) {
				t.Errorf("cell %d: no groove between cells: %v, corner %v", c, mid, corner)
			}
		}
		// Wood between the hollows and in the frame's corners.
		if col := at(layout.Point{X: 1, Y: 1}); !wood(col) {
			t.Errorf("cell %d: between hollows %v, want wood", c, col)
		}
		if col := at(layout.Point{X: -0.8, Y: -0.8}); !wood(col) {
			t.Errorf("cell %d: frame corner %v, want wood", c, col)
		}
		if col := img.RGBAAt(0, 0); col.A != 0 {
			t.Errorf("cell %d: outside the frame %v, want clear", c, col)
		}
		if dir := os.Getenv("SHIFTAGO_PNG_DIR"); dir != "" {
			f, _ := os.Create(filepath.Join(dir, "board-"+strconv.Itoa(c)+".png"))
			png.Encode(f, img)
			f.Close()
		}
	}
}

func BenchmarkPaintTable(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		paintTable(70, Walnut.Wood, nil, whole)
	}
}

// TestPaintTray checks a tray: opaque, clear outside its rounded corners,
// and its cups carved: a cup's wall near the light darker than its far
// wall.
func TestPaintTray(t *testing.T) {
	cups := []layout.Point{{X: 20, Y: 20}, {X: 50, Y: 20}}
	img := paintTray(80, 40, cups, 12, Walnut.Wood, whole)
	if a := img.RGBAAt(0, 0).A; a != 0 {
		t.Errorf("corner alpha %d, want clear", a)
	}
	if a := img.RGBAAt(40, 38).A; a != 255 {
		t.Errorf("inside alpha %d, want opaque", a)
	}
	lum := func(c color.RGBA) int { return int(c.R) + int(c.G) + int(c.B) }
	near, far := img.RGBAAt(16, 16), img.RGBAAt(24, 24)
	if lum(near) >= lum(far) {
		t.Errorf("cup: wall near the light %v not darker than the far wall %v", near, far)
	}
}

// BenchmarkPaintTable3x paints the board for a high-DPI tablet's cells.
func BenchmarkPaintTable3x(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		paintTable(180, Walnut.Wood, nil, whole)
	}
}

// TestRimPixels: every pixel of the carving near where a groove meets a
// dimple (a cell's, between two cells, and an entry point's) is shaded
// within 0.15 of the mean of a 6×6 grid of sharp samples of it, at 1×
// and 3× (issue 26: stray light and dark pixels along the rims and a row
// of them across the groove where its floor runs into a dimple; they
// were 0.33 off).
func TestRimPixels(t *testing.T) {
	w := Walnut.Wood
	regions := []struct {
		name           string
		u0, v0, u1, v1 float64
	}{
		{"between two cells", 2.3, 2.3, 3.7, 2.7},
		{"between two cells, down", 2.3, 2.3, 2.7, 3.7},
		{"an entry point and its cell", 2.3, -1.2, 2.7, 0.8},
	}
	for _, c := range []int{64, 192} {
		fc := float64(c)
		for _, r := range regions {
			worst, at := 0.0, layout.Point{}
			for py := int(r.v0 * fc); py < int(r.v1*fc); py++ {
				for px := int(r.u0 * fc); px < int(r.u1*fc); px++ {
					u, v := (float64(px)+0.5)/fc, (float64(py)+0.5)/fc
					got, _ := pixelShade(carveAt(u, v, 1, w.CupDepth, 1/fc), u, v, 1, fc, w)
					const n = 6
					want := 0.0
					for i := range n {
						for j := range n {
							du, dv := (float64(i)+0.5)/n-0.5, (float64(j)+0.5)/n-0.5
							s, _ := litShade(carveAt(u+du/fc, v+dv/fc, 1, w.CupDepth, 1e-4/fc), w.Sheen)
							want += s / (n * n)
						}
					}
					if d := math.Abs(got - want); d > worst {
						worst, at = d, layout.Point{X: u, Y: v}
					}
				}
			}
			if worst > 0.15 {
				t.Errorf("cells of %d px, %s: a pixel at %.3f shaded %.2f off", c, r.name, at, worst)
			}
		}
	}
}
