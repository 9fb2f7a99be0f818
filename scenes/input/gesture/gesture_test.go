package gesture

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/render/layout"
)

// testPos: orange to move; rank 4 is full (W4 and E4 refuse, §2), and b7
// holds a marble (Nb's entry cell is taken).
const testPos = "1g5/7/7/ogogogo/7/7/7 express og o 18,18 0,0 0,0"

func setup(t *testing.T, scale float64) (*Machine, layout.Geometry, logic.Position) {
	t.Helper()
	p, err := logic.ParsePosition(testPos)
	if err != nil {
		t.Fatal(err)
	}
	geo := layout.New(layout.Config{W: 1280 * scale, H: 800 * scale, Scale: scale, Players: 2})
	m := New(geo)
	m.SetTurn(TurnOf(&p))
	return m, geo, p
}

func entry(s string) logic.Entry {
	e, err := logic.ParseEntry(s)
	if err != nil {
		panic(err)
	}
	return e
}

// at is the pixel at axial position a on e's track.
func at(geo layout.Geometry, e string, a float64) layout.Point {
	return geo.ToPixel(layout.TrackPoint(entry(e), a))
}

func describe(evs []Event) string {
	var parts []string
	for _, e := range evs {
		switch e.Kind {
		case Tap, Deselect:
			parts = append(parts, e.Kind.String())
		case Cancel:
			if e.HasEntry {
				parts = append(parts, "cancel "+e.Entry.String())
			} else {
				parts = append(parts, "cancel")
			}
		case Pick:
			if e.FromTray {
				parts = append(parts, "pick tray")
			} else {
				parts = append(parts, "pick "+e.Entry.String())
			}
		default:
			parts = append(parts, e.Kind.String()+" "+e.Entry.String())
		}
	}
	return strings.Join(parts, ", ")
}

// act is one input; tick=true ends a tick.
type act struct {
	op   string // press, move, release, key, tick
	id   int
	p    layout.Point
	key  Key
	want string // events expected from the Tick that ends here (op tick)
}

func press(p layout.Point) act           { return act{op: "press", p: p} }
func move(p layout.Point) act            { return act{op: "move", p: p} }
func release(p layout.Point) act         { return act{op: "release", p: p} }
func pressID(id int, p layout.Point) act { return act{op: "press", id: id, p: p} }
func moveID(id int, p layout.Point) act  { return act{op: "move", id: id, p: p} }
func relID(id int, p layout.Point) act   { return act{op: "release", id: id, p: p} }
func cancelID(id int) act                { return act{op: "cancel", id: id} }
func key(k Key) act                      { return act{op: "key", key: k} }
func tick(want string) act               { return act{op: "tick", want: want} }

func play(t *testing.T, m *Machine, acts []act) []Event {
	t.Helper()
	var all []Event
	for i, a := range acts {
		switch a.op {
		case "press":
			m.Press(a.id, a.p.X, a.p.Y)
		case "move":
			m.Move(a.id, a.p.X, a.p.Y)
		case "release":
			m.Release(a.id, a.p.X, a.p.Y)
		case "cancel":
			m.Cancel(a.id)
		case "key":
			m.Key(a.key)
		case "tick":
			evs := m.Tick()
			if got := describe(evs); got != a.want {
				t.Errorf("step %d: events %q, want %q", i, got, a.want)
			}
			all = append(all, evs...)
		}
	}
	return all
}

func TestGestures(t *testing.T) {
	_, geo, _ := setup(t, 1)
	nd := at(geo, "Nd", -layout.EntryOffset)
	w3 := at(geo, "W3", -layout.EntryOffset)
	off := func(p layout.Point, dx, dy float64) layout.Point { return layout.Point{X: p.X + dx, Y: p.Y + dy} }
	tests := []struct {
		name string
		acts []act
	}{
		{"press + drag threshold", []act{
			press(nd), tick(""),
			move(off(nd, 0, 4)), tick(""), // under 6 px: still a press
			move(off(nd, 0, 7)), tick("pick Nd"),
		}},
		{"commit at contact with the board edge (empty entry cell)", []act{
			press(nd), tick(""),
			move(at(geo, "Nd", -1.1)), tick("pick Nd"),
			move(at(geo, "Nd", layout.ContactEmpty+0.01)), tick("commit Nd"),
			move(at(geo, "Nd", 2)), tick(""), // the finger goes on: nothing more
			release(at(geo, "Nd", 2)), tick(""),
		}},
		{"commit at contact with the marble on the entry cell", []act{
			press(at(geo, "Nb", -layout.EntryOffset)), tick(""),
			move(at(geo, "Nb", -1.0)), tick("pick Nb"),
			move(at(geo, "Nb", layout.ContactOccupied-0.05)), tick(""), // a hair short of the marble on the entry cell
			move(at(geo, "Nb", layout.ContactOccupied+0.1)), tick("commit Nb"),
		}},
		{"commit even when the finger jumps onto the board", []act{
			press(w3), move(off(w3, 8, 0)), move(geo.CellCenter(logic.Sq(3, 2))), tick("pick W3, commit W3"),
		}},
		{"release before contact cancels", []act{
			press(w3), tick(""),
			move(at(geo, "W3", -1.1)), tick("pick W3"),
			release(at(geo, "W3", -1.1)), tick("cancel W3"),
		}},
		{"second finger ignored", []act{
			pressID(1, nd), moveID(1, at(geo, "Nd", -1.15)), tick("pick Nd"),
			pressID(2, w3), moveID(2, at(geo, "W3", 1)), relID(2, at(geo, "W3", 1)), tick(""),
			moveID(1, at(geo, "Nd", 0)), tick("commit Nd"),
			relID(1, at(geo, "Nd", 0)), tick(""),
		}},
		{"a pinch cancels a drag: the marble rolls back, nothing is played", []act{
			pressID(1, nd), moveID(1, at(geo, "Nd", -1.15)), tick("pick Nd"),
			cancelID(1), tick("cancel Nd"),
			moveID(1, at(geo, "Nd", 0)), tick(""), // the finger goes on: nothing
			relID(1, at(geo, "Nd", 0)), tick(""),
		}},
		{"a pinch cancels a press: no tap, no selection", []act{
			press(nd), tick(""),
			cancelID(0), tick(""),
			release(nd), tick(""),
		}},
		{"a pinch keeps the selection; tap-tap plays after it", []act{
			press(nd), release(nd), tick("select Nd"),
			press(w3), tick(""), cancelID(0), tick(""),
			press(nd), release(nd), tick("commit Nd"),
		}},
		{"a pinch cancels a press on the tray, and a drag afterwards works", []act{
			press(geo.TraySlot(0, 3)), tick(""), cancelID(0), tick(""),
			move(off(geo.TraySlot(0, 3), -30, 0)), tick(""),
			press(w3), move(at(geo, "W3", -1.1)), tick("pick W3"),
			move(at(geo, "W3", 0)), tick("commit W3"),
		}},
		{"cancelling another pointer changes nothing", []act{
			pressID(1, nd), moveID(1, at(geo, "Nd", -1.15)), tick("pick Nd"),
			cancelID(2), tick(""),
			moveID(1, at(geo, "Nd", 0)), tick("commit Nd"),
		}},
		{"a full track refuses at the press", []act{
			press(at(geo, "W4", -layout.EntryOffset)), tick("refused W4"),
			move(at(geo, "W4", 0)), release(at(geo, "W4", 0)), tick(""),
		}},
		{"a drag onto a full track is refused and the marble stays", []act{
			press(w3), move(at(geo, "W3", -1.5)), tick("pick W3"),
			move(off(at(geo, "W4", -1.5), 0, 0)), tick("refused W4"),
			move(off(at(geo, "W4", -1.4), 0, 0)), tick(""), // refused once per visit
			release(at(geo, "W4", -1.4)), tick("cancel W3"),
		}},
		{"tap, tap plays", []act{
			press(nd), release(nd), tick("select Nd"),
			press(nd), tick(""), release(nd), tick("commit Nd"),
		}},
		{"a tap on another entry switches the selection", []act{
			press(nd), release(nd), tick("select Nd"),
			press(w3), release(w3), tick("select W3"),
			press(w3), release(w3), tick("commit W3"),
		}},
		{"press and release in one tick is still a tap", []act{
			press(nd), move(off(nd, 2, 2)), release(off(nd, 2, 2)), tick("select Nd"),
		}},
		{"a tap elsewhere is a tap", []act{
			press(geo.CellCenter(logic.Sq(3, 3))), release(geo.CellCenter(logic.Sq(3, 3))), tick("tap"),
		}},
		{"keyboard cycles legal entries and plays", []act{
			key(Next), tick("select Na"),
			key(Right), tick("select Nb"),
			key(Prev), key(Left), tick("select Na, select W7"),
			key(Confirm), tick("commit W7"),
			key(Confirm), tick("select Na"),
			key(CancelKey), tick("deselect"),
		}},
		{"keyboard skips refused tracks", []act{
			key(Prev), tick("select W7"),
			key(Prev), key(Prev), key(Prev), tick("select W6, select W5, select W3"),
		}},
		{"from the tray to a track: set at the entry point, then pushed in", []act{
			press(geo.TraySlot(0, 3)), tick(""),
			move(off(geo.TraySlot(0, 3), -20, -20)), tick("pick tray"),
			move(at(geo, "E2", -1.3)), tick(""), tick(""), tick(""), tick(""), tick(""), tick(""), // rests ArmTicks ticks in the cup
			move(at(geo, "E2", -0.2)), tick("commit E2"),
		}},
		// Let go at W5's cup, the marble is put down there, chosen (a
		// second tap or a push plays it): no edge passed on the way is
		// touched.
		{"from the tray across the board: the edge passed on the way touches nothing", slide(geo.TraySlot(0, 10), at(geo, "W5", -1.5), 24, "pick tray", "select W5")},
		{"from the tray across the board slowly, a move every few ticks: still nothing", slowSlide(geo.TraySlot(0, 10), at(geo, "W5", -1.5), 40, 4)},
		{"resting on the tray in line with a track, then a carry inwards: nothing", []act{
			press(geo.TraySlot(0, 3)), move(at(geo, "E2", -2.5)), tick("pick tray"), tick(""), tick(""), tick(""), tick(""), tick(""), tick(""), tick(""),
			move(at(geo, "E2", -1.9)), move(at(geo, "E2", 0.5)), tick(""),
			move(at(geo, "E2", 2)), tick(""),
			release(at(geo, "E2", 2)), tick("cancel"),
		}},
		{"from the tray straight in without resting at the entry point touches nothing", []act{
			press(geo.TraySlot(0, 3)), move(off(geo.TraySlot(0, 3), -20, 0)), tick("pick tray"),
			move(at(geo, "E2", -1.6)), tick(""),
			move(at(geo, "E2", 0.5)), tick(""),
			move(at(geo, "E2", 2)), tick(""),
			release(at(geo, "E2", 2)), tick("cancel"),
		}},
		{"along the top edge past other entry points touches nothing", slide(nd, at(geo, "Ng", -1.3), 12, "pick Nd", "cancel Ng")},
		{"set at Nd, then carried across the board, off its track: nothing", []act{
			press(nd), move(at(geo, "Nd", -1.1)), tick("pick Nd"),
			move(geo.CellCenter(logic.Sq(6, 3))), tick(""), // g4: far from the d file
			move(geo.CellCenter(logic.Sq(6, 1))), tick(""),
			release(geo.CellCenter(logic.Sq(6, 1))), tick("cancel"),
		}},
		{"from the tray and dropped anywhere", []act{
			press(geo.TraySlot(0, 3)), move(off(geo.TraySlot(0, 3), -30, 0)), tick("pick tray"),
			release(off(geo.TraySlot(0, 3), -30, 0)), tick("cancel"),
		}},
		{"not the mover's tray", []act{
			press(geo.TraySlot(1, 3)), move(off(geo.TraySlot(1, 3), -30, 0)), release(off(geo.TraySlot(1, 3), -30, 0)), tick(""),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, _, _ := setup(t, 1)
			play(t, m, tc.acts)
		})
	}
}

// slide scripts a drag from a to b in n ticks, a move a tick, as a hand
// carries a marble: the first tick's and the release's events are given.
func slide(a, b layout.Point, n int, first, last string) []act {
	acts := []act{press(a), move(layout.Point{X: a.X + (b.X-a.X)/float64(n), Y: a.Y + (b.Y-a.Y)/float64(n)}), tick(first)}
	for i := 2; i <= n; i++ {
		f := float64(i) / float64(n)
		acts = append(acts, move(layout.Point{X: a.X + (b.X-a.X)*f, Y: a.Y + (b.Y-a.Y)*f}), tick(""))
	}
	return append(acts, release(b), tick(last))
}

// slowSlide scripts a carry from a to b in n moves, each a few pixels
// and held for k ticks, as a slow hand (or a slow page) delivers it.
func slowSlide(a, b layout.Point, n, k int) []act {
	acts := []act{press(a), move(layout.Point{X: a.X + (b.X-a.X)/float64(n), Y: a.Y + (b.Y-a.Y)/float64(n)}), tick("pick tray")}
	for i := 2; i <= n; i++ {
		f := float64(i) / float64(n)
		acts = append(acts, move(layout.Point{X: a.X + (b.X-a.X)*f, Y: a.Y + (b.Y-a.Y)*f}))
		for j := 0; j < k; j++ {
			acts = append(acts, tick(""))
		}
	}
	return append(acts, release(b), tick("select W5"))
}

// TestTrayToRing: a marble carried from the mover's tray to an entry
// point's ring, a move a tick as a hand carries it, with a mouse or a
// finger, and let go in its cup (without resting there, or after) is put
// down there, chosen; a tap on it then plays it, as after a tap on the
// ring (issue 50: a newcomer with a mouse saw it fly back, and nothing
// happened). Let go short of the cup it flies back.
func TestTrayToRing(t *testing.T) {
	for _, touch := range []bool{false, true} {
		m, geo, _ := setup(t, 2)
		m.SetTouch(touch)
		ring := at(geo, "E2", -layout.EntryOffset)
		acts := slide(geo.TraySlot(0, 5), ring, 15, "pick tray", "select E2")
		acts = append(acts, press(ring), tick(""), release(ring), tick("commit E2"))
		play(t, m, acts)
		m, geo, _ = setup(t, 2)
		m.SetTouch(touch)
		acts = slide(geo.TraySlot(0, 5), ring, 15, "pick tray", "")
		acts = append(acts[:len(acts)-2], tick(""), tick(""), tick(""), tick(""), tick(""), tick(""), tick(""), release(ring), tick("select E2"))
		play(t, m, acts)
		m, geo, _ = setup(t, 2)
		m.SetTouch(touch)
		play(t, m, slide(geo.TraySlot(0, 5), at(geo, "E2", -2.2), 15, "pick tray", "cancel E2"))
	}
}

// TestConfirmOnRelease: with the setting, a marble that touches the board
// waits there; the release makes the move, and pulling it back out
// before the release takes the move back.
func TestConfirmOnRelease(t *testing.T) {
	m, geo, nd := confirming(t)
	play(t, m, []act{
		press(nd), move(at(geo, "Nd", -1.1)), tick("pick Nd"),
		move(at(geo, "Nd", 0.5)), tick(""),
	})
	if d := m.Drag(); !d.AtContact || d.Axial != layout.ContactEmpty {
		t.Fatalf("the marble does not wait at the contact: %+v", d)
	}
	play(t, m, []act{release(at(geo, "Nd", 0.5)), tick("commit Nd")})
	play(t, m, []act{
		press(nd), move(at(geo, "Nd", -1.1)), tick("pick Nd"),
		move(at(geo, "Nd", 0.5)), tick(""),
		move(at(geo, "Nd", -1.2)), tick(""),
		release(at(geo, "Nd", -1.2)), tick("cancel Nd"),
	})
}

// confirming is a machine whose turn asks for Confirm on release, and the
// Nd entry point where a press picks its marble up.
func confirming(t *testing.T) (*Machine, layout.Geometry, layout.Point) {
	t.Helper()
	m, geo, p := setup(t, 1)
	turn := TurnOf(&p)
	turn.ConfirmOnRelease = true
	m.SetTurn(turn)
	return m, geo, at(geo, "Nd", -layout.EntryOffset)
}

// TestConfirmOnReleasePinch: a marble waiting at the contact is not
// played when a pinch cancels the drag.
func TestConfirmOnReleasePinch(t *testing.T) {
	m, geo, nd := confirming(t)
	play(t, m, []act{
		press(nd), move(at(geo, "Nd", -1.1)), tick("pick Nd"),
		move(at(geo, "Nd", 0.5)), tick(""),
		cancelID(0), tick("cancel Nd"),
		release(at(geo, "Nd", 0.5)), tick(""),
	})
	if d := m.Drag(); d.Active {
		t.Errorf("a marble is still in hand after the pinch: %+v", d)
	}
}

// TestTouchHoldsTheMarbleAboveTheFinger: carried by a finger, the marble
// is drawn above the fingertip, and never off the screen.
func TestTouchHoldsTheMarbleAboveTheFinger(t *testing.T) {
	m, geo, _ := setup(t, 1)
	m.SetTouch(true)
	tray := geo.TraySlot(0, 3)
	m.Press(0, tray.X, tray.Y)
	m.Move(0, tray.X-30, tray.Y)
	if d := m.Drag(); d.OnTrack || d.Pos.Y >= tray.Y-geo.MarbleRadius || d.Pos.X != tray.X-30 {
		t.Errorf("marble at %v for a finger at %v", d.Pos, layout.Point{X: tray.X - 30, Y: tray.Y})
	}
	m.Move(0, 2, 2)
	if d := m.Drag(); d.Pos.X < geo.MarbleRadius || d.Pos.Y < geo.MarbleRadius {
		t.Errorf("marble at %v: off the screen", d.Pos)
	}
}

// TestArrowsGoWhereTheyPoint: on the top edge Left and Right run along
// it; Down goes to the entry point below, never along the edge.
func TestArrowsGoWhereTheyPoint(t *testing.T) {
	m, _, _ := setup(t, 1)
	play(t, m, []act{
		key(Next), tick("select Na"),
		key(Right), key(Right), tick("select Nb, select Nc"),
		key(Left), tick("select Nb"),
		key(Down), tick("select Sb"),
		key(Up), tick("select Nb"),
	})
}

func TestDragState(t *testing.T) {
	m, geo, _ := setup(t, 1)
	nd := at(geo, "Nd", -layout.EntryOffset)
	m.Press(0, nd.X, nd.Y)
	m.Tick()
	if m.Drag().Active {
		t.Fatal("a press alone is not a drag")
	}
	// The pointer wanders sideways and outwards: the marble stays on Nd's line.
	p := layout.Point{X: nd.X + 0.3*geo.Cell, Y: nd.Y - 0.5*geo.Cell}
	m.Move(0, p.X, p.Y)
	d := m.Drag()
	if !d.Active || !d.OnTrack || d.Entry != entry("Nd") {
		t.Fatalf("drag %+v", d)
	}
	if math.Abs(d.Pos.X-nd.X) > 1e-9 || math.Abs(d.Axial-(-layout.EntryOffset-0.5)) > 1e-9 || d.Progress != 0 {
		t.Errorf("marble at %v axial %v progress %v; want on x=%v, axial %v, progress 0", d.Pos, d.Axial, d.Progress, nd.X, -layout.EntryOffset-0.5)
	}
	// Half way to the contact.
	half := (-layout.EntryOffset + layout.ContactEmpty) / 2
	q := at(geo, "Nd", half)
	m.Move(0, q.X+5, q.Y)
	if d := m.Drag(); math.Abs(d.Progress-0.5) > 1e-9 || d.Pos.Dist(at(geo, "Nd", half)) > 1e-9 {
		t.Errorf("half way: %+v", d)
	}
	m.Tick()
	// A quick push in: the commit carries the speed, in cells per tick.
	r := at(geo, "Nd", 0)
	m.Move(0, r.X, r.Y)
	evs := m.Tick()
	if len(evs) != 1 || evs[0].Kind != Commit || !evs[0].Dragged || evs[0].From != layout.ContactEmpty {
		t.Fatalf("events %+v", evs)
	}
	if v := evs[0].Velocity; v < 0.3 {
		t.Errorf("commit speed %v cells per tick", v)
	}
	if o := evs[0].Motion(); !o.Dragged || o.From != layout.ContactEmpty || o.Velocity != evs[0].Velocity {
		t.Errorf("motion options %+v", o)
	}
	if m.Drag().Active {
		t.Errorf("still dragging after the commit")
	}
}

func TestScale2Threshold(t *testing.T) {
	m, geo, _ := setup(t, 2)
	nd := at(geo, "Nd", -layout.EntryOffset)
	play(t, m, []act{
		press(nd), move(layout.Point{X: nd.X, Y: nd.Y + 10}), tick(""), // < 12 px at scale 2
		move(layout.Point{X: nd.X, Y: nd.Y + 13}), tick("pick Nd"),
	})
}

func TestInactive(t *testing.T) {
	m, geo, _ := setup(t, 1)
	m.SetTurn(Turn{})
	nd := at(geo, "Nd", -layout.EntryOffset)
	play(t, m, []act{
		press(nd), release(nd), tick("tap"),
		key(Next), key(Confirm), tick(""),
		press(nd), move(at(geo, "Nd", 1)), release(at(geo, "Nd", 1)), tick(""),
	})
}

func TestTurnOf(t *testing.T) {
	_, _, p := setup(t, 1)
	turn := TurnOf(&p)
	var refused []string
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		if !turn.Legal[e] {
			refused = append(refused, e.String())
		}
	}
	if got := fmt.Sprint(refused); got != "[W4 E4]" || !turn.Active || turn.Seat != 0 {
		t.Errorf("refused %s, turn %+v", got, turn)
	}
	var occupied []string
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		if turn.Occupied[e] {
			occupied = append(occupied, e.String())
		}
	}
	if got := fmt.Sprint(occupied); got != "[Nb W4 E4]" {
		t.Errorf("occupied entry cells %s", got)
	}
	// §2 single colour: orange alone on the board (green sits out) may not
	// put two marbles side by side.
	r, err := logic.ParsePosition("7/7/7/7/7/7/o6 express og o 21,22 0,0 0,1")
	if err != nil {
		t.Fatal(err)
	}
	rt := TurnOf(&r)
	for _, tc := range []struct {
		e     string
		legal bool
	}{{"Sa", false}, {"W1", false}, {"Sb", false}, {"W2", false}, {"Sc", true}, {"W3", true}, {"Nd", true}} {
		if rt.Legal[entry(tc.e)] != tc.legal {
			t.Errorf("single colour: %s legal %v, want %v", tc.e, rt.Legal[entry(tc.e)], tc.legal)
		}
	}
}

// TestOverRefused: a marble carried over a full track's stretch beyond
// the edge says so (Drag.OverRefused, for the status line) as long as
// the pointer is there, and no longer once it is back on its own track.
func TestOverRefused(t *testing.T) {
	m, geo, _ := setup(t, 1)
	play(t, m, []act{
		press(at(geo, "W3", -layout.EntryOffset)), move(at(geo, "W3", -1.5)), tick("pick W3"),
		move(at(geo, "W4", -1.5)), tick("refused W4"),
	})
	if d := m.Drag(); !d.OverRefused || !d.Active {
		t.Errorf("over the full W4: %+v", d)
	}
	play(t, m, []act{move(at(geo, "W4", -1.4)), tick("")})
	if d := m.Drag(); !d.OverRefused {
		t.Errorf("still over the full W4: %+v", d)
	}
	play(t, m, []act{move(at(geo, "W3", -1.4)), tick("")})
	if d := m.Drag(); d.OverRefused || !d.OnTrack || d.Entry != entry("W3") {
		t.Errorf("back on W3: %+v", d)
	}
}
