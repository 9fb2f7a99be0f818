package app

// Rester is a still screen that can say that, while it stands still, it
// needs no tick at all until input comes: nothing it runs beside the
// frame waits to be taken up by its Update (no search stepped in the
// frame, no answer from a worker or the network to book). The shell
// then lets the game rest (see restOrWake).
type Rester interface {
	Rests() bool
}

// restAfter is how many idle ticks in a row the shell waits before the
// game rests: a screen that stood still for half a second is idle, not
// between two steps of something.
const restAfter = 30

// restOrWake runs at the end of every tick: when the screen on top has
// rested for restAfter ticks (drawn, no input, nothing moving, the screen
// a Rester that rests, no notice waiting for its time to be up), the game tells the loop to rest (g.rest(true));
// at the first tick that is not idle, to wake (g.rest(false)).
//
// In the browser (rest_js.go) a resting game runs a frame, of one tick,
// only at an input event, a resize, or once a second (index.html's beat:
// what changes with no input, a save taken by another tab, is seen
// within it). Ticking 60 times a second with
// nothing to draw cost an idle game's page seven times the script of a
// bare Ebitengine page that draws every frame (issue 50): each frame,
// drawn or not, runs Ebitengine's frame (the input and gamepads read,
// the command queue flushed, a sleep to pace the undrawn frame) and
// wakes the Go program twice. An input event lets the next animation
// frame run, and its one tick sees the input: a resting game answers a
// tap within a frame, as a ticking one does.
func (g *Game) restOrWake() {
	if g.rest == nil {
		return
	}
	r := g.view().rester
	if !g.SkipIdleDraws || g.dirty || r == nil || !r.Rests() || g.ctx.timedNotice() {
		g.idleTicks = 0
		if g.resting.Load() {
			g.resting.Store(false)
			g.Rests++
			g.rest(false)
		}
		return
	}
	if g.idleTicks < restAfter {
		g.idleTicks++
	}
	if g.idleTicks >= restAfter && !g.resting.Load() {
		g.resting.Store(true)
		g.rest(true)
	}
}

// Resting reports whether the game rests (see restOrWake).
func (g *Game) Resting() bool { return g.resting.Load() }

// wake has a resting game run a frame at once (the page asked for a
// redraw): its tick, no longer idle, ends the rest.
func (g *Game) wake() {
	if g.resting.Load() && g.frameNow != nil {
		g.frameNow()
	}
}

// LetRest has the game rest when idle (restOrWake): rest(true) asks the
// loop for no frame but at input or now and then, rest(false) for every
// frame again; frame asks a resting loop for a frame at once. The
// browser's page sets them (rest_js.go); tests, to see the game rest.
func (g *Game) LetRest(rest func(on bool), frame func()) {
	g.rest, g.frameNow = rest, frame
}
