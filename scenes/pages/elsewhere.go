package pages

import (
	"shiftago/render"
	"shiftago/scenes/app"
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
	ticks int
}

// NewElsewhere opens the screen.
func NewElsewhere(c *app.Context) app.Scene { return &Elsewhere{} }

// PagePhase implements app.PageScene.
func (e *Elsewhere) PagePhase() string { return "elsewhere" }

func (e *Elsewhere) layout(c *app.Context) {
	e.place(c, []para{
		{c.T("elsewhere.title"), 0.9, render.Ink, true},
		{c.T("elsewhere.text"), 0.55, render.Ink, false},
	}, 11, answer[elsewhereAct]{actTakeOver, c.T("elsewhere.takeover")}, answer[elsewhereAct]{actNoSave, c.T("elsewhere.nosave")})
}

// ownerCheckTicks is how often the screen asks whether the other copy
// is still there: half a second (the check reads one small record).
const ownerCheckTicks = 30

// Update takes the choice, or resumes here once the other copy is gone.
func (e *Elsewhere) Update(c *app.Context) error {
	if e.ticks++; e.ticks%ownerCheckTicks == 0 && c.OwnerGone() {
		c.TakeOver()
		c.Notify(c.T("elsewhere.resumed"))
		return nil
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
