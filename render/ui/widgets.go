package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/sprites"
)

// Pointer is the pointer of one tick, as every screen reads it: where it
// is, whether it is down, and its edges this tick (a fast click is both
// pressed and released in one tick). Positions are screen pixels.
type Pointer struct {
	X, Y     float64
	Down     bool // the pointer is pressed
	Pressed  bool // it went down this tick
	Released bool // it went up this tick
	Touch    bool // the pointer is a finger
}

// At is where the pointer is.
func (p Pointer) At() layout.Point { return layout.Point{X: p.X, Y: p.Y} }

// Kit is what widgets draw with.
type Kit struct {
	Text    *render.Text
	Sprites *sprites.Sprites
}

// Unit is the interface unit: a size in pixels, for text and targets,
// from the screen's size (narrow screens get a unit from their width).
func Unit(w, h float64) float64 {
	u := math.Min(w/23.5, h/17.5)
	if w/h < 1.25 {
		u = math.Min(w/14.5, h/24)
	}
	return math.Floor(math.Max(u, 12))
}

// Narrow reports whether a screen is laid out in portrait.
func Narrow(w, h float64) bool { return w/h < 1.25 }

// Button is a tappable rectangle with a label and a typed action (with
// an argument: the seat, the variant, the index in a list).
type Button[A comparable] struct {
	X, Y, W, H float64
	Act        A
	Arg        int
	Label      string
	On         bool        // selected (chips) or primary (actions)
	Off        bool        // disabled: drawn dimmed, never tapped
	Swatch     logic.Color // the marble drawn instead of a label, with HasSwatch
	HasSwatch  bool
	Bold       bool
	Size       float64 // the label's size, when set: a row of tabs drawn at one size
}

// Rect is the button's rectangle.
func (b *Button[A]) Rect() layout.Rect { return layout.Rect{X: b.X, Y: b.Y, W: b.W, H: b.H} }

func (b *Button[A]) contains(x, y float64) bool {
	return x >= b.X && y >= b.Y && x < b.X+b.W && y < b.Y+b.H
}

// Buttons is a screen's tappable controls, rebuilt in Update when the
// layout changes and read by Draw. A tap is a press and a release on the
// same enabled button, however long it is held.
type Buttons[A comparable] struct {
	List []Button[A]
	// TextH, when set, sizes the labels as for buttons this high: a page
	// makes its buttons finger-sized on a phone without its words growing
	// past the room they have.
	TextH   float64
	pressed int // 1 + the index of the button pressed, 0 if none (the zero value is ready)
	hover   int // 1 + the index of the button under the pointer, 0 if none
	// split keeps the labels broken onto two lines, so that a frame
	// that draws them allocates nothing.
	split map[splitKey]splitLabel
}

type splitKey struct {
	s          string
	size, w, h float64
	bold       bool
}

type splitLabel struct {
	l1, l2 string
	size   float64
	ok     bool
}

// Reset empties the list for a new layout.
func (bs *Buttons[A]) Reset() { bs.List = bs.List[:0] }

// Add appends a button.
func (bs *Buttons[A]) Add(b Button[A]) { bs.List = append(bs.List, b) }

// At returns the index of the button under p (enabled or not), or -1.
func (bs *Buttons[A]) At(p layout.Point) int {
	for i := range bs.List {
		if bs.List[i].contains(p.X, p.Y) {
			return i
		}
	}
	return -1
}

// at returns the index of the enabled button under (x, y), or -1.
func (bs *Buttons[A]) at(x, y float64) int {
	for i := range bs.List {
		if !bs.List[i].Off && bs.List[i].contains(x, y) {
			return i
		}
	}
	return -1
}

// Cancel forgets the press under way (it became a scroll): its release
// taps nothing.
func (bs *Buttons[A]) Cancel() { bs.pressed = 0 }

// Tapped follows the pointer and returns the button tapped this tick.
func (bs *Buttons[A]) Tapped(p Pointer) (Button[A], bool) {
	if bs.pressed > len(bs.List) {
		bs.pressed = 0
	}
	i := bs.at(p.X, p.Y) + 1
	bs.hover = i
	if p.Touch && !p.Down && !p.Released {
		bs.hover = 0
	}
	if p.Pressed {
		bs.pressed = i
	}
	if p.Released {
		k := bs.pressed
		bs.pressed = 0
		if k > 0 && k == i {
			return bs.List[i-1], true
		}
	}
	if !p.Down && !p.Released {
		bs.pressed = 0
	}
	return Button[A]{}, false
}

// Draw draws every button: a plate set into the table, an inlay of dark
// wood rimmed in brass, polished brass when chosen or primary, its label
// engraved.
func (bs *Buttons[A]) Draw(dst *ebiten.Image, k Kit) {
	for i := range bs.List {
		b := &bs.List[i]
		kind, alpha, txt := sprites.PlateInlay, 1.0, render.Ink
		hot := i+1 == bs.hover || i+1 == bs.pressed
		switch {
		case b.Off:
			// Plainly out of use: a faint plate, faint text.
			alpha, txt = 0.35, render.Fade(render.Dim, 0.45)
		case b.On:
			kind, txt = sprites.PlateBrass, render.Dark
		}
		if b.HasSwatch {
			if b.On {
				k.Sprites.Plate(dst, b.X, b.Y, b.W, b.H, sprites.PlateInlay, 1)
			}
			d := float64(k.Sprites.Diameter())
			k.Sprites.MarbleScaled(dst, b.Swatch, b.X+b.W/2, b.Y+b.H/2, min(b.W, b.H)*0.8/max(d, 1))
			continue
		}
		k.Sprites.Plate(dst, b.X, b.Y, b.W, b.H, kind, alpha)
		if hot && !b.Off {
			// Under the finger: the plate catches more of the lamp.
			k.Sprites.Panel(dst, b.X, b.Y, b.W, b.H, b.H*0.28, render.PlateHover)
		}
		lip := 0.0 // the engraving's lit lower edge, on brass
		if kind == sprites.PlateBrass {
			lip = max(1, b.H/44)
		}
		th := bs.textH(b)
		size, room := th*0.46, b.W-th*0.4
		if b.Size > 0 {
			size = b.Size
		}
		if k.Text.Width(b.Label, size, b.Bold) > room {
			// Two lines at nearly its size where the button holds them:
			// shrunk onto one, a label ("Draw lots") looked smaller than
			// its neighbours.
			key := splitKey{b.Label, size, room, b.H, b.Bold}
			sp, seen := bs.split[key]
			if !seen {
				if bs.split == nil || len(bs.split) > 64 {
					bs.split = make(map[splitKey]splitLabel)
				}
				sp.l1, sp.l2, sp.size, sp.ok = twoLines(k.Text, b.Label, size, room, b.H, b.Bold)
				bs.split[key] = sp
			}
			if sp.ok {
				engrave(dst, k, sp.l1, b.X+b.W/2, b.Y+b.H/2-0.55*sp.size, sp.size, txt, b.Bold, lip)
				engrave(dst, k, sp.l2, b.X+b.W/2, b.Y+b.H/2+0.55*sp.size, sp.size, txt, b.Bold, lip)
				continue
			}
			size = k.Text.Fit(b.Label, size, room, b.Bold)
		}
		engrave(dst, k, b.Label, b.X+b.W/2, b.Y+b.H/2, size, txt, b.Bold, lip)
	}
}

// engrave draws a centred label cut into a plate: with lip > 0, the cut's
// lower edge catching the light lip pixels below the letters.
func engrave(dst *ebiten.Image, k Kit, s string, x, y, size float64, col color.RGBA, bold bool, lip float64) {
	if lip > 0 {
		k.Text.Draw(dst, s, x, y+lip, size, sprites.Engraved, render.AlignCenter, bold)
	}
	k.Text.Draw(dst, s, x, y, size, col, render.AlignCenter, bold)
}

// twoLines breaks s into two lines of at most w at 0.9 of size, where
// both fit and the two lines fit a button h high.
func twoLines(t *render.Text, s string, size, w, h float64, bold bool) (l1, l2 string, s2 float64, ok bool) {
	s2 = 0.9 * size
	if 2.2*s2 > 0.92*h {
		return "", "", 0, false
	}
	lines := Wrap(t, s, s2, w, bold)
	if len(lines) != 2 || t.Width(lines[0], s2, bold) > w || t.Width(lines[1], s2, bold) > w {
		return "", "", 0, false
	}
	return lines[0], lines[1], s2, true
}

// textH is the height b's label is sized for.
func (bs *Buttons[A]) textH(b *Button[A]) float64 {
	if bs.TextH > 0 {
		return min(b.H, bs.TextH)
	}
	return b.H
}

// Info is a button as the page API and the tests see it.
type Info struct {
	ID      string // the action, with its argument where it has one or shares the action ("level+ 1", "variant 0", "play")
	Label   string
	Enabled bool
	On      bool // chosen (a chip) or the primary action
	Rect    layout.Rect
}

// Infos lists the buttons.
func (bs *Buttons[A]) Infos() []Info {
	out := make([]Info, 0, len(bs.List))
	count := map[A]int{}
	for _, b := range bs.List {
		count[b.Act]++
	}
	for _, b := range bs.List {
		id := fmt.Sprint(b.Act) // a button alone with its action is named by it
		if b.Arg != 0 || count[b.Act] > 1 {
			id = fmt.Sprint(b.Act, " ", b.Arg)
		}
		out = append(out, Info{ID: id, Label: b.Label, Enabled: !b.Off, On: b.On, Rect: b.Rect()})
	}
	return out
}

// Fits lists the buttons' labels with their room, as Draw gives it.
func (bs *Buttons[A]) Fits() []Fit {
	var out []Fit
	for _, b := range bs.List {
		if b.HasSwatch || b.Label == "" {
			continue
		}
		th := bs.textH(&b)
		size := th * 0.46
		if b.Size > 0 {
			size = b.Size
		}
		out = append(out, Fit{Text: b.Label, Size: size, W: b.W - th*0.4, Bold: b.Bold})
	}
	return out
}

// Fit is a text on screen with the room it has, for the test that every
// language fits: the text at Size in pixels must be no wider than W.
type Fit struct {
	Text string
	Size float64
	W    float64
	Bold bool
}

// Label is a piece of static text.
type Label struct {
	X, Y, Size float64
	S          string
	Align      render.Align
}

// FitLines lays s out in a box w wide and h high: on one line at the
// first of sizes (largest first), or wrapped onto as many lines as the
// box holds at the first size that holds it all. It never shrinks one
// line to fit; what the last size cannot hold loses its last words to
// an ellipsis. The lines are appended to out.
func FitLines(t *render.Text, s string, sizes []float64, w, h float64, out []string) ([]string, float64) {
	var lines []string
	size := 0.0
	for _, size = range sizes {
		lines = Wrap(t, s, size, w, false)
		if len(lines) <= 1 || float64(len(lines))*1.15*size <= 0.92*h {
			break
		}
	}
	if n := max(1, int(0.92*h/(1.15*size))); len(lines) > n {
		lines = lines[:n]
		last := lines[n-1] + "…"
		for t.Width(last, size, false) > w && len(last) > len("…") {
			rs := []rune(last)
			last = string(rs[:len(rs)-2]) + "…"
		}
		lines[n-1] = last
	}
	return append(out, lines...), size
}

// Wrap breaks s into lines no wider than w at size.
func Wrap(t *render.Text, s string, size, w float64, bold bool) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if line != "" && t.Width(try, size, bold) > w {
				out = append(out, line)
				line = word
				continue
			}
			line = try
		}
		out = append(out, line)
	}
	return out
}

// TextBlock is wrapped text placed on a page.
type TextBlock struct {
	X, Y, Size float64
	Lines      []string
	Col        color.RGBA
	Bold       bool
	Align      render.Align
}

// Para is s wrapped to w at size, left-aligned, as a block standing from
// top down: each line in a room 1.3 sizes high (Height), its glyphs in
// the room's middle. A page places its paragraphs and labels with it by
// their tops and steps down by Height. Text is drawn centred on its y
// (render.AlignLeft is VertCenter): a block given its top as Y hung half
// a line over the room above, and a label stood nearer the row above it
// than the control under it that it names (issue 50).
func Para(t *render.Text, s string, x, top, w, size float64, col color.RGBA, bold bool) TextBlock {
	return TextBlock{X: x, Y: top + 0.65*size, Size: size, Lines: Wrap(t, s, size, w, bold), Col: col, Bold: bold, Align: render.AlignLeft}
}

// Top is where the block's room begins: Para's top.
func (t *TextBlock) Top() float64 { return t.Y - 0.65*t.Size }

// Draw draws the block.
func (t *TextBlock) Draw(dst *ebiten.Image, tx *render.Text) {
	for i, l := range t.Lines {
		tx.Draw(dst, l, t.X, t.Y+float64(i)*t.Size*1.3, t.Size, t.Col, t.Align, t.Bold)
	}
}

// Height is the block's height.
func (t *TextBlock) Height() float64 { return float64(len(t.Lines)) * t.Size * 1.3 }

// DrawNotice draws msg in a panel at the foot of a w×h screen.
func DrawNotice(dst *ebiten.Image, k Kit, msg string, w, h float64) {
	u := Unit(w, h)
	lines, size := noticeLines(k, msg, 0.55*u, w-2*u)
	ph := (float64(len(lines))*1.3 + 0.45) * size
	drawNoticePanel(dst, k, lines, size, w/2, h-0.4*u-ph, ph, u)
}

// DrawNoticeIn draws msg in a panel inside r (a screen's own place for
// notices, such as the game's status line), shrunk to fit.
func DrawNoticeIn(dst *ebiten.Image, k Kit, msg string, r layout.Rect) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	u := r.H
	lines, size := NoticeTextIn(k.Text, msg, r)
	ph := (float64(len(lines))*1.3 + 0.45) * size
	// The place is the screen's own (the status line): cover it whole and
	// opaque first, so that what it said does not show around or through
	// the notice.
	k.Sprites.Panel(dst, r.X, r.Y, r.W, r.H, 0.3*size, render.OverlaySolid)
	drawNoticePanel(dst, k, lines, size, r.X+r.W/2, r.Y+(r.H-ph)/2, ph, 0.6*u)
}

// NoticeTextIn is how DrawNoticeIn sets msg in r: its lines and their
// size (a screen's test checks that its notices stay legible there). The
// largest size at which msg fits r in one, two or three lines, each
// count of lines wrapped at its own size: wrapped at the one-line size
// and then shrunk to fit the height, a message of two lines kept the
// short lines of the large size and came out at two thirds of what fits
// (a taller place, over the Devices page's heading, made it three lines
// and smaller still).
func NoticeTextIn(t *render.Text, msg string, r layout.Rect) ([]string, float64) {
	w, top := r.W-0.8*r.H, math.Min(0.55*r.H, r.H/1.75)
	for n := 1; n <= 3; n++ {
		size := math.Min(top, r.H/(float64(n)*1.3+0.45))
		if lines := Wrap(t, msg, size, w, false); len(lines) <= n {
			return lines, size
		}
	}
	return []string{msg}, t.Fit(msg, top, w, false) // as noticeLines does
}

// noticeLines wraps msg into at most three lines of width w, shrinking
// the text only when three are not enough.
func noticeLines(k Kit, msg string, size, w float64) ([]string, float64) {
	lines := Wrap(k.Text, msg, size, w, false)
	if len(lines) > 3 {
		lines = []string{msg}
		size = k.Text.Fit(msg, size, w, false)
	}
	return lines, size
}

func drawNoticePanel(dst *ebiten.Image, k Kit, lines []string, size, cx, y, ph, pad float64) {
	tw := 0.0
	for _, l := range lines {
		tw = math.Max(tw, k.Text.Width(l, size, false))
	}
	tw += pad
	k.Sprites.Inlay(dst, cx-tw/2, y, tw, ph, 0.3*size)
	for i, l := range lines {
		k.Text.Draw(dst, l, cx, y+(0.875+float64(i)*1.3)*size, size, render.Ink, render.AlignCenter, false)
	}
}
