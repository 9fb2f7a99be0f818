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

// boardPad is the margin, in pixels, kept around a board painted for cells
// of c pixels, for its drop shadow.
func boardPad(c int) int { return int(math.Ceil(0.45 * float64(c))) }

// PaintTable paints the board for cells of c pixels: a wooden frame of
// layout.FrameCells cells a side with rounded corners, the recessed 7×7
// field of shallow hollows, and in the frame's bands the 28 entry points,
// each a hollow for the waiting marble with a groove running to the field
// along its track. The field's top-left corner is at
// (boardPad(c)+BandCells*c, same), matching layout's board origin.
func PaintTable(c int) *image.RGBA {
	pad := boardPad(c)
	cf := float32(c)
	F := float32(math.Round(layout.FrameCells * float64(c)))
	side := int(F) + 2*pad
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	p := &painter{z: vector.NewRasterizer(1, 1)}
	x0, y0 := float32(pad), float32(pad)
	band := float32(math.Round(layout.BandCells * float64(c)))
	ox, oy := x0+band, y0+band // the field's origin
	px := func(b layout.Point) (float32, float32) { return ox + float32(b.X)*cf, oy + float32(b.Y)*cf }
	radius := 0.45 * cf

	paintShadow(img, x0+0.08*cf, y0+0.14*cf, F, radius, 0.4*cf)

	// The frame: planks with grain through a rounded mask.
	wood := image.NewRGBA(img.Bounds())
	draw.Draw(wood, wood.Bounds(), image.NewUniform(woodFrame), image.Point{}, draw.Src)
	p.grain(wood, x0, y0, F, band, false, 1, cf)
	p.grain(wood, x0, y0+F-band, F, band, false, 2, cf)
	p.grain(wood, x0, y0+band, band, F-2*band, true, 3, cf)
	p.grain(wood, x0+F-band, y0+band, band, F-2*band, true, 4, cf)
	mask := image.NewAlpha(img.Bounds())
	p.fill(mask, roundedRect(x0, y0, F, F, radius), color.Alpha{0xff})
	draw.DrawMask(img, img.Bounds(), wood, image.Point{}, mask, image.Point{}, draw.Over)
	// A bevel: light along the top and left edges, dark along the others.
	bev := max(1, 0.04*cf)
	p.fill(img, rect(x0+radius, y0, F-2*radius, bev), withAlpha(highlight, 0.5))
	p.fill(img, rect(x0, y0+radius, bev, F-2*radius), withAlpha(highlight, 0.4))
	p.fill(img, rect(x0+radius, y0+F-bev, F-2*radius, bev), withAlpha(grainDark, 0.5))
	p.fill(img, rect(x0+F-bev, y0+radius, bev, F-2*radius), withAlpha(grainDark, 0.5))

	// The grooves of the 28 tracks, from each entry hollow to the field.
	gw := 0.5 * cf
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		ex, ey := px(layout.EntryPos(e))
		fx, fy := px(layout.TrackPoint(e, -0.5)) // the field's edge
		x1, y1 := min(ex, fx)-gw/2, min(ey, fy)-gw/2
		w, h := max(ex, fx)-min(ex, fx)+gw, max(ey, fy)-min(ey, fy)+gw
		p.fill(img, roundedRect(x1+0.03*cf, y1+0.04*cf, w, h, gw/2), withAlpha(highlight, 0.55))
		p.fill(img, roundedRect(x1, y1, w, h, gw/2), withAlpha(grainDark, 0.55))
		p.fill(img, roundedRect(x1+0.05*cf, y1+0.06*cf, w-0.06*cf, h-0.07*cf, gw/2-0.04*cf), withAlpha(holeFloor, 0.55))
	}

	// The recessed field.
	inset := 0.1 * cf
	fx, fy := ox-inset, oy-inset
	fs := 7*cf + 2*inset
	wall := max(1, 0.05*cf)
	p.fill(img, rect(fx-wall, fy-wall, fs+2*wall, fs+2*wall), withAlpha(grainDark, 0.9))
	p.fill(img, rect(fx, fy, fs+wall, fs+wall), withAlpha(highlight, 0.8))
	p.fill(img, rect(fx, fy, fs, fs), woodField)
	p.grain(img, fx, fy, fs, fs, false, 5, cf)
	p.fill(img, rect(fx, fy, fs, 1.5*wall), withAlpha(grainDark, 0.35))
	p.fill(img, rect(fx, fy+1.5*wall, 1.5*wall, fs-1.5*wall), withAlpha(grainDark, 0.35))
	// Faint lines between the cells.
	for k := 1; k < 7; k++ {
		o := float32(k) * cf
		p.fill(img, rect(ox+o-0.5, oy, 1, 7*cf), withAlpha(grainDark, 0.18))
		p.fill(img, rect(ox, oy+o-0.5, 7*cf, 1), withAlpha(grainDark, 0.18))
	}

	// The 49 shallow hollows and the 28 entry hollows.
	for s := logic.Square(0); s < 56; s++ {
		if s.Valid() {
			x, y := px(layout.CellPos(s))
			p.hollow(img, x, y, 0.4*cf, cf)
		}
	}
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		x, y := px(layout.EntryPos(e))
		p.hollow(img, x, y, 0.36*cf, cf)
	}
	return img
}

// hollow paints a shallow round dip of radius r lit from the top left: a
// dark rim on the lit side's far wall, light on the near one.
func (p *painter) hollow(dst draw.Image, x, y, r, c float32) {
	p.fill(dst, circle(x+0.025*c, y+0.03*c, r), withAlpha(highlight, 0.55))
	p.fill(dst, circle(x, y, r), withAlpha(holeRim, 0.75))
	p.fill(dst, circle(x+0.08*r, y+0.1*r, 0.9*r), holeFloor)
	p.fill(dst, circle(x+0.16*r, y+0.2*r, 0.62*r), withAlpha(woodField, 0.6))
}

// BoardCache holds the board painted once into a texture for one cell
// size, repainted only when the cell size changes.
type BoardCache struct {
	img  *ebiten.Image
	cell int
	op   ebiten.DrawImageOptions
}

// Draw draws the board where g puts it.
func (b *BoardCache) Draw(dst *ebiten.Image, g *layout.Geometry) {
	c := int(g.Cell)
	if c < 2 {
		return
	}
	if b.img == nil || b.cell != c {
		if b.img != nil {
			b.img.Deallocate()
		}
		b.img = ebiten.NewImageFromImage(PaintTable(c))
		b.cell = c
	}
	pad := float64(boardPad(c))
	band := math.Round(layout.BandCells * float64(c))
	b.op.GeoM.Reset()
	b.op.GeoM.Translate(g.Board.X-band-pad, g.Board.Y-band-pad)
	dst.DrawImage(b.img, &b.op)
}
