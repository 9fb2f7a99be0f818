package render

import (
	"math"
	"testing"
)

// screens are window sizes the board must fit: the default window, a
// portrait phone, a wide monitor, a tiny window and a high-DPI one.
var screens = []struct{ w, h float64 }{
	{1280, 800},
	{390, 844},
	{2560, 1080},
	{200, 150},
	{2560, 1600},
	{1, 1},
}

func TestFitStaysOnScreen(t *testing.T) {
	for _, s := range screens {
		g := Fit(s.w, s.h)
		if g.BoardSize != math.Floor(g.BoardSize) || g.BoardX != math.Floor(g.BoardX) || g.BoardY != math.Floor(g.BoardY) {
			t.Errorf("%vx%v: board not on whole pixels: %+v", s.w, s.h, g)
		}
		if g.BoardX < 0 || g.BoardY < 0 || g.BoardX+g.BoardSize > s.w || g.BoardY+g.BoardSize > s.h {
			t.Errorf("%vx%v: board leaves the screen: %+v", s.w, s.h, g)
		}
		if g.TitleY+g.TitleSize/2 > g.BoardY {
			t.Errorf("%vx%v: title overlaps the board: %+v", s.w, s.h, g)
		}
		if math.Abs(g.BoardX+g.BoardSize/2-s.w/2) > 1 {
			t.Errorf("%vx%v: board not centred: %+v", s.w, s.h, g)
		}
	}
}

func TestFitDefaultWindowUsesMostOfTheHeight(t *testing.T) {
	g := Fit(1280, 800)
	if g.BoardSize < 0.75*800 {
		t.Errorf("board %v px high in an 800 px window, want at least 600", g.BoardSize)
	}
}

func TestCellRoundTrip(t *testing.T) {
	for _, s := range screens[:5] {
		g := Fit(s.w, s.h)
		for row := 0; row < BoardCells; row++ {
			for col := 0; col < BoardCells; col++ {
				x, y := g.CellCenter(col, row)
				c, r, ok := g.CellAt(x, y)
				if !ok || c != col || r != row {
					t.Errorf("%vx%v: CellAt(CellCenter(%d,%d)) = %d,%d,%v", s.w, s.h, col, row, c, r, ok)
				}
			}
		}
	}
}

func TestCellAtOutsideField(t *testing.T) {
	g := Fit(1280, 800)
	c := g.Cell()
	for _, tc := range []struct {
		name string
		x, y float64
	}{
		{"board corner", g.BoardX + 1, g.BoardY + 1},
		{"top entry point", g.BoardX + 1.5*c, g.BoardY + 0.5*c},
		{"just left of field", g.FieldX() - 0.01, g.FieldY() + c},
		{"just below field", g.FieldX() + c, g.FieldY() + 7*c + 0.01},
		{"far away", -100, -100},
	} {
		if col, row, ok := g.CellAt(tc.x, tc.y); ok {
			t.Errorf("%s: CellAt(%v,%v) = %d,%d, want outside", tc.name, tc.x, tc.y, col, row)
		}
	}
	if _, _, ok := (Geometry{}).CellAt(0, 0); ok {
		t.Error("zero geometry has a cell")
	}
}

func TestEntryPoints(t *testing.T) {
	g := Fit(1280, 800)
	c := g.Cell()
	seen := map[[2]float64]bool{}
	for s := Top; s <= Left; s++ {
		for i := 0; i < BoardCells; i++ {
			x, y := g.EntryCenter(s, i)
			seen[[2]float64{x, y}] = true
			// In line with its column (Top, Bottom) or row (Left, Right).
			cx, cy := g.CellCenter(i, i)
			switch s {
			case Top, Bottom:
				if x != cx {
					t.Errorf("%v %d at x=%v, column centre %v", s, i, x, cx)
				}
			default:
				if y != cy {
					t.Errorf("%v %d at y=%v, row centre %v", s, i, y, cy)
				}
			}
			// On the frame, outside the field.
			if _, _, ok := g.CellAt(x, y); ok {
				t.Errorf("%v %d at (%v,%v) is inside the field", s, i, x, y)
			}
			if x < g.BoardX || y < g.BoardY || x > g.BoardX+g.BoardSize || y > g.BoardY+g.BoardSize {
				t.Errorf("%v %d at (%v,%v) is off the board", s, i, x, y)
			}
			// Found again from a point near it.
			gs, gi, ok := g.EntryAt(x+0.2*c, y-0.2*c, 0.4)
			if !ok || gs != s || gi != i {
				t.Errorf("EntryAt near %v %d = %v %d %v", s, i, gs, gi, ok)
			}
		}
	}
	if len(seen) != 4*BoardCells {
		t.Errorf("%d distinct entry points, want 28", len(seen))
	}
	x, y := g.CellCenter(3, 3)
	if s, i, ok := g.EntryAt(x, y, 0.4); ok {
		t.Errorf("EntryAt(board centre) = %v %d, want none", s, i)
	}
}

func TestSideString(t *testing.T) {
	for s, want := range map[Side]string{Top: "Top", Right: "Right", Bottom: "Bottom", Left: "Left", Side(9): "Side(?)"} {
		if got := s.String(); got != want {
			t.Errorf("Side(%d).String() = %q, want %q", int(s), got, want)
		}
	}
}
