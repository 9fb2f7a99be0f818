package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
)

// Sprites holds the marble textures and the small tinted shapes (rings,
// glows, discs) at one marble size, painted once and repainted only when
// that size changes. Its draw methods reuse one set of options, so drawing
// allocates nothing.
type Sprites struct {
	d               int // marble diameter in pixels
	body            [4]*ebiten.Image
	gloss, shadow   *ebiten.Image
	ring, glow, dot *ebiten.Image
	panel           *ebiten.Image // white rounded square for 9-slice panels
	panelR          int
	panelParts      [9]*ebiten.Image
	op              ebiten.DrawImageOptions
	white1          *ebiten.Image
	white1Sub       *ebiten.Image

	// Symbols draws the colour-blind aid: a distinct symbol on each
	// colour's marbles.
	Symbols bool
	sym     [4]*ebiten.Image
}

// Diameter is the marble diameter the sprites are painted for.
func (s *Sprites) Diameter() int { return s.d }

func upload(img *image.RGBA) *ebiten.Image { return ebiten.NewImageFromImage(img) }

func free(imgs ...*ebiten.Image) {
	for _, i := range imgs {
		if i != nil {
			i.Deallocate()
		}
	}
}

// Ensure paints the sprites for marbles of diameter d pixels unless they
// are painted already.
func (s *Sprites) Ensure(d int) {
	d = max(d, 4)
	if s.d == d {
		return
	}
	free(s.body[:]...)
	free(s.sym[:]...)
	free(s.gloss, s.shadow, s.ring, s.glow, s.dot)
	for c := logic.Orange; c <= logic.White; c++ {
		s.body[c] = upload(PaintMarbleBody(c, d))
		s.sym[c] = upload(PaintSymbol(c, d))
	}
	s.gloss = upload(PaintMarbleGloss(d))
	s.shadow = upload(PaintShadow(d))
	s.ring = upload(PaintRing(d+d/4, max(2, float64(d)/11)))
	s.glow = upload(PaintGlow(2 * d))
	s.dot = upload(PaintDisc(d))
	if s.white1 == nil {
		s.white1 = ebiten.NewImage(3, 3)
		s.white1.Fill(color.White)
		s.white1Sub = s.white1.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	s.d = d
}

// centred draws img scaled by k and turned by angle about its centre,
// placed at (x, y), tinted by clr (premultiplied, white = as painted).
func (s *Sprites) centred(dst, img *ebiten.Image, x, y, k, angle float64, clr color.RGBA) {
	b := img.Bounds()
	op := &s.op
	op.GeoM.Reset()
	op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	if k != 1 {
		op.GeoM.Scale(k, k)
	}
	if angle != 0 {
		op.GeoM.Rotate(angle)
	}
	// Whole pixels when the sprite is neither turned nor scaled, so that a
	// resting marble is drawn texel for pixel.
	if angle == 0 && k == 1 && b.Dx()%2 == 0 {
		x, y = math.Round(x), math.Round(y)
	}
	op.GeoM.Translate(x, y)
	setColor(op, clr)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, op)
}

var opaque = color.RGBA{255, 255, 255, 255}

// Marble draws a marble of colour c centred at (x, y), its swirls turned by
// angle radians. lift (0 resting .. 1 held up) raises it: larger, with its
// shadow further off. alpha below 1 draws a ghost (a preview).
func (s *Sprites) Marble(dst *ebiten.Image, c logic.Color, x, y, angle, lift, alpha float64) {
	s.marble(dst, c, x, y, angle, lift, alpha, 1)
}

// MarbleScaled draws a resting marble at k times its board size (for
// supplies and swatches).
func (s *Sprites) MarbleScaled(dst *ebiten.Image, c logic.Color, x, y, k float64) {
	s.marble(dst, c, x, y, 0, 0, 1, k)
}

func (s *Sprites) marble(dst *ebiten.Image, c logic.Color, x, y, angle, lift, alpha, scale float64) {
	if s.d == 0 || c > logic.White {
		return
	}
	k := scale * (1 + 0.12*lift)
	a := uint8(math.Round(255 * max(0, min(1, alpha))))
	tint := color.RGBA{a, a, a, a}
	off := scale * float64(s.d) * (0.07 + 0.18*lift)
	sa := uint8(float64(a) * (1 - 0.35*lift))
	s.centred(dst, s.shadow, x+off, y+off*1.2, k*(1+0.15*lift), 0, color.RGBA{sa, sa, sa, sa})
	s.centred(dst, s.body[c], x, y, k, angle, tint)
	s.centred(dst, s.gloss, x, y, k, 0, tint)
	if s.Symbols {
		s.centred(dst, s.sym[c], x, y, k, 0, tint)
	}
}

// Ring draws a ring around a marble-sized spot at (x, y), scaled by k.
func (s *Sprites) Ring(dst *ebiten.Image, x, y, k float64, clr color.RGBA) {
	if s.d == 0 {
		return
	}
	s.centred(dst, s.ring, x, y, k, 0, clr)
}

// Glow draws a soft halo of diameter about 2*k marbles at (x, y).
func (s *Sprites) Glow(dst *ebiten.Image, x, y, k float64, clr color.RGBA) {
	if s.d == 0 {
		return
	}
	s.centred(dst, s.glow, x, y, k, 0, clr)
}

// Dot draws a solid disc of k marble diameters at (x, y).
func (s *Sprites) Dot(dst *ebiten.Image, x, y, k float64, clr color.RGBA) {
	if s.d == 0 {
		return
	}
	s.centred(dst, s.dot, x, y, k, 0, clr)
}

// Rect fills the rectangle (x, y, w, h) with clr (premultiplied) by
// stretching one white texel: no path, no allocation.
func (s *Sprites) Rect(dst *ebiten.Image, x, y, w, h float64, clr color.RGBA) {
	if s.white1Sub == nil || w <= 0 || h <= 0 {
		return
	}
	op := &s.op
	op.GeoM.Reset()
	op.GeoM.Scale(w, h)
	op.GeoM.Translate(x, y)
	setColor(op, clr)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.white1Sub, op)
}

// panelRadius is the corner radius the panel sprite is painted at; the
// corners are scaled to the radius asked for.
const panelRadius = 48

// setColor tints op by clr (premultiplied) without boxing clr in an
// interface, which would allocate.
func setColor(op *ebiten.DrawImageOptions, clr color.RGBA) {
	op.ColorScale.Reset()
	if clr != opaque {
		op.ColorScale.Scale(float32(clr.R)/255, float32(clr.G)/255, float32(clr.B)/255, float32(clr.A)/255)
	}
}

// Panel fills a rounded rectangle of corner radius r with clr, as nine
// stretched pieces of one rounded square painted once.
func (s *Sprites) Panel(dst *ebiten.Image, x, y, w, h, r float64, clr color.RGBA) {
	if w <= 0 || h <= 0 {
		return
	}
	if s.panel == nil {
		const ri = panelRadius
		side := 2*ri + 2
		img := image.NewRGBA(image.Rect(0, 0, side, side))
		for py := 0; py < side; py++ {
			for px := 0; px < side; px++ {
				cx := math.Max(math.Abs(float64(px)+0.5-float64(side)/2)-1, 0)
				cy := math.Max(math.Abs(float64(py)+0.5-float64(side)/2)-1, 0)
				d := math.Hypot(cx, cy) - (ri - 1)
				a := max(0, min(1, 0.5-d+1))
				v := uint8(math.Round(a * 255))
				img.SetRGBA(px, py, color.RGBA{v, v, v, v})
			}
		}
		s.panel = upload(img)
		cuts := [4]int{0, ri, ri + 2, side}
		for j := 0; j < 3; j++ {
			for i := 0; i < 3; i++ {
				s.panelParts[j*3+i] = s.panel.SubImage(image.Rect(cuts[i], cuts[j], cuts[i+1], cuts[j+1])).(*ebiten.Image)
			}
		}
	}
	fr := math.Max(1, math.Min(r, math.Min(w, h)/2))
	xs := [4]float64{x, x + fr, x + w - fr, x + w}
	ys := [4]float64{y, y + fr, y + h - fr, y + h}
	const pr = panelRadius
	src := [4]float64{0, pr, pr + 2, 2*pr + 2}
	op := &s.op
	for j := 0; j < 3; j++ {
		for i := 0; i < 3; i++ {
			pw, ph := xs[i+1]-xs[i], ys[j+1]-ys[j]
			if pw <= 0 || ph <= 0 {
				continue
			}
			op.GeoM.Reset()
			op.GeoM.Scale(pw/(src[i+1]-src[i]), ph/(src[j+1]-src[j]))
			op.GeoM.Translate(xs[i], ys[j])
			setColor(op, clr)
			op.Filter = ebiten.FilterLinear
			dst.DrawImage(s.panelParts[j*3+i], op)
		}
	}
}
