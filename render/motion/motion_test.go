package motion

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/render/layout"
)

// chainPosition is a 2-player Express position, orange to move, where the
// track of e holds n marbles from its entry cell, green and orange in turn
// (no line, no single colour), and one more marble away from it.
func chainPosition(e logic.Entry, n int) string {
	var grid [7][7]byte
	cells := logic.TrackOf(e).Cells
	count := [2]int{}
	for k := 0; k < n; k++ {
		c := "go"[k%2]
		grid[cells[k].Rank()][cells[k].File()] = c
		count[k%2]++
	}
	return boardString(grid) + fmt.Sprintf(" express og o %d,%d 0,0 0,0", 22-count[1], 22-count[0])
}

func boardString(grid [7][7]byte) string {
	var sb strings.Builder
	for r := 6; r >= 0; r-- {
		run := 0
		for f := 0; f < 7; f++ {
			if grid[r][f] == 0 {
				run++
				continue
			}
			if run > 0 {
				sb.WriteByte(byte('0' + run))
				run = 0
			}
			sb.WriteByte(grid[r][f])
		}
		if run > 0 {
			sb.WriteByte(byte('0' + run))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

type traceCase struct {
	name string
	pos  string
	move string
}

func traceCases() []traceCase {
	var cs []traceCase
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		for n := 0; n <= 6; n++ {
			cs = append(cs, traceCase{fmt.Sprintf("§2 %s pushing %d", e, n), chainPosition(e, n), e.String()})
		}
	}
	return append(cs,
		traceCase{"§5 2 players: score a4-e4, extra turn", "6g/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0", "W4xa4-e4"},
		traceCase{"§5 2 players: push four, score the pushed line", "6g/7/7/oooo3/7/7/7 expert og o 18,21 0,0 0,0", "W4xa4-e4"},
		traceCase{"§5 3 players: score d4-g4 keeping d4", "5g1/7/7/3ooo1/7/7/7 expert ogb o 19,21,22 0,0,0 0,0,0", "E4xd4-g4=d4"},
		traceCase{"§5 4 players: score d4-g4 keeping g4", "5gb/7/7/3ooo1/7/7/w6 expert ogbw o 19,21,21,21 0,0,0,0 0,0,0,0", "E4xd4-g4=g4"},
		traceCase{"§5 4 players: a line of 6 pushed together", "5gb/7/7/ooooo2/7/7/w6 expert ogbw o 17,21,21,21 0,0,0,0 0,0,0,0", "W4xa4-f4=a4"},
		traceCase{"§5 game over at 10 points", "6g/7/7/1oooo2/7/7/7 expert og o 18,21 8,0 0,0", "W4xa4-e4"},
		traceCase{"§6 Extreme 0-point line", "7/7/7/1ooo3/7/7/6g extreme og o 19,21 0,0 0,0", "W4xa4-d4"},
		traceCase{"§4 Express win", "5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0", "W4"},
		traceCase{"§7 sit-outs on the way", "7/7/7/7/7/7/7 express ogbw o 22,22,22,22 0,0,0,0 0,2,1,0", "Nd"},
	)
}

var optionCases = []struct {
	name string
	opts Options
}{
	{"default", Options{}},
	{"dragged fast", Options{Dragged: true, From: layout.ContactOccupied, Velocity: 0.35}},
	{"dragged slow from far", Options{Dragged: true, From: -3, Velocity: 0.01}},
	{"speed 2", Options{Speed: 2}},
	{"reduced", Options{Reduced: true}},
}

func play(t *testing.T, pos, move string) (before, after logic.Position, tr logic.Trace) {
	t.Helper()
	p, err := logic.ParsePosition(pos)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	before = p
	if err := p.PlayString(move, &tr); err != nil {
		t.Fatalf("%s in %s: %v", move, pos, err)
	}
	return before, p, tr
}

const maxTicks = 320

// run integrates an animation to its end, checking continuity and overlap
// every tick; it returns every tick's marbles and events.
func run(t *testing.T, a *Animation, speed float64) (frames [][]Marble, events []Event) {
	t.Helper()
	prev := append([]Marble(nil), a.Marbles()...)
	frames = append(frames, prev)
	bound := 0.41 * speed // cells per tick: maxIn and a little
	for tick := 0; !a.Done(); tick++ {
		if tick > maxTicks {
			t.Fatalf("not done after %d ticks", maxTicks)
		}
		a.Step()
		cur := a.Marbles()
		for i := range cur {
			// A marble carried in the air (back to its tray) may go faster
			// than one rolling, but never jumps either.
			b := bound
			if cur[i].Lift > 0 || prev[i].Lift > 0 {
				b = (maxCarry + 0.01) * speed
			}
			if d := cur[i].Pos.Dist(prev[i].Pos); d > b && !(cur[i].InTray && prev[i].InTray) {
				t.Errorf("tick %d: marble %d jumped %.3f cells (bound %.2f)", tick, i, d, b)
			}
			if dl := math.Abs(cur[i].Lift - prev[i].Lift); dl > 0.5*speed {
				t.Errorf("tick %d: marble %d lift jumped %.3f", tick, i, dl)
			}
			if cur[i].Angle < prev[i].Angle {
				t.Errorf("tick %d: marble %d rolled back its angle", tick, i)
			}
			for j := 0; j < i; j++ {
				if cur[i].Lift > 0 || cur[j].Lift > 0 || cur[i].InTray || cur[j].InTray {
					continue
				}
				if d := cur[i].Pos.Dist(cur[j].Pos); d < 2*layout.MarbleRatio-1e-9 {
					t.Errorf("tick %d: marbles %d and %d overlap (%.3f cells apart)", tick, j, i, d)
				}
			}
		}
		events = append(events, a.Events()...)
		prev = append([]Marble(nil), cur...)
		frames = append(frames, prev)
	}
	return frames, events
}

func TestEveryTraceKind(t *testing.T) {
	for _, tc := range traceCases() {
		before, after, tr := play(t, tc.pos, tc.move)
		geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: before.Players(), Scoring: before.Variant().Scores()})
		for _, oc := range optionCases {
			t.Run(tc.name+"/"+oc.name, func(t *testing.T) {
				a := New(tr, before, geo, oc.opts)
				speed := math.Max(1, oc.opts.Speed)
				frames, events := run(t, a, speed)
				checkEnd(t, a, after, tr, geo)
				checkEvents(t, events, tr)
				// Determinism: the same inputs give the same ticks.
				frames2, events2 := run(t, New(tr, before, geo, oc.opts), speed)
				if !reflect.DeepEqual(frames, frames2) || !reflect.DeepEqual(events, events2) {
					t.Errorf("two runs differ")
				}
				if !oc.opts.Reduced && oc.opts.Speed == 0 { // a beat of at least a tick
					checkCradle(t, frames, tr, before)
				}
			})
		}
	}
}

// checkEnd: every marble ends exactly where the engine's position has it,
// removed ones in the mover's tray.
func checkEnd(t *testing.T, a *Animation, after logic.Position, tr logic.Trace, geo layout.Geometry) {
	t.Helper()
	var seen logic.Bitboard
	removed := 0
	seat := after.SeatOf(tr.Mover)
	for i, m := range a.Marbles() {
		if m.Lift != 0 {
			t.Errorf("marble %d still lifted (%v)", i, m.Lift)
		}
		if m.Square == logic.NoSquare {
			removed++
			if !m.InTray || m.Color != tr.Mover {
				t.Errorf("removed marble %d: in tray %v, colour %s", i, m.InTray, m.Color)
			}
			if px := geo.ToPixel(m.Pos); !geo.Seats[seat].Tray.Contains(px) {
				t.Errorf("removed marble %d at %v, not in the mover's tray %v", i, px, geo.Seats[seat].Tray)
			}
			continue
		}
		if m.Pos != layout.CellPos(m.Square) {
			t.Errorf("marble %d ends at %v, not exactly on %s %v", i, m.Pos, m.Square, layout.CellPos(m.Square))
		}
		if got := after.At(m.Square); got != m.Color {
			t.Errorf("marble %d: %s on %s, the engine has %s", i, m.Color, m.Square, got)
		}
		if seen.Has(m.Square) {
			t.Errorf("two marbles end on %s", m.Square)
		}
		seen |= 1 << m.Square
	}
	if seen != after.Occupied() {
		t.Errorf("marbles end on %v, the engine has %v\n%s", seen.Squares(), after.Occupied().Squares(), after.Diagram())
	}
	if removed != len(tr.Removed()) {
		t.Errorf("%d marbles went to the tray, the trace removed %d", removed, len(tr.Removed()))
	}
	for s := 0; s < after.Players(); s++ {
		if got, want := a.TrayCount(s), after.Supply(s); got != want {
			t.Errorf("seat %d: tray shows %d, supply is %d", s, got, want)
		}
	}
}

func checkEvents(t *testing.T, events []Event, tr logic.Trace) {
	t.Helper()
	count := map[EventKind]int{}
	for _, e := range events {
		count[e.Kind]++
	}
	pushed := len(tr.Slides()) - 1
	if count[Impact] != pushed {
		t.Errorf("%d impacts for a push of %d", count[Impact], pushed)
	}
	for _, e := range events {
		if e.Kind == Impact && !(e.Speed > 0) {
			t.Errorf("impact at speed %v", e.Speed)
		}
	}
	if count[Done] != 1 || events[len(events)-1].Kind != Done {
		t.Errorf("done %d times, last event %v", count[Done], events[len(events)-1].Kind)
	}
	if tr.Scored != (count[Score] == 1) {
		t.Errorf("scored %v, score events %d", tr.Scored, count[Score])
	}
	if n := len(tr.Removed()); count[Lift] != n || count[Land] != n {
		t.Errorf("%d lifts and %d landings for %d removed", count[Lift], count[Land], n)
	}
	if count[Roll] != 1+pushed+len(tr.Removed()) {
		t.Errorf("%d rolls", count[Roll])
	}
}

// checkCradle: the inserted marble moves first, and each pushed marble
// starts when the one behind it reaches it, never before (no push at a
// distance) and never after the one behind it. The marbles nearly touch
// (a gap of 1-2r = 0.1 cells): the one behind closes the gap in about a
// tick, so two marbles of the chain may start on the same tick (with the
// 0.2-cell gap of smaller marbles this asked for a beat of a whole tick).
// The one behind is in contact, within what it travels in a tick, on the
// tick the one ahead starts.
func checkCradle(t *testing.T, frames [][]Marble, tr logic.Trace, before logic.Position) {
	t.Helper()
	n := len(tr.Slides())
	first := before.Occupied().Count() - (n - 1) // index of the inserted marble
	start := func(i int) int {
		for k := 1; k < len(frames); k++ {
			if frames[k][i].Pos != frames[0][i].Pos {
				return k
			}
		}
		return -1
	}
	last := start(first)
	if last != 1 {
		t.Errorf("inserted marble starts at tick %d", last)
	}
	for k := 1; k < n; k++ {
		s := start(first + k)
		if s < last {
			t.Errorf("pushed marble %d starts at tick %d, the one behind at %d", k, s, last)
		}
		behind, ahead := frames[s][first+k-1], frames[s][first+k]
		step := frames[s][first+k-1].Pos.Dist(frames[s-1][first+k-1].Pos)
		if d := behind.Pos.Dist(ahead.Pos); d > 2*layout.MarbleRatio+step+1e-9 {
			t.Errorf("pushed marble %d starts at tick %d with the one behind %.3f cells away (contact at %.2f)", k, s, d, 2*layout.MarbleRatio)
		}
		last = s
	}
}

func TestResizeMidAnimation(t *testing.T) {
	before, after, tr := play(t, "5g1/7/7/3ooo1/7/7/7 expert ogb o 19,21,22 0,0,0 0,0,0", "E4xd4-g4=d4")
	geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: 3, Scoring: true})
	a := New(tr, before, geo, Options{})
	for i := 0; i < 60; i++ {
		a.Step()
	}
	geo2 := layout.New(layout.Config{W: 800, H: 1280, Scale: 2, Players: 3, Scoring: true})
	a.SetGeometry(geo2)
	for i := 0; !a.Done(); i++ {
		if i > maxTicks {
			t.Fatal("not done")
		}
		a.Step()
	}
	checkEnd(t, a, after, tr, geo2)
}

func TestLengths(t *testing.T) {
	// Pin the feel: a plain insert, a push of 6, a scoring move.
	tests := []struct {
		tc       traceCase
		min, max float64
	}{
		{traceCase{"plain", chainPosition(logic.NewEntry(logic.West, 3), 0), "W4"}, 15, 40},
		{traceCase{"push 6", chainPosition(logic.NewEntry(logic.West, 3), 6), "W4"}, 30, 90},
		{traceCase{"score", "6g/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0", "W4xa4-e4"}, 60, 200},
	}
	for _, tt := range tests {
		before, _, tr := play(t, tt.tc.pos, tt.tc.move)
		geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: 2, Scoring: true})
		a := New(tr, before, geo, Options{})
		if l := a.Length(); l < tt.min || l > tt.max {
			t.Errorf("%s lasts %.1f ticks, want %v..%v", tt.tc.name, l, tt.min, tt.max)
		}
		r := New(tr, before, geo, Options{Reduced: true})
		if r.Length() >= a.Length() {
			t.Errorf("%s: reduced motion lasts %.1f ≥ %.1f", tt.tc.name, r.Length(), a.Length())
		}
	}
}

func BenchmarkStep(b *testing.B) {
	p, _ := logic.ParsePosition("6g/7/7/oooo3/7/7/7 expert og o 18,21 0,0 0,0")
	before := p
	var tr logic.Trace
	p.PlayString("W4xa4-e4", &tr)
	geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: 2, Scoring: true})
	a := New(tr, before, geo, Options{})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if a.Done() {
			b.StopTimer()
			a = New(tr, before, geo, Options{})
			b.StartTimer()
		}
		a.Step()
	}
}

// TestCarryFromTheTray: a computer's move shows the marble
// lifted from the mover's tray and carried to its entry point before it
// rolls in; it is set down there once, and then the move runs as ever.
func TestCarryFromTheTray(t *testing.T) {
	for _, tc := range traceCases() {
		before, after, tr := play(t, tc.pos, tc.move)
		geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: before.Players(), Scoring: before.Variant().Scores()})
		for _, reduced := range []bool{false, true} {
			a := New(tr, before, geo, Options{Carry: true, Reduced: reduced})
			seat := before.SeatOf(tr.Mover)
			in := before.Occupied().Count() - (len(tr.Slides()) - 1) // the inserted marble
			if px := geo.ToPixel(a.Marbles()[in].Pos); !geo.Seats[seat].Tray.Contains(px) {
				t.Fatalf("%s: the carried marble starts at %v, not in the mover's tray %v", tc.name, px, geo.Seats[seat].Tray)
			}
			lifted, placed := false, 0
			for i := 0; !a.Done(); i++ {
				if i > maxTicks {
					t.Fatal("not done")
				}
				a.Step()
				if a.Marbles()[in].Lift > 0.5 {
					lifted = true
				}
				for _, ev := range a.Events() {
					if ev.Kind == Place {
						placed++
						if d := a.Marbles()[in].Pos.Dist(layout.EntryPos(tr.Entry)); d > 0.3 {
							t.Errorf("%s: set down %.2f cells from the entry point", tc.name, d)
						}
					}
				}
			}
			if !lifted || placed != 1 {
				t.Errorf("%s (reduced %v): lifted %v, set down %d times", tc.name, reduced, lifted, placed)
			}
			checkEnd(t, a, after, tr, geo)
			if plain := New(tr, before, geo, Options{Reduced: reduced}); a.Length() <= plain.Length() {
				t.Errorf("%s: the carry adds no time (%.0f ≤ %.0f)", tc.name, a.Length(), plain.Length())
			}
		}
	}
}

// TestScoredMarblesQueue: the marbles of a scored line leave one at a
// time and never pass through each other on their way to the tray: at
// every tick, two marbles in flight are at least a marble apart.
func TestScoredMarblesQueue(t *testing.T) {
	for _, tc := range traceCases() {
		before, _, tr := play(t, tc.pos, tc.move)
		if !tr.Scored || len(tr.Removed()) < 2 {
			continue
		}
		for _, sz := range [][2]float64{{1280, 800}, {800, 1280}, {390, 844}} {
			geo := layout.New(layout.Config{W: sz[0], H: sz[1], Scale: 1, Players: before.Players(), Scoring: true})
			a := New(tr, before, geo, Options{})
			for i := 0; !a.Done(); i++ {
				a.Step()
				ms := a.Marbles()
				for x := range ms {
					for y := x + 1; y < len(ms); y++ {
						if ms[x].Lift > 0 && ms[y].Lift > 0 && !ms[x].InTray && !ms[y].InTray {
							if d := ms[x].Pos.Dist(ms[y].Pos); d < 2*layout.MarbleRatio {
								t.Fatalf("%s at %v, tick %d: two marbles in flight %.2f cells apart", tc.name, sz, i, d)
							}
						}
					}
				}
			}
		}
	}
}
