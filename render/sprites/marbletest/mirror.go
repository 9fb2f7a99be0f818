package marbletest

import (
	"image"
	"image/color"
	"math"

	"shiftago/render"
)

// Turn is a marble's orientation, laid out as sprites.Turn is (convert
// one with Turn(t)): the unit quaternion that turns the marble from its
// resting pose to the one shown.
type Turn struct{ X, Y, Z, W float32 }

// Light is the direction towards the one light over the table, across
// the board (x right, y down, each -1 .. 1), as the shader decodes a
// marble's light code.
type Light struct{ X, Y float64 }

// Body paints a resting marble of opal o and diameter d pixels as the
// shader shows it lit by l (seed 0, unturned, without its shadow), on a
// sprite of render.SpriteSide(d).
func Body(o render.Opal, l Light, d int) *image.RGBA {
	side := render.SpriteSide(d)
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	r := float64(d) / 2
	m := float64(side) / 2
	for py := 0; py < side; py++ {
		for px := 0; px < side; px++ {
			x, y := (float64(px)+0.5-m)/r, (float64(py)+0.5-m)/r
			if math.Hypot(x, y) > 1+1/r {
				continue
			}
			img.SetRGBA(px, py, RGBA(Shade(o, 0, Turn{W: 1}, l, x, y, 0, 1/r, false)))
		}
	}
	return img
}

// RGBA rounds a premultiplied colour, clamped as the GPU clamps.
func RGBA(v [4]float64) color.RGBA {
	q := func(x float64) uint8 { return uint8(math.Round(max(0, min(1, x)) * 255)) }
	return color.RGBA{q(v[0]), q(v[1]), q(v[2]), q(v[3])}
}

// smoothstep is the shader's builtin.
func smoothstep(a, b, x float64) float64 { return render.Smoothstep(a, b, x) }

type vec3 [3]float64

func (a vec3) add(b vec3) vec3      { return vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec3) scale(k float64) vec3 { return vec3{a[0] * k, a[1] * k, a[2] * k} }
func (a vec3) dot(b vec3) float64   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec3) cross(b vec3) vec3 {
	return vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func (a vec3) mix(b vec3, t float64) vec3 { return a.add(b.add(a.scale(-1)).scale(t)) }
func (a vec3) norm() vec3                 { return a.scale(1 / math.Sqrt(a.dot(a))) }
func splat(x float64) vec3                { return vec3{x, x, x} }

func spectrum(t float64) vec3 {
	return vec3{0.5 + 0.5*math.Cos(6.2832*t), 0.5 + 0.5*math.Cos(6.2832*(t+0.33)), 0.5 + 0.5*math.Cos(6.2832*(t+0.67))}
}

func fract(x float64) float64 { return x - math.Floor(x) }

// Shade is the shader's Fragment on the CPU, line for line: the
// premultiplied colour at (x, y) marble radii from the centre of a marble
// of opal o whose seed, as the shader takes it, is seed, turned by q,
// lit by the light l and lifted by lift; px is a pixel in marble radii
// (the shader's fwidth(r) is worked out from it). With under, the shadow
// and caustic are included; without, only the marble.
func Shade(o render.Opal, seed float32, q Turn, lt Light, x, y, lift, px float64, under bool) [4]float64 {
	base, deep, milk := vec3(o.Base), vec3(o.Deep), vec3(o.Milk)
	r := math.Hypot(x, y)
	lx, ly := lt.X, lt.Y
	lz := math.Sqrt(max(0.05, 1-lx*lx-ly*ly))
	tx, ty := lx/lz, ly/lz
	tl := math.Hypot(tx, ty)
	ll := max(math.Hypot(lx, ly), 0.0001)
	ldx, ldy := lx/ll, ly/ll
	var und [4]float64
	if under {
		sox, soy := -tx*0.33*(1+1.6*lift), -ty*0.33*(1+1.6*lift)
		ds := math.Hypot(x-sox, y-soy)
		sh := 0.6 * (1 - smoothstep(0.3, 1.05+0.5*lift, ds)) * (1 - 0.3*lift)
		sh += 0.42 * (1 - smoothstep(0.9, 1.14, r)) * (1 - smoothstep(0, 0.3, lift))
		sh = min(sh, 0.8)
		k := (1.02 + 0.12*tl) * (1 + 1.2*lift)
		cqx, cqy := x+ldx*k, y+ldy*k
		ca := cqx*ldx + cqy*ldy
		cb := cqx*-ldy + cqy*ldx
		caus := smoothstep(0.05, 0.5, tl) * math.Exp(-ca*ca/0.015-cb*cb/0.12) * max(0, 1-1.6*lift)
		u := base.scale(0.6 * caus)
		und = [4]float64{u[0], u[1], u[2], sh * (1 - 0.7*caus)}
	}
	fw := max(px*(math.Abs(x)+math.Abs(y))/max(r, 1e-9), 0.001) // fwidth(r)
	if r == 0 {
		fw = px
	}
	cover := max(0, min(1, (1-r)/fw+0.5))
	if cover <= 0 {
		return und
	}
	z := math.Sqrt(max(0, 1-r*r))
	n := vec3{x, y, z}
	l := vec3{lx, ly, lz}
	facing := 0.5 + 0.5*(x*-ldx+y*-ldy)/max(r, 0.0001)*min(1, 3*tl)
	core := smoothstep(0.05, 0.9, z)

	qv := vec3{-float64(q.X), -float64(q.Y), -float64(q.Z)} // the inverse turn
	turn := func(v vec3) vec3 {
		t := qv.cross(v).scale(2)
		return v.add(t.scale(float64(q.W))).add(qv.cross(t))
	}
	s1 := turn(n)
	s2 := turn(vec3{x * 0.8, y * 0.8, z * 0.35})
	sd := float64(seed)
	ph := vec3{fract(float64(seed * 12.9898)), fract(float64(seed * 78.233)), fract(float64(seed * 37.719))}.scale(6.2832)
	w1 := math.Sin(2.3*s2[0] + 1.7*math.Sin(2.1*s2[1]+ph[0]) + 1.1*s2[2])
	w2 := math.Sin(2.6*s2[1] + 1.9*math.Sin(1.7*s2[2]+ph[1]) - 1.2*s2[0])
	w3 := math.Sin(3.3*s1[2] + 2.1*math.Sin(2.9*s1[0]+ph[2]))
	v := 0.55*w1 + 0.35*w2 + 0.25*w3
	veil := (1 - smoothstep(0.04, 0.4, math.Abs(v))) * (0.35 + 0.65*core)
	irid := spectrum(0.5*w2 + 0.35*w3 + 0.6*z + sd*5)
	veilCol := milk.mix(irid.scale(0.7).add(milk.scale(0.45)), 0.45)

	glass := deep.mix(base, smoothstep(0.05, 0.95, z))
	col := glass.mix(veilCol, 0.7*veil)

	col = col.scale(0.74 + 0.36*max(n.dot(l), 0))
	fa := facing * facing
	col = col.add(base.scale(0.55 * fa * math.Exp(-(r-0.7)*(r-0.7)/0.035) * (1 - 0.4*veil)))
	col = col.scale(1 - (0.3+0.35*(1-facing))*smoothstep(0.55, 1, r))

	ga := 0.8 + 0.2*smoothstep(0, 0.5, z)
	rf := n.scale(2 * z).add(vec3{0, 0, -1})
	e1 := vec3{1, 0, 0}.add(l.scale(-l[0])).norm()
	e2 := l.cross(e1)
	rl := rf.dot(l)
	rc := max(rl, 0.2)
	wu := rf.dot(e1) / rc
	wv := rf.dot(e2)/rc - 0.12
	win := 0.38 * (1 - 0.55*smoothstep(-0.3, 0.3, wv)) * (1 - smoothstep(0.8, 1.7, math.Abs(wu))) * (1 - smoothstep(0.1, 0.42, math.Abs(wv))) * smoothstep(0.2, 0.45, rl)
	fr := 0.03 + 0.5*math.Pow(1-z, 5)
	refl := vec3{1, 0.96, 0.9}.scale(fr*(0.1+0.5*facing) + win)
	hv := l.add(vec3{0, 0, 1}).norm()
	spec := 1.6*math.Pow(max(n.dot(hv), 0), 900) + 0.06*math.Pow(max(n.dot(hv), 0), 14)
	b := col.scale(ga).add(refl).add(splat(spec))
	ba := min(1, ga+0.5*fr+win+spec)
	out := [4]float64{b[0] * cover, b[1] * cover, b[2] * cover, ba * cover}
	for i := range out {
		out[i] += und[i] * (1 - ba*cover)
	}
	return out
}
