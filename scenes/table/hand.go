package table

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/view"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/input/gesture"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
)

// mode is what the gesture machine is set for.
type mode uint8

const (
	modeNone   mode = iota // it knows no turn yet
	modeTurn               // the human's turn: moves may be made
	modeIdle               // no move may be made (an animation, the computer's turn)
	modeChoice             // a scoring choice: every press is a tap
)

// Hand is the player's hand: the gesture machine fed from the input, and
// what it shows between ticks (the marble held, a refusal, a marble
// rolling back, the push preview).
type Hand struct {
	gm   *gesture.Machine
	mode mode
	turn gesture.Turn // the turn the machine was given
	opts motion.Options

	refused     logic.Entry
	refusedTick int // tick of the last refusal, -1000 if none

	rollback  bool // a cancelled marble rolls back to its entry point, or flies back to the tray
	rbEntry   logic.Entry
	rbAxial   float64
	rbOnTrack bool
	rbFrom    layout.Point // pixels: where a marble off any track was let go
	rbTo      layout.Point // pixels: its tray slot
	rbT       int          // ticks of its flight so far
	rbLift    float64      // how high it was held when its flight began

	// The preview of the push at previewEntry, computed in Update.
	previewEntry logic.Entry
	previewOK    bool
	preview      logic.Trace
	// Hint asks for the preview of a push at an entry point no hand holds
	// (the guided first game shows it); NumEntries for none.
	Hint logic.Entry
}

func (h *Hand) reset() {
	h.mode = modeNone
	h.refusedTick = -1000
	h.previewOK = false
	h.Hint = logic.NumEntries
}

// NewTurn makes the machine take up the turn afresh (the lesson moved on).
func (h *Hand) NewTurn() {
	if h.mode == modeTurn {
		h.mode = modeNone
	}
}

func (h *Hand) machine(t *Table) *gesture.Machine {
	if h.gm == nil {
		h.gm = gesture.New(t.View.Geo)
	}
	return h.gm
}

func (h *Hand) setGeometry(geo layout.Geometry) {
	if h.gm != nil {
		h.gm.SetGeometry(geo)
	}
}

// Holding reports whether the hand holds a marble or has an entry point
// selected (Escape drops them before it does anything else).
func (h *Hand) Holding() bool {
	if h.gm == nil {
		return false
	}
	_, sel := h.gm.Selected()
	return h.gm.Drag().Active || sel
}

// Drop drops the marble held or the selection.
func (h *Hand) Drop() {
	if h.gm != nil {
		h.gm.Key(gesture.CancelKey)
	}
}

// still reports whether nothing the hand shows moves at tick: its turn
// or idle (a player elsewhere to move), nothing held, pressed or refused.
func (h *Hand) still(tick int) bool {
	if h.rollback || tick-h.refusedTick < view.RefusalTicks+1 || h.mode != modeTurn && h.mode != modeIdle {
		return false
	}
	if h.gm != nil {
		if _, sel := h.gm.Selected(); sel || h.gm.Drag().Active {
			return false // the selection's glow pulses
		}
	}
	return true
}

// Dragging reports whether a marble is being dragged.
func (h *Hand) Dragging() bool { return h.gm != nil && h.gm.Drag().Active }

// Selected is the entry point chosen by a first tap, if any.
func (h *Hand) Selected() (logic.Entry, bool) {
	if h.gm == nil {
		return 0, false
	}
	return h.gm.Selected()
}

// feed passes this tick's pointer and keys to the gesture machine and
// returns its events.
func (h *Hand) feed(in *input.Input) []gesture.Event {
	gm := h.gm
	if in.Cancelled {
		gm.Cancel(0) // a second finger: a pinch, the press plays nothing
	}
	if in.Fingers > 1 && !in.Pressed && !in.Down && !in.Released {
		return gm.Tick()
	}
	if in.Pressed {
		gm.SetTouch(in.Touch)
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
		case ebiten.KeyArrowLeft:
			gm.Key(gesture.Left)
		case ebiten.KeyArrowRight:
			gm.Key(gesture.Right)
		case ebiten.KeyArrowUp:
			gm.Key(gesture.Up)
		case ebiten.KeyArrowDown:
			gm.Key(gesture.Down)
		case ebiten.KeyTab:
			if in.Shift {
				gm.Key(gesture.Prev)
			} else {
				gm.Key(gesture.Next)
			}
		case ebiten.KeyEnter, ebiten.KeySpace:
			gm.Key(gesture.Confirm)
		case ebiten.KeyBackspace:
			gm.Key(gesture.CancelKey)
		}
	}
	return gm.Tick()
}

// setMode gives the machine an inactive turn for mode m (idle or
// choice), once.
func (h *Hand) setMode(t *Table, m mode) {
	gm := h.machine(t)
	if h.mode != m {
		gm.SetGeometry(t.View.Geo)
		gm.SetTurn(gesture.Turn{})
		h.mode = m
	}
}

// idle keeps the gesture machine following the pointer while no move
// may be made, so that a press or a drag under way ends properly; its
// events are dropped.
func (h *Hand) idle(t *Table, in *input.Input) {
	h.setMode(t, modeIdle)
	h.feed(in)
}

// taps are the points tapped this tick, for a scoring choice.
func (h *Hand) taps(t *Table, in *input.Input) []layout.Point {
	h.setMode(t, modeChoice)
	var out []layout.Point
	for _, ev := range h.feed(in) {
		if ev.Kind == gesture.Tap {
			out = append(out, ev.Pos)
		}
	}
	return out
}

// turnOf is the turn the machine gets: the position's, narrowed to what
// the controller allows (a lesson teaches one entry point).
func turnOf(ctl *play.Controller) gesture.Turn {
	t := gesture.TurnOf(&ctl.Match().Pos)
	if ctl.Lesson != nil {
		for e := range t.Legal {
			t.Legal[e] = t.Legal[e] && ctl.Lesson.Allows(logic.Entry(e))
		}
	}
	return t
}

// play takes a human's move: drag, tap-tap or keys.
func (h *Hand) play(c *app.Context, t *Table, in *input.Input) {
	gm := h.machine(t)
	if h.mode != modeTurn {
		gm.SetGeometry(t.View.Geo)
		h.turn = turnOf(t.Ctl)
		h.turn.ConfirmOnRelease = c.Setup.ConfirmRelease
		gm.SetTurn(h.turn)
		h.mode = modeTurn
		h.previewOK = false
	}
	h.stepRollback(t)
	for _, ev := range h.feed(in) {
		switch ev.Kind {
		case gesture.Pick:
			h.rollback = false
			c.Sound.Play(sound.CueTap, 0, 0)
			c.Vibrate(input.BuzzPick)
			t.Ctl.Deselect() // what an earlier refusal said is over
		case gesture.Select:
			c.Sound.Play(sound.CueTap, 0, 0)
			t.Ctl.Select(ev.Entry, ev.ByKey)
		case gesture.Deselect:
			t.Ctl.Deselect()
		case gesture.Refused:
			c.Vibrate(input.BuzzRefuse)
			t.Ctl.Refuse(ev.Entry)
		case gesture.Cancel:
			t.Ctl.Deselect()
			h.rollback = true
			h.rbEntry, h.rbOnTrack = ev.Entry, false
			if b := t.View.Geo.ToBoard(ev.Pos); ev.HasEntry && onTrack(ev.Entry, b) {
				h.rbOnTrack = true
				h.rbAxial = layout.Axial(ev.Entry, b)
			} else {
				// Let go off any track: it flies back to its tray.
				m := t.Match()
				seat := m.Pos.ToMoveSeat()
				h.rbFrom, h.rbT, h.rbLift = ev.Pos, 0, 0.7
				h.rbTo = t.View.Geo.TraySlot(seat, max(0, m.Pos.Supply(seat)-1))
			}
			c.Sound.Play(sound.CueRoll, 1, 0.2)
		case gesture.Commit:
			h.rollback = false
			c.Vibrate(input.BuzzTouch)
			h.opts = ev.Motion()
			h.opts.Selected = !h.opts.Dragged // tapped or keyed: the marble stands at its entry point
			if !t.Ctl.Commit(ev.Entry) {
				h.opts = motion.Options{}
			}
			return
		}
	}
}

// onTrack reports whether the board point b lies on e's track line.
func onTrack(e logic.Entry, b layout.Point) bool {
	q := layout.TrackPoint(e, layout.Axial(e, b))
	return q.Dist(b) < 0.05
}

// flyBack is how many ticks a marble let go off any track takes to fly
// back to its tray.
const flyBack = 16

func (h *Hand) stepRollback(t *Table) {
	if !h.rollback {
		return
	}
	if !h.rbOnTrack {
		if h.rbT++; h.rbT >= flyBack {
			h.rollback = false
		}
		return
	}
	h.rbAxial -= 0.12
	if h.rbAxial <= -layout.EntryOffset {
		// Out at its entry point it is lifted and flies home to its tray
		// slot, which stands empty until it lands: no marble vanishes
		// and none appears in the tray from nowhere.
		geo := &t.View.Geo
		m := t.Match()
		seat := m.Pos.ToMoveSeat()
		h.rbOnTrack, h.rbT, h.rbLift = false, 0, 0
		h.rbFrom = geo.ToPixel(layout.EntryPos(h.rbEntry))
		h.rbTo = geo.TraySlot(seat, max(0, m.Pos.Supply(seat)-1))
	}
}

// inHand reports whether a marble of the supply is out of the tray in the
// player's hand: held, selected at its entry point (tapped, keyed), or on
// its way back after a cancel.
func (h *Hand) inHand() bool {
	if h.gm == nil || h.mode != modeTurn {
		return false
	}
	_, selected := h.gm.Selected()
	return h.gm.Drag().Active || h.rollback || selected
}

// updatePreview works out, in Update, the push the preview shows: of the
// marble dragged on a track, else of the entry point selected, else of
// the hint's.
func (h *Hand) updatePreview(t *Table) {
	e := h.Hint
	if h.gm != nil && h.mode == modeTurn {
		if d := h.gm.Drag(); d.Active && d.OnTrack {
			e = d.Entry
		} else if sel, ok := h.gm.Selected(); ok && !d.Active {
			e = sel
		}
	}
	if e >= logic.NumEntries {
		return
	}
	if h.previewOK && h.previewEntry == e {
		return
	}
	var buf [64]logic.Move
	m := t.Match()
	h.previewEntry, h.previewOK = e, false
	if ms := m.Pos.MovesAt(e, buf[:0]); len(ms) > 0 {
		q := m.Pos
		q.Apply(ms[0], &h.preview)
		h.previewOK = true
	}
}

// draw draws the waiting marbles at the legal entry points, the marble
// in the player's hand with the push preview, the selection, a refusal
// and a marble rolling back.
func (h *Hand) draw(screen *ebiten.Image, c *app.Context, t *Table) {
	v := &t.View
	sp := c.Sprites
	col := t.Match().Pos.ToMove()
	// A refusal: the marble shakes under a red glow that fades.
	if h.mode == modeTurn {
		v.Refusal(screen, sp, h.refused, logic.NoColor, t.tick-h.refusedTick)
	}
	if !t.Ctl.HumanToMove() || h.gm == nil || h.mode != modeTurn {
		return
	}
	drag := h.gm.Drag()
	sel, hasSel := h.gm.Selected()
	// A ring in the mover's colour at every legal entry point: where a
	// marble may go in, hollow so that it never passes for a piece (faint
	// glass marbles there read as pieces: issue 26). While a marble is
	// held, the refused ones are marked, so a full track is seen before
	// the marble gets there.
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		x, y := v.Px(layout.EntryPos(e))
		if !h.turn.Legal[e] {
			if drag.Active {
				sp.Dot(screen, x, y, 0.35, render.Fade(render.Bad, 0.55))
			}
			continue
		}
		if (drag.Active && drag.OnTrack && drag.Entry == e) || (h.rollback && h.rbEntry == e) {
			continue
		}
		sp.Ring(screen, x, y, 0.62, render.Fade(sp.Tint(col), 0.7))
	}
	// The selection and its preview.
	if hasSel && !drag.Active {
		x, y := v.Px(layout.EntryPos(sel))
		sp.Glow(screen, x, y, 0.7, render.Fade(render.Accent, 0.5+0.3*t.Pulse(40)))
		sp.Marble(screen, col, x, y, float64(sel), 0.2, 1)
		h.DrawPreview(screen, c, t, sel, 0.55)
	}
	if h.rollback && h.rbOnTrack {
		x, y := v.Px(layout.TrackPoint(h.rbEntry, h.rbAxial))
		sp.Marble(screen, col, x, y, h.rbAxial/layout.MarbleRatio, 0, 1)
	}
	if h.rollback && !h.rbOnTrack {
		k := float64(h.rbT) / flyBack
		k = k * k * (3 - 2*k)
		p := h.rbFrom.Add(h.rbTo.Sub(h.rbFrom).Mul(k))
		// It comes down from the height it was held at, or, lifted off
		// its entry point, rises and comes down.
		lift := max(h.rbLift*(1-k), 0.5*math.Sin(math.Pi*k))
		sp.Marble(screen, col, p.X, p.Y, 0, lift, 1)
	}
	if !drag.Active {
		return
	}
	if drag.OnTrack {
		// Where it will touch, for the whole approach: full strength once
		// the marble is set at the entry point, faint while it is only
		// passing by.
		a := 0.45
		if drag.Set {
			a = 0.9
		}
		h.DrawPreview(screen, c, t, drag.Entry, a)
		if !drag.Set {
			x, y := v.Px(layout.EntryPos(drag.Entry))
			sp.Ring(screen, x, y, 1.1+0.1*t.Pulse(20), render.Fade(render.Accent, 0.8))
		}
		sp.Marble(screen, col, drag.Pos.X, drag.Pos.Y, drag.Axial/layout.MarbleRatio, 0.15, 1)
	} else {
		sp.Marble(screen, col, drag.Pos.X, drag.Pos.Y, 0, 0.7, 1)
	}
}

// DrawPreview shows where each marble of a push at e would go: a trail
// of dots from its cell to the next and a ring in its colour on the cell
// it will take, and a white ring where the inserted marble lands (no
// ghost marbles: laid over other colours they read as new ones). It
// shows nothing unless Update worked the push out.
func (h *Hand) DrawPreview(screen *ebiten.Image, c *app.Context, t *Table, e logic.Entry, a float64) {
	if !h.previewOK || h.previewEntry != e {
		return
	}
	v := &t.View
	sp := c.Sprites
	pos := &t.Match().Pos
	sl := h.preview.Slides()
	for _, s := range sl[1:] {
		x0, y0 := v.Cell(s.From)
		x1, y1 := v.Cell(s.To)
		tint := render.Fade(sp.Tint(pos.At(s.From)), a)
		for k := 1; k <= 3; k++ {
			f := 0.25 + 0.25*float64(k)
			sp.Dot(screen, x0+(x1-x0)*f, y0+(y1-y0)*f, 0.08+0.03*float64(k), tint)
		}
		sp.Ring(screen, x1, y1, 0.96, tint)
	}
	x, y := v.Cell(sl[0].To)
	sp.Ring(screen, x, y, 1, render.Fade(render.Preview, a))
}

// status is what the hand is doing, for the status line, and whether it
// is doing anything worth saying.
func (h *Hand) status() (play.Message, bool) {
	if h.gm == nil || h.mode != modeTurn {
		return play.Message{}, false
	}
	d := h.gm.Drag()
	switch {
	case !d.Active, d.OverRefused:
		// Nothing in hand; or held over a track that refused it: the
		// turn's line then says why, in words.
		return play.Message{}, false
	case d.OnTrack && d.AtContact:
		return play.Msg("status.letgo", play.EntryName(d.Entry), d.Entry.String()), true
	case d.OnTrack && d.Set:
		return play.Msg("status.aim", play.EntryName(d.Entry), d.Entry.String()), true
	}
	return play.Msg("status.carry"), true
}
