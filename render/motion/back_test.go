package motion

import (
	"math"
	"testing"

	"shiftago/logic"
	"shiftago/render/layout"
)

// TestBackEveryTrace: every kind of move taken back starts from the
// board the move left (the scored marbles in the tray, the trays as the
// position after it has them) and ends exactly on the position before it,
// the inserted marble home in its tray; no marble jumps or overlaps
// another on the way, and the same inputs give the same ticks.
func TestBackEveryTrace(t *testing.T) {
	opts := []struct {
		name string
		o    Options
	}{
		{"default", Options{Back: true}},
		{"speed 2", Options{Back: true, Speed: 2}},
		{"reduced", Options{Back: true, Reduced: true}},
	}
	for _, tc := range traceCases() {
		before, after, tr := play(t, tc.pos, tc.move)
		for _, sz := range [][2]float64{{1280, 800}, {390, 844}} {
			geo := layout.New(layout.Config{W: sz[0], H: sz[1], Scale: 1, Players: before.Players(), Scoring: before.Variant().Scores()})
			for _, oc := range opts {
				t.Run(tc.name+"/"+oc.name, func(t *testing.T) {
					a := New(tr, before, geo, oc.o)
					checkShown(t, "start", a, after)
					frames, events := run(t, a, math.Max(1, oc.o.Speed))
					checkShown(t, "end", a, before)
					checkHome(t, a, before, tr, geo)
					checkBackEvents(t, events, tr)
					frames2, _ := run(t, New(tr, before, geo, oc.o), math.Max(1, oc.o.Speed))
					if len(frames) != len(frames2) || frames[len(frames)/2][0] != frames2[len(frames2)/2][0] {
						t.Error("two runs differ")
					}
				})
			}
		}
	}
}

// TestBackPushOnly: the push of an insertion whose scoring choice was
// never made goes back without touching the line.
func TestBackPushOnly(t *testing.T) {
	for _, tc := range traceCases() {
		before, _, tr := play(t, tc.pos, tc.move)
		if !tr.Scored {
			continue
		}
		geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: before.Players(), Scoring: true})
		a := New(tr, before, geo, Options{Back: true, PushOnly: true})
		if got, want := a.TrayCount(before.SeatOf(tr.Mover)), before.Supply(before.SeatOf(tr.Mover))-1; got != want {
			t.Errorf("%s: tray shows %d at the start, want %d", tc.name, got, want)
		}
		_, events := run(t, a, 1)
		checkShown(t, "end", a, before)
		for _, ev := range events {
			if ev.Kind == Score {
				t.Errorf("%s: a push alone scored", tc.name)
			}
		}
	}
}

// checkShown: the marbles on the board are exactly pos's, each on a cell,
// and each tray shows pos's supply.
func checkShown(t *testing.T, when string, a *Animation, pos logic.Position) {
	t.Helper()
	var seen logic.Bitboard
	for i, m := range a.Marbles() {
		if m.InTray {
			continue
		}
		s, ok := cellAt(m.Pos)
		if !ok || m.Lift != 0 {
			t.Errorf("%s: marble %d at %v (lift %.2f), not resting on a cell", when, i, m.Pos, m.Lift)
			continue
		}
		if pos.At(s) != m.Color || seen.Has(s) {
			t.Errorf("%s: %s on %s, the position has %s (seen before %v)", when, m.Color, s, pos.At(s), seen.Has(s))
		}
		seen |= 1 << s
	}
	if seen != pos.Occupied() {
		t.Errorf("%s: marbles on %v, the position has %v\n%s", when, seen.Squares(), pos.Occupied().Squares(), pos.Diagram())
	}
	for s := 0; s < pos.Players(); s++ {
		if got, want := a.TrayCount(s), pos.Supply(s); got != want {
			t.Errorf("%s: seat %d's tray shows %d, the supply is %d", when, s, got, want)
		}
	}
}

func cellAt(p layout.Point) (logic.Square, bool) {
	for f := 0; f < logic.Size; f++ {
		for r := 0; r < logic.Size; r++ {
			if s := logic.Sq(f, r); layout.CellPos(s) == p {
				return s, true
			}
		}
	}
	return logic.NoSquare, false
}

// checkHome: every marble ends on the square it names, the inserted one
// in the mover's tray.
func checkHome(t *testing.T, a *Animation, before logic.Position, tr logic.Trace, geo layout.Geometry) {
	t.Helper()
	seat := before.SeatOf(tr.Mover)
	home := 0
	for i, m := range a.Marbles() {
		if m.Square == logic.NoSquare {
			home++
			if !m.InTray || m.Lift != 0 || !geo.Seats[seat].Tray.Contains(geo.ToPixel(m.Pos)) {
				t.Errorf("marble %d ends at %v (in tray %v), not in the mover's tray %v", i, geo.ToPixel(m.Pos), m.InTray, geo.Seats[seat].Tray)
			}
		} else if m.InTray || m.Pos != layout.CellPos(m.Square) {
			t.Errorf("marble %d ends at %v, not on %s", i, m.Pos, m.Square)
		}
	}
	if home != 1 {
		t.Errorf("%d marbles end in the tray, want the inserted one", home)
	}
}

func checkBackEvents(t *testing.T, events []Event, tr logic.Trace) {
	t.Helper()
	count := map[EventKind]int{}
	for _, e := range events {
		count[e.Kind]++
		if e.Kind == Score && e.Points != -tr.Points {
			t.Errorf("score back %d for a move of %d", e.Points, tr.Points)
		}
	}
	n := len(tr.Removed())
	if count[Lift] != n+1 || count[Land] != n+1 || count[Impact] != 0 {
		t.Errorf("%d lifts, %d landings, %d impacts for %d removed", count[Lift], count[Land], count[Impact], n)
	}
	if tr.Scored != (count[Score] == 1) {
		t.Errorf("scored %v, score events %d", tr.Scored, count[Score])
	}
	if count[Done] != 1 || events[len(events)-1].Kind != Done {
		t.Errorf("done %d times, last event %v", count[Done], events[len(events)-1].Kind)
	}
}

func BenchmarkStepBack(b *testing.B) {
	p, _ := logic.ParsePosition("6g/7/7/oooo3/7/7/7 expert og o 18,21 0,0 0,0")
	before := p
	var tr logic.Trace
	p.PlayString("W4xa4-e4", &tr)
	geo := layout.New(layout.Config{W: 1280, H: 800, Scale: 1, Players: 2, Scoring: true})
	o := Options{Back: true}
	a := New(tr, before, geo, o)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if a.Done() {
			b.StopTimer()
			a = New(tr, before, geo, o)
			b.StartTimer()
		}
		a.Step()
	}
}
