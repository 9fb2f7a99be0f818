package render

import (
	"image"
	"image/color"
	"math"
	"testing"

	"shiftago/render/layout"
)

// luma is the brightness of a premultiplied pixel, 0..255.
func luma(c color.RGBA) float64 {
	return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
}

// contrast is the WCAG contrast ratio of two opaque colours.
func contrast(a, b color.RGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	l := func(c color.RGBA) float64 { return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B) }
	la, lb := l(a), l(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func TestPaintTableTopLitAtTheBoard(t *testing.T) {
	const w, h = 320, 200
	img := PaintTableTop(w, h, layout.Point{X: 100, Y: 100}, 20, Walnut.Table)
	// Average a patch under the lamp and one in the far corner.
	avg := func(x0, y0 int) float64 {
		s := 0.0
		for y := y0; y < y0+10; y++ {
			for x := x0; x < x0+10; x++ {
				c := img.RGBAAt(x, y)
				if c.A != 255 {
					t.Fatalf("the table top is not opaque at (%d, %d): %v", x, y, c)
				}
				s += luma(c)
			}
		}
		return s / 100
	}
	if lamp, corner := avg(95, 95), avg(w-10, h-10); lamp < 1.3*corner {
		t.Errorf("under the lamp %.1f, in the corner %.1f: the light should fall off", lamp, corner)
	}
}

func TestPaintSeatCard(t *testing.T) {
	// A wide card: the plate along the top, the tray under it with a row
	// of cups, a score track along the bottom.
	var cups []layout.Point
	for i := range 8 {
		cups = append(cups, layout.Point{X: 20 + 20*float64(i), Y: 60})
	}
	pl := SeatPlan{W: 200, H: 120, Label: layout.Rect{X: 10, Y: 10, W: 180, H: 30},
		Tray: layout.Rect{X: 8, Y: 48, W: 184, H: 24}, Cups: cups, CupR: 9,
		Score: layout.Rect{X: 8, Y: 84, W: 184, H: 24}, Marks: []layout.Point{{X: 20, Y: 96}}, MarkR: 8, Seed: 3, Wood: Walnut.Wood, Nameplate: Walnut.Nameplate}
	img := PaintSeatCard(&pl)
	pad := seatPad(pl.W, pl.H)
	at := func(x, y float64) color.RGBA { return img.RGBAAt(int(x)+pad, int(y)+pad) }
	// The name is drawn in Ink on the plate: it must read.
	if c := contrast(at(100, 25), Ink); c < 7 {
		t.Errorf("Ink on the name plate %v: contrast %.1f, want at least 7", at(100, 25), c)
	}
	// The wood between the parts is the board's.
	if c := at(100, 78); luma(c) < 0.8*luma(Walnut.Wood.Frame) {
		t.Errorf("the card's wood %v is darker than the board's %v", c, Walnut.Wood.Frame)
	}
	// A cup is carved below the tray's floor: darker.
	if cup, floor := at(20, 60), at(30, 52); luma(cup) >= luma(floor) {
		t.Errorf("a cup %v should be darker than the tray's floor %v", cup, floor)
	}
	// Outside the card: its shadow on the table below it, nothing above.
	if c := img.RGBAAt(pad+100, pad+pl.H+pad/2); c.A == 0 {
		t.Error("no shadow under the card")
	}
	if c := img.RGBAAt(pad+100, 0); c.A != 0 {
		t.Errorf("a shadow above the card, away from the light: %v", c)
	}
}

// BenchmarkPaintTableTop is what a resize costs the table top at its
// largest painted size (tableTopMaxPixels), on the CPU.
func BenchmarkPaintTableTop(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		PaintTableTop(1280, 800, layout.Point{X: 380, Y: 420}, 70, Walnut.Table)
	}
}

// BenchmarkPaintSeatCard is what a resize costs one seat's card of a
// 1280 × 800 screen (three seats stacked), on the CPU.
func BenchmarkPaintSeatCard(b *testing.B) {
	g := layout.New(layout.Config{W: 1280, H: 800, Players: 3, Scoring: true})
	st := &g.Seats[0]
	o := layout.Point{X: st.Card.X, Y: st.Card.Y}
	rel := func(r layout.Rect) layout.Rect { return layout.Rect{X: r.X - o.X, Y: r.Y - o.Y, W: r.W, H: r.H} }
	var cups []layout.Point
	for i := range 22 {
		cups = append(cups, g.TraySlot(0, i).Sub(o))
	}
	pl := SeatPlan{W: int(st.Card.W), H: int(st.Card.H), Label: rel(st.Label), Tray: rel(st.Tray), Cups: cups, CupR: g.TrayRadius(0), Seed: 1, Wood: Walnut.Wood, Nameplate: Walnut.Nameplate}
	b.ReportAllocs()
	for b.Loop() {
		PaintSeatCard(&pl)
	}
}

// PaintSeatCard paints a seat's card in one go (the game paints it in
// slices between frames: SeatCardCache).
func PaintSeatCard(pl *SeatPlan) *image.RGBA { return paintSeatCard(pl, whole) }
