package app

import (
	"testing"

	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/saves"
)

// sized is a screen that notes the size and pointer it is given and has
// a button in its top-left corner.
type sized struct {
	fake
	w, h, x, y float64
}

func (s *sized) Update(c *Context) error {
	s.w, s.h, s.x, s.y = c.W, c.H, c.In.X, c.In.Y
	return s.fake.Update(c)
}

func (s *sized) PageButtons() []ui.Info {
	return []ui.Info{{ID: "corner", Enabled: true, Rect: layout.Rect{X: 0, Y: 0, W: 132, H: 132}}}
}

// aware is a sized screen that keeps clear of the insets itself.
type aware struct{ sized }

func (*aware) KeepsClearOfInsets() {}

// TestPagesKeepClearOfTheNotch (issue 11, defect 5): on a phone with a
// notch and a home bar (DPR 3), a page is laid out and fed in the safe
// area only: its size is the safe area's, the pointer comes in the
// page's own coordinates, and the page API puts its buttons where they
// are on the screen; a screen that keeps clear of the insets itself
// (the game's table) gets the whole screen. Without insets nothing
// changes.
func TestPagesKeepClearOfTheNotch(t *testing.T) {
	g, _, _ := newGame(t, &saves.Memory{}, nil)
	c := g.ctx
	c.W, c.H, c.Scale = 1170, 2532, 3
	in := layout.Insets{Top: 141, Bottom: 102, Left: 0, Right: 0}
	page, table := &sized{}, &aware{}
	for _, tc := range []struct {
		s          Scene
		inset      layout.Insets
		w, h, x, y float64 // what the screen is given
		bx, by     float64 // where the page API says its button is (CSS px)
	}{
		{page, in, 1170, 2532 - 243, 300, 500 - 141, 0, 47},
		{table, in, 1170, 2532, 300, 500, 0, 0},
		{page, layout.Insets{}, 1170, 2532, 300, 500, 0, 0},
		{page, layout.Insets{Left: 141, Right: 141, Bottom: 63}, 1170 - 282, 2532 - 63, 300 - 141, 500, 47, 0},
	} {
		c.Inset = tc.inset
		g.stack = []Scene{tc.s}
		c.In.X, c.In.Y = 300, 500
		if err := g.updateScene(tc.s); err != nil {
			t.Fatal(err)
		}
		got := tc.s.(interface{ seen() [4]float64 }).seen()
		if got != [4]float64{tc.w, tc.h, tc.x, tc.y} {
			t.Errorf("%T with insets %+v was given %v, want %v", tc.s, tc.inset, got, [4]float64{tc.w, tc.h, tc.x, tc.y})
		}
		if c.W != 1170 || c.H != 2532 || c.In.X != 300 || c.In.Y != 500 {
			t.Errorf("the context was left at %v×%v, pointer %v,%v", c.W, c.H, c.In.X, c.In.Y)
		}
		b := g.PageButtons()[0].Rect
		if b.X != tc.bx || b.Y != tc.by || b.W != 44 {
			t.Errorf("%T with insets %+v: the page API puts its button at %+v, want %v,%v", tc.s, tc.inset, b, tc.bx, tc.by)
		}
	}
}

func (s *sized) seen() [4]float64 { return [4]float64{s.w, s.h, s.x, s.y} }
