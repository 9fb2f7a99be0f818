package sprites

import (
	"image/color"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/drawtest"
)

// BenchmarkSpritesEnsure turns a tablet at three times its CSS size
// (768×1024: marbles of 208 px upright, 198 px on its side) and back:
// Sprites.Ensure for the other size, once a turn, in the frame that
// follows the turn (in the browser, inside the resize event's task);
// "new-size" asks for a size not seen before every time (the first
// turn). ensure-ms is an Ensure's mean time, worst-ms the longest.
func BenchmarkSpritesEnsure(b *testing.B) {
	l := drawtest.Need(b)
	for _, mode := range []struct {
		name string
		size func(i int) int
	}{
		{"turned", func(i int) int { return [2]int{208, 198}[i%2] }},
		{"new-size", func(i int) int { return 150 + i%100 }},
	} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			var s Sprites
			l.Frame(func(*ebiten.Image) { s.Ensure(mode.size(0)) })
			var worst, total time.Duration
			n := 0
			for i := 1; b.Loop(); i++ {
				l.Frame(func(*ebiten.Image) {
					t0 := time.Now()
					s.Ensure(mode.size(i))
					d := time.Since(t0)
					worst, total = max(worst, d), total+d
				})
				n++
			}
			b.ReportMetric(float64(total)/float64(n)/1e6, "ensure-ms")
			b.ReportMetric(float64(worst)/1e6, "worst-ms")
		})
	}
}

// TestSpritesKeepTheSizeBefore: turned to another marble size and back,
// the sprites take up those of the size before, not painted again, and
// draw what sprites made for that size alone draw; the symbols are
// painted only once a theme marks the marbles, then at every size.
func TestSpritesKeepTheSizeBefore(t *testing.T) {
	l := drawtest.Need(t)
	const side = 160
	var s, fresh Sprites
	draw := func(sp *Sprites) []byte {
		img := ebiten.NewImage(side, side)
		defer img.Deallocate()
		// A marble is shaded live when first seen, then baked: both
		// sprites draw it baked.
		for range 3 {
			sp.Marble(img, logic.Blue, 80, 80, 0, 0, 1)
		}
		img.Clear()
		sp.Glow(img, 80, 80, 1, color.RGBA{200, 180, 0, 255})
		sp.Ring(img, 80, 80, 1, color.RGBA{0, 90, 200, 255})
		sp.Dot(img, 40, 40, 0.5, color.RGBA{255, 255, 255, 255})
		sp.Marble(img, logic.Blue, 80, 80, 0, 0, 1)
		pix := make([]byte, 4*side*side)
		img.ReadPixels(pix)
		return pix
	}
	var got, want []byte
	l.Frame(func(*ebiten.Image) {
		s.Ensure(60)
		if s.shapes.sym[0] != nil {
			t.Error("symbols painted for a theme without marks")
		}
		ring := s.shapes.ring
		s.Ensure(44)
		s.Ensure(60)
		if s.shapes.ring != ring {
			t.Error("turned back to 60 px, the sprites were painted again")
		}
		s.SetTheme(render.ThemeOf(render.BoardWalnut, true))
		if s.shapes.sym[0] == nil {
			t.Fatal("no symbols once the theme marks the marbles")
		}
		s.Ensure(44)
		if s.shapes.sym[0] == nil || s.shapes.d != 44 || s.spare.d != 60 {
			t.Fatalf("at 44 px: symbols %v, sizes %d (spare %d)", s.shapes.sym[0] != nil, s.shapes.d, s.spare.d)
		}
		s.Ensure(52) // the 60 px sprites go
		s.Ensure(60)
		got = draw(&s)
		fresh.SetTheme(render.ThemeOf(render.BoardWalnut, true))
		fresh.Ensure(60)
		want = draw(&fresh)
	})
	// Equal up to rounding: after the package's other tests (their
	// images in ebiten's atlas, the marbles already baked) the two draw
	// up to 2 levels of 255 apart in a few hundred bytes; sprites of
	// another size or theme differ by far more.
	n, worst := 0, 0
	for i := range got {
		if d := int(got[i]) - int(want[i]); d != 0 {
			n++
			worst = max(worst, d, -d)
		}
	}
	if worst > 2 {
		t.Errorf("the sprites taken up again draw otherwise than sprites painted for their size: %d bytes differ, by up to %d", n, worst)
	}
}
