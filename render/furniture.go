package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"

	"shiftago/logic"
	"shiftago/render/layout"
)

// The furniture around the board: the table top it lies on and a block
// of the board's wood for each seat, with the seat's name on a dark
// inlaid plate and its supply and score track carved into it as
// compartments (PaintTray). Each is painted once on the CPU for its size
// and uploaded as one texture, so an idle frame copies it and a resize
// repaints it, like the board.

// tableTopMaxPixels bounds the table top's painted size: it is soft (a
// lamp's pool of light on dark wood), so a big screen gets it painted
// smaller and stretched, which costs a resize tens of milliseconds
// instead of hundreds.
const tableTopMaxPixels = 1 << 20

// PaintTableTop paints the table the board lies on, w × h pixels: dark
// walnut planks running across, their grain, the seams between them, and
// the light of a lamp above the board (centred on lamp, falling off
// towards the corners), so the eye rests on the board and the seats.
// cell is the board's cell size in the same pixels: the grain and the
// planks are in proportion to the board. top is the wood's colour (its
// grain is walnut's).
func PaintTableTop(w, h int, lamp layout.Point, cell float64, top color.RGBA) *image.RGBA {
	return paintTableTop(w, h, lamp, cell, top, nil, whole)
}

// paintTableTop is PaintTableTop painting into s's first canvas (a fresh
// one with s nil), pausing between slices of its work (nil if
// abandoned).
func paintTableTop(w, h int, lamp layout.Point, cell float64, top color.RGBA, s *Canvases, pa pause) *image.RGBA {
	img := s.canvas(0, image.Rect(0, 0, max(1, w), max(1, h)))
	if w < 2 || h < 2 {
		clear(img.Pix)
		return img
	}
	if !fillSliced(img, top, pa) {
		return nil
	}
	cell = max(4, cell)
	p := &painter{z: vector.NewRasterizer(1, 1)}
	plank := math.Round(2.3 * cell)
	for i, y := 0, 0.0; y < float64(h); i, y = i+1, y+plank {
		// Each plank its own grain, running along it.
		if !p.grain(img, 0, float32(y), float32(w), float32(plank), false, uint64(31+i), float32(1.4*cell), Walnut.Wood, pa) {
			return nil
		}
	}
	// The lamp's light falls off as a Gaussian of the distance, a little
	// faster up and down: a product of one factor per column and one per
	// row, worked out once each.
	reach := 0.75 * math.Hypot(float64(w), float64(h))
	fall := func(d float64) float64 { return math.Exp(-2.2 * d * d / (reach * reach)) }
	across := make([]float64, w)
	for px := range w {
		across[px] = fall(float64(px) + 0.5 - lamp.X)
	}
	ok := sliceRows(0, h, w, pa, func(py int) {
		// The seam between two planks: a dark groove with a lit lower lip.
		seam := 1.0
		if d := math.Mod(float64(py), plank); py > 0 && d < 1 {
			seam = 0.45
		} else if d < 2 && py > 1 {
			seam = 1.12
		}
		down := fall(1.15 * (float64(py) + 0.5 - lamp.Y))
		o := img.PixOffset(0, py)
		for px := range w {
			light := seam * (0.5 + 0.62*across[px]*down)
			for c := range 3 {
				img.Pix[o+c] = uint8(min(255, float64(img.Pix[o+c])*light))
			}
			o += 4
		}
	})
	if !ok {
		return nil
	}
	return img
}

// TableCache holds the table top (PaintTableTop) with the board on it
// (BoardCache), composed once for a screen size and board place into one
// screen-sized texture: the resting layer under everything else, copied
// each frame in one draw instead of a fill and the board's. With a
// Slicer, a new size is painted in its slices (the table top's and the
// board's), the last pictures stretched to the new places meanwhile.
type TableCache struct {
	comp    *ebiten.Image
	key     tableKey
	made    [2]int // the generations of the top and the board comp shows
	top     picture[topKey]
	op      ebiten.DrawImageOptions
	scratch Canvases // the table top's, painted on the CPU
	Slicer  *Slicer
}

// tableKey is what the composed table depends on: the screen's size, the
// board's place and cell, the table's wood and the board's.
type tableKey struct {
	w, h, x, y, cell float64
	top              color.RGBA
	wood             Wood
}

// topKey is what the table top's picture depends on: its size (the
// screen's, or smaller: see tableTopMaxPixels), the lamp's place and the
// cell in its pixels, its wood.
type topKey struct {
	w, h int
	lamp layout.Point
	cell float64
	top  color.RGBA
}

// Draw covers the screen of g with the table top of theme th, lit from
// above the board, and the board (board's texture) where g puts it.
func (t *TableCache) Draw(dst *ebiten.Image, g *layout.Geometry, board *BoardCache, th Theme) {
	if g.W < 1 || g.H < 1 {
		return
	}
	c := g.Frame.Center()
	key := tableKey{g.W, g.H, c.X, c.Y, g.Cell, th.Table, th.Wood}
	// The table top is soft: a big screen gets it painted smaller and
	// stretched.
	k := min(1, math.Sqrt(tableTopMaxPixels/(g.W*g.H)))
	tk := topKey{w: int(math.Ceil(g.W * k)), h: int(math.Ceil(g.H * k)), lamp: c.Mul(k), cell: max(4, g.Cell*k), top: th.Table}
	s := t.Slicer
	if t.top.img != nil && t.top.key.top != th.Table {
		s = nil // another wood: a stand-in of the old one would look wrong
	}
	if !t.top.is(tk) {
		t.top.update(tk, s, func(pa pause) *image.RGBA {
			return paintTableTop(tk.w, tk.h, tk.lamp, tk.cell, tk.top, &t.scratch, pa)
		})
	}
	board.prepare(g, th.Wood)
	if made := [2]int{t.top.gen, board.pic.gen}; t.comp == nil || t.key != key || t.made != made {
		t.compose(g, tk, k, board)
		t.key, t.made = key, made
	}
	// Opaque, and under everything: copied, not blended, which spares
	// software GL reading the screen back.
	t.op.Blend = ebiten.BlendCopy
	dst.DrawImage(t.comp, &t.op)
}

// compose draws the table top, stretched over the screen of g, and the
// board on it into comp, anew.
func (t *TableCache) compose(g *layout.Geometry, tk topKey, k float64, board *BoardCache) {
	w, h := int(math.Ceil(g.W)), int(math.Ceil(g.H))
	if t.comp == nil || t.comp.Bounds().Dx() != w || t.comp.Bounds().Dy() != h {
		free(t.comp)
		t.comp = ebiten.NewImage(w, h)
	} else {
		t.comp.Clear()
	}
	var op ebiten.DrawImageOptions
	if t.top.key == tk {
		op.GeoM.Scale(1/k, 1/k)
	} else { // the last size's, stretched over this one
		op.GeoM.Scale(float64(w)/float64(t.top.key.w), float64(h)/float64(t.top.key.h))
	}
	op.Filter = ebiten.FilterLinear
	t.comp.DrawImage(t.top.img, &op)
	board.draw(t.comp, g)
}

// SeatPlan is where the parts of a seat's card lie, in pixels from the
// card's top-left corner: paintSeatCard carves what it says.
type SeatPlan struct {
	W, H  int            // the card
	Label layout.Rect    // the name and supply count: a dark plate
	Tray  layout.Rect    // the supply's compartment
	Cups  []layout.Point // a dimple for each supply marble, in the tray
	CupR  float64
	Score layout.Rect    // the score track's groove; empty without one
	Marks []layout.Point // a dimple for each of its places
	MarkR float64
	Seed  uint64 // the block's grain: each seat its own piece of wood
	// Wood is the block's, Nameplate the plate's inlay.
	Wood      Wood
	Nameplate color.RGBA
}

// seatPad is the margin, in pixels, a card of w × h is painted with for
// its shadow on the table.
func seatPad(w, h int) int { return max(2, int(math.Ceil(0.05*float64(min(w, h))))) }

// paintSeatCard paints a seat's card: a block of the board's wood with
// rounded, lit edges and a shadow on the table, the seat's name plate
// inlaid in a dark wood (light text on it reads at any size), and the
// supply tray and score track carved into it as the board's compartments.
// The picture is seatPad larger than the card on every side. It pauses
// between slices of its work (pa; nil if abandoned).
func paintSeatCard(pl *SeatPlan, pa pause) *image.RGBA {
	pad := seatPad(pl.W, pl.H)
	W, H := pl.W+2*pad, pl.H+2*pad
	img := image.NewRGBA(image.Rect(0, 0, max(1, W), max(1, H)))
	if pl.W < 4 || pl.H < 4 {
		return img
	}
	fw, fh := float64(pl.W), float64(pl.H)
	rr := 0.08 * min(fw, fh)
	bevel := cardBevel(fw, fh)
	wood := image.NewRGBA(img.Bounds())
	draw.Draw(wood, wood.Bounds(), image.NewUniform(pl.Wood.Frame), image.Point{}, draw.Src)
	p := &painter{z: vector.NewRasterizer(1, 1)}
	if !p.grain(wood, float32(pad), float32(pad), float32(fw), float32(fh), false, pl.Seed, float32(max(12, 0.5*min(fw, fh))), pl.Wood, pa) {
		return nil
	}
	plate := Nameplate(layout.Rect{W: fw, H: fh}, pl.Label)
	plateR := 0.25 * plate.H
	ok := sliceRows(0, H, W, pa, func(py int) {
		for px := range W {
			x, y := float64(px-pad)+0.5, float64(py-pad)+0.5
			e := insideRoundRect(x, y, fw, fh, rr)
			if e <= -float64(pad) {
				continue
			}
			// The shadow on the table, down and to the right of the light.
			sh := insideRoundRect(x-0.4*float64(pad), y-0.6*float64(pad), fw, fh, rr)
			sa := 0.5 * smoothstep(-float64(pad), 0, sh)
			cover := max(0, min(1, e+0.5))
			if cover == 0 {
				img.SetRGBA(px, py, color.RGBA{A: uint8(255 * sa)})
				continue
			}
			a := wood.RGBAAt(px, py)
			shade := 1.0
			if e < bevel {
				// The rounded edge: turned towards the light at the top
				// left, away from it at the bottom right.
				const dd = 0.5
				nx := -(insideRoundRect(x+dd, y, fw, fh, rr) - insideRoundRect(x-dd, y, fw, fh, rr)) / (2 * dd)
				ny := -(insideRoundRect(x, y+dd, fw, fh, rr) - insideRoundRect(x, y-dd, fw, fh, rr)) / (2 * dd)
				t := 1 - e/bevel
				shade += 0.9 * t * t * (nx*lightPlan[0] + ny*lightPlan[1])
			}
			// The name plate, inlaid: a dark wood, its edge towards the
			// light in shadow.
			if pe := insideRoundRect(x-plate.X, y-plate.Y, plate.W, plate.H, plateR); pe > -0.5 {
				k := max(0, min(1, pe+0.5))
				in := pl.Nameplate
				if pe < 2 {
					in = Fade(in, 0.75+0.125*max(0, pe))
				}
				a = mix(a, in, k)
				shade = shade*(1-k) + k
			}
			q := func(v uint8, under uint8) uint8 {
				return uint8(max(0, min(255, float64(v)*shade*cover+float64(under)*(1-cover))))
			}
			img.SetRGBA(px, py, color.RGBA{q(a.R, 0), q(a.G, 0), q(a.B, 0), q(a.A, uint8(255*sa))})
		}
	})
	if !ok {
		return nil
	}
	// The compartments, carved as the board's trays are.
	carve := func(r layout.Rect, cups []layout.Point, cr float64) bool {
		if r.Empty() {
			return true
		}
		x0, y0 := math.Floor(r.X), math.Floor(r.Y)
		w, h := int(math.Ceil(r.X+r.W)-x0), int(math.Ceil(r.Y+r.H)-y0)
		var rel [logic.MarblesPerColor]layout.Point
		n := copy(rel[:], cups)
		for i := range n {
			rel[i] = rel[i].Sub(layout.Point{X: x0, Y: y0})
		}
		t := paintTray(w, h, rel[:n], cr, pl.Wood, pa)
		if t == nil {
			return false
		}
		at := image.Pt(int(x0)+pad, int(y0)+pad)
		draw.Draw(img, t.Bounds().Add(at), t, image.Point{}, draw.Over)
		return true
	}
	if !carve(pl.Tray, pl.Cups, pl.CupR) || !carve(pl.Score, pl.Marks, pl.MarkR) {
		return nil
	}
	return img
}

// mix is a + (b-a)·k, channel by channel.
func mix(a, b color.RGBA, k float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*k) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}

// cardBevel is the width of a w × h seat card's lit, rounded edge.
func cardBevel(w, h float64) float64 { return max(2, 0.035*min(w, h)) }

// Nameplate is the dark plate inlaid in a seat's card (card) for its
// label line (label): the line and a quarter of its height round it,
// kept inside the card's bevel. Where the card's padding is thinner than
// that margin the plate is cut there, and the words on it keep their
// margin inside it (view's SeatCard).
func Nameplate(card, label layout.Rect) layout.Rect {
	bevel := cardBevel(card.W, card.H)
	plate := layout.Rect{X: label.X - 0.25*label.H, Y: label.Y - 0.12*label.H, W: label.W + 0.5*label.H, H: 1.24 * label.H}
	return clampRect(plate, layout.Rect{X: card.X + bevel, Y: card.Y + bevel, W: card.W - 2*bevel, H: card.H - 2*bevel})
}

// clampRect is r cut to lie within q.
func clampRect(r, q layout.Rect) layout.Rect {
	x0, y0 := max(r.X, q.X), max(r.Y, q.Y)
	x1, y1 := min(r.X+r.W, q.X+q.W), min(r.Y+r.H, q.Y+q.H)
	return layout.Rect{X: x0, Y: y0, W: max(0, x1-x0), H: max(0, y1-y0)}
}

// SeatCardCache holds one seat's card (paintSeatCard) painted for the
// place its geometry gives it, repainted when that changes. With a
// Slicer, a new size is painted in its slices, the last card stretched
// to the new place meanwhile.
type SeatCardCache struct {
	pic    picture[seatKey]
	cups   [logic.MarblesPerColor]layout.Point
	mark   [logic.WinningPoints + 1]layout.Point
	op     ebiten.DrawImageOptions
	Slicer *Slicer
}

// seatKey is what a card's picture depends on: its size and its parts'
// places relative to it, all in pixels.
type seatKey struct {
	w, h                int
	label, tray, score  layout.Rect
	cup0, cup1, cupLast layout.Point
	cupR, markR         float64
	seat                int
	wood                Wood
	plate               color.RGBA
}

// Draw draws seat's card where g puts it, in theme th: the wood, the
// plate, the tray and the score track, for the text and the marbles to
// be drawn onto.
func (t *SeatCardCache) Draw(dst *ebiten.Image, g *layout.Geometry, seat int, th Theme) {
	st := &g.Seats[seat]
	if st.Card.Empty() {
		return
	}
	x0, y0 := math.Floor(st.Card.X), math.Floor(st.Card.Y)
	o := layout.Point{X: x0, Y: y0}
	rel := func(r layout.Rect) layout.Rect {
		if r.Empty() {
			return layout.Rect{}
		}
		return layout.Rect{X: r.X - x0, Y: r.Y - y0, W: r.W, H: r.H}
	}
	for i := range t.cups {
		t.cups[i] = g.TraySlot(seat, i).Sub(o)
	}
	for i := range t.mark {
		t.mark[i] = g.ScoreSlot(seat, i).Sub(o)
	}
	w, h := int(math.Ceil(st.Card.X+st.Card.W)-x0), int(math.Ceil(st.Card.Y+st.Card.H)-y0)
	k := seatKey{w: w, h: h, label: rel(st.Label), tray: rel(st.Tray), score: rel(st.Score),
		cup0: t.cups[0], cup1: t.cups[1], cupLast: t.cups[len(t.cups)-1],
		cupR: g.TrayRadius(seat), markR: g.ScoreRadius(seat), seat: seat, wood: th.Wood, plate: th.Nameplate}
	if !t.pic.is(k) {
		t.repaint(k, seat)
	}
	// The picture's size and place: a stand-in painted for another size
	// is stretched to this one.
	pk := t.pic.key
	pad, ppad := float64(seatPad(w, h)), float64(seatPad(pk.w, pk.h))
	t.op.GeoM.Reset()
	t.op.Filter = ebiten.FilterNearest
	if pk.w != w || pk.h != h {
		t.op.GeoM.Scale((float64(w)+2*pad)/(float64(pk.w)+2*ppad), (float64(h)+2*pad)/(float64(pk.h)+2*ppad))
		t.op.Filter = ebiten.FilterLinear
	}
	t.op.GeoM.Translate(x0-pad, y0-pad)
	dst.DrawImage(t.pic.img, &t.op)
}

// repaint brings the card's picture to k (seat's), or a slice of the way
// there.
func (t *SeatCardCache) repaint(k seatKey, seat int) {
	s := t.Slicer
	if pk := t.pic.key; t.pic.img != nil && (pk.seat != seat || pk.wood != k.wood || pk.plate != k.plate) {
		s = nil // another seat's or wood's card would look wrong
	}
	// The plan, with its own copy of the places: a repaint in slices
	// reads it in later frames, when t's arrays hold another layout.
	cups, mark := t.cups, t.mark
	t.pic.update(k, s, func(pa pause) *image.RGBA {
		pl := SeatPlan{W: k.w, H: k.h, Label: k.label, Tray: k.tray, Cups: cups[:], CupR: k.cupR * 1.05,
			Seed: uint64(41 + seat), Wood: k.wood, Nameplate: k.plate}
		if !k.score.Empty() {
			pl.Score, pl.Marks, pl.MarkR = k.score, mark[:], k.markR*1.15
		}
		return paintSeatCard(&pl, pa)
	})
}
