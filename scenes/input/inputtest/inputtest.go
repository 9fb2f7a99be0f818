// Package inputtest plays scripted pointer input to a screen under test:
// a Script is an input.Source that gives one tick's pointer state at a
// time (taps, holds, drags). Nothing but tests imports it.
package inputtest

import (
	"shiftago/render/ui"
	"shiftago/scenes/input"
)

// Script is an input source that plays back a list of ticks, for tests: each step holds the pointer state of one tick. When the list
// runs out the pointer stays where it was, released.
type Script struct {
	steps []input.Input
	x, y  float64
}

// Push appends ticks to the script.
func (s *Script) Push(steps ...input.Input) { s.steps = append(s.steps, steps...) }

// Len is the number of ticks still to play.
func (s *Script) Len() int { return len(s.steps) }

// Sample gives the next scripted tick.
func (s *Script) Sample(in *input.Input) {
	if len(s.steps) == 0 {
		*in = At(s.x, s.y, false, false, false)
		return
	}
	*in = s.steps[0]
	s.steps = s.steps[1:]
	s.x, s.y = in.X, in.Y
}

// At is a tick of the pointer at (x, y): down or up, with the edges.
func At(x, y float64, down, pressed, released bool) input.Input {
	in := input.Input{Pointer: ui.Pointer{X: x, Y: y, Down: down, Pressed: pressed, Released: released}}
	if down {
		in.Fingers = 1
	}
	return in
}

// Drag scripts a press at (x0, y0), a move to (x1, y1) in n ticks and a
// release there.
func (s *Script) Drag(x0, y0, x1, y1 float64, n int) {
	s.Push(At(x0, y0, true, true, false))
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		s.Push(At(x0+(x1-x0)*t, y0+(y1-y0)*t, true, false, false))
	}
	s.Push(At(x1, y1, false, false, true))
}

// Tap scripts a press and release at (x, y) in the next tick.
func (s *Script) Tap(x, y float64) {
	s.Push(At(x, y, true, true, false), At(x, y, false, false, true))
}

// Hold scripts a press at (x, y) held for n ticks, then the release: a
// person's tap lasts 80–200 ms, 5 to 12 ticks.
func (s *Script) Hold(x, y float64, n int) {
	s.Push(At(x, y, true, true, false))
	for i := 1; i < n; i++ {
		s.Push(At(x, y, true, false, false))
	}
	s.Push(At(x, y, false, false, true))
}
