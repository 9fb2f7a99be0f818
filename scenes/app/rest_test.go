package app

import (
	"testing"

	"shiftago/scenes/input/inputtest"
)

// restingScene is a still screen that may rest.
type restingScene struct {
	stillScene
	rests bool
}

func (s *restingScene) Rests() bool { return s.rests }

// TestIdleGameRests: a screen that may rest, standing still with no
// input, is drawn once and then, after restAfter idle ticks, the game
// asks its loop to rest (in the browser: no frame, so no tick, until
// input or a beat; issue 50: 60 undrawn frames a second cost an idle
// page seven times a bare Ebitengine page's script) and asks once; the
// first tick with input, or with the screen moving, wakes it; a redraw
// asked of a resting game asks for a frame. A still screen that does not
// rest (it works between frames), or one that says it does not now,
// never rests, nor one with a notice that goes by the clock.
func TestIdleGameRests(t *testing.T) {
	s := &restingScene{stillScene: stillScene{fake: fake{name: "resting"}, still: true}, rests: true}
	g, script, _ := newGame(t, nil, &s.fake)
	g.stack = []Scene{s}
	g.SkipIdleDraws = true
	var asked []bool
	frames := 0
	g.LetRest(func(on bool) { asked = append(asked, on) }, func() { frames++ })
	tick := func() { g.Update(); g.Draw(nil) }
	for i := 0; i < restAfter; i++ {
		tick()
	}
	if len(asked) != 0 || g.Resting() {
		t.Fatalf("after %d ticks, the first drawn, the loop was asked %v, want nothing yet", restAfter, asked)
	}
	for i := 0; i < 3*restAfter; i++ {
		tick()
	}
	if len(asked) != 1 || !asked[0] || !g.Resting() {
		t.Fatalf("an idle game asked its loop %v, want to rest once", asked)
	}
	if s.drawn != 1 {
		t.Errorf("drawn %d times, want once", s.drawn)
	}
	g.Redraw()
	if frames != 1 {
		t.Errorf("a redraw of a resting game asked for %d frames, want 1", frames)
	}
	tick()
	if g.Resting() || len(asked) != 2 || asked[1] {
		t.Errorf("the redrawn tick asked %v, want to wake", asked)
	}
	for i := 0; i < restAfter; i++ {
		tick()
	}
	if !g.Resting() {
		t.Fatal("idle again, the game did not rest")
	}
	script.Push(inputtest.At(5, 5, false, false, false)) // the pointer moves
	tick()
	if g.Resting() || asked[len(asked)-1] {
		t.Errorf("the pointer moved and the game still rests (%v)", asked)
	}
	for i := 0; i < restAfter; i++ {
		tick()
	}
	s.still = false // something moves on it
	tick()
	if g.Resting() {
		t.Error("the screen moves and the game still rests")
	}
	s.still, s.rests = true, false // still, but working between frames
	for i := 0; i < 3*restAfter; i++ {
		tick()
	}
	if g.Resting() {
		t.Error("a still screen that does not rest now rests")
	}
	s.rests = true
	g.ctx.Notify("Saved") // goes by the clock: a resting game would keep it on
	for i := 0; i < 3*restAfter; i++ {
		g.Update() // (no Draw: a notice drawn needs a screen)
	}
	if g.Resting() {
		t.Error("the game rests while a notice waits for its time to be up")
	}
	g.ctx.notice = notice{}
	plain := &stillScene{fake: fake{name: "still"}, still: true}
	g.stack = []Scene{plain}
	for i := 0; i < 3*restAfter; i++ {
		tick()
	}
	if g.Resting() {
		t.Error("a still screen that is not a Rester rests")
	}
	if g.Rests != 3 {
		t.Errorf("%d rests ended, want 3", g.Rests)
	}
}
