package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"

	"golang.org/x/image/vector"
)

// The empty board is painted once per size on the CPU and uploaded as one
// texture: the wood's grain with the antialiasing rasterizer of
// golang.org/x/image/vector, the carving lit pixel by pixel (board.go).
// Drawing shapes with ebiten's vector package under software GL took
// seconds per rebuild (one stencil pass per path); this takes tens of
// milliseconds, needs no display, and its pixels can be checked in tests.

// paintShadow paints a soft shadow of the s x s rounded square at (x, y)
// with corner radius r, fading out over blur pixels, pausing between
// bands of rows (false if abandoned).
func paintShadow(img *image.RGBA, x, y, s, r, blur float32, pa pause) bool {
	cx, cy, half := x+s/2, y+s/2, s/2-r
	b := img.Bounds()
	return sliceRows(b.Min.Y, b.Max.Y, b.Dx(), pa, func(py int) {
		for px := b.Min.X; px < b.Max.X; px++ {
			// Signed distance from the pixel centre to the rounded square.
			qx := float32(math.Abs(float64(float32(px)+0.5-cx))) - half
			qy := float32(math.Abs(float64(float32(py)+0.5-cy))) - half
			d := float32(math.Hypot(float64(max(qx, 0)), float64(max(qy, 0)))) + min(max(qx, qy), 0) - r
			t := min(max(d/blur, 0), 1)
			a := 0.55 * (1 - t) * (1 - t)
			if a > 0 {
				img.SetRGBA(px, py, color.RGBA{A: uint8(255 * a)})
			}
		}
	})
}

// shape is a closed outline that can be added to a rasterizer.
type shape struct {
	x0, y0, x1, y1 float32 // bounding box
	emit           func(z *vector.Rasterizer, dx, dy float32)
}

// painter fills shapes, reusing one rasterizer.
type painter struct {
	z *vector.Rasterizer
}

// fill paints s over dst in colour clr (premultiplied), clipped to dst.
func (p *painter) fill(dst draw.Image, s shape, clr color.Color) {
	r := image.Rect(int(math.Floor(float64(s.x0))), int(math.Floor(float64(s.y0))),
		int(math.Ceil(float64(s.x1))), int(math.Ceil(float64(s.y1)))).Intersect(dst.Bounds())
	if r.Empty() {
		return
	}
	p.z.Reset(r.Dx(), r.Dy())
	p.z.DrawOp = draw.Over
	s.emit(p.z, -float32(r.Min.X), -float32(r.Min.Y))
	p.z.Draw(dst, r, image.NewUniform(clr), image.Point{})
}

// grain paints wavy grain lines over the w x h rectangle at (x0, y0),
// running across it, or down it when vertical, clipped to the rectangle.
// A fixed seed keeps the board the same from one run to the next. It
// pauses after each line (false if abandoned).
func (p *painter) grain(dst *image.RGBA, x0, y0, w, h float32, vertical bool, seed uint64, c float32, wood Wood, pa pause) bool {
	area := dst.SubImage(image.Rect(int(x0), int(y0), int(math.Ceil(float64(x0+w))), int(math.Ceil(float64(y0+h))))).(*image.RGBA)
	length, across := w, h
	if vertical {
		length, across = h, w
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	step := max(2, 0.08*c)
	span := float64(max(length, 8*c))
	// The figure first: broad soft bands of darker and lighter wood that
	// swell and narrow along the plank, so the grain's lines do not read
	// as even stripes; then the lines, bunched where the rings were close.
	fig := rand.New(rand.NewPCG(seed, 11))
	for off := c * fig.Float32(); off < across; off += c * (0.35 + 0.9*fig.Float32()) {
		amp, f, ph := 0.5*c*fig.Float32(), 2*math.Pi/span*(0.5+1.5*fig.Float64()), 2*math.Pi*fig.Float64()
		pts := wavyLine(x0, y0, off, length, max(4, c/4), vertical, func(t float64) float32 { return amp * float32(math.Sin(t*f+ph)) })
		clr := wood.GrainDark
		if fig.IntN(3) == 0 {
			clr = wood.GrainLight
		}
		p.fill(area, polyline(pts, (0.12+0.35*fig.Float32())*c), withAlpha(clr, 0.07*wood.Grain))
		if !pa() {
			return false
		}
	}
	for off := step * rng.Float32(); off < across; off += step * (0.5 + rng.Float32()) * (0.6 + 0.8*float32(0.5+0.5*math.Sin(float64(off/c)*2.1))) {
		a1, f1, ph1 := 0.6*step*rng.Float32(), 2*math.Pi/span*(1+2*rng.Float64()), 2*math.Pi*rng.Float64()
		a2, f2, ph2 := 0.25*step*rng.Float32(), 2*math.Pi/span*(5+6*rng.Float64()), 2*math.Pi*rng.Float64()
		pts := wavyLine(x0, y0, off, length, max(2, c/8), vertical, func(t float64) float32 {
			return a1*float32(math.Sin(t*f1+ph1)) + a2*float32(math.Sin(t*f2+ph2))
		})
		clr, alpha := wood.GrainDark, 0.08+0.22*rng.Float32()
		if rng.IntN(4) == 0 {
			clr, alpha = wood.GrainLight, 0.10+0.15*rng.Float32()
		}
		alpha *= wood.Grain
		width := max(1, (0.01+0.03*rng.Float32())*c)
		p.fill(area, polyline(pts, width), withAlpha(clr, alpha))
		if !pa() {
			return false
		}
	}
	return true
}

// wavyLine is the points, every step along a length, of a line off
// across from (x0, y0), running across (or down, when vertical) and
// swerving from it by wob at each distance along.
func wavyLine(x0, y0, off, length, step float32, vertical bool, wob func(t float64) float32) [][2]float32 {
	var pts [][2]float32
	for t := float32(0); ; t += step {
		t = min(t, length)
		w := wob(float64(t))
		if vertical {
			pts = append(pts, [2]float32{x0 + off + w, y0 + t})
		} else {
			pts = append(pts, [2]float32{x0 + t, y0 + off + w})
		}
		if t == length {
			return pts
		}
	}
}

// rect is the w x h rectangle at (x, y).
func rect(x, y, w, h float32) shape {
	return shape{x, y, x + w, y + h, func(z *vector.Rasterizer, dx, dy float32) {
		z.MoveTo(x+dx, y+dy)
		z.LineTo(x+w+dx, y+dy)
		z.LineTo(x+w+dx, y+h+dy)
		z.LineTo(x+dx, y+h+dy)
		z.ClosePath()
	}}
}

// kappa places the control points of a cubic Bézier quarter circle.
const kappa = 0.5522847

// ring is the band between two circles centred on (x, y); the inner one
// winds the other way, so it is cut out.
func ring(x, y, outer, inner float32) shape {
	return shape{x - outer, y - outer, x + outer, y + outer, func(z *vector.Rasterizer, dx, dy float32) {
		addCircle(z, x+dx, y+dy, outer, false)
		addCircle(z, x+dx, y+dy, inner, true)
	}}
}

func addCircle(z *vector.Rasterizer, x, y, r float32, reverse bool) {
	k := kappa * r
	if reverse {
		k = -k
	}
	s := float32(1)
	if reverse {
		s = -1
	}
	z.MoveTo(x+r, y)
	z.CubeTo(x+r, y+k, x+s*k, y+s*r, x, y+s*r)
	z.CubeTo(x-s*k, y+s*r, x-r, y+k, x-r, y)
	z.CubeTo(x-r, y-k, x-s*k, y-s*r, x, y-s*r)
	z.CubeTo(x+s*k, y-s*r, x+r, y-k, x+r, y)
	z.ClosePath()
}

// polyline is a stroke of the given width along pts, as one polygon:
// down one side and back along the other. Good enough for thin lines that
// bend gently, which is all the grain needs.
func polyline(pts [][2]float32, width float32) shape {
	s := shape{x0: math.MaxFloat32, y0: math.MaxFloat32, x1: -math.MaxFloat32, y1: -math.MaxFloat32}
	n := len(pts)
	left := make([][2]float32, n)
	right := make([][2]float32, n)
	for i := range pts {
		a, b := pts[max(i-1, 0)], pts[min(i+1, n-1)]
		tx, ty := b[0]-a[0], b[1]-a[1]
		l := float32(math.Hypot(float64(tx), float64(ty)))
		if l == 0 {
			l = 1
		}
		nx, ny := -ty/l*width/2, tx/l*width/2
		left[i] = [2]float32{pts[i][0] + nx, pts[i][1] + ny}
		right[i] = [2]float32{pts[i][0] - nx, pts[i][1] - ny}
		for _, q := range [][2]float32{left[i], right[i]} {
			s.x0, s.y0 = min(s.x0, q[0]), min(s.y0, q[1])
			s.x1, s.y1 = max(s.x1, q[0]), max(s.y1, q[1])
		}
	}
	s.emit = func(z *vector.Rasterizer, dx, dy float32) {
		z.MoveTo(left[0][0]+dx, left[0][1]+dy)
		for _, q := range left[1:] {
			z.LineTo(q[0]+dx, q[1]+dy)
		}
		for i := n - 1; i >= 0; i-- {
			z.LineTo(right[i][0]+dx, right[i][1]+dy)
		}
		z.ClosePath()
	}
	return s
}

// withAlpha returns c at opacity a (0..1), premultiplied.
func withAlpha(c color.RGBA, a float32) color.RGBA {
	return color.RGBA{
		R: uint8(float32(c.R) * a),
		G: uint8(float32(c.G) * a),
		B: uint8(float32(c.B) * a),
		A: uint8(255 * a),
	}
}
