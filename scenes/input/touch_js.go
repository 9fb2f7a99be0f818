//go:build js

package input

import (
	"sync"
	"syscall/js"
)

// webTouches follows the page's touch events itself instead of polling
// ebiten once a tick: a finger that goes down and up between two ticks (a
// quick tap, or a test dispatching touchstart and touchend back to back)
// would otherwise never be seen. Events queue up as the browser delivers
// them and Sample takes them in order, at most one press a tick, so a
// tap-tap or a drag plays out over the ticks as it happened. A finger
// alone on the screen is followed; a second one makes it a pinch, which
// the browser zooms and the game cancels (consumeTouches).
type webTouches struct {
	once  sync.Once
	mu    sync.Mutex
	queue []touchEvent
	funcs []js.Func
	f     touchFollow
}

// install listens to the page's touch events (capturing, passive: the
// page, wasm/index.html, decides what the browser may do with a touch,
// and keeps the canvas's touches from Ebitengine's own listeners, which
// would cancel every one and with it the browser's pinch-zoom).
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
	if !w.f.on && len(w.queue) == 0 && w.f.fingers == 0 {
		return false
	}
	n := consumeTouches(&w.f, w.queue, in)
	w.queue = append(w.queue[:0], w.queue[n:]...)
	// Positions come in CSS pixels; the screen is in device pixels.
	if s := js.Global().Get("devicePixelRatio").Float(); s > 0 {
		in.X, in.Y = in.X*s, in.Y*s
	}
	return true
}
