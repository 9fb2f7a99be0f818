package records

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
)

// movesAct is a control of the move list.
type movesAct uint8

const (
	actMovesBack movesAct = iota
	actMovesUp
	actMovesDown
)

func (a movesAct) String() string { return [...]string{"back", "up", "down"}[a] }

// Moves lists the moves of the game in progress, numbered, each with who
// played it and where, in words and in notation; it pages through a long
// game.
type Moves struct {
	rec   *record.Record
	lines []string // one a move
	bs    ui.Buttons[movesAct]
	w, h  float64
	lang  string
	u     float64
	first int // the first line shown
	rows  int // lines that fit
}

// NewMoves lists the moves of game; Back closes the list.
func NewMoves(c *app.Context, game *record.Record) app.Scene {
	m := &Moves{rec: game}
	if n := len(game.Moves); n > 0 {
		m.first = n // the list opens at its end: the latest moves
	}
	return m
}

// Still implements app.Still: nothing on the page moves by itself.
func (m *Moves) Still() bool { return true }

// PagePhase implements app.PageScene.
func (m *Moves) PagePhase() string { return "moves" }

// PageButtons implements app.PageButtons.
func (m *Moves) PageButtons() []ui.Info { return m.bs.Infos() }

// Lines are the list's lines (for tests).
func (m *Moves) Lines() []string { return m.lines }

func (m *Moves) layout(c *app.Context) {
	m.w, m.h, m.lang = c.W, c.H, c.Lang.Code
	u := ui.Unit(c.W, c.H)
	m.u = u
	// Each move in words: "12. Green: row 4 from the left (W4)".
	m.lines = m.lines[:0]
	movers, err := m.rec.Movers()
	for i, mv := range m.rec.Moves {
		who := ""
		if err == nil && i < len(movers) {
			who = c.Lang.Colors[m.rec.Seats[movers[i]].Color] + ": "
		}
		line := strconv.Itoa(i+1) + ". " + who + play.EntryWords(c.Lang, mv.Entry()) + " (" + mv.String() + ")"
		m.lines = append(m.lines, line)
	}
	bh := math.Max(1.2*u, ui.Target(c.Scale))
	top, bottom := 2.6*u, c.H-bh-1.2*u
	m.rows = max(1, int((bottom-top)/(0.9*u)))
	m.first = max(0, min(m.first, len(m.lines)-m.rows))
	w := math.Min(c.W-2*u, 22*u)
	x := (c.W - w) / 2
	m.bs.Reset()
	m.bs.TextH = 1.2 * u
	m.bs.Add(ui.Button[movesAct]{X: x + w - 5*u, Y: c.H - bh - 0.6*u, W: 5 * u, H: bh, Act: actMovesBack, Label: c.T("moves.back"), On: true, Bold: true})
	if len(m.lines) > m.rows {
		m.bs.Add(ui.Button[movesAct]{X: x, Y: c.H - bh - 0.6*u, W: bh * 1.4, H: bh, Act: actMovesUp, Label: "▲", Off: m.first == 0})
		m.bs.Add(ui.Button[movesAct]{X: x + bh*1.6, Y: c.H - bh - 0.6*u, W: bh * 1.4, H: bh, Act: actMovesDown, Label: "▼", Off: m.first+m.rows >= len(m.lines)})
	}
}

// Update pages through the list and closes it.
func (m *Moves) Update(c *app.Context) error {
	if m.w != c.W || m.h != c.H || m.lang != c.Lang.Code {
		m.layout(c)
	}
	in := &c.In
	step := 0
	switch {
	case in.KeyPressed(ebiten.KeyEscape):
		c.Pop()
		return nil
	case in.KeyPressed(ebiten.KeyArrowUp), in.KeyPressed(ebiten.KeyPageUp), in.Wheel > 0:
		step = -m.rows / 2
	case in.KeyPressed(ebiten.KeyArrowDown), in.KeyPressed(ebiten.KeyPageDown), in.Wheel < 0:
		step = m.rows / 2
	}
	if b, ok := m.bs.Tapped(in.Pointer); ok {
		c.Sound.Play(sound.CueTap, 0, 0)
		switch b.Act {
		case actMovesBack:
			c.Pop()
			return nil
		case actMovesUp:
			step = -max(1, m.rows-1)
		case actMovesDown:
			step = max(1, m.rows-1)
		}
	}
	if step != 0 {
		m.first += step
		m.layout(c)
	}
	return nil
}

// Draw draws the list.
func (m *Moves) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	u := m.u
	c.Text.Shadowed(screen, c.T("moves.title"), c.W/2, 1.3*u, 1.2*u, render.Ink, render.AlignCenter, true)
	w := math.Min(c.W-2*u, 22*u)
	x := (c.W - w) / 2
	if len(m.lines) == 0 {
		c.Text.Draw(screen, c.T("moves.none"), x, 3*u, 0.5*u, render.Dim, render.AlignLeft, false)
	}
	for i := m.first; i < min(len(m.lines), m.first+m.rows); i++ {
		y := 2.6*u + float64(i-m.first)*0.9*u + 0.45*u
		col := render.Ink
		if i == len(m.lines)-1 {
			col = render.Accent // the latest move
		}
		c.Text.Draw(screen, m.lines[i], x, y, c.Text.Fit(m.lines[i], 0.5*u, w, false), col, render.AlignLeft, false)
	}
	m.bs.Draw(screen, c.Kit())
}
