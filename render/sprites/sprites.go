package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
)

// Sprites holds the marble textures and the small tinted shapes (rings,
// glows, discs) at one marble size, painted once and repainted only when
// that size changes. Its draw methods reuse one set of options, so drawing
// allocates nothing.
type Sprites struct {
	d int // marble diameter in pixels
	// shapes are the ring, glow, disc and symbols painted for d; spare
	// those of the size before (see Ensure).
	shapes, spare spriteShapes
	panel         *ebiten.Image // white rounded square for 9-slice panels
	panelR        int
	panelParts    [9]*ebiten.Image
	op            ebiten.DrawImageOptions
	white1        *ebiten.Image
	white1Sub     *ebiten.Image

	// The opal shader and one marble's quad, reused.
	shader *ebiten.Shader
	verts  [4]ebiten.Vertex
	sop    ebiten.DrawTrianglesShaderOptions

	// Marbles at rest shaded once into one texture (see bake): the
	// slot of each baked marble, the marbles seen once, the texture, its
	// slots, which marble each holds and when it was last drawn (a count
	// of bake calls: the least recently drawn slot is baked over next).
	baked     map[bakeKey]int
	seen      map[bakeKey]struct{}
	bakeAtlas *ebiten.Image
	bakeSlot  []*ebiten.Image
	slotKey   []bakeKey
	slotHeld  []bool
	slotUsed  []uint64
	bakeUses  uint64
	live      bool // shade every marble every frame (for the benchmarks)

	// The theme everything is drawn in (SetTheme) and the one the shader
	// and the baked marbles were made for.
	theme, shaded render.Theme
	themed        bool

	// The buttons' plates (Plate) and the pages' table top at the last
	// two sizes (FillPage), painted once.
	plates [plateKinds]*ebiten.Image
	pages  [2]pageTop
	// The panels' inlay (Inlay), painted once, and its nine parts.
	inlay      *ebiten.Image
	inlayParts [9]*ebiten.Image

	// stage is the screen the light hangs over (SetStage), empty if unset.
	stage image.Rectangle
	// frame is where a page is drawn on its screen (SetPageFrame): its
	// table top is the screen's, continued under a notch and a home bar.
	frame pageFrame
}

// SetTheme makes t the theme of everything drawn from now on: the
// marbles shaded in its colours (and baked again), its marks on them, the
// pages in its colour. The board and furniture caches take the theme from
// here at their next draw.
func (s *Sprites) SetTheme(t render.Theme) {
	s.theme, s.themed = t, true
	if s.d != 0 {
		s.Ensure(s.d)
	}
}

// Theme is the theme things are drawn in: Walnut until SetTheme.
func (s *Sprites) Theme() render.Theme {
	if !s.themed {
		return render.Walnut
	}
	return s.theme
}

// Tint is colour c of the theme as a flat interface colour.
func (s *Sprites) Tint(c logic.Color) color.RGBA {
	if !s.themed {
		return render.Walnut.Tints[c&3]
	}
	return s.theme.Tints[c&3]
}

// Marks reports whether the theme puts a mark on each colour's marbles.
func (s *Sprites) Marks() bool { return s.themed && s.theme.Marks }

// Reach is how far from its centre, in pixels, a board marble drawn
// lifted by lift may touch the picture (its shadow and caustic included).
func (s *Sprites) Reach(lift float64) float64 {
	return shaderReach * float64(s.d) / 2 * (1 + 0.12*lift)
}

// Diameter is the marble diameter the sprites are painted for.
func (s *Sprites) Diameter() int { return s.d }

// Ensure paints the sprites for marbles of diameter d pixels unless they
// are painted already. The sprites of the size before are kept aside:
// a tablet turned back and forth (and a screen that draws its marbles at
// another size) takes them up again instead of painting them anew, in
// the frame that follows the turn, inside the browser's resize event
// (issue 29). The symbols are painted only for a theme that marks its
// marbles.
func (s *Sprites) Ensure(d int) {
	d = max(d, 4)
	th := s.Theme()
	if s.d == d && th.Marbles == s.shaded.Marbles && (s.shapes.sym[0] != nil || !s.Marks()) {
		return
	}
	fresh := s.d != d
	if s.shader != nil && th.Marbles != s.shaded.Marbles {
		// Another palette: another shader, and every baked marble and
		// every one seen is of the old colours (the white shapes and the
		// symbols are of no palette).
		s.shader.Deallocate()
		s.shader = nil
		clear(s.seen)
		clear(s.baked)
		clear(s.slotHeld)
		fresh = true
	}
	s.shaded = th
	if s.shader == nil {
		s.shader = newMarbleShader(th.Marbles)
	}
	if fresh {
		s.dropBaked() // the texture stays while its slots are the right size
	}
	if s.d != d {
		s.shapes, s.spare = s.spare, s.shapes
		if s.shapes.d != d {
			s.shapes.free()
			s.shapes = spriteShapes{
				d:    d,
				ring: render.Upload(render.PaintRing(d+d/4, max(2, float64(d)/11))),
				glow: render.Upload(render.PaintGlow(2 * d)),
				dot:  render.Upload(render.PaintDisc(d)),
			}
		}
	}
	if s.Marks() && s.shapes.sym[0] == nil {
		for c := logic.Orange; c <= logic.White; c++ {
			s.shapes.sym[c] = render.Upload(render.PaintSymbol(c, d))
		}
	}
	if s.white1 == nil {
		s.white1 = ebiten.NewImage(3, 3)
		s.white1.Fill(color.White)
		s.white1Sub = s.white1.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	s.d = d
}

// spriteShapes are the white shapes, tinted as they are drawn, painted
// for marbles of diameter d, and the symbols that mark them (nil until a
// theme with marks draws at that size).
type spriteShapes struct {
	d               int
	ring, glow, dot *ebiten.Image
	sym             [4]*ebiten.Image
}

func (p *spriteShapes) free() {
	render.Free(p.ring, p.glow, p.dot)
	render.Free(p.sym[:]...)
	*p = spriteShapes{}
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

// Marble draws a marble of colour c centred at (x, y), its interior turned
// by angle radians in the picture's plane. lift (0 resting .. 1 held up)
// raises it: larger, with its shadow further off. alpha below 1 draws a
// ghost (a preview). Its play of colour is that of seed 0: MarbleSeeded
// gives each marble its own.
func (s *Sprites) Marble(dst *ebiten.Image, c logic.Color, x, y, angle, lift, alpha float64) {
	s.marble(dst, c, x, y, TurnAbout(angle), lift, alpha, 1, 0)
}

// MarbleSeeded is Marble for the marble whose seed is seed: its play of
// colour and the side it shows at rest are its own, and stay with it as
// long as the caller keeps its seed with it.
func (s *Sprites) MarbleSeeded(dst *ebiten.Image, c logic.Color, x, y, angle, lift, alpha float64, seed uint32) {
	s.marble(dst, c, x, y, SeededTurn(seed, angle), lift, alpha, 1, seed)
}

// MarbleTurned draws the marble of seed seed with its interior in
// orientation t, for a marble that rolls in three dimensions (see
// Turn.Rolled; SeedTurn(seed) is its orientation before it first moves).
func (s *Sprites) MarbleTurned(dst *ebiten.Image, c logic.Color, x, y float64, t Turn, lift, alpha float64, seed uint32) {
	s.marble(dst, c, x, y, t.quat(), lift, alpha, 1, seed)
}

// MarbleScaled draws a resting marble at k times its board size (for
// supplies and swatches).
func (s *Sprites) MarbleScaled(dst *ebiten.Image, c logic.Color, x, y, k float64) {
	s.marble(dst, c, x, y, Turn{W: 1}, 0, 1, k, 0)
}

// MarbleScaledSeeded is MarbleScaled for the marble of seed seed.
func (s *Sprites) MarbleScaledSeeded(dst *ebiten.Image, c logic.Color, x, y, k float64, seed uint32) {
	s.marble(dst, c, x, y, SeedTurn(seed), 0, 1, k, seed)
}

func (s *Sprites) marble(dst *ebiten.Image, c logic.Color, x, y float64, t Turn, lift, alpha, scale float64, seed uint32) {
	if s.d == 0 || c > logic.White {
		return
	}
	k := scale * (1 + 0.12*lift)
	alpha = max(0, min(1, alpha))
	// Whole pixels for a marble at rest, so that it looks the same
	// wherever it lies.
	if lift == 0 && scale == 1 {
		x, y = math.Round(x), math.Round(y)
	}
	// A marble drawn scaled (a tray's, a score marker) never rolls: baked
	// the first time, so that it never shows once shaded live at its own
	// size and then as the baked one scaled, a little different.
	lc := s.lightOver(dst, x, y)
	if img := s.bake(c, t, lc, lift, seed, scale != 1); img != nil {
		a := uint8(math.Round(255 * alpha))
		s.centred(dst, img, x, y, k, 0, color.RGBA{a, a, a, a})
	} else {
		s.shade(dst, c, x, y, k*float64(s.d)/2, t, lc, lift, alpha, seed)
	}
	if s.Marks() && s.shapes.sym[c] != nil {
		a := uint8(math.Round(255 * alpha))
		s.centred(dst, s.shapes.sym[c], x, y, k, 0, color.RGBA{a, a, a, a})
	}
}

// shade draws the marble with the shader, its radius r pixels, lit by
// the light lc.
func (s *Sprites) shade(dst *ebiten.Image, c logic.Color, x, y, r float64, t Turn, lc lightCode, lift, alpha float64, seed uint32) {
	cr, cl, ca, cs := lc.pack(uint8(c)), float32(lift), float32(alpha), seedFrac(seed)
	q := float32(quadReach(lift))
	for i := range s.verts {
		sx, sy := float32(i%2*2-1)*q, float32(i/2*2-1)*q
		s.verts[i] = ebiten.Vertex{
			DstX: float32(x) + sx*float32(r), DstY: float32(y) + sy*float32(r),
			SrcX: sx, SrcY: sy,
			ColorR: cr, ColorG: cl, ColorB: ca, ColorA: cs,
			// The shader looks up the interior point under each surface
			// point: the inverse turn, the conjugate.
			Custom0: -t.X, Custom1: -t.Y, Custom2: -t.Z, Custom3: t.W,
		}
	}
	dst.DrawTrianglesShader(s.verts[:], quadIndices[:], s.shader, &s.sop)
}

// quadIndices are the two triangles of a quad whose corners are listed
// row by row.
var quadIndices = [6]uint16{0, 1, 2, 1, 3, 2}

// Ring draws a ring around a marble-sized spot at (x, y), scaled by k.
func (s *Sprites) Ring(dst *ebiten.Image, x, y, k float64, clr color.RGBA) {
	if s.d == 0 {
		return
	}
	s.centred(dst, s.shapes.ring, x, y, k, 0, clr)
}

// Glow draws a soft halo of diameter about 2*k marbles at (x, y).
func (s *Sprites) Glow(dst *ebiten.Image, x, y, k float64, clr color.RGBA) {
	if s.d == 0 {
		return
	}
	s.centred(dst, s.shapes.glow, x, y, k, 0, clr)
}

// Dot draws a solid disc of k marble diameters at (x, y).
func (s *Sprites) Dot(dst *ebiten.Image, x, y, k float64, clr color.RGBA) {
	if s.d == 0 {
		return
	}
	s.centred(dst, s.shapes.dot, x, y, k, 0, clr)
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
		s.panel = render.Upload(img)
		cuts := [4]int{0, ri, ri + 2, side}
		for j := 0; j < 3; j++ {
			for i := 0; i < 3; i++ {
				s.panelParts[j*3+i] = s.panel.SubImage(image.Rect(cuts[i], cuts[j], cuts[i+1], cuts[j+1])).(*ebiten.Image)
			}
		}
	}
	nineSlice(dst, &s.op, &s.panelParts, panelRadius, x, y, w, h, r, clr)
}

// nineSlice draws a rounded rectangle (x, y, w, h) of corner radius r
// from the nine parts of a square painted with corners of radius pr and
// a two-pixel middle, tinted by clr.
func nineSlice(dst *ebiten.Image, op *ebiten.DrawImageOptions, parts *[9]*ebiten.Image, pr int, x, y, w, h, r float64, clr color.RGBA) {
	fr := math.Max(1, math.Min(r, math.Min(w, h)/2))
	xs := [4]float64{x, x + fr, x + w - fr, x + w}
	ys := [4]float64{y, y + fr, y + h - fr, y + h}
	src := [4]float64{0, float64(pr), float64(pr) + 2, 2*float64(pr) + 2}
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
			dst.DrawImage(parts[j*3+i], op)
		}
	}
}
