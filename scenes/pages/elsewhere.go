package pages

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/ui"
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
	bs     ui.Buttons[elsewhereAct]
	blocks []ui.TextBlock
	w, h   float64
}

// NewElsewhere opens the screen.
func NewElsewhere(c *app.Context) app.Scene { return &Elsewhere{} }

// PagePhase implements app.PageScene.
func (e *Elsewhere) PagePhase() string { return "elsewhere" }

// PageButtons implements app.PageButtons.
func (e *Elsewhere) PageButtons() []ui.Info { return e.bs.Infos() }

func (e *Elsewhere) layout(c *app.Context) {
	e.w, e.h = c.W, c.H
	u := ui.Unit(c.W, c.H)
	w := math.Min(c.W-2*u, 24*u)
	x := (c.W - w) / 2
	y := 1.5 * u
	e.blocks = e.blocks[:0]
	for i, t := range []string{c.T("elsewhere.title"), c.T("elsewhere.text")} {
		size := 0.55 * u
		if i == 0 {
			size = 0.9 * u
		}
		b := ui.TextBlock{X: x, Y: y, Size: size, Lines: ui.Wrap(c.Text, t, size, w, i == 0), Col: render.Ink, Bold: i == 0, Align: render.AlignLeft}
		e.blocks = append(e.blocks, b)
		y += b.Height() + 0.5*u
	}
	y += 0.5 * u
	e.bs.Reset()
	bw := math.Min(11*u, (w-u)/2)
	bh := math.Max(1.3*u, ui.Target(c.Scale)) // a finger's at least
	e.bs.TextH = 1.3 * u
	e.bs.Add(ui.Button[elsewhereAct]{X: x, Y: y, W: bw, H: bh, Act: actTakeOver, Label: c.T("elsewhere.takeover"), On: true, Bold: true})
	e.bs.Add(ui.Button[elsewhereAct]{X: x + w - bw, Y: y, W: bw, H: bh, Act: actNoSave, Label: c.T("elsewhere.nosave")})
}

// Update takes the choice.
func (e *Elsewhere) Update(c *app.Context) error {
	if e.w != c.W || e.h != c.H {
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

// Draw draws the question.
func (e *Elsewhere) Draw(screen *ebiten.Image, c *app.Context) {
	screen.Fill(render.Bg)
	for i := range e.blocks {
		e.blocks[i].Draw(screen, c.Text)
	}
	e.bs.Draw(screen, c.Kit())
}

// Fits lists the texts with their room, for the fit test.
func (e *Elsewhere) Fits(c *app.Context) []ui.Fit { return e.bs.Fits() }
