package pages

import (
	"image"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/textinput"

	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
)

// textBox is a one-line text field of a page: the player's name, an
// invite code. It types through ebiten's textinput, which reads the keys
// (and an input method) on the desktop and, in the browser, a textarea of
// its own that takes the focus on the tap, so a touch screen shows its
// keyboard and a paste works. A tap on the box starts editing; Enter, a
// tap elsewhere or leaving the page ends it; Escape ends it and puts the
// text back as it was.
type textBox struct {
	f       textinput.Field
	rect    layout.Rect
	max     int    // the longest text in bytes
	before  string // the text when editing began (Escape restores it)
	done    bool   // editing ended this tick (Enter or a tap elsewhere)
	started int    // the tick editing began, for the caret's blink
	// paste is the system clipboard's text on its way (the desktop:
	// app.Paste asks the system's tools off the frame), or nil.
	paste <-chan string
}

// text is the box's text as it shows, cleaned. It includes what an
// input method or a virtual keyboard has not committed yet: a phone's
// keyboard commits its words only when it is done (Field.Text would miss
// them until then).
func (b *textBox) text() string { return fieldText(b.f.TextForRendering(), b.max) }

// set puts s in the box.
func (b *textBox) set(s string) {
	s = fieldText(s, b.max)
	b.f.SetTextAndSelection(s, len(s), len(s))
}

// editing reports whether the box takes the keys now.
func (b *textBox) editing() bool { return b.f.IsFocused() }

// update runs the box for one tick; it reports whether the input was the
// box's (the page then does nothing else with it).
func (b *textBox) update(c *app.Context) bool {
	in := &c.In
	b.done = false
	inside := b.rect.Contains(in.At())
	if in.Pressed && !b.rect.Empty() {
		switch {
		case inside && !b.f.IsFocused():
			// Focused on the press: in the browser the textarea takes the
			// focus at this touch's end, inside the gesture a touch
			// screen needs to show its keyboard.
			b.before = b.text()
			b.f.Focus()
			b.started = c.Tick
		case !inside && b.f.IsFocused():
			b.end(false)
		}
	}
	if !b.f.IsFocused() {
		return inside && (in.Pressed || in.Released || in.Down)
	}
	r := b.rect
	h := int(math.Max(1, 0.6*r.H))
	x := int(r.X + 0.3*r.H + c.Text.Width(b.shown(c, b.text()), b.size(c), false))
	y := int(r.Y + (r.H-float64(h))/2)
	handled, err := b.f.HandleInputWithBounds(image.Rect(x, y, x+1, y+h))
	if err != nil {
		b.end(false)
		return true
	}
	if t := b.f.TextForRendering(); t != fieldText(t, b.max) {
		b.set(t) // too long, or a control character pasted
	}
	select {
	case s, ok := <-b.paste: // nil: no paste on its way
		b.paste = nil
		if ok {
			b.insert(s)
		}
	default:
	}
	if (in.Ctrl && in.KeyPressed(ebiten.KeyV)) || (in.Shift && in.KeyPressed(ebiten.KeyInsert)) {
		// The desktop's paste (in the browser the textarea has it, and
		// Paste is nil).
		if ch := app.Paste(); ch != nil {
			b.paste = ch
		}
		return true
	}
	if handled {
		return true
	}
	switch {
	case in.KeyPressed(ebiten.KeyEnter), in.KeyPressed(ebiten.KeyNumpadEnter):
		b.end(false)
	case in.KeyPressed(ebiten.KeyEscape):
		b.end(true)
	case in.KeyPressed(ebiten.KeyBackspace):
		t := b.f.TextForRendering()
		_, n := utf8.DecodeLastRuneInString(t)
		b.set(t[:len(t)-n])
	}
	return true
}

// insert puts s in the place of the selection (at the caret), and the
// caret after it, as a paste does.
func (b *textBox) insert(s string) {
	t := b.f.Text()
	i, j := b.f.Selection()
	i, j = max(0, min(i, len(t))), max(0, min(j, len(t)))
	if i > j {
		i, j = j, i
	}
	head := fieldText(t[:i]+s, b.max)
	all := fieldText(head+t[j:], b.max)
	b.f.SetTextAndSelection(all, min(len(head), len(all)), min(len(head), len(all)))
}

// end stops editing; undo puts back the text it began with.
func (b *textBox) end(undo bool) {
	b.paste = nil // a paste that comes after is not this box's
	t := b.text() // with what is not committed yet: it is kept
	if undo {
		t = b.before
	}
	b.f.Blur()
	b.set(t)
	b.done = !undo
}

// draw draws the box: its text (or hint, dimmed, when it is empty) and,
// while editing, a caret and the input method's composition.
func (b *textBox) draw(dst *ebiten.Image, c *app.Context, hint string) {
	r := b.rect
	if r.Empty() {
		return
	}
	k := c.Kit()
	// A well cut into the table, rimmed in brass like the buttons.
	e := math.Max(1, r.H/40)
	k.Sprites.Panel(dst, r.X-e, r.Y-e, r.W+2*e, r.H+2*e, 0.2*r.H+e, render.BrassRim)
	k.Sprites.Panel(dst, r.X, r.Y, r.W, r.H, 0.2*r.H, render.OverlaySolid)
	size := b.size(c)
	t, col := b.shown(c, b.f.TextForRendering()), render.Ink
	if t == "" && !b.f.IsFocused() {
		t, col = hint, render.Dim
		size = c.Text.Fit(hint, size, r.W-0.6*r.H, false)
	}
	x, y := r.X+0.3*r.H, r.Y+r.H/2 // the text is drawn centred on y
	k.Text.Draw(dst, t, x, y, size, col, render.AlignLeft, false)
	if b.f.IsFocused() && (c.Tick-b.started)/30%2 == 0 {
		cx := x + c.Text.Width(t, size, false) + 1
		k.Sprites.Panel(dst, cx, r.Y+0.2*r.H, math.Max(1, 0.06*size), 0.6*r.H, 0, render.Ink)
	}
}

// size is the text's size: the page's reading size, smaller in a low box.
func (b *textBox) size(c *app.Context) float64 {
	return math.Min(0.5*b.rect.H, 0.6*ui.Unit(c.W, c.H))
}

// shown is the end of t that fits in the box (a long link shows its end,
// where the typing is), after an ellipsis.
func (b *textBox) shown(c *app.Context, t string) string {
	room, size := b.rect.W-0.6*b.rect.H, b.size(c)
	if c.Text.Width(t, size, false) <= room {
		return t
	}
	for t != "" && c.Text.Width("…"+t, size, false) > room {
		_, n := utf8.DecodeRuneInString(t)
		t = t[n:]
	}
	return "…" + t
}

// fieldText is s as a one-line field keeps it: no control characters (a
// pasted line break ends nothing), at most max bytes, cut between
// characters.
func fieldText(s string, max int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
	for len(s) > max {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
	}
	return s
}

// The fields' sizes, by the protocol's limits.
const (
	maxNameField = 32  // proto.MaxNameLen
	maxCodeField = 200 // a whole invite link
)
