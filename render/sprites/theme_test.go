package sprites

import (
	"image/color"
	"testing"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/drawtest"
	"shiftago/render/layout"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestThemeRepaints checks that the caches key on the theme: a marble
// at rest, baked in one theme, and the board, painted for one wood, are
// drawn anew in the next theme, and drawn as before when the theme comes
// back.
func TestThemeRepaints(t *testing.T) {
	l := drawtest.Need(t)
	g := layout.New(layout.Config{W: drawtest.W, H: drawtest.H, Players: 4})
	sp := &Sprites{}
	var bc render.BoardCache
	at := g.ToPixel(layout.CellPos(logic.Sq(3, 3)))
	wood := g.ToPixel(layout.Point{X: -0.9, Y: 3.5}) // the frame, beside the field
	shot := func(th render.Theme) (marble, board color.RGBA) {
		l.Frame(func(*ebiten.Image) {
			img := ebiten.NewImage(drawtest.W, drawtest.H)
			defer img.Deallocate()
			sp.SetTheme(th)
			sp.Ensure(int(2 * g.MarbleRadius))
			for range 3 { // the second and third from the bake
				img.Clear()
				bc.Draw(img, &g, sp.Theme().Wood)
				sp.MarbleSeeded(img, logic.Green, at.X, at.Y, 0, 0, 1, 5)
			}
			marble = img.At(int(at.X), int(at.Y)).(color.RGBA)
			board = img.At(int(wood.X), int(wood.Y)).(color.RGBA)
		})
		return
	}
	m1, b1 := shot(render.Walnut)
	m2, b2 := shot(render.ThemeOf(render.BoardClassic, true))
	m3, b3 := shot(render.Walnut)
	if m1 == m2 {
		t.Errorf("the green marble is %v in both themes", m1)
	}
	if b1 == b2 || luma(b2) >= luma(b1) {
		t.Errorf("the classic board %v is not darker than the walnut %v", b2, b1)
	}
	if m3 != m1 || b3 != b1 {
		t.Errorf("back in walnut: marble %v board %v, were %v %v", m3, b3, m1, b1)
	}
}

// luma is the brightness of a premultiplied pixel, 0..255.
func luma(c color.RGBA) float64 {
	return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
}
