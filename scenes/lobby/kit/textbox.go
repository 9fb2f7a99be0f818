package kit

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

// TextBox is a one-line text field of a page: the player's name, an
// invite code. It types through ebiten's textinput Composer, which reads
// the keys (and an input method) on the desktop and, in the browser, a
// textarea of its own that takes the focus on the tap, so a touch screen
// shows its keyboard and a paste works. A tap on the box starts editing;
// Enter, a tap elsewhere or leaving the page ends it; Escape ends it and
// puts the text back as it was.
//
// It was built on textinput.Field, which lost typed keys while frames
// were slow: several keys reported in one frame came to the field as a
// queued commit that never ended its session, and every key after it
// waited behind that commit for good (the desktop kept two letters of
// six at a load of 40). A Composer ends each session at its commit and
// takes the queued ones in the same tick. It also tells a commit that
// comes with a key the game receives too (Enter), which the field
// swallowed: Enter did not join.
type TextBox struct {
	cmp     textinput.Composer
	s       string      // the committed text
	i, j    int         // the selection in s, in bytes (i == j: the caret)
	comp    string      // an input method's composition, not committed yet
	focus   bool        // editing
	Rect    layout.Rect // where it is on the page
	Max     int         // the longest text in bytes
	before  string      // the text when editing began (Escape restores it)
	Done    bool        // editing ended this tick (Enter or a tap elsewhere)
	started int         // the tick editing began, for the caret's blink
	// paste is the system clipboard's text on its way (the desktop:
	// app.Paste asks the system's tools off the frame), or nil.
	paste <-chan string
	caret image.Rectangle // where the input method's window goes
	// hint is the hint as HintLines set it, kept for the text, size and
	// room it was set for (a frame that draws it allocates nothing).
	hint     []string
	hintSize float64
	hintFor  hintKey
}

type hintKey struct {
	s             string
	size, room, h float64
}

// shownText is the text with the composition at the caret.
func (b *TextBox) shownText() string {
	i := max(0, min(b.i, len(b.s)))
	return b.s[:i] + b.comp + b.s[i:]
}

// text is the box's text as it shows, cleaned. It includes what an
// input method or a virtual keyboard has not committed yet: a phone's
// keyboard commits its words only when it is done.
func (b *TextBox) Text() string { return FieldText(b.shownText(), b.Max) }

// set puts s in the box, the caret at its end.
func (b *TextBox) Set(s string) {
	s = FieldText(s, b.Max)
	b.setSel(s, len(s), len(s))
}

// setSel puts s in the box with the selection i–j (bytes).
func (b *TextBox) setSel(s string, i, j int) {
	b.s, b.i, b.j = s, max(0, min(i, len(s))), max(0, min(j, len(s)))
}

// editing reports whether the box takes the keys now.
func (b *TextBox) Editing() bool { return b.focus }

// focusBox starts editing.
func (b *TextBox) Focus(c *app.Context) {
	b.before = b.Text()
	b.focus = true
	b.started = c.Tick
	b.comp = ""
	b.cmp.OnNewSession = func() *textinput.SessionOptions {
		i := max(0, min(b.i, len(b.s)))
		return &textinput.SessionOptions{CaretBounds: b.caret, TextBeforeCaret: b.s[:i], TextAfterCaret: b.s[i:]}
	}
	b.cmp.OnComposition = func(cp *textinput.Composition) { b.comp = cp.Text() }
	b.cmp.OnCommit = func(cm *textinput.Commit) {
		before, after := cm.SurroundingText()
		t := before + cm.Text()
		all := FieldText(t+after, b.Max)
		k := min(len(FieldText(t, b.Max)), len(all))
		b.setSel(all, k, k)
	}
	b.cmp.OnEndByUser = func() { b.end(false) }
}

// update runs the box for one tick; it reports whether the input was the
// box's (the page then does nothing else with it).
func (b *TextBox) Update(c *app.Context) bool {
	in := &c.In
	b.Done = false
	inside := b.Rect.Contains(in.At())
	if in.Pressed && !b.Rect.Empty() {
		switch {
		case inside && !b.focus:
			// Focused on the press: in the browser the textarea takes the
			// focus at this touch's end, inside the gesture a touch
			// screen needs to show its keyboard.
			b.Focus(c)
		case !inside && b.focus:
			b.end(false)
		}
	}
	if !b.focus {
		return inside && (in.Pressed || in.Released || in.Down)
	}
	r := b.Rect
	h := int(math.Max(1, 0.6*r.H))
	x := int(r.X + 0.3*r.H + c.Text.Width(b.shown(c, b.Text()), b.TextSize(c), false))
	y := int(r.Y + (r.H-float64(h))/2)
	b.caret = image.Rect(x, y, x+1, y+h)
	handled, err := b.cmp.Update()
	if err != nil {
		b.end(false)
		return true
	}
	if !b.focus {
		return true // the player closed the keyboard (OnEndByUser)
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
	switch {
	case in.KeyPressed(ebiten.KeyEnter), in.KeyPressed(ebiten.KeyNumpadEnter):
		// Also when the input method reported the key as handled: the
		// line break it commits is no text of a one-line box.
		b.end(false)
		return true
	case handled:
		return true
	case in.KeyPressed(ebiten.KeyEscape):
		b.end(true)
	case in.KeyPressed(ebiten.KeyBackspace):
		if b.i != b.j {
			b.insert("")
			break
		}
		i := max(0, min(b.i, len(b.s)))
		_, n := utf8.DecodeLastRuneInString(b.s[:i])
		b.setSel(b.s[:i-n]+b.s[i:], i-n, i-n)
	}
	return true
}

// insert puts s in the place of the selection (at the caret), and the
// caret after it, as a paste does.
func (b *TextBox) insert(s string) {
	t := b.s
	i, j := max(0, min(b.i, len(t))), max(0, min(b.j, len(t)))
	if i > j {
		i, j = j, i
	}
	head := FieldText(t[:i]+s, b.Max)
	all := FieldText(head+t[j:], b.Max)
	k := min(len(head), len(all))
	b.setSel(all, k, k)
}

// end stops editing; undo puts back the text it began with.
func (b *TextBox) end(undo bool) {
	if !b.focus {
		return
	}
	b.paste = nil // a paste that comes after is not this box's
	b.focus = false
	b.cmp.Confirm() // what is not committed yet is kept
	t := b.Text()
	if undo {
		t = b.before
	}
	b.comp = ""
	b.Set(t)
	b.Done = !undo
}

// blur ends editing as leaving the page does: the text is kept, and
// nothing is done with it.
func (b *TextBox) Blur() {
	b.end(false)
	b.Done = false
}

// draw draws the box: its text (or hint, dimmed, when it is empty) and,
// while editing, a caret and the input method's composition.
func (b *TextBox) Draw(dst *ebiten.Image, c *app.Context, hint string) {
	r := b.Rect
	if r.Empty() {
		return
	}
	k := c.Kit()
	// A well cut into the table, rimmed in brass like the buttons.
	e := math.Max(1, r.H/40)
	k.Sprites.Panel(dst, r.X-e, r.Y-e, r.W+2*e, r.H+2*e, 0.2*r.H+e, render.BrassRim)
	k.Sprites.Panel(dst, r.X, r.Y, r.W, r.H, 0.2*r.H, render.OverlaySolid)
	size := b.TextSize(c)
	t := b.shown(c, b.shownText())
	x, y := r.X+0.3*r.H, r.Y+r.H/2 // the text is drawn centred on y
	if t == "" && !b.focus {
		lines, size := b.HintLines(c, hint)
		y -= float64(len(lines)-1) * 0.65 * size // the lines 1.3 sizes apart, centred
		for i, l := range lines {
			k.Text.Draw(dst, l, x, y+float64(i)*1.3*size, size, render.Dim, render.AlignLeft, false)
		}
		return
	}
	k.Text.Draw(dst, t, x, y, size, render.Ink, render.AlignLeft, false)
	if b.focus && (c.Tick-b.started)/30%2 == 0 {
		cx := x + c.Text.Width(t, size, false) + 1
		k.Sprites.Panel(dst, cx, r.Y+0.2*r.H, math.Max(1, 0.06*size), 0.6*r.H, 0, render.Ink)
	}
}

// HintLines is how the empty box shows hint: on one line at the text's
// size, else on two a little smaller, as many as the box holds (issue
// 50: shrunk onto one line, German's and Spanish's "Invite code or link"
// stood at two thirds of the size on a phone); a hint too long for that
// loses its end to an ellipsis rather than shrink further.
func (b *TextBox) HintLines(c *app.Context, hint string) ([]string, float64) {
	size, room := b.TextSize(c), b.Rect.W-0.6*b.Rect.H
	key := hintKey{hint, size, room, b.Rect.H}
	if b.hintFor == key && b.hint != nil {
		return b.hint, b.hintSize
	}
	b.hintFor = key
	if c.Text.Width(hint, size, false) <= room {
		b.hint, b.hintSize = append(b.hint[:0], hint), size
		return b.hint, size
	}
	lines, size := ui.FitLines(c.Text, hint, []float64{0.85 * size, 0.75 * size}, room, b.Rect.H, b.hint[:0])
	for i, l := range lines {
		lines[i] = c.Text.Cut(l, size, room, false) // a word longer than the box
	}
	b.hint, b.hintSize = lines, size
	return lines, size
}

// TextSize is the typed text's size: the page's reading size, smaller in a
// low box.
func (b *TextBox) TextSize(c *app.Context) float64 {
	return math.Min(0.5*b.Rect.H, 0.6*ui.Unit(c.W, c.H))
}

// shown is the end of t that fits in the box (a long link shows its end,
// where the typing is), after an ellipsis.
func (b *TextBox) shown(c *app.Context, t string) string {
	room, size := b.Rect.W-0.6*b.Rect.H, b.TextSize(c)
	if c.Text.Width(t, size, false) <= room {
		return t
	}
	for t != "" && c.Text.Width("…"+t, size, false) > room {
		_, n := utf8.DecodeRuneInString(t)
		t = t[n:]
	}
	return "…" + t
}

// FieldText is s as a one-line field keeps it: no control characters (a
// pasted line break ends nothing), at most max bytes, cut between
// characters.
func FieldText(s string, max int) string {
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
	MaxNameField = 32  // proto.MaxNameLen
	MaxCodeField = 200 // a whole invite link
)
