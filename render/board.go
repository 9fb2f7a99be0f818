package render

import (
	"image"
	"image/color"
	"math"
	"runtime"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"

	"shiftago/render/layout"
)

// boardPad is the margin, in pixels, kept around a board painted for cells
// of c pixels, for its drop shadow.
func boardPad(c int) int { return int(math.Ceil(0.45 * float64(c))) }

// paintTable paints the board for cells of c pixels: one block of wood
// layout.FrameCells cells a side with rounded corners and a rounded edge,
// the grain running one way across it all (no seams at the corners);
// carved into it, a hemispherical dimple for each of the 49 cells and the
// 28 entry points, and a groove along every row and column from entry
// point to entry point that joins them: the tracks the marbles roll
// along. The 7×7 field sits a step lower, in a darker wood. The field's
// top-left corner is at (boardPad(c)+BandCells*c, same), matching layout's
// board origin.
//
// The carving is a height field lit per pixel by the light the marbles
// are lit by (top left), with the shadows the dimples' rims cast inside
// them, so the dimples read as hollows and not as dark discs.
//
// The wood is w's: its colours, its grain, the depth of its cups and the
// shine of a lacquer. It paints into s's canvases (fresh ones with s
// nil), pausing between slices of the work with pa (nil if abandoned):
// the picture is s's until the next paint.
func paintTable(c int, w Wood, s *Canvases, pa pause) *image.RGBA {
	pad := boardPad(c)
	cf := float32(c)
	F := float32(math.Round(layout.FrameCells * float64(c)))
	side := int(F) + 2*pad
	img := s.canvas(0, image.Rect(0, 0, side, side))
	p := &painter{z: vector.NewRasterizer(1, 1)}
	x0, y0 := float32(pad), float32(pad)
	band := float32(math.Round(layout.BandCells * float64(c)))
	radius := 0.45 * cf

	if !fillSliced(img, color.RGBA{}, pa) || !paintShadow(img, x0+0.08*cf, y0+0.14*cf, F, radius, 0.4*cf, pa) {
		return nil
	}

	// The wood's colour: one plank's grain across the whole block, the
	// field in a darker wood with its own grain.
	wood := s.canvas(1, img.Bounds())
	if !fillSliced(wood, w.Frame, pa) || !p.grain(wood, x0, y0, F, F, false, 1, cf, w, pa) {
		return nil
	}
	field := s.canvas(2, img.Bounds())
	if !fillSliced(field, w.Field, pa) || !p.grain(field, x0+band, y0+band, F-2*band, F-2*band, false, 5, cf, w, pa) {
		return nil
	}

	// Carve and light it, pixel by pixel: board units (cells) from the
	// field's origin.
	ox, oy := float64(x0+band), float64(y0+band)
	fc := float64(c)
	fr := layout.FrameCells - layout.BandCells // the frame's far edge
	lo := -layout.BandCells
	rr := float64(radius) / fc
	// Rows in bands, one per core (the pixels are independent): a
	// resize on a high-DPI screen paints millions of them.
	row := func(py int) {
		for px := int(x0); px < int(x0+F)+1 && px < side; px++ {
			u, v := (float64(px)+0.5-ox)/fc, (float64(py)+0.5-oy)/fc
			// The block's outline: inside distance to the rounded square.
			e := insideRoundSquare(u, v, lo, fr, rr)
			cover := max(0, min(1, e*fc+0.5))
			if cover == 0 {
				continue
			}
			k := carveAt(u, v, e, w.CupDepth, 1/fc)
			var a color.RGBA
			if k.field {
				a = field.RGBAAt(px, py)
			} else {
				a = wood.RGBAAt(px, py)
			}
			if k == (carved{}) && cover == 1 {
				img.SetRGBA(px, py, a) // the flat top: lit as it is
				continue
			}
			shade, gl := pixelShade(k, u, v, e, fc, w)
			col := [3]float64{float64(a.R)*shade + gl, float64(a.G)*shade + gl, float64(a.B)*shade + gl}
			q := func(x float64) uint8 { return uint8(max(0, min(255, x*cover))) }
			under := img.RGBAAt(px, py) // the drop shadow, at the rim
			inv := 1 - cover
			img.SetRGBA(px, py, color.RGBA{
				q(col[0]) + uint8(float64(under.R)*inv), q(col[1]) + uint8(float64(under.G)*inv),
				q(col[2]) + uint8(float64(under.B)*inv), uint8(255*cover + float64(under.A)*inv),
			})
		}
	}
	if !sliceRows(int(y0), min(int(y0+F)+1, side), int(F), pa, row) {
		return nil
	}
	return img
}

// edgeGrid is the side of the grid of samples a pixel that an edge of
// the carving crosses is shaded by: the light changes too fast there for
// one sample, and a grid of 2×2 left stairs of too light and too dark
// pixels along the steep rims and where a groove meets a dimple. The
// board is painted once a size: this costs about half as much again.
const edgeGrid = 4

// pixelShade is the shade and the shine (litShade) of the pixel of cells
// of fc pixels centred on board point (u, v), e cells inside the block's
// outline, k the carving there. Carved wood is end grain: darker the
// deeper; a lacquer shines where it turns to the light. Where an edge
// crosses the pixel (a rim, or the crease where a groove's floor runs
// into a dimple), the mean of a grid of samples of it.
func pixelShade(k carved, u, v, e, fc float64, w Wood) (shade, gl float64) {
	if !k.edge {
		return litShade(k, w.Sheen)
	}
	const n = edgeGrid
	for i := range n {
		for j := range n {
			du, dv := (float64(i)+0.5)/n-0.5, (float64(j)+0.5)/n-0.5
			s, g := litShade(carveAt(u+du/fc, v+dv/fc, e, w.CupDepth, 0.25/(n*fc)), w.Sheen)
			shade, gl = shade+s, gl+g
		}
	}
	return shade / (n * n), gl / (n * n)
}

// litShade is how the light and the depth shade the carved surface k
// (a factor on the wood's colour), and the shine a lacquer of sheen adds.
func litShade(k carved, sheen float64) (shade, gl float64) {
	lit := lightCarve(k)
	return lit * (1 + 1.1*k.h), 255 * sheen * max(0, lit-1)
}

// eachRow runs row for every py from top to bottom (excluded), the rows
// shared out among the cores: a painting whose pixels are independent
// (a resize on a high-DPI screen paints millions of them).
func eachRow(top, bottom int, row func(py int)) {
	n := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := range n {
		wg.Go(func() {
			for py := top + w; py < bottom; py += n {
				row(py)
			}
		})
	}
	wg.Wait()
}

// insideRoundSquare is how far (u, v) lies inside the square from lo to
// hi (both axes) with corners of radius r; negative outside.
func insideRoundSquare(u, v, lo, hi, r float64) float64 {
	cx, cy := (lo+hi)/2, (lo+hi)/2
	half := (hi-lo)/2 - r
	qx, qy := math.Abs(u-cx)-half, math.Abs(v-cy)-half
	if qx <= 0 || qy <= 0 { // beside an edge, not at a corner: no root
		return r - max(qx, qy)
	}
	return r - math.Sqrt(qx*qx+qy*qy)
}

// carved is the board's surface at a point: its height (0 the top, lower
// below, in cells), the slope, the shadow cast on it, and whether it is
// the field's wood.
type carved struct {
	h, gx, gy float64
	shadow    float64 // 0 lit .. 1 in the shadow of a rim
	field     bool
	edge      bool // a rim crosses the pixel
}

// The carving's proportions, in cells.
const (
	dimpleR     = 0.475 // a cell's dimple: a marble (0.45) sinks into it, a thin wall between two
	cupR        = 0.42  // an entry point's dimple
	grooveHalf  = 0.12
	grooveDepth = 0.07
	stepDepth   = 0.035 // the field below the frame
	stepWide    = 0.05
	edgeRound   = 0.12 // the block's rounded edge
)

// lightDir is the light, from the top left, as the marbles have it; the
// slope it climbs per cell of plan distance is lightRise.
var (
	lightDir  = [3]float64{-0.493, -0.583, 0.646}
	lightRise = 0.646 / math.Hypot(0.493, 0.583)
	lightPlan = [2]float64{-0.493 / math.Hypot(0.493, 0.583), -0.583 / math.Hypot(0.493, 0.583)}
)

// carveAt is the surface at board point (u, v), e cells inside the
// block's outline, its cells' dimples depth cells deep; px is a pixel in
// cells, over which the rims of the carving are smoothed.
func carveAt(u, v, e, depth, px float64) carved {
	k := carved{}
	inField := u > 0 && u < 7 && v > 0 && v < 7
	// The field a step down, the step a short slope.
	if d := min(u, v, 7-u, 7-v); d > -stepWide {
		t := Smoothstep(-stepWide, 0, d)
		k.h = -stepDepth * t
		if d < 0 {
			g := stepDepth * 6 * (d + stepWide) / stepWide * (1 - (d+stepWide)/stepWide) / stepWide
			switch d {
			case u:
				k.gx = -g
			case 7 - u:
				k.gx = g
			case v:
				k.gy = -g
			default:
				k.gy = g
			}
		}
		k.field = inField
	}
	// The rounded edge of the block.
	if e < edgeRound {
		t := 1 - e/edgeRound
		s := math.Sqrt(max(1e-4, 1-t*t))
		h := edgeRound * (s - 1)
		// Slope straight out of the block: a numerical normal of the
		// outline is enough here.
		const dd = 1e-3
		nx := (insideRoundSquare(u+dd, v, -layout.BandCells, layout.FrameCells-layout.BandCells, 0.45) - e) / dd
		ny := (insideRoundSquare(u, v+dd, -layout.BandCells, layout.FrameCells-layout.BandCells, 0.45) - e) / dd
		g := t / s // dh/de
		k = carved{h: k.h + h, gx: k.gx + g*nx, gy: k.gy + g*ny, field: k.field}
	}
	top := k.h // what the tracks and dimples are carved from
	// The tracks: a groove along each row and each column, from entry
	// point to entry point.
	const ends = layout.EntryOffset - 0.5
	if u > -ends && u < 7+ends && v > 0 && v < 7 {
		k = deeper(k, groove(v-math.Floor(v)-0.5, false, px), top, px)
	}
	if v > -ends && v < 7+ends && u > 0 && u < 7 {
		k = deeper(k, groove(u-math.Floor(u)-0.5, true, px), top, px)
	}
	// The dimples: the nearest cell's, or the nearest entry point's.
	if inField {
		k = deeper(k, dimple(u-math.Floor(u)-0.5, v-math.Floor(v)-0.5, dimpleR, depth, px), top, px)
	} else if cx, cy, ok := nearestEntry(u, v); ok {
		k = deeper(k, dimple(u-cx, v-cy, cupR, depth*0.95, px), top, px)
	}
	return k
}

// deeper carves c into k where c goes deeper than k's surface (base is
// the height c is carved from). Where both are carved and their surfaces
// cross within about a pixel of px (the crease where a groove's floor
// runs into a dimple), the pixel is marked an edge: one sample there
// takes one side of the crease, a row of too light or too dark pixels
// across the groove.
func deeper(k, c carved, base, px float64) carved {
	c.h += base
	crease := false
	if k.h < base && c.h < base {
		dh := math.Abs(c.h - k.h)
		slope := math.Hypot(c.gx-k.gx, c.gy-k.gy)
		crease = dh < 1.5*px*slope
	}
	if c.h < k.h {
		c.field = k.field
		c.edge = c.edge || crease
		return c
	}
	k.edge = k.edge || crease
	return k
}

// dimple is a spherical hollow of radius r and depth d at offset (dx, dy)
// from its centre, with the shadow its rim casts. Its rim is smoothed
// over a pixel of px: a pixel the rim crosses takes the hollow's slope by
// the share of it inside, so that the rim is not a stair of pixels.
func dimple(dx, dy, r, d, px float64) carved {
	in := rimShare(r-math.Hypot(dx, dy), px)
	if in == 0 {
		return carved{}
	}
	q := min(1, (dx*dx+dy*dy)/(r*r))
	s := math.Sqrt(1 - q)
	h := -d * s
	g := d / (r * r * max(s, 0.12))
	// The rim towards the light: how far the light travels across the
	// hollow to get here, and whether it clears the rim.
	b := dx*lightPlan[0] + dy*lightPlan[1]
	t := -b + math.Sqrt(max(0, b*b-(dx*dx+dy*dy-r*r)))
	// (A hair below the top where the rim's pixel is only partly in, so
	// that deeper takes it.)
	return carved{h: h - 1e-6*in, gx: g * dx * in, gy: g * dy * in, shadow: (1 - Smoothstep(-0.015, 0.015, h+lightRise*t)) * in, edge: in < 1}
}

// rimShare is the share of a pixel of side px (in cells) that lies
// inside a rim it is inside by dist (negative: outside).
func rimShare(dist, px float64) float64 { return max(0, min(1, dist/px+0.5)) }

// groove is a track's channel at distance off from its middle line,
// running down the board (vertical) or across it; its edges smoothed
// over a pixel of px, as a dimple's rim.
func groove(off float64, vertical bool, px float64) carved {
	in := rimShare(grooveHalf-math.Abs(off), px)
	if in == 0 {
		return carved{}
	}
	q := max(-1, min(1, off/grooveHalf))
	s := math.Sqrt(1 - q*q)
	h := -grooveDepth * s
	g := grooveDepth * q / (grooveHalf * max(s, 0.15)) * in
	// Light crosses the groove's width towards the dark wall.
	lp := lightPlan[1]
	if vertical {
		lp = lightPlan[0]
	}
	t := (grooveHalf + off*sign(lp)) / math.Abs(lp)
	k := carved{h: h - 1e-6*in, shadow: (1 - Smoothstep(-0.01, 0.01, h+lightRise*t)) * in, edge: in < 1}
	if vertical {
		k.gx = g
	} else {
		k.gy = g
	}
	return k
}

func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}

// nearestEntry is the centre of the entry point nearest (u, v) in the
// bands outside the field, if (u, v) is in a band beside the field.
func nearestEntry(u, v float64) (x, y float64, ok bool) {
	const o = layout.EntryOffset - 0.5
	switch {
	case v < 0 && u > 0 && u < 7:
		return math.Floor(u) + 0.5, -o, true
	case v > 7 && u > 0 && u < 7:
		return math.Floor(u) + 0.5, 7 + o, true
	case u < 0 && v > 0 && v < 7:
		return -o, math.Floor(v) + 0.5, true
	case u > 7 && v > 0 && v < 7:
		return 7 + o, math.Floor(v) + 0.5, true
	}
	return 0, 0, false
}

// lightCarve is how bright the light makes the surface k: 1 on the flat
// top, brighter on slopes facing the light, darker facing away, dim in a
// rim's shadow and deep down.
func lightCarve(k carved) float64 {
	n := [3]float64{-k.gx, -k.gy, 1}
	l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + 1)
	dot := (n[0]*lightDir[0] + n[1]*lightDir[1] + n[2]*lightDir[2]) / l
	direct := max(0, dot) / lightDir[2] * (1 - 0.6*k.shadow)
	return min(1.45, 0.38+0.62*direct)
}

// BoardCache holds the board painted once into a texture for one cell
// size and wood, repainted only when either changes (on the CPU, in
// canvases it keeps: see Canvases). With a Slicer, a new cell size is
// painted in its slices, the last board scaled to the new one meanwhile.
type BoardCache struct {
	pic     picture[boardKey]
	op      ebiten.DrawImageOptions
	scratch Canvases
	Slicer  *Slicer
}

// boardKey is what the board's picture depends on.
type boardKey struct {
	cell int
	wood Wood
}

// Draw draws the board of wood w where g puts it.
func (b *BoardCache) Draw(dst *ebiten.Image, g *layout.Geometry, w Wood) {
	b.prepare(g, w)
	b.draw(dst, g)
}

// prepare brings the board's picture to g's cell and wood w, or a slice
// of the way there; it reports whether the picture is theirs. Another
// wood is painted at once: a stand-in of the old wood would look wrong.
func (b *BoardCache) prepare(g *layout.Geometry, w Wood) bool {
	c := int(g.Cell)
	if c < 2 {
		return true
	}
	key := boardKey{c, w}
	if b.pic.is(key) {
		return true
	}
	s := b.Slicer
	if b.pic.img != nil && b.pic.key.wood != w {
		s = nil
	}
	return b.pic.update(key, s, func(pa pause) *image.RGBA { return paintTable(c, w, &b.scratch, pa) })
}

// draw draws the board's picture where g puts the board: scaled to g's
// cell if it was painted for another (a stand-in).
func (b *BoardCache) draw(dst *ebiten.Image, g *layout.Geometry) {
	c, pc := int(g.Cell), b.pic.key.cell
	if c < 2 || b.pic.img == nil {
		return
	}
	pad := float64(boardPad(pc))
	band := math.Round(layout.BandCells * float64(pc))
	b.op.GeoM.Reset()
	b.op.Filter = ebiten.FilterNearest
	if pc == c {
		b.op.GeoM.Translate(g.Board.X-band-pad, g.Board.Y-band-pad)
	} else {
		b.op.GeoM.Translate(-band-pad, -band-pad)
		b.op.GeoM.Scale(float64(c)/float64(pc), float64(c)/float64(pc))
		b.op.GeoM.Translate(g.Board.X, g.Board.Y)
		b.op.Filter = ebiten.FilterLinear
	}
	dst.DrawImage(b.pic.img, &b.op)
}
