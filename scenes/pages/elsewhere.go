package pages

import (
	"shiftago/render"
	"shiftago/scenes/app"
	"shiftago/scenes/keep"
	"shiftago/scenes/sound"
)

// elsewhereAct is a choice of the Elsewhere screen.
type elsewhereAct uint8

const (
	actTakeOver elsewhereAct = iota
	actNoSave
)

func (a elsewhereAct) String() string { return [...]string{"takeover", "nosave"}[a] }

// Elsewhere says that the game is open in another window or tab, which
// saves it, and lets the player choose: take over here (the other stops
// saving) or play here without saving. Nothing is written before the
// choice.
type Elsewhere struct {
	question[elsewhereAct]
	// unsure: the other copy beats no more and the browser has not said
	// whether its tab is open, so the screen says it may be.
	unsure  bool
	said    string // the title and the text, for a screen reader
	changed bool   // the words changed this tick: draw again
	ticks   int
}

// NewElsewhere opens the screen.
func NewElsewhere(c *app.Context) app.Scene {
	return &Elsewhere{unsure: c.OwnerHold() == keep.Unsure}
}

// PagePhase implements app.PageScene.
func (e *Elsewhere) PagePhase() string { return "elsewhere" }

// Still implements app.Still: the page stands still but for the tick its
// words change.
func (e *Elsewhere) Still() bool { return !e.changed }

// PageStatus implements app.PageStatus: a screen reader says the
// question, and says it again when "may be open" turns to "is open".
func (e *Elsewhere) PageStatus() string { return e.said }

func (e *Elsewhere) layout(c *app.Context) {
	title, text := c.T("elsewhere.title"), c.T("elsewhere.text")
	if e.unsure {
		title, text = c.T("elsewhere.maybe.title"), c.T("elsewhere.maybe.text")
	}
	e.said = title + "\n" + text
	e.place(c, []para{
		{title, 0.9, render.Ink, true},
		{text, 0.55, render.Ink, false},
	}, 11, answer[elsewhereAct]{actTakeOver, c.T("elsewhere.takeover")}, answer[elsewhereAct]{actNoSave, c.T("elsewhere.nosave")})
}

// ownerCheckTicks is how often the screen asks whether the other copy
// is still there: half a second (the check reads one small record).
const ownerCheckTicks = 30

// Update takes the choice, or resumes here once the other copy is gone.
func (e *Elsewhere) Update(c *app.Context) error {
	e.changed = false
	if e.ticks++; e.ticks%ownerCheckTicks == 0 {
		switch hold := c.OwnerHold(); {
		case hold == keep.Free:
			c.TakeOver()
			c.Notify(c.T("elsewhere.resumed"))
			return nil
		case (hold == keep.Unsure) != e.unsure:
			e.unsure = hold == keep.Unsure
			e.layout(c)
			e.changed = true
		}
	}
	if e.stale(c) {
		e.layout(c)
	}
	if b, ok := e.bs.Tapped(c.In.Pointer); ok {
		c.Sound.Play(sound.CueTap, 0, 0)
		if b.Act == actTakeOver {
			c.TakeOver()
		} else {
			c.PlayWithoutSaving()
		}
	}
	return nil
}
