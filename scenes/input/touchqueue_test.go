package input

import "testing"

func TestConsumeTouches(t *testing.T) {
	start := func(id int, x, y float64, n int) touchEvent { return touchEvent{touchStart, id, x, y, n} }
	move := func(id int, x, y float64, n int) touchEvent { return touchEvent{touchMove, id, x, y, n} }
	end := func(id int, x, y float64, n int) touchEvent { return touchEvent{touchEnd, id, x, y, n} }
	// tick is what one tick's Input says, in short.
	type tick struct {
		x, y                    float64
		down, pressed, released bool
		fingers                 int
	}
	// cancelled is whether tick i of a case is a pinch's cancel: the
	// ticks that neither press, nor release, nor follow a finger down.
	cancelled := func(k tick) bool { return !k.down && !k.pressed && !k.released }
	for _, tc := range []struct {
		name  string
		queue []touchEvent
		ticks []tick // one per Sample until the queue is empty
	}{
		{"a tap between two ticks is one tick, pressed and released",
			[]touchEvent{start(1, 10, 20, 1), end(1, 10, 20, 0)},
			[]tick{{10, 20, false, true, true, 0}}},
		{"tap-tap between two ticks: one tap a tick",
			[]touchEvent{start(1, 10, 20, 1), end(1, 10, 20, 0), start(2, 11, 21, 1), end(2, 11, 21, 0)},
			[]tick{{10, 20, false, true, true, 0}, {11, 21, false, true, true, 0}}},
		{"a drag between two ticks: the press where it began, then the release where it ended",
			[]touchEvent{start(1, 10, 20, 1), move(1, 30, 20, 1), move(1, 50, 20, 1), end(1, 60, 20, 0)},
			[]tick{{10, 20, true, true, false, 1}, {60, 20, false, false, true, 0}}},
		{"moves across ticks follow the finger",
			[]touchEvent{start(1, 10, 20, 1)},
			[]tick{{10, 20, true, true, false, 1}}},
		{"a second finger makes it a pinch: the press is seen alone, then cancelled, never released",
			[]touchEvent{start(1, 10, 20, 1), start(2, 90, 90, 2), move(2, 80, 80, 2), move(1, 30, 20, 2), end(2, 80, 80, 1), end(1, 40, 20, 0)},
			[]tick{{10, 20, true, true, false, 1}, {10, 20, false, false, false, 0}}},
		{"a pinch during a drag: cancelled where the finger was",
			[]touchEvent{start(1, 10, 20, 1), move(1, 30, 20, 1), start(2, 90, 90, 2), move(1, 20, 10, 2), move(2, 99, 99, 2)},
			[]tick{{10, 20, true, true, false, 1}, {30, 20, false, false, false, 2}}},
		{"no finger is followed until every finger is up: a finger down again during a pinch plays nothing",
			[]touchEvent{start(1, 10, 20, 1), start(2, 90, 90, 2), end(1, 10, 20, 1), start(3, 50, 50, 2), end(3, 50, 50, 1), end(2, 90, 90, 0), start(4, 60, 70, 1)},
			[]tick{{10, 20, true, true, false, 1}, {10, 20, false, false, false, 0}, {60, 70, true, true, false, 1}}},
		{"two fingers down between two ticks: the press, then the pinch",
			[]touchEvent{start(1, 10, 20, 1), start(2, 90, 90, 2), end(1, 10, 20, 1), end(2, 90, 90, 0)},
			[]tick{{10, 20, true, true, false, 1}, {10, 20, false, false, false, 0}}},
		{"a drag joined by a second finger, then lifted while the other stays: cancelled, and the one left is not taken up",
			[]touchEvent{start(1, 10, 20, 1), move(1, 30, 20, 1), start(2, 90, 90, 2), end(1, 30, 20, 1), move(2, 70, 70, 1)},
			[]tick{{10, 20, true, true, false, 1}, {30, 20, false, false, false, 1}}},
		{"a tap, then a press joined by a second finger: the tap, the press, the cancel",
			[]touchEvent{start(2, 90, 90, 1), end(2, 90, 90, 0), start(3, 50, 50, 1), start(1, 10, 20, 2), end(1, 10, 20, 1), end(3, 50, 50, 0)},
			[]tick{{90, 90, false, true, true, 0}, {50, 50, true, true, false, 1}, {50, 50, false, false, false, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f touchFollow
			q := tc.queue
			for i, want := range tc.ticks {
				var in Input
				n := consumeTouches(&f, q, &in)
				q = q[n:]
				got := tick{in.X, in.Y, in.Down, in.Pressed, in.Released, in.Fingers}
				if got != want {
					t.Errorf("tick %d: got %+v, want %+v", i, got, want)
				}
				if in.Cancelled != cancelled(want) {
					t.Errorf("tick %d: cancelled %v, want %v", i, in.Cancelled, cancelled(want))
				}
				if !in.Touch {
					t.Errorf("tick %d: not marked as touch", i)
				}
			}
			if len(q) != 0 {
				t.Errorf("%d events left over: %+v", len(q), q)
			}
		})
	}
}
