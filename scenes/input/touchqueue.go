package input

// touchKind is what a browser touch event did to one finger.
type touchKind uint8

const (
	touchStart touchKind = iota
	touchMove
	touchEnd // lifted or cancelled
)

// touchEvent is one finger's part of a browser touch event, in CSS pixels.
type touchEvent struct {
	kind    touchKind
	id      int
	x, y    float64
	fingers int // fingers on the screen after the event
}

// touchFollow is the finger the game follows between ticks.
type touchFollow struct {
	on      bool // the followed finger is down
	id      int  // its identifier
	x, y    float64
	fingers int
}

// consumeTouches takes this tick's share of the queued events, in order,
// into in (positions still in CSS pixels) and returns how many it took;
// the rest wait for the next tick. At most one press is taken a tick, and
// a press is seen where it began: moves after it wait, except that a
// press and its release with nothing between (a quick tap) are one tick.
//
// One finger plays, two fingers zoom the page: a finger is followed only
// when it is alone on the screen, and a second finger going down while it
// is followed makes it a pinch: the followed finger is let go without a
// release (in.Cancelled; a press seen this tick is seen alone first), so
// it taps, drags and plays nothing. No finger is followed again until
// every finger is up.
func consumeTouches(f *touchFollow, queue []touchEvent, in *Input) int {
	n := 0
loop:
	for ; n < len(queue); n++ {
		ev := &queue[n]
		switch {
		case ev.kind == touchStart && f.on && ev.id != f.id:
			if in.Pressed {
				break loop // the press is seen alone first
			}
			f.on = false // a pinch: the press is cancelled
			in.Cancelled = true
		case ev.kind == touchStart && !f.on:
			if ev.fingers > 1 {
				break // another finger is down: part of a pinch
			}
			if in.Pressed || in.Released || in.Cancelled {
				break loop // one press a tick: the next waits
			}
			f.on, f.id, f.x, f.y = true, ev.id, ev.x, ev.y
			in.Pressed = true
		case !f.on || ev.id != f.id:
			// A finger that is not followed.
		case ev.kind == touchMove:
			if in.Pressed {
				break loop // the press is seen where it began
			}
			f.x, f.y = ev.x, ev.y
		case ev.kind == touchEnd:
			f.x, f.y = ev.x, ev.y
			f.on = false
			in.Released = true
		}
		f.fingers = ev.fingers
	}
	in.Touch = true
	in.X, in.Y = f.x, f.y
	in.Down = f.on
	in.Fingers = f.fingers
	return n
}
