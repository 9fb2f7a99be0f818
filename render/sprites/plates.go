package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/layout"
)

// The pages around the table are made of the table's materials (issue
// 50): they lie on the table top itself, its planks lit by the lamp
// (FillPage), and their buttons are plates set into it, an ebony inlay
// rimmed in brass, or polished brass for the chosen and the primary
// (Plate), with the labels engraved into them. Each is painted once on
// the CPU and uploaded; a frame copies it.

// PlateKind is what a plate is made of.
type PlateKind uint8

const (
	PlateInlay PlateKind = iota // dark wood rimmed in brass: a button at rest
	PlateBrass                  // polished brass: chosen, or the primary action
	plateKinds
)

// plateH is the height the plates are painted at; a button is drawn by
// scaling its ends uniformly to its height and stretching the middle.
const plateH = 160

// plateR is a plate's corner radius, a share of its height (the buttons'
// corners before: 0.28 of their height).
const plateR = 0.28

// plateSide is the painted width of a plate's end: its corner and a
// pixel of margin.
var plateSide = int(math.Ceil(plateR*plateH)) + 2

// paintPlate paints a plate of kind k: plateH high, two ends and a
// two-pixel middle that stretches.
func paintPlate(k PlateKind) *image.RGBA {
	w, h := 2*plateSide+2, plateH
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := plateR * plateH
	rim := 0.035 * plateH
	for py := range h {
		for px := range w {
			// Distance to the rounded rectangle's edge (negative inside).
			cx := math.Max(math.Abs(float64(px)+0.5-float64(w)/2)-(float64(w)/2-r), 0)
			cy := math.Max(math.Abs(float64(py)+0.5-float64(h)/2)-(float64(h)/2-r), 0)
			d := math.Hypot(cx, cy) - r
			a := max(0, min(1, 0.5-d))
			if a == 0 {
				continue
			}
			t := (float64(py) + 0.5) / float64(h) // 0 at the top
			var c [3]float64
			switch k {
			case PlateBrass:
				// Polished brass: bright under the lamp along the top,
				// a band of reflected room, darker towards the foot.
				c = mix3([3]float64{0.96, 0.84, 0.55}, [3]float64{0.72, 0.53, 0.22}, render.Smoothstep(0.05, 0.95, t))
				c = mix3(c, [3]float64{1, 0.94, 0.76}, 0.35*math.Exp(-sq((t-0.22)/0.08)))
				if -d < rim {
					c = mix3(c, [3]float64{0.42, 0.28, 0.09}, 0.85) // the plate's bevelled edge
				} else if -d < 2.2*rim && t < 0.5 {
					c = mix3(c, [3]float64{1, 0.97, 0.85}, 0.6) // the bevel catching the light
				}
			default:
				// An inlay of dark wood, lit at the top, in a brass rim.
				c = mix3([3]float64{0.22, 0.15, 0.10}, [3]float64{0.12, 0.08, 0.05}, t)
				if -d < rim {
					c = mix3([3]float64{0.86, 0.68, 0.36}, [3]float64{0.52, 0.36, 0.15}, t)
				} else if -d < 2*rim {
					c = mix3(c, [3]float64{0.02, 0.01, 0}, 0.6) // the rim's shadow on the inlay
				}
			}
			q := func(v float64) uint8 { return uint8(math.Round(max(0, min(1, v)) * a * 255)) }
			img.SetRGBA(px, py, color.RGBA{q(c[0]), q(c[1]), q(c[2]), uint8(math.Round(a * 255))})
		}
	}
	return img
}

func sq(x float64) float64 { return x * x }

func mix3(a, b [3]float64, t float64) [3]float64 {
	return [3]float64{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// Plate draws a button's plate of kind k filling (x, y, w, h), faded by
// alpha (a button out of use).
func (s *Sprites) Plate(dst *ebiten.Image, x, y, w, h float64, k PlateKind, alpha float64) {
	if w <= 0 || h <= 0 || k >= plateKinds {
		return
	}
	if s.plates[k] == nil {
		s.plates[k] = render.Upload(paintPlate(k))
	}
	img := s.plates[k]
	// Each end scaled to the plate's height (its width at most half the
	// plate's), the middle stretched between them.
	ks := h / plateH
	end := math.Min(float64(plateSide)*ks, w/2)
	src := [4]int{0, plateSide, plateSide + 2, 2*plateSide + 2}
	xs := [4]float64{x, x + end, x + w - end, x + w}
	op := &s.op
	a := uint8(math.Round(255 * max(0, min(1, alpha))))
	for i := range 3 {
		pw := xs[i+1] - xs[i]
		if pw <= 0 {
			continue
		}
		part := img.SubImage(image.Rect(src[i], 0, src[i+1], plateH)).(*ebiten.Image)
		op.GeoM.Reset()
		op.GeoM.Scale(pw/float64(src[i+1]-src[i]), ks)
		op.GeoM.Translate(xs[i], y)
		setColor(op, color.RGBA{a, a, a, a})
		op.Filter = ebiten.FilterLinear
		dst.DrawImage(part, op)
	}
}

// paintInlay paints the panels' inlay: a rounded square of corner
// radius panelRadius and a two-pixel middle (cut into nine parts and
// stretched), dark wood set into the table, a brass rim lit along its top
// and in shadow along its foot, the rim's shadow on the wood inside it.
func paintInlay() *image.RGBA {
	const ri = panelRadius
	side := 2*ri + 2
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	rim := 0.13 * ri
	for py := range side {
		for px := range side {
			cx := math.Max(math.Abs(float64(px)+0.5-float64(side)/2)-1, 0)
			cy := math.Max(math.Abs(float64(py)+0.5-float64(side)/2)-1, 0)
			d := math.Hypot(cx, cy) - (ri - 1) // negative inside
			a := max(0, min(1, 0.5-d))
			if a == 0 {
				continue
			}
			t := (float64(py) + 0.5) / float64(side) // 0 at the top
			c := [3]float64{0.15, 0.10, 0.065}       // the wood, a shade under the plates' ebony
			switch {
			case -d < rim:
				// Brass, catching the lamp at the top, in shadow below.
				c = mix3([3]float64{0.93, 0.76, 0.45}, [3]float64{0.45, 0.30, 0.12}, render.Smoothstep(0.15, 0.85, t))
			case -d < 2.4*rim:
				c = mix3(c, [3]float64{0.03, 0.02, 0.01}, 0.55*(2.4*rim+d)/(1.4*rim)) // the rim's shadow on the wood
			}
			const op = 0.94 // the table shows a little at the panel's heart
			al := a
			if -d >= rim {
				al *= op
			}
			q := func(v float64) uint8 { return uint8(math.Round(max(0, min(1, v)) * al * 255)) }
			img.SetRGBA(px, py, color.RGBA{q(c[0]), q(c[1]), q(c[2]), uint8(math.Round(al * 255))})
		}
	}
	return img
}

// Inlay draws a panel of the table's materials filling (x, y, w, h) with
// corner radius r: dark wood set into the table in a brass rim, the
// status lines', the notices', the menus' and the lessons' panels alike
// (issue 50: they were plain dark boxes on the wood).
func (s *Sprites) Inlay(dst *ebiten.Image, x, y, w, h, r float64) {
	if w <= 0 || h <= 0 {
		return
	}
	if s.inlay == nil {
		s.inlay = render.Upload(paintInlay())
		cuts := [4]int{0, panelRadius, panelRadius + 2, 2*panelRadius + 2}
		for j := range 3 {
			for i := range 3 {
				s.inlayParts[j*3+i] = s.inlay.SubImage(image.Rect(cuts[i], cuts[j], cuts[i+1], cuts[j+1])).(*ebiten.Image)
			}
		}
	}
	nineSlice(dst, &s.op, &s.inlayParts, panelRadius, x, y, w, h, r, opaque)
}

// Engraved is the colour of the light lip under a label cut into brass.
var Engraved = color.RGBA{0xff, 0xf1, 0xc8, 0x90}

// pageGrid is the step, in painted pixels, the page's table top is
// painted in: a window dragged to a new size repaints it only when it
// crosses a step, and stretches the one painted meanwhile.
const pageGrid = 96

// pageKey is the size a page top is painted for, in painted pixels (in
// steps of pageGrid), and its wood.
type pageKey struct {
	w, h int
	top  color.RGBA
}

// pageKeyFor is the key of the page top for a screen w × h of wood top.
func pageKeyFor(w, h float64, top color.RGBA) pageKey {
	k := min(1, math.Sqrt(render.TableTopMaxPixels/(w*h)))
	return pageKey{pageGrid * int(math.Ceil(w*k/pageGrid)), pageGrid * int(math.Ceil(h*k/pageGrid)), top}
}

// FillPage covers dst with the page's background: the table top of the
// theme, its planks lit by a lamp a little above the page's middle (the
// titles and first controls are in its light, a tall phone's lower half
// not left in the dark).
func (s *Sprites) FillPage(dst *ebiten.Image) {
	b := dst.Bounds()
	s.FillPageOf(dst, float64(b.Max.X), float64(b.Max.Y))
}

// FillPageOf covers dst, a part of a page w × h (a band of it that must
// hide what scrolled under it), with that page's background.
func (s *Sprites) FillPageOf(dst *ebiten.Image, w, h float64) {
	if w < 1 || h < 1 {
		return
	}
	// A page drawn in a part of its screen (the safe area) lies on the
	// screen's one table top: the wood under the notch and the home bar
	// continues the page's, grain for grain (issue 50: those bands were
	// flat dark).
	f := s.frame
	if f.w > 0 && f.h > 0 {
		w, h = f.w, f.h
	}
	// The wood of the table, a little darker: text stands on it.
	t := s.Theme().Table
	top := color.RGBA{uint8(float64(t.R) * 0.85), uint8(float64(t.G) * 0.85), uint8(float64(t.B) * 0.85), 0xff}
	key := pageKeyFor(w, h, top)
	// Two sizes kept: a phone turned back and forth, and the safe area's
	// part of a screen beside the whole.
	p := &s.pages[0]
	if p.key != key || p.img == nil {
		p = &s.pages[1]
		if p.key != key || p.img == nil {
			s.pages[0], s.pages[1] = s.pages[1], s.pages[0]
			p = &s.pages[0]
			render.Free(p.img)
			cell := math.Min(float64(key.w), float64(key.h)) / 9
			p.img = render.Upload(render.PaintTableTop(key.w, key.h, layout.Point{X: float64(key.w) / 2, Y: 0.4 * float64(key.h)}, cell, top))
			p.key = key
		}
	}
	op := &s.op
	op.GeoM.Reset()
	op.GeoM.Scale(w/float64(key.w), h/float64(key.h))
	op.GeoM.Translate(-f.dx, -f.dy)
	op.ColorScale.Reset()
	op.Filter = ebiten.FilterLinear
	op.Blend = ebiten.BlendCopy
	dst.DrawImage(p.img, op)
	op.Blend = ebiten.Blend{}
}

// pageFrame is the part of a screen w × h at (dx, dy) a page is drawn
// in; zero: the whole of it.
type pageFrame struct{ dx, dy, w, h float64 }

// SetPageFrame says that the pages drawn from now on fill the part at
// (dx, dy) of a screen w × h (the safe area), not the whole picture they
// draw into; w 0 undoes it.
func (s *Sprites) SetPageFrame(dx, dy, w, h float64) {
	s.frame = pageFrame{dx, dy, w, h}
}

// pageTop is the table top the pages lie on, painted for one size.
type pageTop struct {
	img *ebiten.Image
	key pageKey
}
