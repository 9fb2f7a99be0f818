package sprites

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
)

// The opal glass is shaded by a Kage shader, the same source natively and
// in WebGL. One quad per marble covers the marble and the patch of board
// its shadow and caustic fall on, so a marble is one draw, and marbles
// drawn one after another batch into one draw call: everything that
// differs between marbles travels in the vertices, none in uniforms.
//
// A vertex carries, besides its position:
//   - SrcX, SrcY: the point in marble radii from the marble's centre;
//   - ColorR the colour (0..3) and the light's direction (lightCode.pack), ColorG the lift (0 resting .. 1 held up),
//     ColorB the opacity, ColorA the seed (0..1) that sets the marble's own
//     play of colour;
//   - Custom0..3 the unit quaternion (x, y, z, w) that takes a point on
//     the screen to the point of the interior under it: the inverse of the
//     marble's orientation.

// shaderReach is how far, in marble radii, the quad reaches from the
// centre: room for the shadow of a lifted marble.
const shaderReach = 1.9

// restReach is how far the quad of a marble at rest (or rolling) needs
// to reach: its shadow and caustic fade out within 1.45 radii. The
// marbles fill 0.9 of a cell, a quarter more pixels than at 0.8: a quad
// cut to what is drawn keeps a frame's fill below what it was.
const restReach = 1.5

// quadReach is how far, in marble radii, the quad of a marble lifted by
// lift reaches: its shadow moves away from it as it rises.
func quadReach(lift float64) float64 { return min(shaderReach, restReach+0.8*lift) }

// marbleKage is the shader's source; %s is replaced by the palette. Its
// comments are few and short: the source ships in the web app. What it
// paints, besides the swirls:
//   - under the marble, in its cup: a soft shadow away from the light,
//     the cup's shade where the marble sinks into it (soft: at a tray's
//     size a narrow ring read as a hard outline), and just beyond the
//     rim, opposite the light, the light the glass focuses: a caustic in
//     its colour, a short arc along the rim, that lightens the shadow it
//     falls in (centred under the marble, the marble hid it: issue 50);
//   - the body lit by the one light, darker towards the rim all round,
//     most on the side facing the light, and the light that passes
//     through the glass coming out on the far side in an arc inside the
//     rim, in the glass's own colour, saturated (a round blob there read
//     as a second highlight);
//   - the reflections of the one light, where the marble's place under
//     it puts them. The lamp's shade is a broad soft window: rf is the
//     direction the eye sees mirrored at a point, (wu, wv) where it meets
//     the plane across the light's direction, in the window's axes (wu
//     along the screen's x, wv across), so the window bends with the
//     glass and narrows towards the rim as a reflection does; brighter
//     at its edge towards the light. Its bulb is one small sharp glint
//     at the mirror point, near that edge, and there is a little Fresnel
//     sheen at the rim. (Two round highlights side by side read as a
//     pair of eyes: issue 50; a small box round the glint, as a sparkle.)
const marbleKage = `//kage:unit pixels

package main

func pick(i float, a, b, c, d vec3) vec3 {
	if i < 0.5 {
		return a
	}
	if i < 1.5 {
		return b
	}
	if i < 2.5 {
		return c
	}
	return d
}

// turn rotates v by the unit quaternion q.
func turn(q vec4, v vec3) vec3 {
	t := 2 * cross(q.xyz, v)
	return v + q.w*t + cross(q.xyz, t)
}

// spectrum is a rainbow hue for t (wrapping at 1).
func spectrum(t float) vec3 {
	return 0.5 + 0.5*cos(6.2832*(t+vec3(0, 0.33, 0.67)))
}

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	p := srcPos
	// ColorR packs the colour and the light's direction (lightCode): the
	// colour in its lowest two bits, the direction's quantised x and y
	// above them.
	code := floor(color.r + 0.5)
	qi := floor(code/4 + 0.01)
	ci := code - 4*qi
	qy := floor(qi/lightSteps + 0.001)
	qx := qi - lightSteps*qy
	lift := color.g
	seed := color.a
	%s
	r := length(p)
	px := max(fwidth(r), 0.001) // one pixel, in marble radii

	// The one light over the table, as seen from this marble: lxy its
	// direction across the board (towards the light), lz its height;
	// tilt how far a shadow falls per unit of height.
	lxy := vec2(qx, qy)/lightHalf - 1
	lz := sqrt(max(0.05, 1-dot(lxy, lxy)))
	tilt := lxy / lz
	tl := length(tilt)
	ld := lxy / max(length(lxy), 0.0001)

	// Under the marble: its shadow, the cup's shade, the caustic.
	so := -tilt * 0.33 * (1 + 1.6*lift)
	ds := length(p - so)
	sh := 0.6 * (1 - smoothstep(0.3, 1.05+0.5*lift, ds)) * (1 - 0.3*lift)
	sh += 0.42 * (1 - smoothstep(0.9, 1.14, r)) * (1 - smoothstep(0, 0.3, lift))
	sh = min(sh, 0.8)
	cq := p + ld*(1.02+0.12*tl)*(1+1.2*lift)
	ca := dot(cq, ld)
	cb := dot(cq, vec2(-ld.y, ld.x))
	caus := smoothstep(0.05, 0.5, tl) * exp(-ca*ca/0.015-cb*cb/0.12) * max(0, 1-1.6*lift)
	under := vec4(base*0.6*caus, sh*(1-0.7*caus))

	cover := clamp((1-r)/px+0.5, 0, 1)
	if cover <= 0 {
		return under * color.b
	}
	z := sqrt(max(0, 1-r*r))
	n := vec3(p, z)
	l := vec3(lxy, lz)
	facing := 0.5 + 0.5*dot(p/max(r, 0.0001), -ld)*min(1, 3*tl) // 1 on the side away from the light
	core := smoothstep(0.05, 0.9, z)

	// The interior, turned with the marble: a point on the surface and
	// one deeper in, so the swirl shows depth as the marble rolls.
	s1 := turn(custom, n)
	s2 := turn(custom, vec3(p*0.8, z*0.35))
	ph := fract(seed*vec3(12.9898, 78.233, 37.719)) * 6.2832
	w1 := sin(2.3*s2.x + 1.7*sin(2.1*s2.y+ph.x) + 1.1*s2.z)
	w2 := sin(2.6*s2.y + 1.9*sin(1.7*s2.z+ph.y) - 1.2*s2.x)
	w3 := sin(3.3*s1.z + 2.1*sin(2.9*s1.x+ph.z))
	// The swirl: thin veils of opal where the waves cross zero, not
	// blobs (which read as dots), thicker where two veils meet.
	v := 0.55*w1 + 0.35*w2 + 0.25*w3
	veil := (1 - smoothstep(0.04, 0.4, abs(v))) * (0.35 + 0.65*core)
	// Play of colour: the veils take a spectral sheen that drifts along
	// them and with the angle they are seen at, every marble its own.
	irid := spectrum(0.5*w2 + 0.35*w3 + 0.6*z + seed*5)
	veilCol := mix(milk, irid*0.7+milk*0.45, 0.45)

	// Deep glass: its colour, darker where the eye looks through more of
	// it towards the rim; the veils within it.
	glass := mix(deep, base, smoothstep(0.05, 0.95, z))
	col := mix(glass, veilCol, 0.7*veil)

	// Light: from the one light, through the glass, the rim darker.
	col *= 0.74 + 0.36*max(dot(n, l), 0)
	fa := facing * facing
	col += base * 0.55 * fa * exp(-(r-0.7)*(r-0.7)/0.035) * (1 - 0.4*veil)
	col *= 1 - (0.3+0.35*(1-facing))*smoothstep(0.55, 1, r)

	// Nearly opaque: deep glass shows little of the board through it.
	ga := mix(0.8, 1, smoothstep(0.0, 0.5, z))

	// Reflections: the window, the Fresnel sheen, the glint.
	rf := 2*z*n - vec3(0, 0, 1)
	e1 := normalize(vec3(1, 0, 0) - l*l.x)
	e2 := cross(l, e1)
	rl := dot(rf, l)
	rc := max(rl, 0.2)
	wu := dot(rf, e1) / rc
	wv := dot(rf, e2)/rc - 0.12
	win := 0.38 * (1 - 0.55*smoothstep(-0.3, 0.3, wv)) * (1 - smoothstep(0.8, 1.7, abs(wu))) * (1 - smoothstep(0.1, 0.42, abs(wv))) * smoothstep(0.2, 0.45, rl)
	fr := 0.03 + 0.5*pow(1-z, 5)
	refl := vec3(1, 0.96, 0.9) * (fr*(0.1+0.5*facing) + win)
	hv := normalize(l + vec3(0, 0, 1))
	spec := 1.6*pow(max(dot(n, hv), 0), 900) + 0.06*pow(max(dot(n, hv), 0), 14)
	body := vec4(col*ga+refl+spec, min(1, ga+0.5*fr+win+spec)) * cover
	return (body + under*(1-body.a)) * color.b
}
`

// marbleShaderSrc is the shader's source with the palette opals filled
// in, so the Go painter and the shader share one palette.
func marbleShaderSrc(opals [4]render.Opal) []byte {
	v := func(c [3]float64) string { return fmt.Sprintf("vec3(%.3f, %.3f, %.3f)", c[0], c[1], c[2]) }
	var sb strings.Builder
	for _, f := range []struct {
		name string
		get  func(o render.Opal) [3]float64
	}{
		{"deep", func(o render.Opal) [3]float64 { return o.Deep }},
		{"base", func(o render.Opal) [3]float64 { return o.Base }},
		{"milk", func(o render.Opal) [3]float64 { return o.Milk }},
	} {
		fmt.Fprintf(&sb, "%s := pick(ci, %s, %s, %s, %s)\n\t", f.name,
			v(f.get(opals[logic.Orange])), v(f.get(opals[logic.Green])), v(f.get(opals[logic.Blue])), v(f.get(opals[logic.White])))
	}
	src := fmt.Sprintf(marbleKage, sb.String())
	src = strings.ReplaceAll(src, "lightSteps", fmt.Sprintf("%d.0", lightSteps))
	src = strings.ReplaceAll(src, "lightHalf", fmt.Sprintf("%d.0", lightHalf))
	return []byte(src)
}

// newMarbleShader compiles the opal shader for the palette opals; its
// source is fixed, so failing is a programming error.
func newMarbleShader(opals [4]render.Opal) *ebiten.Shader {
	sh, err := ebiten.NewShader(marbleShaderSrc(opals))
	if err != nil {
		panic("sprites: the marble shader: " + err.Error())
	}
	return sh
}

// Turn is the orientation of a marble: the unit quaternion that turns
// the marble from its resting pose to the one shown, in screen axes (x
// right, y down, z towards the eye). The zero Turn is no turn.
type Turn struct{ X, Y, Z, W float32 }

// quat returns t as a unit quaternion (the zero Turn as the identity).
func (t Turn) quat() Turn {
	if t == (Turn{}) {
		return Turn{W: 1}
	}
	return t
}

// TurnAbout is a turn by angle radians about the line of sight: the
// interior spins in the picture's plane (what Marble's angle does).
func TurnAbout(angle float64) Turn {
	s, c := math.Sincos(angle / 2)
	return Turn{Z: float32(s), W: float32(c)}
}

// Rolled is t followed by a roll of angle radians in the direction
// (dx, dy) on screen: a marble rolling that way turns about the axis that
// lies on the board across its travel. A marble of radius r that travels
// a distance l rolls by l/r.
func (t Turn) Rolled(dx, dy, angle float64) Turn {
	l := math.Hypot(dx, dy)
	if l == 0 || angle == 0 {
		return t.quat()
	}
	// Axis: the travel direction turned a quarter in the board's plane,
	// so the top of the marble moves with it: (-dy, dx, 0) in screen axes
	// with y down and z towards the eye.
	ax, ay := -dy/l, dx/l
	s, c := math.Sincos(angle / 2)
	r := Turn{X: float32(ax * s), Y: float32(ay * s), W: float32(c)}
	return r.mul(t.quat()).unit()
}

// unit is t scaled back to length 1: a marble's turn is rolled on, piece
// by piece and move after move, and float32 products drift.
func (t Turn) unit() Turn {
	n := float32(math.Sqrt(float64(t.X*t.X + t.Y*t.Y + t.Z*t.Z + t.W*t.W)))
	if n == 0 {
		return Turn{W: 1}
	}
	return Turn{t.X / n, t.Y / n, t.Z / n, t.W / n}
}

// SeededTurn is the orientation MarbleSeeded draws the marble of seed
// seed in with angle: its own side, turned by angle in the picture's
// plane. It is where a marble's 3D roll starts from.
func SeededTurn(seed uint32, angle float64) Turn { return SeedTurn(seed).mul(TurnAbout(angle)) }

// mul is the quaternion product a·b (b first, then a).
func (a Turn) mul(b Turn) Turn {
	return Turn{
		X: a.W*b.X + a.X*b.W + a.Y*b.Z - a.Z*b.Y,
		Y: a.W*b.Y - a.X*b.Z + a.Y*b.W + a.Z*b.X,
		Z: a.W*b.Z + a.X*b.Y - a.Y*b.X + a.Z*b.W,
		W: a.W*b.W - a.X*b.X - a.Y*b.Y - a.Z*b.Z,
	}
}

// SeedTurn is a marble's own resting orientation, from its seed: every
// marble shows its interior from its own side.
func SeedTurn(seed uint32) Turn {
	h := mix32(seed)
	u1 := float64(h&0xffff) / 0xffff
	u2 := float64(h>>16) / 0xffff
	u3 := float64(mix32(h)&0xffff) / 0xffff
	// Shoemake's uniform random rotation.
	a, b := math.Sqrt(1-u1), math.Sqrt(u1)
	s2, c2 := math.Sincos(2 * math.Pi * u2)
	s3, c3 := math.Sincos(2 * math.Pi * u3)
	return Turn{X: float32(a * s2), Y: float32(a * c2), Z: float32(b * s3), W: float32(b * c3)}
}

// mix32 scrambles a seed (a 32-bit finaliser), so that neighbouring seeds
// give unrelated marbles.
func mix32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// seedFrac is the seed as the shader takes it: a number in [0, 1).
func seedFrac(seed uint32) float32 { return float32(mix32(seed)>>8) / (1 << 24) }

// Software GL shades a marble slowly, and most marbles lie still: a
// marble asked for twice in the same colour, seed and orientation, at
// rest, is shaded once into a slot of one texture, and from then on drawn
// by copying it. A rolling marble, new every frame, is shaded live. One
// texture for all, because under software GL every new texture (and its
// framebuffer) costs milliseconds; and one texture batches.

// bakeKey is what a baked marble looks like: its colour, seed and
// orientation (the exact bits the caller passed), and the light as seen
// from where it lies.
type bakeKey struct {
	c    logic.Color
	seed uint32
	t    Turn
	l    lightCode
}

// maxBakeSlots is how many resting marbles the bake texture holds at
// most: a full board, its entry points and the supplies, with room for
// the orientations marbles come to rest in over a few moves. Lit from
// where they lie, the supplies' marbles no longer share a few bakes
// between them: room for a full board and four full trays. When it is
// full, the slot baked longest ago is baked over.
const (
	bakeCols     = 12
	maxBakeSlots = bakeCols * bakeCols
)

// maxSeen bounds the marbles remembered as seen once (most of them the
// passing orientations of rolling marbles); they are forgotten together.
const maxSeen = 512

// maxTexture is the largest side asked of a texture: WebGL and GL
// promise 4096.
const maxTexture = 4096

// bake returns the texture of the resting marble, baking it the second
// time it is asked for (the first, with now), or nil: shade it live.
func (s *Sprites) bake(c logic.Color, t Turn, lc lightCode, lift float64, seed uint32, now bool) *ebiten.Image {
	if s.live || lift != 0 || s.d == 0 {
		return nil
	}
	k := bakeKey{c, seed, t, lc}
	s.bakeUses++
	if slot, ok := s.baked[k]; ok {
		s.slotUsed[slot] = s.bakeUses
		return s.bakeSlot[slot]
	}
	if s.seen == nil {
		s.seen = make(map[bakeKey]struct{}, maxSeen)
		s.baked = make(map[bakeKey]int, maxBakeSlots)
	}
	if _, ok := s.seen[k]; !ok && !now {
		if len(s.seen) >= maxSeen {
			clear(s.seen)
		}
		s.seen[k] = struct{}{}
		return nil
	}
	// Seen before: bake it into the slot drawn least recently, forgetting
	// what was there. (Not round robin: that would evict the marbles drawn
	// every frame, the trays' and the board's, each time the moves under
	// way have baked a hundred others, and shade them live for a frame: a
	// flicker, and a frame no longer a function of what it shows.)
	delete(s.seen, k)
	s.ensureBakeAtlas()
	slot := 0
	for i, u := range s.slotUsed {
		if !s.slotHeld[i] {
			slot = i
			break
		}
		if u < s.slotUsed[slot] {
			slot = i
		}
	}
	if s.slotHeld[slot] {
		delete(s.baked, s.slotKey[slot])
	}
	s.slotKey[slot], s.slotHeld[slot], s.slotUsed[slot] = k, true, s.bakeUses
	s.baked[k] = slot
	img := s.bakeSlot[slot]
	img.Clear()
	b := img.Bounds()
	s.shade(img, c, float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2, float64(s.d)/2, t, lc, 0, 1, seed)
	return img
}

// bakedSide is the side of a baked marble's slot: the shader's quad at
// rest, rounded up to a multiple of 16 (even, so that a resting marble
// is drawn texel for pixel), so that a window dragged to a new size by a few
// pixels keeps its texture and only bakes its marbles again.
func bakedSide(d int) int {
	return 16 * int(math.Ceil(restReach*float64(d)/16))
}

// ensureBakeAtlas makes the bake texture for the current size and its
// slots, a pixel apart so that linear filtering never bleeds between
// them: a square of up to maxBakeSlots, fewer for huge marbles so that
// the texture stays within maxTexture.
func (s *Sprites) ensureBakeAtlas() {
	side := bakedSide(s.d)
	if s.bakeAtlas != nil {
		if s.bakeSlot[0].Bounds().Dx() == side {
			return
		}
		s.bakeAtlas.Deallocate()
	}
	step := side + 2
	cols := max(1, min(bakeCols, maxTexture/step))
	// Unmanaged: a texture of its own, never placed on Ebitengine's
	// shared atlas (issue 50). At 12×12 slots (1368² at a laptop's
	// marbles) it no longer fitted beside the table's pictures there, and
	// the atlas grew from 4096×1024 to 8192×4096 (128 MiB): software GL
	// (llvmpipe) then cleared bins for that target at the end of every
	// scene and cut scenes at its 64 MiB of read textures, and each bake
	// moved the texture off the atlas and back later, a full copy each
	// way. On its own it is drawn from as before (the frames' draw calls
	// counted the same). Ebitengine restores no image after a lost WebGL
	// context, managed or not: it reloads the page (ui_js.go's
	// webglcontextlost), so this texture needs no restoring of its own.
	s.bakeAtlas = ebiten.NewImageWithOptions(image.Rect(0, 0, cols*step, cols*step),
		&ebiten.NewImageOptions{Unmanaged: true})
	s.bakeSlot = s.bakeSlot[:0]
	for i := range cols * cols {
		x, y := i%cols*step+1, i/cols*step+1
		s.bakeSlot = append(s.bakeSlot, s.bakeAtlas.SubImage(image.Rect(x, y, x+side, y+side)).(*ebiten.Image))
	}
	s.slotKey = make([]bakeKey, len(s.bakeSlot))
	s.slotHeld = make([]bool, len(s.bakeSlot))
	s.slotUsed = make([]uint64, len(s.bakeSlot))
}

// dropBaked forgets every baked marble (the size changed), keeping the
// texture while its slots fit. The marbles that were baked count as seen
// at rest, so they are baked again the first time they are drawn: a
// resize costs no frame of shading them all live.
func (s *Sprites) dropBaked() {
	clear(s.seen)
	for k := range s.baked {
		s.seen[k] = struct{}{}
	}
	clear(s.baked)
	clear(s.slotHeld)
}
