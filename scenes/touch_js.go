//go:build js

package scenes

import (
	"sync"
	"syscall/js"
)

// touchKind is what a browser touch event did to one finger.
type touchKind uint8

const (
	touchStart touchKind = iota
	touchMove
	touchEnd
)

// touchEvent is one finger's part of a browser touch event, in CSS pixels
// relative to the page.
type touchEvent struct {
	kind    touchKind
	id      int
	x, y    float64
	fingers int // fingers on the screen after the event
}

// webTouches follows the page's touch events itself instead of polling
// ebiten once a tick: a finger that goes down and up between two ticks (a
// quick tap, or a test dispatching touchstart and touchend back to back)
// would otherwise never be seen. Events queue up as the browser delivers
// them and Sample takes them in order, at most one press a tick, so a
// tap-tap or a drag plays out over the ticks as it happened. The first
// finger down is followed; a second finger is ignored.
type webTouches struct {
	once  sync.Once
	mu    sync.Mutex
	queue []touchEvent
	funcs []js.Func

	on      bool // the followed finger is down
	id      int  // its identifier
	x, y    float64
	fingers int
}

// install listens to the page's touch events (capturing, passive: ebiten's
// own listeners on the canvas still prevent scrolling and mouse emulation).
func (w *webTouches) install() {
	doc := js.Global().Get("document")
	if !doc.Truthy() {
		return
	}
	opts := js.Global().Get("Object").New()
	opts.Set("capture", true)
	opts.Set("passive", true)
	for name, kind := range map[string]touchKind{"touchstart": touchStart, "touchmove": touchMove, "touchend": touchEnd, "touchcancel": touchEnd} {
		kind := kind
		f := js.FuncOf(func(this js.Value, args []js.Value) any {
			w.record(kind, args[0])
			return nil
		})
		w.funcs = append(w.funcs, f)
		doc.Call("addEventListener", name, f, opts)
	}
}

func (w *webTouches) record(kind touchKind, ev js.Value) {
	changed := ev.Get("changedTouches")
	n := ev.Get("touches").Get("length").Int()
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := 0; i < changed.Get("length").Int(); i++ {
		t := changed.Call("item", i)
		w.queue = append(w.queue, touchEvent{
			kind: kind, id: t.Get("identifier").Int(),
			x: t.Get("clientX").Float(), y: t.Get("clientY").Float(),
			fingers: n,
		})
	}
}

// sample fills in the touch part of this tick's input and reports whether
// there was any (else the mouse is read).
func (w *webTouches) sample(in *Input) bool {
	w.once.Do(w.install)
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.on && len(w.queue) == 0 && w.fingers == 0 {
		return false
	}
	// Positions come in CSS pixels; the screen is in device pixels.
	s := js.Global().Get("devicePixelRatio").Float()
	if s <= 0 {
		s = 1
	}
	n := 0
loop:
	for ; n < len(w.queue); n++ {
		ev := &w.queue[n]
		w.fingers = ev.fingers
		switch {
		case ev.kind == touchStart && !w.on:
			if in.Pressed || in.Released {
				break loop // one press a tick: the next waits
			}
			w.on, w.id, w.x, w.y = true, ev.id, ev.x, ev.y
			in.Pressed = true
		case !w.on || ev.id != w.id:
			// A finger that is not followed.
		case ev.kind == touchMove:
			if in.Pressed {
				break loop // the press is seen where it began
			}
			w.x, w.y = ev.x, ev.y
		case ev.kind == touchEnd:
			w.x, w.y = ev.x, ev.y
			w.on = false
			in.Released = true
		}
	}
	w.queue = append(w.queue[:0], w.queue[n:]...)
	in.Touch = true
	in.X, in.Y = w.x*s, w.y*s
	in.Down = w.on
	in.Fingers = w.fingers
	return true
}
