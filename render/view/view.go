package view

import (
	"image"
	"image/color"
	"math"
	"math/bits"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/sprites"
	"shiftago/render/ui"
)

// GoldenAngle turns the swirls of the marble on each square differently
// (square s starts at s × GoldenAngle): no two alike.
const GoldenAngle = 2.39996

// Board draws a board laid out by a geometry. Its only state is render
// caches: the painted board, the table with the board on it, the seats'
// cards.
type Board struct {
	Geo   layout.Geometry
	cache render.BoardCache
	table render.TableCache
	cards [4]render.SeatCardCache
	trail [24]layout.Point // room for a marble's trail, reused (Rolled)
	// slicer, once SliceRepaints says so, has the caches repaint a new
	// size in slices (render.Slicer); sliced says it does.
	slicer render.Slicer
	sliced bool
}

// SliceRepaints has the table, the board and the cards, when the screen
// changes size, repainted behind the frames in slices of budget and
// uploaded for at most budget a frame (see render.Slicer), the last
// pictures stretched to the new places meanwhile: the screen that shows
// them must draw frames, whole, until Repainting says they are done.
func (v *Board) SliceRepaints(budget time.Duration) {
	v.slicer.Budget, v.sliced = budget, true
}

// Repainting reports whether a repaint in slices was left unfinished by
// the last frame: a stand-in is shown, and the next frame must be drawn,
// and drawn whole.
func (v *Board) Repainting() bool { return v.slicer.Pending() }

// slicing is the caches' Slicer: v's once SliceRepaints was called, else
// nil (a repaint at once).
func (v *Board) slicing() *render.Slicer {
	if !v.sliced {
		return nil
	}
	return &v.slicer
}

// Px is board point b in screen pixels.
func (v *Board) Px(b layout.Point) (float64, float64) {
	p := v.Geo.ToPixel(b)
	return p.X, p.Y
}

// Cell is the centre of square s in screen pixels.
func (v *Board) Cell(s logic.Square) (float64, float64) { return v.Px(layout.CellPos(s)) }

// DrawBoard draws the wood, the holes and the entry cups, in th.
// It paints a new size at once (it has no frame's budget to keep to).
func (v *Board) DrawBoard(dst *ebiten.Image, th render.Theme) {
	v.cache.Slicer = nil
	v.cache.Draw(dst, &v.Geo, th.Wood)
}

// DrawTable covers the screen with the table top and the board on it
// (DrawBoard's), composed once per size: a screen that shows the board
// on the table draws this first, in place of a flat fill and DrawBoard.
func (v *Board) DrawTable(dst *ebiten.Image, th render.Theme) {
	if v.sliced {
		v.slicer.Frame() // the table comes first in a frame: the cards follow
	}
	v.table.Slicer, v.cache.Slicer = v.slicing(), v.slicing()
	v.table.Draw(dst, &v.Geo, &v.cache, th)
}

// Marks is what tells marbles apart: each one's orientation and its
// seed (the play of colour that is its own and travels with it). A nil
// func gives the square's own.
type Marks struct {
	Turn func(s logic.Square) sprites.Turn
	Seed func(s logic.Square) uint32
}

// traySeeds is how many looks the marbles of a tray take turns in: each
// its own would be 88 marbles to bake, more than Sprites keeps baked with
// a full board, and a tray's neighbours differ with five.
const traySeeds = 5

// TraySeed is the seed of the marble in slot j of a supply of colour c:
// the marbles of a tray differ from their neighbours, as real ones do.
func TraySeed(c logic.Color, j int) uint32 { return 7919*uint32(c+1) + uint32(j%traySeeds) }

// SquareSeed is the seed of a marble known only by its square.
func SquareSeed(s logic.Square) uint32 { return uint32(s)*2654435761 + 1 }

// SquareTurn is the orientation of the marble of seed seed on square s
// that has not rolled yet: the swirls of each square turned differently.
func SquareTurn(s logic.Square, seed uint32) sprites.Turn {
	return sprites.SeededTurn(seed, float64(s)*GoldenAngle)
}

// Position draws the marbles of pos at rest, each in the orientation
// mk gives it: the one it came to rest in, so that a marble that stops
// rolling stays as it stopped (and is baked so, see sprites.Sprites).
func (v *Board) Position(dst *ebiten.Image, sp *sprites.Sprites, pos *logic.Position, mk Marks) {
	for b := pos.Occupied(); b != 0; b &= b - 1 {
		s := logic.Square(bits.TrailingZeros64(uint64(b)))
		x, y := v.Cell(s)
		seed := SquareSeed(s)
		if mk.Seed != nil {
			seed = mk.Seed(s)
		}
		var t sprites.Turn
		if mk.Turn != nil {
			t = mk.Turn(s)
		} else {
			t = SquareTurn(s, seed)
		}
		sp.MarbleTurned(dst, pos.At(s), x, y, t, 0, 1, seed)
	}
}

// Animation draws the marbles of a running animation, each rolled in 3D
// by the way it has travelled (Rolled); base[i] is marble i's orientation
// before the move and seeds[i] its seed (nil: none, its square's).
func (v *Board) Animation(dst *ebiten.Image, sp *sprites.Sprites, a *motion.Animation, base []sprites.Turn, seeds []uint32) {
	for i, m := range a.Marbles() {
		if m.InTray {
			continue
		}
		x, y := v.Px(m.Pos)
		seed := SquareSeed(m.Square)
		if i < len(seeds) {
			seed = seeds[i]
		}
		t := sprites.SeedTurn(seed)
		if i < len(base) {
			t = base[i]
		}
		sp.MarbleTurned(dst, m.Color, x, y, v.Rolled(a, i, t), m.Lift, 1, seed)
	}
}

// Rolled is the orientation of a's marble i that was in orientation t
// when the move began: t rolled along every piece of the way it has
// travelled (motion's Trail), by the distance over its radius about the
// axis across the piece. A marble pushed back by a bounce unrolls; one
// that has stopped keeps the orientation it stopped in, which a screen
// keeps for it once the move is over, so it never snaps back.
func (v *Board) Rolled(a *motion.Animation, i int, t sprites.Turn) sprites.Turn {
	tr := a.Trail(i, v.trail[:0])
	for j := 1; j < len(tr); j++ {
		d := tr[j].Sub(tr[j-1])
		t = t.Rolled(d.X, d.Y, d.Len()/layout.MarbleRatio)
	}
	return t
}

// LastEntry marks where the last move came in: a small chevron at its
// entry point pointing into the board, open, in the last move's colour.
// A pale glow there read as a faint glass marble, a piece waiting at the
// entry point (issue 26 defect 8); the cup's middle stays bare.
func (v *Board) LastEntry(dst *ebiten.Image, sp *sprites.Sprites, tr *logic.Trace) {
	e := tr.Entry
	in := layout.Inward(e)
	side := layout.Point{X: -in.Y, Y: in.X}
	w := float32(math.Max(1.5, 0.06*v.Geo.Cell))
	col := render.Fade(render.LastMove, 0.8)
	// The chevron's point on the board side of the cup, its arms reaching
	// back past the cup's middle line: drawn over the rim, not in the
	// hollow where a marble would lie.
	tip := layout.TrackPoint(e, -layout.EntryOffset+0.5)
	x1, y1 := v.Px(tip)
	for _, sgn := range [2]float64{-1, 1} {
		x0, y0 := v.Px(tip.Sub(in.Mul(0.2)).Add(side.Mul(sgn * 0.2)))
		vector.StrokeLine(dst, float32(x0), float32(y0), float32(x1), float32(y1), w, col, true)
	}
}

// LastRing rings the marble the last move put on the board, if it is
// still there.
func (v *Board) LastRing(dst *ebiten.Image, sp *sprites.Sprites, pos *logic.Position, tr *logic.Trace) {
	if s := tr.Slides()[0].To; pos.Occupied().Has(s) {
		x, y := v.Cell(s)
		sp.Ring(dst, x, y, 1, render.Fade(render.LastMove, 0.7))
	}
}

// RefusalTicks is how long a refused insertion shows.
const RefusalTicks = 45

// Refusal shows an insertion at e refused dt ticks ago: the marble (of
// colour c, if c is a colour) shakes at the entry point under a red glow
// that fades within RefusalTicks (before the refusal, dt < 0, and after
// it, the marble rests there). It is the one refusal every screen shows.
func (v *Board) Refusal(dst *ebiten.Image, sp *sprites.Sprites, e logic.Entry, c logic.Color, dt int) {
	x, y := v.Px(layout.EntryPos(e))
	if dt >= 0 && dt < RefusalTicks {
		f := 1 - float64(dt)/RefusalTicks
		x += 0.08 * v.Geo.Cell * math.Sin(float64(dt)*1.3) * f
		sp.Glow(dst, x, y, 0.7, render.Fade(render.Bad, 0.9*f))
	}
	if c <= logic.White {
		sp.Marble(dst, c, x, y, 0, 0.2, 0.6)
	}
}

// LineGlow lights the squares of a line.
func (v *Board) LineGlow(dst *ebiten.Image, sp *sprites.Sprites, cells []logic.Square, tint color.RGBA, a float64) {
	for _, s := range cells {
		x, y := v.Cell(s)
		sp.Glow(dst, x, y, 0.8, render.Fade(tint, a))
	}
}

// Rings rings the marbles on cells, scaled by k.
func (v *Board) Rings(dst *ebiten.Image, sp *sprites.Sprites, cells []logic.Square, k float64, tint color.RGBA) {
	for _, s := range cells {
		x, y := v.Cell(s)
		sp.Ring(dst, x, y, k, tint)
	}
}

// Card is what a seat's card shows.
type Card struct {
	Name   string
	Supply int     // marbles in the tray
	Left   string  // the supply in words ("16 left"); "" shows the number alone
	Score  int     // on the score track (Expert, Extreme)
	SitOut string  // "sits out 2 turns", or ""
	Pulse  float64 // 0..1 frames the card in the seat's colour (the seat to move); below 0, no frame
	// NameSize, when set, is the size the table's names share (NameSize):
	// the name is drawn at it, smaller only if it does not fit there.
	NameSize float64
}

// SeatCard draws seat i's card: a block of the board's wood (painted
// once per size) with the name and supply count on its dark plate, the
// supply's marbles in the tray carved into it, the turns it still sits
// out and, in Expert and Extreme, the score track with its marker. The
// game and the replay both show seats so.
func (v *Board) SeatCard(dst *ebiten.Image, k ui.Kit, pos *logic.Position, i int, card Card) {
	geo := &v.Geo
	sp := k.Sprites
	st := &geo.Seats[i]
	col := pos.SeatColor(i)
	r := st.Card
	th := sp.Theme()
	if card.Pulse >= 0 {
		// The seat to move: the card framed in its colour.
		b := math.Max(3, geo.Cell*0.06)
		rad := math.Min(r.W, r.H) * 0.08
		sp.Panel(dst, r.X-b, r.Y-b, r.W+2*b, r.H+2*b, rad+b, render.Fade(th.Tints[col], 0.65+0.35*card.Pulse))
		// A dark line between the frame and the wood: orange on the
		// board's wood would blur into it.
		g := b * 0.45
		sp.Panel(dst, r.X-g, r.Y-g, r.W+2*g, r.H+2*g, rad+g, th.Nameplate)
	}
	v.cards[i&3].Slicer = v.slicing()
	v.cards[i&3].Draw(dst, geo, i, th)
	// Label: the seat's name, then its supply.
	lh := st.Label.H
	num := Number(card.Supply)
	if card.Left != "" {
		num = card.Left
	}
	x0, x1 := v.NameSpan(i)
	k.Text.Draw(dst, card.Name, x0, st.Label.Y+lh/2, v.CardNameSize(k, i, card), render.Ink, render.AlignLeft, false)
	k.Text.Draw(dst, num, x1, st.Label.Y+lh/2, lh*0.8, th.Tints[col], render.AlignRight, true)
	// The supply, in the tray's dimples.
	kk := SpriteK(sp, geo.TrayRadius(i))
	for j := 0; j < card.Supply; j++ {
		p := geo.TraySlot(i, j)
		sp.MarbleScaledSeeded(dst, col, p.X, p.Y, kk, TraySeed(col, j))
	}
	if card.SitOut != "" {
		// On a dark plate of its own: it lies over the marbles.
		c := st.Tray.Center()
		ts := lh * 0.7
		w := k.Text.Width(card.SitOut, ts, true) + ts
		sp.Panel(dst, c.X-w/2, c.Y-0.75*ts, w, 1.5*ts, 0.5*ts, render.Fade(th.Nameplate, 0.92))
		k.Text.Draw(dst, card.SitOut, c.X, c.Y, ts, render.Accent, render.AlignCenter, true)
	}
	// The score track: 0, 5 and 10 marked, the marker marble in its place.
	if !st.Score.Empty() {
		sr := geo.ScoreRadius(i)
		marks, score := ScoreSizes(geo, i)
		for n := 0; n <= logic.WinningPoints; n += 5 {
			p := geo.ScoreSlot(i, n)
			k.Text.Shadowed(dst, Number(n), p.X, p.Y, marks, render.Ink, render.AlignCenter, false)
		}
		p := geo.ScoreSlot(i, min(card.Score, logic.WinningPoints))
		sp.MarbleScaled(dst, col, p.X, p.Y, SpriteK(sp, sr*1.15))
		if sp.Marks() {
			// The colour-blind symbol would cross the number: a light
			// disc between them (the card names the seat).
			sp.Dot(dst, p.X, p.Y, 1.5*sr/float64(max(1, sp.Diameter())), render.Ink)
		}
		// The score as a number too, on the marker: a track alone is
		// hard to read at a glance.
		k.Text.Draw(dst, Number(card.Score), p.X, p.Y, score, render.Dark, render.AlignCenter, true)
	}
}

// SeatCardArea is the rectangle SeatCard may draw in for seat i: the
// card, its frame, and a margin of half a cell for what overhangs (a
// tray marble's shadow, a glyph's edge). A clipped frame that does not
// meet it need not draw the card: nothing of it would show.
func (v *Board) SeatCardArea(i int) layout.Rect {
	geo := &v.Geo
	st := &geo.Seats[i]
	r := st.Card.Union(st.Label).Union(st.Tray)
	if !st.Score.Empty() {
		r = r.Union(st.Score)
	}
	return r.Inset(-(math.Max(3, geo.Cell*0.06) + geo.Cell*0.5))
}

// MinScoreCSS is the least size, in CSS pixels, of the score track's
// numbers: at 320×568 they followed the slots down to about 5 px.
const MinScoreCSS = 10

// ScoreSizes are the text sizes of seat i's score track: its marks (0, 5,
// 10) and the score on its marker; in proportion to the slots, never
// under MinScoreCSS.
func ScoreSizes(geo *layout.Geometry, i int) (marks, score float64) {
	sr, least := geo.ScoreRadius(i), MinScoreCSS*max(geo.Scale, 1)
	return max(sr*1.1, least), max(sr*1.25, least)
}

// NameRoom is the room a seat card's name has at its full size, beside
// the supply shown as left: screens shorten names that would shrink too
// far.
func (v *Board) NameRoom(k ui.Kit, i int, left string) (size, w float64) {
	lh := v.Geo.Seats[i].Label.H
	x0, x1 := v.NameSpan(i)
	return lh * 0.75, x1 - x0 - k.Text.Width(left, lh*0.8, true) - lh
}

// NameSpan is where seat i's words stand on its card's plate: the name
// from x0, the supply up to x1. The label's line, but never nearer the
// plate's ends than a quarter of its height: where the card's padding
// is thin (a tablet's, a phone's) the plate is cut at the card's bevel,
// and the name stood against its left end (issue 50).
func (v *Board) NameSpan(i int) (x0, x1 float64) {
	st := &v.Geo.Seats[i]
	lab := st.Label
	p := render.Nameplate(st.Card, lab)
	m := 0.25 * lab.H
	return max(lab.X, p.X+m), min(lab.X+lab.W, p.X+p.W-m)
}

// CardNameSize is the size SeatCard draws seat i's name at: the table's
// shared size (card.NameSize), or the largest at which it fits beside
// its supply, whichever is smaller.
func (v *Board) CardNameSize(k ui.Kit, i int, card Card) float64 {
	left := card.Left
	if left == "" {
		left = Number(card.Supply)
	}
	size, w := v.NameRoom(k, i, left)
	if card.NameSize > 0 {
		size = min(size, card.NameSize)
	}
	return k.Text.Fit(card.Name, size, w, false)
}

// FitNames sets the names of a table's cards at one size (issue 50: each
// shrunk alone to its card, a tablet's "Green (computer, Club)" stood
// smaller than "Orange" beside it) and returns it, for Card.NameSize: the
// largest at which every name fits its card beside the widest of lefts,
// the supplies the cards may show (so that it does not change as the
// supplies run down), but no less than least of the full size. A name
// that does not fit at that (a player's own, up to 32 letters; a
// computer's on a phone's quarter card) is cut, in names, to end in an
// ellipsis rather than shrunk alone.
func (v *Board) FitNames(k ui.Kit, names, lefts []string, least float64) float64 {
	left, lw := "", 0.0
	for _, l := range lefts {
		if w := k.Text.Width(l, 100, true); w > lw {
			left, lw = l, w
		}
	}
	size := 0.0
	for i, n := range names {
		full, w := v.NameRoom(k, i, left)
		if i == 0 {
			size = full
		}
		size = min(size, max(least*full, k.Text.Fit(n, full, w, false)))
	}
	for i, n := range names {
		_, w := v.NameRoom(k, i, left)
		names[i] = cutName(k.Text, n, size, w)
	}
	return size
}

// cutName is name cut to w at size. An online seat's name ends in its
// time ("Ann (away) · 14:59", the part read at a glance and changing
// every second): the name before it loses its letters, never the time.
func cutName(t *render.Text, name string, size, w float64) string {
	if i := strings.LastIndex(name, " · "); i > 0 && t.Width(name, size, false) > w {
		tail := name[i:]
		if tw := t.Width(tail, size, false); tw < w {
			return t.Cut(name[:i], size, w-tw, false) + tail
		}
	}
	return t.Cut(name, size, w, false)
}

// SpriteK is the factor that draws a sprite marble at radius r pixels.
func SpriteK(sp *sprites.Sprites, r float64) float64 {
	d := float64(sp.Diameter())
	if d <= 0 {
		return 1
	}
	return 2 * r / d
}

// numbers are the numbers a card shows, as strings made once.
var numbers = func() (out [logic.MarblesPerColor + 1]string) {
	for i := range out {
		if i < 10 {
			out[i] = string(rune('0' + i))
		} else {
			out[i] = string(rune('0'+i/10)) + string(rune('0'+i%10))
		}
	}
	return out
}()

// Number is n (0..22) as text, without allocating.
func Number(n int) string { return numbers[max(0, min(len(numbers)-1, n))] }

// Arrow draws an arrow along e's track from axial a0 to a1 (layout.Axial
// positions): a lesson's hint, a hint of the best move.
func (v *Board) Arrow(dst *ebiten.Image, e logic.Entry, a0, a1 float64, col color.RGBA) {
	w := float32(math.Max(2, 0.09*v.Geo.Cell))
	x0, y0 := v.Px(layout.TrackPoint(e, a0))
	x1, y1 := v.Px(layout.TrackPoint(e, a1))
	vector.StrokeLine(dst, float32(x0), float32(y0), float32(x1), float32(y1), w, col, true)
	in := layout.Inward(e)
	side := layout.Point{X: -in.Y, Y: in.X}
	for _, sgn := range [2]float64{-1, 1} {
		hx, hy := v.Px(layout.TrackPoint(e, a1).Sub(in.Mul(0.28)).Add(side.Mul(sgn * 0.22)))
		vector.StrokeLine(dst, float32(x1), float32(y1), float32(hx), float32(hy), w, col, true)
	}
}

// Status draws the status panel: the variant, the announcement's lines
// (up to the first empty one) at size from x, and while the computer
// thinks three dots beating with tick.
func (v *Board) Status(dst *ebiten.Image, k ui.Kit, variant string, lines []string, size, x float64, thinking bool, tick int) {
	r, bar := v.Geo.Status, v.Geo.Bar
	if r.Empty() {
		return
	}
	lines = lines[:shownLines(lines)]
	k.Sprites.Inlay(dst, r.X, r.Y, r.W, r.H, r.H*0.25)
	// The variant first, so the game says what is played.
	k.Text.Draw(dst, variant, r.X+bar*0.3, r.Y+r.H/2, bar*0.42*0.9, render.Accent, render.AlignLeft, true)
	for i, l := range lines {
		y := r.Y + r.H/2 + (float64(i)-float64(len(lines)-1)/2)*1.15*size
		k.Text.Draw(dst, l, x, y, size, render.Ink, render.AlignLeft, false)
	}
	if thinking {
		x0, _ := v.StatusDots(k.Text, lines, size, x)
		for j := 0; j < 3; j++ {
			a := 0.3 + 0.7*math.Max(0, math.Sin(float64(tick)/6-float64(j)*0.9))
			k.Sprites.Dot(dst, x0+float64(j)*bar*0.32, r.Y+r.H/2, bar*0.18/float64(max(1, k.Sprites.Diameter())), render.Fade(render.Accent, a))
		}
	}
}

// StatusArea is the rectangle Status may draw in with lines at size: the
// panel's rows, or the lines' if they are taller, across the whole
// screen (a line too long for the panel runs on past it), with a margin
// of half a cell (see SeatCardArea).
func (v *Board) StatusArea(lines []string, size float64) layout.Rect {
	r := v.Geo.Status
	if r.Empty() {
		return layout.Rect{}
	}
	n := float64(shownLines(lines))
	half := max(r.H/2, ((n-1)/2*1.15+1)*size) + v.Geo.Cell*0.5
	return layout.Rect{X: 0, Y: r.Y + r.H/2 - half, W: v.Geo.W, H: 2 * half}
}

// shownLines is how many of lines come before the first empty one.
func shownLines(lines []string) int {
	for i, l := range lines {
		if l == "" {
			return i
		}
	}
	return len(lines)
}

// StatusDots is where Status's thinking dots start (the first one's
// centre x), after the lines of text at size from x, and the rectangle
// the three cover.
func (v *Board) StatusDots(t *render.Text, lines []string, size, x float64) (x0 float64, area image.Rectangle) {
	r, bar := v.Geo.Status, v.Geo.Bar
	w := 0.0
	for _, l := range lines[:shownLines(lines)] {
		w = max(w, t.Width(l, size, false))
	}
	x0 = x + w + bar*0.35
	y0 := r.Y + r.H/2
	return x0, image.Rect(int(x0-bar*0.3), int(y0-bar*0.3), int(x0+2*bar*0.32+bar*0.3)+1, int(y0+bar*0.3)+1)
}

// PositionIn is Position with each resting marble's orientation and seed
// read from turns and seeds, by square.
func (v *Board) PositionIn(dst *ebiten.Image, sp *sprites.Sprites, pos *logic.Position, turns *[64]sprites.Turn, seeds *[64]uint32) {
	for b := pos.Occupied(); b != 0; b &= b - 1 {
		s := logic.Square(bits.TrailingZeros64(uint64(b)))
		x, y := v.Cell(s)
		sp.MarbleTurned(dst, pos.At(s), x, y, turns[s], 0, 1, seeds[s])
	}
}

// glint is the white of a glint on glass.
var glint = color.RGBA{0xff, 0xfb, 0xf0, 0xff}

// Ending draws the flourish of the game's end (f, k ticks in) over the
// marbles of pos, whose orientations and seeds are turns and seeds: with
// a winning line, the rest of the board dims, the line lights marble by
// marble and its marbles lift and glint in a wave; without (line nil),
// one glint sweeps over the winner's marbles (all of them, for a draw).
func (v *Board) Ending(dst *ebiten.Image, sp *sprites.Sprites, pos *logic.Position, f motion.Flourish, k int, line []logic.Square, turns *[64]sprites.Turn, seeds *[64]uint32) {
	r := v.Geo.MarbleRadius
	if line == nil {
		res := pos.Result()
		for _, s := range pos.Occupied().Squares() {
			if res.State == logic.Won && pos.At(s) != res.Winner {
				continue
			}
			if g := f.Sweep(s.File()+s.Rank(), k); g > 0 {
				x, y := v.Cell(s)
				sp.Glow(dst, x-0.3*r, y-0.35*r, 0.3, render.Fade(glint, 0.8*g))
			}
		}
		return
	}
	if d := f.Dim(k); d > 0 {
		b := v.Geo.Frame
		sp.Rect(dst, b.X, b.Y, b.W, b.H, render.Fade(sp.Theme().Page, 0.45*d))
	}
	lit := line[:f.Lit(k)]
	v.LineGlow(dst, sp, lit, render.Gold, 0.75)
	for i, s := range lit {
		if !pos.Occupied().Has(s) {
			continue // scored off: its marble is in the tray
		}
		x, y := v.Cell(s)
		sp.MarbleTurned(dst, pos.At(s), x, y, turns[s], f.Lift(i, k), 1, seeds[s])
		if g := f.Glint(i, k); g > 0 {
			sp.Glow(dst, x-0.3*r, y-0.4*r, 0.35, render.Fade(glint, 0.9*g))
		}
	}
	v.Rings(dst, sp, lit, 1.05, render.Fade(render.Gold, 0.85))
}
