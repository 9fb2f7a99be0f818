package layout

import (
	"fmt"
	"math"
	"testing"

	"shiftago/logic"
)

// screens are the window sizes the issue asks for, in CSS pixels; each is
// tested at device scale 1 and 2 (device pixels = CSS pixels × scale).
var screens = []struct {
	name string
	w, h float64
}{
	{"small 640x480", 640, 480},
	{"landscape 1280x800", 1280, 800},
	{"portrait 800x1280", 800, 1280},
	{"full HD 1920x1080", 1920, 1080},
	{"4K 3840x2160", 3840, 2160},
	{"square 1000x1000", 1000, 1000},
	{"tall phone 480x900", 480, 900},
}

func eachLayout(t *testing.T, f func(t *testing.T, g Geometry)) {
	for _, sc := range screens {
		for _, scale := range []float64{1, 2} {
			for players := 2; players <= 4; players++ {
				for _, scoring := range []bool{false, true} {
					cfg := Config{W: sc.w * scale, H: sc.h * scale, Scale: scale, Players: players, Scoring: scoring}
					name := fmt.Sprintf("%s@%gx/%dp/scoring=%v", sc.name, scale, players, scoring)
					t.Run(name, func(t *testing.T) { f(t, New(cfg)) })
				}
			}
		}
	}
}

func TestTargetsBigEnoughAndApart(t *testing.T) {
	eachLayout(t, func(t *testing.T, g Geometry) {
		min := MinTargetCSS * g.Scale
		if g.HitRadius < min {
			t.Errorf("hit radius %v < %v", g.HitRadius, min)
		}
		for e := logic.Entry(0); e < logic.NumEntries; e++ {
			r := g.EntryTarget(e)
			if r.W < min || r.H < min {
				t.Errorf("%s target %v smaller than %v", e, r, min)
			}
			if r.Overlaps(g.Board) {
				t.Errorf("%s target %v overlaps the board %v", e, r, g.Board)
			}
			for f := e + 1; f < logic.NumEntries; f++ {
				if r.Overlaps(g.EntryTarget(f)) {
					t.Errorf("targets %s %v and %s %v overlap", e, r, f, g.EntryTarget(f))
				}
			}
			for i := 0; i < g.Players; i++ {
				if r.Overlaps(g.Seats[i].Card) {
					t.Errorf("%s target %v overlaps seat %d's card %v", e, r, i, g.Seats[i].Card)
				}
			}
			if r.Overlaps(g.Status) || r.Overlaps(g.Menu) {
				t.Errorf("%s target %v overlaps the status line or the menu button", e, r)
			}
		}
		if b := g.Menu; b.W < min || b.H < min {
			t.Errorf("menu button %v smaller than %v", b, min)
		}
		if b := g.Undo; b.W < min || b.H < min {
			t.Errorf("undo button %v smaller than %v", b, min)
		}
		items := g.MenuItems(9, nil)
		for b := range items {
			if r := items[b]; r.H < min {
				t.Errorf("item %d %v lower than %v", b, r, min)
			}
			for c := b + 1; c < len(items); c++ {
				if items[b].Overlaps(items[c]) {
					t.Errorf("menu items %d and %d overlap", b, c)
				}
			}
		}
	})
}

func TestEverythingInsideTheWindow(t *testing.T) {
	eachLayout(t, func(t *testing.T, g Geometry) {
		win := g.Window()
		check := func(what string, r Rect) {
			t.Helper()
			if r.Empty() || !r.Inside(win) {
				t.Errorf("%s %v empty or not inside the window %v", what, r, win)
			}
		}
		check("board", g.Board)
		check("frame", g.Frame)
		check("status", g.Status)
		check("menu", g.Menu)
		check("undo", g.Undo)
		if g.Undo.Overlaps(g.Menu) || g.Undo.Overlaps(g.Status) {
			t.Errorf("undo %v overlaps the menu %v or the status %v", g.Undo, g.Menu, g.Status)
		}
		for i, r := range g.MenuItems(9, nil) {
			check(fmt.Sprint("menu item ", i), r)
		}
		for e := logic.Entry(0); e < logic.NumEntries; e++ {
			check(e.String()+" target", g.EntryTarget(e))
		}
		if g.Status.Overlaps(g.Frame) || g.Status.Overlaps(g.Menu) {
			t.Errorf("status %v overlaps the frame %v or the menu button", g.Status, g.Frame)
		}
		for i := 0; i < g.Players; i++ {
			st := g.Seats[i]
			check(fmt.Sprint("seat ", i, " card"), st.Card)
			for _, r := range []Rect{st.Label, st.Tray} {
				if !r.Inside(st.Card) || r.Empty() {
					t.Errorf("seat %d: %v not inside its card %v", i, r, st.Card)
				}
			}
			if st.Tray.Overlaps(st.Label) {
				t.Errorf("seat %d: tray %v overlaps label %v", i, st.Tray, st.Label)
			}
			if g.Scoring {
				if !st.Score.Inside(st.Card) || st.Score.Empty() || st.Score.Overlaps(st.Tray) || st.Score.Overlaps(st.Label) {
					t.Errorf("seat %d: score track %v misplaced in card %v", i, st.Score, st.Card)
				}
				for n := 0; n <= logic.WinningPoints; n++ {
					if !st.Score.Contains(g.ScoreSlot(i, n)) {
						t.Errorf("seat %d: score slot %d %v outside %v", i, n, g.ScoreSlot(i, n), st.Score)
					}
				}
				if g.ScoreRadius(i) <= 0 {
					t.Errorf("seat %d: score radius %v", i, g.ScoreRadius(i))
				}
			} else if !st.Score.Empty() {
				t.Errorf("seat %d has a score track %v without scoring", i, st.Score)
			}
			if st.Card.Overlaps(g.Frame) || st.Card.Overlaps(g.Status) {
				t.Errorf("seat %d card %v overlaps the frame %v or status line", i, st.Card, g.Frame)
			}
			for j := i + 1; j < g.Players; j++ {
				if st.Card.Overlaps(g.Seats[j].Card) {
					t.Errorf("cards of seats %d and %d overlap", i, j)
				}
			}
			r := g.TrayRadius(i)
			if r < 2*g.Scale {
				t.Errorf("seat %d: tray marbles of radius %v", i, r)
			}
			for k := 0; k < logic.MarblesPerColor; k++ {
				p := g.TraySlot(i, k)
				if !(Rect{p.X - r, p.Y - r, 2 * r, 2 * r}).Inside(st.Tray) {
					t.Errorf("seat %d: tray slot %d at %v (r %v) leaves the tray %v", i, k, p, r, st.Tray)
				}
				for l := 0; l < k; l++ {
					if p.Dist(g.TraySlot(i, l)) < 2*r {
						t.Errorf("seat %d: tray slots %d and %d overlap", i, l, k)
					}
				}
			}
		}
	})
}

func TestCellsRoundTrip(t *testing.T) {
	eachLayout(t, func(t *testing.T, g Geometry) {
		if math.Abs(g.MarbleRadius-MarbleRatio*g.Cell) > 1e-9 {
			t.Errorf("marble radius %v for cell %v", g.MarbleRadius, g.Cell)
		}
		if g.Cell != math.Round(g.Cell) || g.Board.X != math.Round(g.Board.X) || g.Board.Y != math.Round(g.Board.Y) {
			t.Errorf("board %v, cell %v not on whole pixels", g.Board, g.Cell)
		}
		for r := 0; r < 7; r++ {
			for f := 0; f < 7; f++ {
				s := logic.Sq(f, r)
				c := g.CellCenter(s)
				cr := g.CellRect(s)
				for _, p := range []Point{c, {cr.X, cr.Y}, {cr.X + cr.W - 0.01, cr.Y + cr.H - 0.01}} {
					if got, ok := g.CellAt(p); !ok || got != s {
						t.Errorf("CellAt(%v) = %v,%v; want %v", p, got, ok, s)
					}
				}
				if b := g.ToBoard(c); b.Dist(CellPos(s)) > 1e-9 {
					t.Errorf("ToBoard(CellCenter(%v)) = %v", s, b)
				}
				if _, ok := g.EntryAt(c); ok {
					t.Errorf("centre of %v counts as an entry point", s)
				}
			}
		}
		for _, p := range []Point{{g.Board.X - 1, g.Board.Y + 1}, {g.Board.X + 1, g.Board.Y + g.Board.H}, {-5, -5}} {
			if s, ok := g.CellAt(p); ok {
				t.Errorf("CellAt(%v) = %v off the board", p, s)
			}
		}
	})
}

func TestEntriesRoundTrip(t *testing.T) {
	eachLayout(t, func(t *testing.T, g Geometry) {
		for e := logic.Entry(0); e < logic.NumEntries; e++ {
			p := g.EntryPoint(e)
			if g.Board.Contains(p) || !g.Frame.Contains(p) {
				t.Errorf("%s at %v: not in the band between board %v and frame %v", e, p, g.Board, g.Frame)
			}
			if got, ok := g.EntryAt(p); !ok || got != e {
				t.Errorf("EntryAt(entry point %s) = %v,%v", e, got, ok)
			}
			// A finger landing a little off the centre, towards the outside.
			off := p.Sub(Inward(e).Mul(0.4 * g.Cell))
			if got, ok := g.EntryAt(off); !ok || got != e {
				t.Errorf("EntryAt(%v, 0.4 cell out of %s) = %v,%v", off, e, got, ok)
			}
			if got, ok := g.TrackAt(p); !ok || got != e {
				t.Errorf("TrackAt(entry point %s) = %v,%v", e, got, ok)
			}
			if a := Axial(e, g.ToBoard(p)); math.Abs(a+EntryOffset) > 1e-9 {
				t.Errorf("%s: axial position of its entry point %v, want %v", e, a, -EntryOffset)
			}
			// The track extension reaches the window edge.
			far := g.ToPixel(TrackPoint(e, -EntryOffset-50))
			far.X = math.Max(0, math.Min(g.W-1, far.X))
			far.Y = math.Max(0, math.Min(g.H-1, far.Y))
			if got, ok := g.TrackAt(far); !ok || got != e {
				t.Errorf("TrackAt(%v, the window edge beyond %s) = %v,%v", far, e, got, ok)
			}
		}
		// Corners of the frame belong to no track.
		corner := Point{g.Board.X - 2, g.Board.Y - 2}
		if e, ok := g.TrackAt(corner); ok {
			t.Errorf("TrackAt(corner %v) = %v", corner, e)
		}
		// Far from every entry point: none.
		if e, ok := g.EntryAt(Point{g.Board.X - 2*g.Cell - g.HitRadius, g.Board.Y - 2*g.Cell - g.HitRadius}); ok {
			t.Errorf("EntryAt far out = %v", e)
		}
	})
}

// TestPixels pins a few pixels of the 1280×800 landscape layout.
func TestPixels(t *testing.T) {
	g := New(Config{W: 1280, H: 800, Scale: 1, Players: 2})
	if g.Orientation != Landscape {
		t.Fatalf("orientation %s", g.Orientation)
	}
	c := g.Cell
	b := g.Board
	tests := []struct {
		name  string
		p     Point
		cell  string
		entry string
		track string
	}{
		{"top-left cell", Point{b.X + 1, b.Y + 1}, "a7", "", ""},
		{"bottom-right cell", Point{b.X + 7*c - 1, b.Y + 7*c - 1}, "g1", "", ""},
		{"centre", Point{b.X + 3.5*c, b.Y + 3.5*c}, "d4", "", ""},
		{"left of rank 4", Point{b.X - 0.6*c, b.Y + 3.5*c}, "", "W4", "W4"},
		{"far left of rank 4", Point{b.X - 3*c, b.Y + 3.5*c}, "", "", "W4"},
		{"right of rank 1", Point{b.X + 7.5*c, b.Y + 6.5*c}, "", "E1", "E1"},
		{"above file a", Point{b.X + 0.5*c, b.Y - c}, "", "Na", "Na"},
		{"below file g", Point{b.X + 6.9*c, b.Y + 7.2*c}, "", "Sg", "Sg"},
		{"top-left corner", Point{b.X - 0.3*c, b.Y - 0.3*c}, "", "", ""},
	}
	for _, tc := range tests {
		s, ok := g.CellAt(tc.p)
		if got := map[bool]string{true: s.String(), false: ""}[ok]; got != tc.cell {
			t.Errorf("%s: cell %q, want %q", tc.name, got, tc.cell)
		}
		e, ok := g.EntryAt(tc.p)
		if got := map[bool]string{true: e.String(), false: ""}[ok]; got != tc.entry {
			t.Errorf("%s: entry %q, want %q", tc.name, got, tc.entry)
		}
		e, ok = g.TrackAt(tc.p)
		if got := map[bool]string{true: e.String(), false: ""}[ok]; got != tc.track {
			t.Errorf("%s: track %q, want %q", tc.name, got, tc.track)
		}
	}
	if s, ok := g.SeatAt(g.TraySlot(1, 5)); !ok || s != 1 {
		t.Errorf("SeatAt(tray slot of seat 1) = %d,%v", s, ok)
	}
}

func TestOrientation(t *testing.T) {
	tests := []struct {
		cfg  Config
		want Orientation
	}{
		{Config{W: 1280, H: 800, Players: 4, Scoring: true}, Landscape},
		{Config{W: 800, H: 1280, Players: 4, Scoring: true}, Portrait},
		{Config{W: 800, H: 1280, Players: 2}, Around},
	}
	for _, tc := range tests {
		if g := New(tc.cfg); g.Orientation != tc.want {
			t.Errorf("%+v: %s, want %s", tc.cfg, g.Orientation, tc.want)
		}
	}
	if g := New(Config{}); g.Cell != 0 || !g.Board.Empty() {
		t.Errorf("empty window gives %+v", g)
	}
}

// TestTargetsAreFingerSized: at phone, tablet and desktop sizes, upright
// and on their side, at device pixel ratios 1 to 3, every control of the
// game's screen (the menu and undo buttons, the menu's items, the
// replay's footer) is at least 44 CSS pixels each way, and every entry
// point can be hit within 44 CSS pixels of its centre.
func TestTargetsAreFingerSized(t *testing.T) {
	for _, sz := range [][2]float64{{360, 640}, {390, 844}, {844, 390}, {768, 1024}, {1024, 768}, {1280, 800}, {1920, 1080}} {
		for _, dpr := range []float64{1, 2, 3} {
			for _, players := range []int{2, 3, 4} {
				for _, footer := range []bool{false, true} {
					g := New(Config{W: sz[0] * dpr, H: sz[1] * dpr, Scale: dpr, Players: players, Scoring: true, Footer: footer})
					min := MinTargetCSS * dpr
					name := fmt.Sprintf("%v@%v, %d players", sz, dpr, players)
					targets := map[string]Rect{"menu": g.Menu, "undo": g.Undo}
					if footer {
						targets["footer"] = g.Footer
					}
					for i, r := range g.MenuItems(10, nil) {
						targets[fmt.Sprint("menu item ", i)] = r
					}
					for what, r := range targets {
						if r.W < min-0.5 || r.H < min-0.5 {
							t.Errorf("%s: %s is %.0f×%.0f px, under %.0f", name, what, r.W, r.H, min)
						}
					}
					// The aim aid: where entry points sit closer than a
					// finger, a touch takes the nearest within a whole
					// finger's width, so each has a finger-sized reach.
					if g.HitRadius < min-0.5 {
						t.Errorf("%s: entry points are hit within %.0f px, under %.0f", name, g.HitRadius, min)
					}
				}
			}
		}
	}
}

// TestSafeArea: with a notch on top and a home bar below (a phone upright)
// or a notch at the left (on its side), nothing is laid out in them, and
// the open menu's items hang below the ☰ and undo buttons, covering
// neither.
func TestSafeArea(t *testing.T) {
	for _, tc := range []struct {
		w, h float64
		in   Insets
	}{
		{390 * 3, 844 * 3, Insets{Top: 47 * 3, Bottom: 34 * 3}},
		{844 * 3, 390 * 3, Insets{Left: 47 * 3, Right: 47 * 3, Bottom: 21 * 3}},
	} {
		for _, players := range []int{2, 4} {
			g := New(Config{W: tc.w, H: tc.h, Scale: 3, Players: players, Scoring: true, Inset: tc.in})
			safe := Rect{tc.in.Left, tc.in.Top, tc.w - tc.in.Left - tc.in.Right, tc.h - tc.in.Top - tc.in.Bottom}
			areas := map[string]Rect{"status": g.Status, "menu": g.Menu, "undo": g.Undo, "frame": g.Frame}
			for i := 0; i < players; i++ {
				areas[fmt.Sprint("card ", i)] = g.Seats[i].Card
			}
			for e := logic.Entry(0); e < logic.NumEntries; e++ {
				areas[e.String()] = g.EntryTarget(e)
			}
			for i, r := range g.MenuItems(10, nil) {
				areas[fmt.Sprint("menu item ", i)] = r
				for what, bar := range map[string]Rect{"menu": g.Menu, "undo": g.Undo} {
					if r.Overlaps(bar) {
						t.Errorf("%v×%v %+v: menu item %d %v covers the %s %v", tc.w, tc.h, tc.in, i, r, what, bar)
					}
				}
			}
			for what, r := range areas {
				if !r.Inside(safe) {
					t.Errorf("%v×%v %+v, %d players: %s %v leaves the safe area %v", tc.w, tc.h, tc.in, players, what, r, safe)
				}
			}
			if g.Window() != (Rect{0, 0, tc.w, tc.h}) {
				t.Errorf("the window is %v", g.Window())
			}
		}
	}
}

// TestMenuKeepsOffTheStatus: the menu's items hang below the status line
// (on a phone held upright it is taller than the ☰ button, and the items
// covered its words: issue 26), stay in the window and do not overlap.
func TestMenuKeepsOffTheStatus(t *testing.T) {
	check := func(t *testing.T, g Geometry) {
		items := g.MenuItems(10, nil)
		for i, r := range items {
			if r.Overlaps(g.Status) {
				t.Errorf("item %d at %+v covers the status line %+v", i, r, g.Status)
			}
			if !r.Inside(Rect{0, 0, g.W, g.H}.Inset(-0.5)) {
				t.Errorf("item %d at %+v leaves the %v×%v window", i, r, g.W, g.H)
			}
			for j := range i {
				if r.Overlaps(items[j]) {
					t.Errorf("items %d and %d overlap", j, i)
				}
			}
		}
	}
	eachLayout(t, check)
	for _, sz := range [][3]float64{{390, 844, 3}, {844, 390, 3}, {320, 568, 2}, {390, 780, 1}} {
		t.Run(fmt.Sprintf("phone %vx%v@%v", sz[0], sz[1], sz[2]), func(t *testing.T) {
			check(t, New(Config{W: sz[0] * sz[2], H: sz[1] * sz[2], Scale: sz[2], Players: 4, Scoring: true}))
		})
	}
}

// TestBarGrowsWithTheWindow: the status line and its buttons are larger
// on a large monitor than on a laptop (at 2560×1600 they stayed a
// laptop's size: issue 26).
func TestBarGrowsWithTheWindow(t *testing.T) {
	laptop := New(Config{W: 1280, H: 800, Scale: 1, Players: 2})
	big := New(Config{W: 2560, H: 1600, Scale: 1, Players: 2})
	if big.Bar < 1.25*laptop.Bar {
		t.Errorf("the bar is %v px at 2560×1600, %v px at 1280×800", big.Bar, laptop.Bar)
	}
}
