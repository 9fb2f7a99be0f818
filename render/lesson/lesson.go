package lesson

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
)

// Panel is the laid-out panel: its box, the text and the progress dots
// (its buttons' rectangles come beside it).
type Panel struct {
	R     layout.Rect
	Size  float64
	Lines []string
	TX    float64 // the text's left
	TY    float64 // the middle of its first line
	Dots  layout.Point
	DotR  float64
}

// Regions are the screen's free stretches round the board: bands
// across the screen above and below the board and cards, and columns
// beside the board, above and below the cards in them (or whole, with
// cards false: the cards are hidden), all in the screen's safe area.
func Regions(geo *layout.Geometry, cards bool) []layout.Rect {
	m := geo.Margin()
	safe := geo.Safe()
	left, right, bottom := safe.X, safe.X+safe.W, safe.Y+safe.H
	top := geo.Status.Y + geo.Status.H + m
	occ := []layout.Rect{geo.Frame}
	if cards {
		for i := 0; i < geo.Players; i++ {
			occ = append(occ, geo.Seats[i].Card)
		}
	}
	lo, hi := bottom, 0.0
	for _, o := range occ {
		lo, hi = math.Min(lo, o.Y), math.Max(hi, o.Y+o.H)
	}
	out := []layout.Rect{{X: left + m, Y: top, W: right - left - 2*m, H: lo - m - top}, {X: left + m, Y: hi + m, W: right - left - 2*m, H: bottom - m - hi - m}}
	f := geo.Frame
	for _, col := range [2]layout.Rect{
		{X: f.X + f.W + m, Y: top, W: right - m - (f.X + f.W + m), H: bottom - m - top},
		{X: left + m, Y: top, W: f.X - left - 2*m, H: bottom - m - top},
	} {
		if col.Empty() {
			continue
		}
		lo, hi, any := bottom, 0.0, false
		for _, o := range occ[1:] {
			if o.X < col.X+col.W && o.X+o.W > col.X {
				lo, hi, any = math.Min(lo, o.Y), math.Max(hi, o.Y+o.H), true
			}
		}
		if !any {
			out = append(out, col)
			continue
		}
		out = append(out, layout.Rect{X: col.X, Y: col.Y, W: col.W, H: lo - m - col.Y}, layout.Rect{X: col.X, Y: hi + m, W: col.W, H: col.Y + col.H - hi - m})
	}
	return out
}

// Best lays the panel out in the region that takes the biggest
// text, from sMax down to sMin.
func Best(t *render.Text, scale float64, regions []layout.Rect, text string, labels []string, sMax, sMin float64, steps int) (Panel, []layout.Rect, bool) {
	for s := sMax; s >= sMin-0.01; s *= 0.94 {
		for _, r := range regions {
			if r.W < 4*s || r.H < 3*s {
				continue
			}
			if p, btns, ok := Fit(t, scale, r, text, labels, s, steps); ok {
				return p, btns, true
			}
		}
	}
	return Panel{}, nil, false
}

// Fit lays the panel out in r with text size s: the buttons beside
// the text, or under it in a row, or under it stacked; with dots, the
// progress dots go with the buttons.
func Fit(t *render.Text, scale float64, r layout.Rect, text string, labels []string, s float64, steps int) (Panel, []layout.Rect, bool) {
	// Buttons a finger's size at least, whatever the text's (Skip was
	// 68×42 CSS px on a phone).
	tgt := ui.Target(scale)
	pad, bh, gap := 0.6*s, math.Max(1.9*s, tgt), 0.35*s
	dotR := 0.2 * s
	colW, rowW := 0.0, -gap
	bws := make([]float64, len(labels))
	for i, l := range labels {
		bws[i] = math.Max(t.Width(l, 0.46*1.9*s, true)+1.2*s, 1.6*tgt)
		colW = math.Max(colW, bws[i])
		rowW += bws[i] + gap
	}
	dotsW, dotsH := 0.0, 0.0
	if steps > 0 {
		dotsW, dotsH = float64(steps)*3.5*dotR, 3*dotR
	}
	n := float64(len(labels))
	var btns []layout.Rect
	// Beside: the buttons stacked at the right, the dots under them.
	if tw := r.W - 2*pad - colW - pad; tw >= 10*s && colW >= dotsW {
		lines := ui.Wrap(t, text, s, tw, false)
		th := float64(len(lines)) * 1.3 * s
		bhAll := n*(bh+gap) - gap + dotsH
		hh := math.Max(th, bhAll) + 2*pad
		if hh <= r.H {
			box := layout.Rect{X: r.X, Y: r.Y + math.Round((r.H-hh)/2), W: r.W, H: hh}
			p := Panel{R: box, Size: s, Lines: lines, TX: box.X + pad, TY: box.Y + pad + (hh-2*pad-th)/2 + 0.65*s, DotR: dotR}
			y := box.Y + (hh-bhAll)/2
			x := box.X + box.W - pad - colW
			for range labels {
				btns = append(btns, layout.Rect{X: x, Y: y, W: colW, H: bh})
				y += bh + gap
			}
			p.Dots = layout.Point{X: x + (colW-dotsW)/2 + 1.75*dotR, Y: y - gap + 2.5*dotR}
			return p, btns, true
		}
	}
	// Under: the text across, then the dots and the buttons in a row, or
	// the buttons stacked and the dots under them.
	tw := r.W - 2*pad
	lines := ui.Wrap(t, text, s, tw, false)
	th := float64(len(lines)) * 1.3 * s
	row := rowW+dotsW+gap <= tw
	hh := th + gap + bh + 2*pad
	if !row {
		hh = th + n*(bh+gap) + dotsH + 2*pad
	}
	if hh > r.H || colW > tw {
		return Panel{}, nil, false
	}
	box := layout.Rect{X: r.X, Y: r.Y + math.Round((r.H-hh)/2), W: r.W, H: hh}
	p := Panel{R: box, Size: s, Lines: lines, TX: box.X + pad, TY: box.Y + pad + 0.65*s, DotR: dotR}
	y := box.Y + pad + th + gap
	if row {
		p.Dots = layout.Point{X: box.X + pad + 1.75*dotR, Y: y + bh/2}
		x := box.X + box.W - pad - rowW
		for _, w := range bws {
			btns = append(btns, layout.Rect{X: x, Y: y, W: w, H: bh})
			x += w + gap
		}
		return p, btns, true
	}
	for range labels {
		btns = append(btns, layout.Rect{X: box.X + pad, Y: y, W: tw, H: bh})
		y += bh + gap
	}
	p.Dots = layout.Point{X: box.X + (box.W-dotsW)/2 + 1.75*dotR, Y: y - gap + 2.5*dotR}
	return p, btns, true
}

// The hand's fingertip in its image, in marble radii.
const HandTipX, HandTipY = 0.7, 0.3

// PaintHand paints a hand pointing up, a marble radius r tall for its
// finger: a light glove with a dark outline.
func PaintHand(r float64) *ebiten.Image {
	img := ebiten.NewImage(int(2*r)+2, int(2.3*r)+2)
	ox, oy := HandTipX*r, HandTipY*r
	shapes := func(grow float64, col color.RGBA) {
		circle := func(x, y, rad float64) {
			vector.FillCircle(img, float32(ox+x*r), float32(oy+y*r), float32(rad*r+grow), col, true)
		}
		rect := func(x0, y0, x1, y1 float64) {
			vector.FillRect(img, float32(ox+x0*r-grow), float32(oy+y0*r-grow), float32((x1-x0)*r+2*grow), float32((y1-y0)*r+2*grow), col, true)
		}
		circle(0, 0, 0.2) // the finger
		rect(-0.2, 0, 0.2, 1.0)
		rect(-0.3, 0.95, 1.0, 1.72) // the palm
		circle(-0.1, 1.65, 0.2)
		circle(0.8, 1.65, 0.2)
		rect(-0.1, 1.6, 0.8, 1.85)
		circle(0.34, 0.86, 0.17) // the folded fingers
		circle(0.62, 0.9, 0.17)
		circle(0.86, 0.98, 0.15)
		rect(0.17, 0.86, 1.0, 1.1)
		circle(-0.42, 1.05, 0.16) // the thumb
	}
	shapes(math.Max(1.5, 0.08*r), render.Dark)
	shapes(0, render.Ink)
	return img
}
