package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/scenes/gesture"
)

// pointerState adapts the tick's Input to the gesture machine and keeps
// what the player's hand shows between ticks.
type pointerState struct {
	gm         *gesture.Machine
	turnFresh  bool         // the machine knows the current turn
	choiceMode bool         // the machine is set for a scoring choice (taps only)
	idleMode   bool         // the machine is set inactive (no move may be made)
	turn       gesture.Turn // the turn the machine was given

	refused     logic.Entry
	refusedTick int // tick of the last refusal, -1000 if none

	rollback  bool // a cancelled marble rolls back to its entry point
	rbEntry   logic.Entry
	rbAxial   float64
	rbFrom    layout.Point // pixels, for a marble dropped off any track
	rbOnTrack bool

	previewEntry logic.Entry // the entry the preview was computed for
	previewOK    bool
	preview      logic.Trace
}

func (p *pointerState) reset() {
	p.turnFresh, p.choiceMode, p.idleMode = false, false, false
	p.refusedTick = -1000
	p.previewOK = false
}

// feed passes this tick's pointer and keys to the gesture machine and
// returns its events.
func (g *GameScene) feed(c *Context) []gesture.Event {
	gm := g.input.gm
	in := &c.In
	if in.Fingers > 1 && !in.Pressed && !in.Down && !in.Released {
		return gm.Tick()
	}
	if in.Pressed {
		gm.Press(0, in.X, in.Y)
	}
	if in.Down && !in.Pressed {
		gm.Move(0, in.X, in.Y)
	}
	if in.Released {
		gm.Release(0, in.X, in.Y)
	}
	for _, k := range in.Keys() {
		switch k {
		case ebiten.KeyArrowLeft, ebiten.KeyArrowUp:
			gm.Key(gesture.Left)
		case ebiten.KeyArrowRight, ebiten.KeyArrowDown:
			gm.Key(gesture.Right)
		case ebiten.KeyTab:
			gm.Key(gesture.Next)
		case ebiten.KeyEnter, ebiten.KeySpace:
			gm.Key(gesture.Confirm)
		case ebiten.KeyBackspace:
			gm.Key(gesture.CancelKey)
		}
	}
	return gm.Tick()
}

func (g *GameScene) ensureMachine() {
	if g.input.gm == nil {
		g.input.gm = gesture.New(g.geo)
	}
}

// feedIdle keeps the gesture machine following the pointer while no move
// may be made (an animation, the computer's turn), so that a press or a
// drag under way ends properly; its events are dropped. The scoring
// choice reads its taps itself.
func (g *GameScene) feedIdle(c *Context) {
	if g.ph == phChooseLine || g.ph == phChooseEnd {
		return
	}
	g.ensureMachine()
	p := &g.input
	if p.turnFresh || !p.idleMode {
		p.gm.SetGeometry(g.geo)
		p.gm.SetTurn(gesture.Turn{})
		p.turnFresh, p.choiceMode, p.idleMode = false, false, true
	}
	g.feed(c)
}

// updatePlayer takes a human's move: drag, tap-tap or keys.
func (g *GameScene) updatePlayer(c *Context) {
	g.ensureMachine()
	p := &g.input
	if !p.turnFresh {
		g.beginTurn(gesture.TurnOf(&g.m.Pos))
	}
	g.stepRollback()
	for _, ev := range g.feed(c) {
		switch ev.Kind {
		case gesture.Pick:
			p.rollback = false
			c.Sound.Play(CueTap, 0, 0)
		case gesture.Select:
			c.Sound.Play(CueTap, 0, 0)
			g.status = msgf("status.tapagain", ev.Entry.String())
		case gesture.Deselect:
			g.announceTurn(c, nil)
		case gesture.Refused:
			p.refused, p.refusedTick = ev.Entry, g.tick
			_, why := g.m.Legal(ev.Entry)
			g.status = ev.Entry.String() + ": " + why
			c.Sound.Play(CueRefuse, 0, 0)
		case gesture.Cancel:
			p.rollback = true
			p.rbEntry, p.rbOnTrack = ev.Entry, false
			if b := g.geo.ToBoard(ev.Pos); g.onTrack(ev.Entry, b) {
				p.rbOnTrack = true
				p.rbAxial = layout.Axial(ev.Entry, b)
			}
			p.rbFrom = ev.Pos
			c.Sound.Play(CueRoll, 1, 0.2)
		case gesture.Commit:
			p.rollback = false
			g.commit(c, ev.Entry, ev.Motion())
			return
		}
	}
}

// beginTurn gives the gesture machine the human's turn t: the entry
// points he may play (the tutorial narrows them to the one it teaches).
func (g *GameScene) beginTurn(t gesture.Turn) {
	p := &g.input
	p.gm.SetGeometry(g.geo)
	p.turn = t
	p.gm.SetTurn(t)
	p.turnFresh, p.idleMode, p.choiceMode = true, false, false
	p.previewOK = false
}

// onTrack reports whether the board point b lies on e's track line.
func (g *GameScene) onTrack(e logic.Entry, b layout.Point) bool {
	q := layout.TrackPoint(e, layout.Axial(e, b))
	return q.Dist(b) < 0.05
}

func (g *GameScene) stepRollback() {
	p := &g.input
	if !p.rollback {
		return
	}
	if !p.rbOnTrack {
		p.rollback = false
		return
	}
	p.rbAxial -= 0.12
	if p.rbAxial <= -layout.EntryOffset {
		p.rollback = false
	}
}

// commit plays the insertion at e chosen by the player. When it leaves
// him a choice of lines (or of the end to keep), the push is shown first
// and the choice asked once the marbles have settled.
func (g *GameScene) commit(c *Context, e logic.Entry, opts motion.Options) {
	cands := g.m.MovesAt(e, g.cands[:0])
	g.nCands = len(cands)
	if len(cands) == 0 {
		_, why := g.m.Legal(e)
		g.status = why
		c.Sound.Play(CueRefuse, 0, 0)
		return
	}
	if len(cands) == 1 { // a plain move, or the one line with 2 players
		before := g.m.Pos
		if err := g.m.Play(cands[0]); err != nil {
			c.Notify(err.Error())
			return
		}
		c.Record(cands[0].String())
		g.opts = opts
		g.startAnimation(c, before, g.m.Last, opts, false)
		return
	}
	// Several candidates: collect the distinct lines.
	g.nLines = 0
	for _, mv := range cands {
		a, b := mv.Line()
		dup := false
		for i := 0; i < g.nLines; i++ {
			if g.lines[i].a == a && g.lines[i].b == b {
				dup = true
			}
		}
		if !dup && g.nLines < len(g.lines) {
			g.lines[g.nLines] = makeLine(a, b)
			g.nLines++
		}
	}
	g.pending, g.chosen, g.keyLine = e, 0, 0
	before := g.m.Pos
	q := before
	var tr logic.Trace
	q.Apply(cands[0], &tr)
	g.opts = opts
	g.startAnimation(c, before, tr, opts, true)
}

// choicePhase is the choice to ask once the push has settled.
func (g *GameScene) choicePhase() phase {
	if g.nLines > 1 {
		return phChooseLine
	}
	g.chosen = 0
	return phChooseEnd
}

func (g *GameScene) announceChoice(c *Context) {
	who := colorName[g.m.Pos.ToMove()]
	if g.ph == phChooseLine {
		g.status = msgf("status.mustscore", who)
	} else {
		g.status = msgf("status.keepend", who)
	}
	c.Sound.Play(CueScore, 0, 0)
}

// updateChoice takes the tap (or keys) that chooses the line or the end.
func (g *GameScene) updateChoice(c *Context) {
	g.ensureMachine()
	p := &g.input
	if !p.choiceMode {
		p.gm.SetGeometry(g.geo)
		p.gm.SetTurn(gesture.Turn{}) // inactive: every press is a Tap
		p.choiceMode, p.turnFresh, p.idleMode = true, false, false
	}
	for _, k := range c.In.Keys() {
		switch k {
		case ebiten.KeyArrowLeft, ebiten.KeyArrowUp, ebiten.KeyArrowRight, ebiten.KeyArrowDown, ebiten.KeyTab:
			n := g.nLines
			if g.ph == phChooseEnd {
				n = 2
			}
			if k == ebiten.KeyArrowLeft || k == ebiten.KeyArrowUp {
				g.keyLine = (g.keyLine + n - 1) % n
			} else {
				g.keyLine = (g.keyLine + 1) % n
			}
		case ebiten.KeyEnter, ebiten.KeySpace:
			if g.ph == phChooseLine {
				g.chooseLine(c, g.keyLine)
			} else {
				l := &g.lines[g.chosen]
				end := l.a
				if g.keyLine == 1 {
					end = l.b
				}
				g.chooseEnd(c, end)
			}
			return
		}
	}
	for _, ev := range g.feed(c) {
		if ev.Kind != gesture.Tap {
			continue
		}
		s, ok := g.geo.CellAt(ev.Pos)
		if !ok {
			continue
		}
		if g.ph == phChooseLine {
			if i := g.lineAt(s); i >= 0 {
				g.chooseLine(c, i)
				return
			}
		} else {
			l := &g.lines[g.chosen]
			if s == l.a || s == l.b {
				g.chooseEnd(c, s)
				return
			}
		}
	}
}

// lineAt is the candidate line holding s, preferring one that no other
// candidate shares s with; -1 if none.
func (g *GameScene) lineAt(s logic.Square) int {
	found := -1
	for i := 0; i < g.nLines; i++ {
		l := &g.lines[i]
		for _, q := range l.cells[:l.n] {
			if q != s {
				continue
			}
			shared := false
			for j := 0; j < g.nLines; j++ {
				if j == i {
					continue
				}
				for _, r := range g.lines[j].cells[:g.lines[j].n] {
					if r == s {
						shared = true
					}
				}
			}
			if !shared {
				return i
			}
			if found < 0 {
				found = i
			}
		}
	}
	return found
}

// chooseLine scores line i, or asks for the end to keep first.
func (g *GameScene) chooseLine(c *Context, i int) {
	c.Sound.Play(CueTap, 0, 0)
	g.chosen, g.keyLine = i, 0
	if g.m.Pos.Players() > 2 {
		g.ph = phChooseEnd
		g.announceChoice(c)
		return
	}
	l := &g.lines[i]
	for _, mv := range g.cands[:g.nCands] {
		if a, b := mv.Line(); a == l.a && b == l.b {
			g.finishChoice(c, mv)
			return
		}
	}
}

// chooseEnd keeps end s of the chosen line and scores it.
func (g *GameScene) chooseEnd(c *Context, s logic.Square) {
	c.Sound.Play(CueTap, 0, 0)
	l := &g.lines[g.chosen]
	for _, mv := range g.cands[:g.nCands] {
		if a, b := mv.Line(); a == l.a && b == l.b && mv.Kept() == s {
			g.finishChoice(c, mv)
			return
		}
	}
}

// finishChoice plays the full move and resumes its animation where the
// held one stopped: the same push, then the chosen line comes off.
func (g *GameScene) finishChoice(c *Context, mv logic.Move) {
	before := g.m.Pos
	if err := g.m.Play(mv); err != nil {
		c.Notify(err.Error())
		return
	}
	c.Record(mv.String())
	ticks := g.animTicks
	g.startAnimation(c, before, g.m.Last, g.opts, false)
	for k := 0; k < ticks; k++ {
		g.anim.Step()
	}
	g.animTicks = ticks
}

// menu handles the menu button and its items; it reports whether the
// input was used.
func (g *GameScene) menu(c *Context) bool {
	in := &c.In
	if in.KeyPressed(ebiten.KeyEscape) {
		if d := g.input.gm; d != nil && (d.Drag().Active || func() bool { _, ok := d.Selected(); return ok }()) {
			d.Key(gesture.CancelKey)
			return false
		}
		g.menuOpen = !g.menuOpen
		return true
	}
	if in.KeyPressed(ebiten.KeyM) {
		g.toggleSound(c)
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
			c.Notify(msgf("notice.volume", int(math.Round(c.Sound.Volume()*100))))
			c.Sound.Play(CueTap, 0, 0)
		}
	}
	p := layout.Point{X: in.X, Y: in.Y}
	if !g.menuOpen {
		if in.Pressed {
			if b, ok := g.geo.ButtonAt(p, false); ok && b == layout.ButtonMenu {
				g.menuOpen = true
				c.Sound.Play(CueTap, 0, 0)
				return true
			}
		}
		return false
	}
	// The menu is open: it takes all input until closed.
	if !in.Released {
		return true
	}
	b, ok := g.geo.ButtonAt(p, true)
	g.menuOpen = false
	if !ok {
		return true
	}
	c.Sound.Play(CueTap, 0, 0)
	switch b {
	case layout.ButtonNewGame:
		g.m.StopThinking()
		if ns, err := NewGameScene(c, ""); err == nil {
			c.GoTo(ns)
		} else {
			c.Notify(err.Error())
		}
	case layout.ButtonSetup:
		g.m.StopThinking()
		c.GoTo(NewSetupScene(c))
	case layout.ButtonSound:
		g.toggleSound(c)
	case layout.ButtonQuit:
		if !isBrowser {
			c.Quit()
		}
	default:
		g.menuMore(c, b)
	}
	return true
}

func (g *GameScene) toggleSound(c *Context) {
	c.Setup.Muted = !c.Setup.Muted
	c.Sound.SetMuted(c.Setup.Muted)
	c.SaveSetup()
	if c.Setup.Muted {
		c.Notify(msg("notice.soundoff"))
	} else if !c.Sound.Available() {
		c.Notify(msg("notice.nodevice"))
	} else {
		c.Notify(msg("notice.soundon"))
	}
}

// previewTrace is what a push at e would do, for the preview while the
// player drags or has selected e.
func (g *GameScene) previewTrace(e logic.Entry) *logic.Trace {
	p := &g.input
	if p.previewOK && p.previewEntry == e {
		return &p.preview
	}
	var buf [64]logic.Move
	ms := g.m.MovesAt(e, buf[:0])
	if len(ms) == 0 {
		return nil
	}
	q := g.m.Pos
	q.Apply(ms[0], &p.preview)
	p.previewEntry, p.previewOK = e, true
	return &p.preview
}

// drawPointer draws the waiting marbles at the legal entry points, the
// marble in the player's hand with the push preview, the selection, a
// refusal and a marble rolling back.
func (g *GameScene) drawPointer(screen *ebiten.Image, c *Context) {
	if g.ph != phPlay || g.m.ComputerToMove() || g.input.gm == nil || !g.input.turnFresh {
		return
	}
	sp := c.Sprites
	p := &g.input
	col := g.m.Pos.ToMove()
	drag := p.gm.Drag()
	sel, hasSel := p.gm.Selected()
	// Faint marbles waiting at every legal entry point.
	turn := &p.turn
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		if !turn.Legal[e] || (drag.Active && drag.OnTrack && drag.Entry == e) || (p.rollback && p.rbEntry == e) {
			continue
		}
		x, y := g.px(layout.EntryPos(e))
		sp.Marble(screen, col, x, y, float64(e), 0, 0.28)
	}
	// A refusal: a red glow that fades.
	if dt := g.tick - p.refusedTick; dt < 45 {
		x, y := g.px(layout.EntryPos(p.refused))
		shake := 0.08 * g.geo.Cell * math.Sin(float64(dt)*1.3) * (1 - float64(dt)/45)
		sp.Glow(screen, x+shake, y, 0.7, scaleRGBA(colBad, 0.9*(1-float64(dt)/45)))
	}
	// The selection and its preview.
	if hasSel && !drag.Active {
		x, y := g.px(layout.EntryPos(sel))
		sp.Glow(screen, x, y, 0.7, scaleRGBA(colAccent, 0.5+0.3*g.pulse(40)))
		sp.Marble(screen, col, x, y, float64(sel), 0.2, 1)
		g.drawPreview(screen, c, sel, 0.55)
	}
	if p.rollback && p.rbOnTrack {
		pt := layout.TrackPoint(p.rbEntry, p.rbAxial)
		x, y := g.px(pt)
		sp.Marble(screen, col, x, y, p.rbAxial/layout.MarbleRatio, 0, 1)
	}
	if !drag.Active {
		return
	}
	if drag.OnTrack {
		g.drawPreview(screen, c, drag.Entry, 0.25+0.6*drag.Progress)
		sp.Marble(screen, col, drag.Pos.X, drag.Pos.Y, drag.Axial/layout.MarbleRatio, 0.15, 1)
	} else {
		sp.Marble(screen, col, drag.Pos.X, drag.Pos.Y, 0, 0.7, 1)
	}
}

// drawPreview shows where each marble of a push at e would go: a ghost on
// its new cell and a ring where the inserted marble lands.
func (g *GameScene) drawPreview(screen *ebiten.Image, c *Context, e logic.Entry, a float64) {
	tr := g.previewTrace(e)
	if tr == nil {
		return
	}
	sl := tr.Slides()
	for _, s := range sl[1:] {
		x, y := g.px(layout.CellPos(s.To))
		c.Sprites.Marble(screen, g.m.Pos.At(s.From), x, y, 0, 0, 0.45*a)
	}
	x, y := g.px(layout.CellPos(sl[0].To))
	c.Sprites.Ring(screen, x, y, 1, scaleRGBA(colPreview, a))
}
