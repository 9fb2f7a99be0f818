package game

import (
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
	"shiftago/scenes/table"
)

// Screen is a game being played: the table and the game's menu.
type Screen struct {
	t       *table.Table
	menu    menu
	hotSeat bool // the hot-seat undo setting, as last seen (for the page API)
	// overAtStart: the game was over before this screen opened (a
	// finished --position or save); its result shows at once.
	overAtStart bool
}

// New starts a game from the setup, or from a position string if one is
// given (the setup and tournament then stand as the game began them).
func New(c *app.Context, position string) (app.Scene, error) {
	s, err := c.NewSession(position)
	if err != nil {
		return nil, err
	}
	return Resume(c, s), nil
}

// Resume shows a game already under way (a saved one).
func Resume(c *app.Context, s *play.Session) app.Scene {
	return &Screen{t: table.NewTable(c, s), overAtStart: s.M.Pos.Over()}
}

// OpenMenu opens the game's menu (for screenshots and tests).
func (g *Screen) OpenMenu() { g.menu.open = true }

// Table is the table the game is played on (tests drive it).
func (g *Screen) Table() *table.Table { return g.t }

// Session implements app.SessionHolder: the game is saved after every
// move.
func (g *Screen) Session() *play.Session { return g.t.Ctl.S }

// Resume implements app.Resumer: back from the settings, the rules or
// the records, the table takes up the language and settings.
func (g *Screen) Resume(c *app.Context) { g.t.Refresh(c) }

// Update runs one tick of the game.
func (g *Screen) Update(c *app.Context) error {
	t := g.t
	t.Relayout(c)
	g.hotSeat = c.Setup.HotSeatUndo
	g.menu.layout(c, g, &t.View.Geo)
	if g.updateMenu(c) {
		t.Wait() // the table waits, its pulses go on
		return nil
	}
	t.Update(c, &c.In)
	if t.Ctl.Phase() == play.Over {
		// The ending's flourish, then the result card; a tap skips to it.
		if f, n := t.Ending(c); n >= f.Length() || (n > 2 && c.In.Released) || g.overAtStart {
			c.Replace(NewResult(c, t))
		}
	}
	return nil
}

// Draw draws the game.
func (g *Screen) Draw(screen *ebiten.Image, c *app.Context) {
	g.t.Draw(screen, c)
	g.menu.draw(screen, c, g)
	g.t.Drawn(c, g.screenKey(c))
}

// Still implements app.Still: an idle game (a human to move, nothing
// moving) draws nothing new.
func (g *Screen) Still() bool { return g.t.Still() && g.menu.pressed == 0 }

// PagePhase implements app.PageScene.
func (g *Screen) PagePhase() string {
	t := g.t
	switch t.Ctl.Phase() {
	case play.Showing:
		return "animating"
	case play.Over:
		return "over"
	case play.Playing:
		if t.Ctl.Thinking() {
			return "thinking"
		}
	}
	return "playing"
}

// PageStatus implements app.PageStatus: the status line, in words.
func (g *Screen) PageStatus() string { return g.t.Status() }

// PageGeometry implements app.PageBoard.
func (g *Screen) PageGeometry() *layout.Geometry { return g.t.Geometry() }

// PageMatch implements app.PageBoard.
func (g *Screen) PageMatch() *play.Match { return g.t.Match() }

// PageButtons implements app.PageButtons: the menu and undo buttons,
// and the menu's items while it is open.
func (g *Screen) PageButtons() []ui.Info {
	geo := &g.t.View.Geo
	out := []ui.Info{{ID: "menu", Label: "☰", Enabled: true, Rect: geo.Menu}}
	if g.menu.undoOK {
		out = append(out, ui.Info{ID: "undo", Label: "↶", Enabled: g.t.Ctl.CanUndo(g.hotSeat), Rect: geo.Undo})
	}
	if g.menu.open {
		out = append(out, g.menu.bs.Infos()...)
	}
	return out
}

// MakeMove plays a move given in notation for the player to move, as if
// chosen by hand (for tests and tools).
func (g *Screen) MakeMove(s string) error { return g.t.Ctl.PlayString(s) }

// updateMenu handles Escape, the shortcuts, the menu and undo buttons
// and the menu's items; it reports whether the input was used.
func (g *Screen) updateMenu(c *app.Context) bool {
	in := &c.In
	t := g.t
	if in.KeyPressed(ebiten.KeyEscape) {
		if t.Hand.Holding() {
			t.Hand.Drop()
			return false
		}
		g.menu.open = !g.menu.open
		return true
	}
	if in.KeyPressed(ebiten.KeyM) {
		g.toggleSound(c)
	}
	if in.KeyPressed(ebiten.KeyH) {
		t.Ctl.AskHint() // the best move for this turn, shown on the board
	}
	if g.shortcuts(c) {
		return true
	}
	for _, k := range in.Keys() {
		step := 0.0
		switch k {
		case ebiten.KeyEqual, ebiten.KeyNumpadAdd:
			step = 0.1
		case ebiten.KeyMinus, ebiten.KeyNumpadSubtract:
			step = -0.1
		}
		if step != 0 {
			c.Sound.SetVolume(math.Round((c.Sound.Volume()+step)*10) / 10)
			c.Setup.Volume = c.Sound.Volume()
			c.SaveSetup()
			c.Notify(c.F("notice.volume", int(math.Round(c.Sound.Volume()*100))))
			c.Sound.Play(sound.CueTap, 0, 0)
		}
	}
	return g.menu.update(c, g)
}

// act runs a menu item.
func (g *Screen) act(c *app.Context, a menuAct) {
	t := g.t
	switch a {
	case actNewGame:
		t.Ctl.Stop()
		if ns, err := New(c, ""); err == nil {
			c.Reset(ns)
		} else {
			c.Notify(err.Error())
		}
	case actUndo:
		t.Ctl.Undo(c.Setup.HotSeatUndo)
	case actMoves:
		c.Push(c.Screens.Moves(c, t.Ctl.S.Record()))
	case actRedo:
		t.Ctl.Redo()
	case actRecords:
		c.Push(c.Screens.Records(c, t.Ctl.S.Record()))
	case actRules:
		c.Push(c.Screens.Rules(c, t.Match().Pos.Variant()))
	case actSettings:
		c.Push(c.Screens.Settings(c))
	case actSetup:
		t.Ctl.Stop()
		c.Reset(c.Screens.Title(c))
	case actSound:
		if c.Sound.Available() {
			g.toggleSound(c)
		}
	case actQuit:
		if !app.Browser {
			c.Quit()
		}
	case actSharePosition:
		app.Share(c, app.PositionQuery(t.Match().Pos.String()), "Shiftago")
	case actHint:
		t.Ctl.AskHint()
	}
}

// shortcuts: Ctrl+Z (or U) undoes, Ctrl+Y (or Shift+Ctrl+Z, or R) redoes.
func (g *Screen) shortcuts(c *app.Context) bool {
	in := &c.In
	switch {
	case in.KeyPressed(ebiten.KeyU), in.Ctrl && !in.Shift && in.KeyPressed(ebiten.KeyZ):
		g.t.Ctl.Undo(c.Setup.HotSeatUndo)
		return true
	case in.KeyPressed(ebiten.KeyR), in.Ctrl && in.KeyPressed(ebiten.KeyY), in.Ctrl && in.Shift && in.KeyPressed(ebiten.KeyZ):
		g.t.Ctl.Redo()
		return true
	}
	return false
}

func (g *Screen) toggleSound(c *app.Context) {
	c.Setup.Muted = !c.Setup.Muted
	c.Sound.SetMuted(c.Setup.Muted)
	c.SaveSetup()
	switch {
	case c.Setup.Muted:
		c.Notify(c.T("notice.soundoff"))
	case !c.Sound.Available():
		c.Notify(c.T("notice.nodevice"))
	default:
		c.Notify(c.T("notice.soundon"))
	}
}

// menuAct is an item of the game's menu.
type menuAct uint8

const (
	actNewGame menuAct = iota
	actUndo
	actRedo
	actMoves
	actRecords
	actRules
	actSettings
	actSetup
	actSound
	actQuit
	actSharePosition
	actHint
)

func (a menuAct) String() string {
	return [...]string{"newgame", "undo", "redo", "moves", "records", "rules", "settings", "setup", "sound", "quit", "share", "hint"}[a]
}

// menuItems are the menu's items in order, with their catalogue keys.
var menuItems = [...]struct {
	act menuAct
	key string
}{
	{actNewGame, "menu.newgame"}, {actUndo, "menu.undo"}, {actRedo, "menu.redo"}, {actHint, "menu.hint"},
	{actMoves, "menu.moves"}, {actSharePosition, "menu.share"}, {actRecords, "menu.records"}, {actRules, "menu.rules"}, {actSettings, "menu.settings"},
	{actSetup, "menu.setup"}, {actSound, "menu.soundon"}, {actQuit, "menu.quit"},
}

// menu is the game's menu: the ☰ button at the status line's end and
// the items it opens over the game, and the one-tap undo button beside
// it. A tap (a press and a release, held as long as a finger holds it)
// on ☰ opens the menu and it stays open; a tap on an item runs it, a tap
// anywhere else or Escape closes it.
type menu struct {
	open   bool
	bs     ui.Buttons[menuAct]
	rects  []layout.Rect
	labels []string // the items' labels, in order
	// measured and minW: the labels and text height minW was measured
	// for, and the width the widest label asks. Laid out every tick, the
	// menu measured every label's glyphs every tick (several ticks a
	// frame in a slow browser); labels change only with the language or
	// the sound's state.
	measured  []string
	measuredH float64
	minW      float64
	undoOK    bool // the undo button is shown: undo is allowed in this game
	pressed   int  // what the pointer went down on: 0 nothing, 1 ☰, 2 undo, 3 elsewhere with the menu open
	icon      ui.UndoIcon
}

// update takes the pointer for the menu and the undo button; it reports
// whether the input was theirs.
func (m *menu) update(c *app.Context, g *Screen) bool {
	in := &c.In
	geo := &g.t.View.Geo
	p := in.At()
	if in.Pressed {
		switch {
		case geo.Menu.Contains(p):
			m.pressed = 1
		case m.undoOK && geo.Undo.Contains(p):
			m.pressed = 2
		case m.open:
			m.pressed = 3
		default:
			m.pressed = 0
		}
	}
	if m.open {
		if b, ok := m.bs.Tapped(in.Pointer); ok {
			m.open, m.pressed = false, 0
			if !m.enabled(c, g, b.Act) {
				return true
			}
			c.Sound.Play(sound.CueTap, 0, 0)
			g.act(c, b.Act)
			return true
		}
	}
	used := m.pressed != 0
	if in.Released {
		switch {
		case m.pressed == 1 && geo.Menu.Contains(p):
			m.open = !m.open
			c.Sound.Play(sound.CueTap, 0, 0)
		case m.pressed == 2 && geo.Undo.Contains(p):
			m.open = false // the move taken back shows, not the menu over it
			c.Sound.Play(sound.CueTap, 0, 0)
			g.act(c, actUndo)
		case m.pressed == 3 && m.bs.At(p) < 0:
			m.open = false // a tap outside closes the menu
		}
		m.pressed = 0
	} else if !in.Down {
		m.pressed = 0
	}
	return used || m.open
}

// enabled reports whether item a can act now.
func (m *menu) enabled(c *app.Context, g *Screen, a menuAct) bool {
	ctl := g.t.Ctl
	switch a {
	case actUndo:
		return ctl.CanUndo(c.Setup.HotSeatUndo)
	case actRedo:
		return ctl.CanRedo()
	case actSound:
		return c.Sound.Available()
	case actHint:
		// Where hints are allowed and not already shown each turn.
		return ctl.HintAllowed() && !ctl.Pace.Hints
	}
	return true
}

// layout places the items for the geometry and the state of the game;
// those that cannot act now are disabled.
func (m *menu) layout(c *app.Context, g *Screen, geo *layout.Geometry) {
	n := len(menuItems) - 1 // a page cannot quit; a desktop window has no link to share
	m.labels = m.labels[:0]
	for _, it := range menuItems {
		if (it.act == actQuit && app.Browser) || (it.act == actSharePosition && !app.Browser) {
			continue
		}
		label := c.T(it.key)
		switch {
		case it.act == actSound && !c.Sound.Available():
			label = c.T("menu.soundnone")
		case it.act == actSound && c.Sound.Muted():
			label = c.T("menu.soundoff")
		}
		m.labels = append(m.labels, label)
	}
	if h := geo.Menu.H; h != m.measuredH || !slices.Equal(m.labels, m.measured) {
		m.minW = 0
		for _, label := range m.labels {
			m.minW = max(m.minW, c.Text.Width(label, h*0.42, false)+h*0.6+1)
		}
		m.measured, m.measuredH = append(m.measured[:0], m.labels...), h
	}
	m.rects = geo.MenuItemsWide(n, m.minW, m.rects[:0])
	m.bs.Reset()
	i := 0
	for _, it := range menuItems {
		if (it.act == actQuit && app.Browser) || (it.act == actSharePosition && !app.Browser) {
			continue
		}
		r, label := m.rects[i], m.labels[i]
		i++
		b := ui.Button[menuAct]{X: r.X, Y: r.Y, W: r.W, H: r.H, Act: it.act, Label: label}
		if g != nil {
			b.Off = !m.enabled(c, g, it.act)
		}
		m.bs.Add(b)
	}
	m.undoOK = false
	if g != nil {
		ctl := g.t.Ctl
		m.undoOK = (ctl.Match().AnyComputer() || c.Setup.HotSeatUndo) && !(ctl.S.Tourney != nil && ctl.Match().Pos.Over())
	}
}

// draw draws the menu button and, when open, its items; those that
// cannot be used now are dimmed.
func (m *menu) draw(screen *ebiten.Image, c *app.Context, g *Screen) {
	geo := &g.t.View.Geo
	// A frame drawn in part (rolling marbles) is clipped to the screen's
	// bounds: the buttons it does not meet are not drawn (a panel is nine
	// draw calls).
	clip := screen.Bounds()
	if ui.Meets(clip, ui.ButtonArea(geo.Menu)) {
		ui.DrawMenuButton(screen, c.Kit(), geo.Menu, m.open)
	}
	if u := geo.Undo; m.undoOK && !u.Empty() && ui.Meets(clip, ui.ButtonArea(u)) {
		ui.DrawUndoButton(screen, c.Kit(), &m.icon, u, g.t.Ctl.CanUndo(c.Setup.HotSeatUndo), m.pressed == 2)
	}
	if m.open {
		ui.DrawMenuItems(screen, c.Kit(), m.bs.List)
	}
}

// KeepsClearOfInsets implements app.InsetAware: the table's layout keeps
// clear of a notch and a home bar itself.
func (g *Screen) KeepsClearOfInsets() {}

// screenKey is the game screen's part of the frame key.
func (g *Screen) screenKey(c *app.Context) table.ScreenKey {
	return table.ScreenKey{Open: g.menu.open, Pressed: g.menu.pressed, Undo: g.menu.undoOK && g.t.Ctl.CanUndo(c.Setup.HotSeatUndo)}
}

// Dirty implements app.Partial: see Table.Dirty.
func (g *Screen) Dirty(c *app.Context) (image.Rectangle, bool) {
	if g.menu.open {
		return image.Rectangle{}, false
	}
	return g.t.Dirty(c, g.screenKey(c))
}
