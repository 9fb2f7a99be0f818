package logic

import (
	"reflect"
	"testing"
)

func TestTrace(t *testing.T) {
	t.Run("§2 the push: inserted marble first, then the chain from the entry inwards", func(t *testing.T) {
		p, _ := ParsePosition("7/7/7/og1w3/7/7/7 express ogbw g 21,21,22,21 0,0,0,0 0,0,0,0")
		var tr Trace
		if err := p.PlayString("W4", &tr); err != nil {
			t.Fatal(err)
		}
		want := []Slide{{NoSquare, Sq(0, 3)}, {Sq(0, 3), Sq(1, 3)}, {Sq(1, 3), Sq(2, 3)}}
		if !reflect.DeepEqual(tr.Slides(), want) {
			t.Errorf("slides %v, want %v", tr.Slides(), want)
		}
		if tr.Mover != Green || tr.Entry.String() != "W4" || tr.Handover != NextPlayer || tr.Next != Blue || tr.Scored {
			t.Errorf("trace %+v", tr)
		}
	})
	t.Run("§5 §7 scoring: removed marbles, points, extra turn", func(t *testing.T) {
		p, _ := ParsePosition("5g1/7/7/3ooo1/7/7/7 expert ogb o 19,21,22 0,0,0 0,0,0")
		var tr Trace
		if err := p.PlayString("E4xd4-g4=d4", &tr); err != nil {
			t.Fatal(err)
		}
		if !tr.Scored || tr.Points != 2 || tr.Line.String() != "d4-g4" || tr.Kept != Sq(3, 3) {
			t.Errorf("scoring %+v", tr)
		}
		want := []Square{Sq(4, 3), Sq(5, 3), Sq(6, 3)}
		if !reflect.DeepEqual(tr.Removed(), want) {
			t.Errorf("removed %v, want %v", tr.Removed(), want)
		}
		if tr.Handover != ExtraTurn || tr.Next != Orange {
			t.Errorf("hand-over %s to %s, want extra turn to orange", tr.Handover, tr.Next)
		}
	})
	t.Run("§7 sit-outs passed on the way to the next player", func(t *testing.T) {
		p, _ := ParsePosition("7/7/7/7/7/7/7 express ogbw o 22,22,22,22 0,0,0,0 0,2,1,0")
		var tr Trace
		p.PlayString("Nd", &tr)
		if got := tr.SatOut(); !reflect.DeepEqual(got, []Color{Green, Blue}) || tr.Next != White {
			t.Errorf("sat out %v, next %s; want [green blue], white", got, tr.Next)
		}
	})
	t.Run("§4 a winning move ends the game", func(t *testing.T) {
		p, _ := ParsePosition("5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0")
		var tr Trace
		p.PlayString("W4", &tr)
		if tr.Handover != GameOver || tr.Next != NoColor || tr.Result != (Result{Won, Orange}) {
			t.Errorf("trace %+v", tr)
		}
	})
}

// TestTraceAllocs keeps Apply and move generation allocation-free, which the
// search depends on.
func TestTraceAllocs(t *testing.T) {
	p, _ := ParsePosition("5g1/7/7/1ooo3/o6/o6/o6 expert ogb o 16,21,22 0,0,0 0,0,0")
	var buf [MaxMoves]Move
	var tr Trace
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range p.Moves(buf[:0]) {
			q := p
			q.Apply(m, &tr)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per move generation and apply, want 0", allocs)
	}
}
