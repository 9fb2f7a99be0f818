package gesture

import (
	"math"

	"shiftago/logic"
	"shiftago/render/layout"
	"shiftago/render/motion"
)

// DragThresholdCSS is how far, in CSS pixels, a pointer must move from
// where it was pressed before a press becomes a drag.
const DragThresholdCSS = 6

// SnapCells is how far, in cells beyond the board edge, a held marble is
// caught by a track: further out (over the trays, say) it follows the
// pointer freely, or stays on the track it is on.
const SnapCells = 2.5

// ArmTicks is how long, in ticks, a marble carried onto a track from
// elsewhere (the tray, another track) must rest there (the pointer within
// RestCells of where it was) before it is set at that entry point and may
// touch the board: a hand passing over the edge on its way across the
// board touches nothing, however slowly it goes. A drag that starts on
// an entry point is set there from the start.
const ArmTicks = 6

// RestCells is how far, in cells, a pointer may move and still be at
// rest.
const RestCells = 0.25

// LeaveCells is how far, in cells, the pointer may stray sideways from
// the track of the marble it carries over the board before the marble
// leaves the track and follows the pointer freely.
const LeaveCells = 0.8

// Turn is what the gesture machine needs to know about the position.
type Turn struct {
	// Active is false while input must not make a move (a computer's turn,
	// an animation running, the game over): presses then only give Tap.
	Active bool
	// Seat is the mover's seat: a drag may start from his tray.
	Seat int
	// Legal marks the entry points the mover may insert at.
	Legal [logic.NumEntries]bool
	// Occupied marks the entry points whose entry cell holds a marble: a
	// marble pushed in there touches that marble rather than the board edge.
	Occupied [logic.NumEntries]bool
	// ConfirmOnRelease: a marble that touches the board waits there, and
	// the move is made when the pointer is let go (a setting for casual
	// players: a drag can be taken back until then).
	ConfirmOnRelease bool
}

// TurnOf reads the turn from a position: the mover, his legal insertions
// (from p.Moves, so the single-colour rule and full tracks are the
// engine's word) and which entry cells are taken.
func TurnOf(p *logic.Position) Turn {
	var t Turn
	if p.Over() {
		return t
	}
	t.Active, t.Seat = true, p.ToMoveSeat()
	var buf [logic.MaxMoves]logic.Move
	for _, m := range p.Moves(buf[:0]) {
		t.Legal[m.Entry()] = true
	}
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		t.Occupied[e] = p.Occupied().Has(e.EntryCell())
	}
	return t
}

// Kind says what an Event is.
type Kind uint8

// The event kinds.
const (
	// Pick: a drag began; a marble is in the player's hand (Entry is set
	// when the drag began on an entry point, FromTray when on the tray).
	Pick Kind = iota
	// Select: Entry is now the selected entry point (tap or key).
	Select
	// Deselect: nothing is selected any more.
	Deselect
	// Commit: play the insertion at Entry. From and Velocity say where and
	// how fast the marble was when it touched (Dragged), for motion.Options.
	Commit
	// Cancel: a drag ended before the marble touched the board; the marble
	// rolls back from Pos (Entry is its track if it was on one).
	Cancel
	// Refused: Entry may not be played (full track, single-colour rule):
	// show it, the marble does not follow.
	Refused
	// Tap: a press and release in place that is not about an entry point
	// (cells in a scoring choice, buttons, the tray): hit-test Pos.
	Tap
)

// String names the kind.
func (k Kind) String() string {
	return [...]string{"pick", "select", "deselect", "commit", "cancel", "refused", "tap", "?"}[min(int(k), 7)]
}

// Event is one thing the player did.
type Event struct {
	Kind     Kind
	Entry    logic.Entry
	HasEntry bool         // Entry is meaningful (Pick and Cancel may have no track)
	FromTray bool         // Pick: the marble came from the tray
	Dragged  bool         // Commit: by a drag (From and Velocity are meaningful)
	ByKey    bool         // Select: by the keys (a hint then speaks of keys)
	From     float64      // Commit: axial position of the marble at the touch (layout.Axial)
	Velocity float64      // Commit: its speed towards the board, cells per tick
	Pos      layout.Point // pixels: the pointer (Tap) or the marble (Cancel)
}

// Motion is the motion.Options that start the move's animation where this
// Commit left the marble.
func (e Event) Motion() motion.Options {
	if e.Kind != Commit || !e.Dragged {
		return motion.Options{}
	}
	return motion.Options{Dragged: true, From: e.From, Velocity: e.Velocity}
}

// Key is a keyboard action, mapped by the game from real keys.
type Key uint8

// The keys. Next goes clockwise round the board to the next legal entry
// point, Prev anticlockwise; the arrows go to the nearest legal entry
// point in their direction on the screen (along an edge, or across to
// the next); Confirm plays the selected one (or selects the first legal
// one); Cancel drops a drag or the selection.
const (
	Left Key = iota
	Right
	Next
	Prev
	Confirm
	CancelKey
	Up
	Down
)

// Drag is what the renderer draws while the player holds a marble.
type Drag struct {
	Active   bool         // a marble is in the player's hand
	FromTray bool         // it was picked up from the tray
	OnTrack  bool         // it is held to Entry's track (else it follows the pointer freely)
	Entry    logic.Entry  // its track, when OnTrack
	Pos      layout.Point // its centre in pixels
	Axial    float64      // its axial position on the track (layout.Axial), when OnTrack
	// Progress runs from 0 at the entry point to 1 when the marble touches
	// the board: use it to fade in the push preview.
	Progress float64
	// Set: the marble is set at Entry's entry point, so pushing it in
	// along the track touches the board (else it is only carried past).
	Set bool
	// AtContact: the marble touches the board and waits for the release
	// (Turn.ConfirmOnRelease).
	AtContact bool
	// OverRefused: the pointer is over the stretch beyond the edge of a
	// track that refused the marble (a full one, say); the marble does
	// not follow it there. The status line then says why.
	OverRefused bool
}

type state uint8

const (
	idle     state = iota
	pressed        // down, not yet past the drag threshold
	dragging       // holding a marble
	spent          // down, but this press is used up (committed, refused, cancelled, moved off)
)

// what a press landed on
type target uint8

const (
	onNothing target = iota
	onEntry
	onTray
)

// ring is the order of the entry points clockwise round the board from
// the top-left: Na…Ng, E7…E1, Sg…Sa, W1…W7.
var ring = func() (r [logic.NumEntries]logic.Entry) {
	k := 0
	for i := 0; i < 7; i++ {
		r[k] = logic.NewEntry(logic.North, i)
		k++
	}
	for i := 6; i >= 0; i-- {
		r[k] = logic.NewEntry(logic.East, i)
		k++
	}
	for i := 6; i >= 0; i-- {
		r[k] = logic.NewEntry(logic.South, i)
		k++
	}
	for i := 0; i < 7; i++ {
		r[k] = logic.NewEntry(logic.West, i)
		k++
	}
	return r
}()

// Machine is the gesture state machine. The zero value is not ready: use New.
type Machine struct {
	geo  layout.Geometry
	turn Turn

	st     state
	id     int
	tgt    target
	entry  logic.Entry // the entry pressed on
	start  layout.Point
	ptr    layout.Point
	offset float64 // axial offset between the marble and the pointer's projection

	drag        Drag
	refused     logic.Entry // last track refused during this drag
	hasRefused  bool
	selected    logic.Entry
	hasSelected bool

	tick      int
	restAt    layout.Point // where the pointer came to rest on the track of a marble not yet set
	restTick  int          // the tick it did
	touch     bool         // the pointer is a finger: the marble is drawn above it
	ptrAxial  float64      // the pointer's axial position, unclamped (plus the grab offset)
	lastAxial float64      // ptrAxial at the previous Tick
	velocity  float64      // smoothed axial speed, cells per tick

	pending []Event
	out     []Event
}

// New makes a machine for the layout geo, with no turn (inactive).
func New(geo layout.Geometry) *Machine {
	return &Machine{geo: geo, pending: make([]Event, 0, 8), out: make([]Event, 0, 8)}
}

// SetGeometry changes the layout (a window resize).
func (m *Machine) SetGeometry(geo layout.Geometry) { m.geo = geo }

// SetTurn starts a new turn (or makes input inactive): any drag and the
// selection are dropped without events.
func (m *Machine) SetTurn(t Turn) {
	m.turn = t
	m.drag = Drag{}
	m.hasSelected = false
	if m.st != idle {
		m.st = spent
	}
}

// SetTouch says whether the pointer is a finger: a marble carried freely
// is then held above the fingertip, where the finger does not hide it.
func (m *Machine) SetTouch(on bool) { m.touch = on }

// Selected is the selected entry point, if any.
func (m *Machine) Selected() (logic.Entry, bool) { return m.selected, m.hasSelected }

// Drag is the marble in the player's hand, if any.
func (m *Machine) Drag() Drag { return m.drag }

// TickCount is the number of Ticks so far.
func (m *Machine) TickCount() int { return m.tick }

func (m *Machine) emit(e Event) { m.pending = append(m.pending, e) }

func (m *Machine) threshold() float64 { return DragThresholdCSS * math.Max(m.geo.Scale, 1) }

// Press is a pointer (mouse button or finger id) going down at x, y. A
// press while another pointer is down is ignored, as is everything that
// pointer does until it is released.
func (m *Machine) Press(id int, x, y float64) {
	if m.st != idle {
		return
	}
	p := layout.Point{X: x, Y: y}
	m.st, m.id, m.start, m.ptr, m.tgt = pressed, id, p, p, onNothing
	m.hasRefused = false
	if !m.turn.Active {
		return
	}
	if s := m.turn.Seat; s >= 0 && s < m.geo.Players && m.geo.Seats[s].Card.Contains(p) {
		m.tgt = onTray
		return
	}
	if e, ok := m.geo.EntryAt(p); ok {
		if !m.turn.Legal[e] {
			m.emit(Event{Kind: Refused, HasEntry: true, Entry: e, Pos: p})
			m.st = spent
			return
		}
		m.tgt, m.entry = onEntry, e
	}
}

// Move is a pointer moving to x, y (pressed or not; moves of a pointer that
// is not the one down are ignored).
func (m *Machine) Move(id int, x, y float64) {
	if m.st == idle || id != m.id {
		return
	}
	p := layout.Point{X: x, Y: y}
	m.ptr = p
	switch m.st {
	case pressed:
		if p.Dist(m.start) < m.threshold() {
			return
		}
		if m.tgt == onNothing {
			m.st = spent // a drag on nothing: not a tap either
			return
		}
		m.st = dragging
		m.drag = Drag{Active: true, FromTray: m.tgt == onTray, Pos: m.start}
		if m.tgt == onEntry {
			e := m.entry
			m.drag.OnTrack, m.drag.Entry, m.drag.Set = true, e, true
			m.drag.Axial = -layout.EntryOffset
			m.offset = -layout.EntryOffset - m.axialOf(e, m.start)
			m.ptrAxial, m.lastAxial = m.drag.Axial, m.drag.Axial
			m.velocity = 0
		}
		m.emit(Event{Kind: Pick, Entry: m.drag.Entry, HasEntry: m.drag.OnTrack, FromTray: m.drag.FromTray, Pos: m.start})
		m.follow(p)
	case dragging:
		m.follow(p)
	}
}

func (m *Machine) axialOf(e logic.Entry, p layout.Point) float64 {
	return layout.Axial(e, m.geo.ToBoard(p))
}

// follow moves the held marble for the pointer at p. A marble set at an
// entry point is pushed along its track and touches the board (the move
// is made, or waits for the release); a marble carried elsewhere is caught
// by the track whose stretch beyond the board the pointer is over, and is
// set there once it rests a moment (ArmTicks). Carried over the board, or
// along the edge past other entry points, it touches nothing.
func (m *Machine) follow(p layout.Point) {
	m.drag.OverRefused = false
	if t, ok := m.geo.TrackAt(p); ok && (!m.drag.OnTrack || t != m.drag.Entry) && m.axialOf(t, p) >= -0.5-SnapCells {
		if !m.turn.Legal[t] {
			m.drag.OverRefused = true
			if !m.hasRefused || m.refused != t {
				m.emit(Event{Kind: Refused, HasEntry: true, Entry: t, Pos: p})
				m.refused, m.hasRefused = t, true
			}
			m.free(p) // the marble is not caught by a refused track
			return
		}
		m.drag.OnTrack, m.drag.Entry, m.drag.Set = true, t, false
		m.restAt, m.restTick = p, m.tick
		m.offset = 0
		m.drag.Axial = m.axialOf(t, p)
		m.ptrAxial, m.lastAxial, m.velocity = m.drag.Axial, m.drag.Axial, 0
	}
	if _, ok := m.geo.TrackAt(p); !ok || !m.drag.OnTrack || !m.turn.Legal[m.drag.Entry] {
		m.hasRefused = m.hasRefused && ok
	}
	if !m.drag.OnTrack {
		m.free(p)
		return
	}
	e := m.drag.Entry
	if p.Dist(m.restAt) > RestCells*m.geo.Cell {
		m.restAt, m.restTick = p, m.tick // moving on: not at rest
	}
	contact := layout.Contact(m.turn.Occupied[e])
	m.ptrAxial = m.axialOf(e, p) + m.offset
	if m.offTrack(e, p) || (!m.drag.Set && m.ptrAxial >= contact) {
		// Carried off the track, or over the edge before it was set at
		// the entry point: it leaves the track and touches nothing.
		m.drag.OnTrack, m.drag.Set, m.drag.AtContact = false, false, false
		m.free(p)
		return
	}
	a := math.Min(m.ptrAxial, contact)
	m.drag.Axial = a
	m.drag.Pos = m.geo.ToPixel(layout.TrackPoint(e, a))
	m.drag.Progress = math.Max(0, math.Min(1, (a+layout.EntryOffset)/(contact+layout.EntryOffset)))
	m.drag.AtContact = false
	if a >= contact {
		if m.turn.ConfirmOnRelease {
			m.drag.AtContact = true // the release makes the move
			return
		}
		m.commit(e, contact)
	}
}

// CupCells is how far, in cells along the track, the pointer may be from
// an entry point's centre and still hold the marble in its cup: resting
// further out (over a tray beside the board, in line with a track) sets
// nothing.
const CupCells = 0.6

// inCup reports whether the marble carried on its track is in the entry
// point's cup.
func (m *Machine) inCup() bool {
	return math.Abs(m.ptrAxial+layout.EntryOffset) <= CupCells
}

// commit makes the move the held marble touched the board for.
func (m *Machine) commit(e logic.Entry, contact float64) {
	v := math.Max(m.velocity, m.ptrAxial-m.lastAxial)
	m.emit(Event{Kind: Commit, HasEntry: true, Entry: e, Dragged: true, From: contact, Velocity: math.Max(0, v), Pos: m.drag.Pos})
	m.drag = Drag{}
	m.hasSelected = false
	m.st = spent
}

// offTrack reports whether p has strayed sideways from e's track, over
// the board, far enough that the marble leaves it.
func (m *Machine) offTrack(e logic.Entry, p layout.Point) bool {
	if _, ok := m.geo.TrackAt(p); ok {
		return false // beyond the edge, in line with the track
	}
	b := m.geo.ToBoard(p)
	q := layout.TrackPoint(e, layout.Axial(e, b))
	return q.Dist(b) > LeaveCells
}

// free makes the marble follow the pointer, held above a fingertip and
// kept on the screen.
func (m *Machine) free(p layout.Point) {
	r := m.geo.MarbleRadius
	if m.touch {
		p.Y -= 1.6 * r
	}
	if m.geo.W > 2*r && m.geo.H > 2*r {
		p.X = math.Max(r, math.Min(m.geo.W-r, p.X))
		p.Y = math.Max(r, math.Min(m.geo.H-r, p.Y))
	}
	m.drag.Pos = p
	m.drag.Progress = 0
}

// Release is a pointer going up at x, y.
func (m *Machine) Release(id int, x, y float64) {
	if m.st == idle || id != m.id {
		return
	}
	m.Move(id, x, y)
	p := layout.Point{X: x, Y: y}
	switch m.st {
	case pressed: // a tap
		switch m.tgt {
		case onEntry:
			m.tapEntry(m.entry)
		default:
			m.emit(Event{Kind: Tap, Pos: p})
		}
	case dragging:
		if m.drag.AtContact {
			m.commit(m.drag.Entry, layout.Contact(m.turn.Occupied[m.drag.Entry]))
			break
		}
		if e := m.drag.Entry; m.drag.FromTray && m.drag.OnTrack && m.inCup() && m.turn.Legal[e] {
			// Carried from the tray and let go in an entry point's cup:
			// the marble is put down there, chosen as a tap on it
			// chooses it, and waits for a push or a second tap (issue
			// 50: a newcomer who dragged a marble from his tray to a ring
			// and let go saw it fly back, and nothing happened).
			m.drag = Drag{}
			m.selected, m.hasSelected = e, true
			m.emit(Event{Kind: Select, HasEntry: true, Entry: e, Pos: p})
			break
		}
		m.emit(Event{Kind: Cancel, Entry: m.drag.Entry, HasEntry: m.drag.OnTrack, Pos: m.drag.Pos})
		m.drag = Drag{}
	}
	m.st = idle
}

// Cancel is pointer id's press ending without a release: a second finger
// touched the screen and made it a pinch (the browser zooms the page), so
// this press plays nothing. A marble in hand rolls back (a Cancel event),
// even one waiting at the contact (Turn.ConfirmOnRelease); a press not
// yet a drag taps nothing. The selection stays, and the next press starts
// afresh.
func (m *Machine) Cancel(id int) {
	if m.st == idle || id != m.id {
		return
	}
	if m.st == dragging {
		m.emit(Event{Kind: Cancel, Entry: m.drag.Entry, HasEntry: m.drag.OnTrack, Pos: m.drag.Pos})
		m.drag = Drag{}
	}
	m.st = idle
}

// tapEntry selects e, or plays it if it was selected already.
func (m *Machine) tapEntry(e logic.Entry) {
	if !m.turn.Legal[e] {
		m.emit(Event{Kind: Refused, HasEntry: true, Entry: e})
		return
	}
	if m.hasSelected && m.selected == e {
		m.emit(Event{Kind: Commit, HasEntry: true, Entry: e, From: -layout.EntryOffset})
		m.hasSelected = false
		return
	}
	m.selected, m.hasSelected = e, true
	m.emit(Event{Kind: Select, HasEntry: true, Entry: e})
}

// Key is a keyboard action.
func (m *Machine) Key(k Key) {
	if !m.turn.Active {
		return
	}
	switch k {
	case Prev:
		m.cycle(-1)
	case Next:
		m.cycle(1)
	case Left:
		m.toward(layout.Point{X: -1})
	case Right:
		m.toward(layout.Point{X: 1})
	case Up:
		m.toward(layout.Point{Y: -1})
	case Down:
		m.toward(layout.Point{Y: 1})
	case Confirm:
		if m.hasSelected {
			m.tapEntry(m.selected)
		} else {
			m.cycle(1)
		}
	case CancelKey:
		if m.st == dragging {
			m.emit(Event{Kind: Cancel, Entry: m.drag.Entry, HasEntry: m.drag.OnTrack, Pos: m.drag.Pos})
			m.drag = Drag{}
			m.st = spent
			return
		}
		if m.hasSelected {
			m.hasSelected = false
			m.emit(Event{Kind: Deselect})
		}
	}
}

// cycle selects the next legal entry point round the ring in direction d.
func (m *Machine) cycle(d int) {
	at := -1
	if m.hasSelected {
		for i, e := range ring {
			if e == m.selected {
				at = i
			}
		}
	} else if d < 0 {
		at = 0
	}
	n := len(ring)
	for k := 1; k <= n; k++ {
		e := ring[((at+d*k)%n+n)%n]
		if m.turn.Legal[e] {
			if !m.hasSelected || e != m.selected {
				m.selected, m.hasSelected = e, true
				m.emit(Event{Kind: Select, HasEntry: true, Entry: e, ByKey: true})
			}
			return
		}
	}
}

// toward selects the nearest legal entry point in direction d (a unit
// vector on the screen) from the one selected, within 45° of it when
// there is one (else the least sideways): the arrows run along an edge,
// and Up and Down on the top or bottom edge go across the board. With
// none selected it selects the first legal one.
func (m *Machine) toward(d layout.Point) {
	if !m.hasSelected {
		m.cycle(1)
		return
	}
	from := m.geo.EntryPoint(m.selected)
	best, bestCost := logic.Entry(0), math.Inf(1)
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		if !m.turn.Legal[e] || e == m.selected {
			continue
		}
		v := m.geo.EntryPoint(e).Sub(from)
		ahead := v.Dot(d)
		if ahead <= 1e-6 {
			continue
		}
		side := math.Abs(v.X*d.Y - v.Y*d.X)
		cost := ahead + 3*side
		if side > ahead {
			cost += 1e6 // outside the cone: only if nothing is inside it
		}
		if cost < bestCost {
			best, bestCost = e, cost
		}
	}
	if !math.IsInf(bestCost, 1) {
		m.selected = best
		m.emit(Event{Kind: Select, HasEntry: true, Entry: best, ByKey: true})
	}
}

// Tick ends a tick: it returns the events since the previous Tick (the
// slice is reused by the next Tick) and samples the drag's speed.
func (m *Machine) Tick() []Event {
	m.tick++
	if m.st == dragging && m.drag.OnTrack && !m.drag.Set && m.tick-m.restTick >= ArmTicks && m.inCup() {
		m.drag.Set = true // it rested at the entry point: now it is set there
	}
	if m.st == dragging && m.drag.OnTrack {
		inst := m.ptrAxial - m.lastAxial
		m.velocity = 0.5*m.velocity + 0.5*inst
		m.lastAxial = m.ptrAxial
	}
	m.out = append(m.out[:0], m.pending...)
	m.pending = m.pending[:0]
	return m.out
}
