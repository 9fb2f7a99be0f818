package logic

import (
	"slices"
	"strings"
	"testing"
)

// perftCase pins perft counts (RULES.md §9). Each count was cross-checked
// against the naive second implementation (see differential_test.go, which
// recomputes the shallow ones with it on every run).
type perftCase struct {
	name   string
	pos    string   // RULES.md §10 position string
	counts []uint64 // perft 1, 2, 3, ...
}

var perftCases = []perftCase{
	// §2 §7 §9: every variant × player count from the start, without and with sit-outs.
	{"express 2p start", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", []uint64{28, 784, 21952, 614656, 17210368}},
	{"express 2p, green sits out 3: orange plays alone", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,3", []uint64{28, 684, 14352, 253752}},
	{"express 3p start", "7/7/7/7/7/7/7 express ogb o 22,22,22 0,0,0 0,0,0", []uint64{28, 784, 21952, 614656}},
	{"express 3p sit-outs 2,0,1", "7/7/7/7/7/7/7 express ogb g 22,22,22 0,0,0 1,0,1", []uint64{28, 684, 19152, 536256}},
	{"express 4p start", "7/7/7/7/7/7/7 express ogbw o 22,22,22,22 0,0,0,0 0,0,0,0", []uint64{28, 784, 21952, 614656}},
	{"express 4p sit-outs 1,0,4,2", "7/7/7/7/7/7/7 express ogbw g 22,22,22,22 0,0,0,0 0,0,4,2", []uint64{28, 784, 21952, 614656}},
	{"expert 2p start", "7/7/7/7/7/7/7 expert og o 22,22 0,0 0,0", []uint64{28, 784, 21952, 614656}},
	{"expert 2p sit-outs 0,3", "7/7/7/7/7/7/7 expert og o 22,22 0,0 0,3", []uint64{28, 684, 14352, 253752}},
	{"expert 3p start", "7/7/7/7/7/7/7 expert ogb o 22,22,22 0,0,0 0,0,0", []uint64{28, 784, 21952, 614656}},
	{"expert 3p sit-outs 2,0,1", "7/7/7/7/7/7/7 expert ogb g 22,22,22 0,0,0 1,0,1", []uint64{28, 684, 19152, 536256}},
	{"expert 4p start", "7/7/7/7/7/7/7 expert ogbw o 22,22,22,22 0,0,0,0 0,0,0,0", []uint64{28, 784, 21952, 614656}},
	{"expert 4p sit-outs 1,0,4,2", "7/7/7/7/7/7/7 expert ogbw g 22,22,22,22 0,0,0,0 0,0,4,2", []uint64{28, 784, 21952, 614656}},
	{"extreme 2p start", "7/7/7/7/7/7/7 extreme og o 22,22 0,0 0,0", []uint64{28, 784, 21952, 614656}},
	{"extreme 2p sit-outs 0,3", "7/7/7/7/7/7/7 extreme og o 22,22 0,0 0,3", []uint64{28, 684, 14352, 253752}},
	{"extreme 3p start", "7/7/7/7/7/7/7 extreme ogb o 22,22,22 0,0,0 0,0,0", []uint64{28, 784, 21952, 614656}},
	{"extreme 3p sit-outs 2,0,1", "7/7/7/7/7/7/7 extreme ogb g 22,22,22 0,0,0 1,0,1", []uint64{28, 684, 19152, 536256}},
	{"extreme 4p start", "7/7/7/7/7/7/7 extreme ogbw o 22,22,22,22 0,0,0,0 0,0,0,0", []uint64{28, 784, 21952, 614656}},
	{"extreme 4p sit-outs 1,0,4,2", "7/7/7/7/7/7/7 extreme ogbw g 22,22,22,22 0,0,0,0 0,0,4,2", []uint64{28, 784, 21952, 614656}},
	// §2 §7: a sit-out given at the start is passed at once.
	{"§2 §7 express 2p, orange sits out 2: green plays twice alone", "7/7/7/7/7/7/7 express og o 22,22 0,0 2,0", []uint64{28, 684, 19152, 536256}},
	{"§2 §7 express 2p, orange sits out 6", "7/7/7/7/7/7/7 express og o 22,22 0,0 6,0", []uint64{28, 684, 14352, 253752}},
	{"§2 §6 §7 extreme 4p with sit-outs 0,3,6,1: forced 0-point lines early", "7/7/7/7/7/7/7 extreme ogbw o 22,22,22,22 0,0,0,0 0,3,6,1", []uint64{28, 684, 19152, 538592}},
	{"§2 §9 express 2p mid-game", "og1oooo/ogo4/go4g/gg4g/o6/o6/og3gg express og g 11,12 0,0 0,0", []uint64{26, 670, 16148}},
	{"§2 §9 express 3p mid-game", "o2o1gg/gb5/o3ogb/6g/bg4b/b5b/oobog2 express ogb o 15,15,15 0,0,0 0,0,0", []uint64{28, 751, 20626}},
	{"§5 §9 expert 2p: green must score on every move", "o1o2go/7/6g/oo5/oo4g/go5/ooggggg expert og g 12,13 0,0 0,0", []uint64{26, 728, 20360}},
	{"§5 §9 expert 3p mid-game with scoring choices", "o2bgog/g5b/7/5bg/7/g5b/1ooo1b1 expert ogb o 17,17,17 0,0,0 0,0,0", []uint64{31, 868, 24327}},
	{"§5 §9 expert 4p mid-game with scoring choices", "1wwbgob/3gobo/ow2g1o/ow3bw/ob1b1ow/wg3bg/wgwbogb expert ogbw o 13,15,13,13 0,2,0,0 0,0,0,0", []uint64{26, 608, 13861}},
	{"§6 §9 extreme 2p mid-game", "o2oo2/6g/7/o6/oo3oo/g5g/ggg1ggo extreme og g 13,14 0,0 0,0", []uint64{28, 784, 21791}},
	{"§6 §9 extreme 3p mid-game", "2obo1g/6g/5bo/go3go/2b4/2g3b/obb2g1 extreme ogb o 16,16,16 0,0,0 0,0,0", []uint64{31, 924, 27318}},
	{"§6 §9 extreme 4p mid-game", "3boo1/go1ww2/4b1g/6o/5wg/6b/4bgw extreme ogbw o 18,18,18,18 0,0,0,0 0,0,0,0", []uint64{31, 893, 25263}},
	{"§5 §9 a line of 7 wins at once: those moves are leaves", "6g/7/7/oooooo1/7/7/7 expert og o 16,21 0,0 0,0", []uint64{28, 730, 20386}},
}

// perftDepthLimit keeps the default test run quick; -short trims further.
func perftDepthLimit() int {
	if testing.Short() {
		return 3
	}
	return 4
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		p, err := ParsePosition(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for d, want := range c.counts {
			if d+1 > perftDepthLimit() {
				break
			}
			if got := Perft(&p, d+1); got != want {
				t.Errorf("%s: perft %d = %d, want %d\n%s", c.name, d+1, got, want, p.Diagram())
			}
		}
	}
}

// TestPerftDivide checks that the divided counts add up and follow the
// move list.
func TestPerftDivide(t *testing.T) {
	i := slices.IndexFunc(perftCases, func(c perftCase) bool { return strings.Contains(c.name, "must score on every move") })
	c := perftCases[i]
	p, _ := ParsePosition(c.pos)
	moves, counts := perftDivide(&p, 2)
	var sum uint64
	for i, m := range moves {
		q := p
		q.Apply(m, nil)
		want := uint64(1)
		if !q.Over() {
			want = Perft(&q, 1)
		}
		if counts[i] != want {
			t.Errorf("%s: %d, want %d", m, counts[i], want)
		}
		sum += counts[i]
	}
	if sum != c.counts[1] {
		t.Errorf("divide sums to %d, want %d", sum, c.counts[1])
	}
}

// TestPerftStop checks that the stoppable count agrees with Perft (RULES.md
// §9) when never stopped, and that a stop request ends even a count that
// would take days (depth 12) after a bounded number of checks.
func TestPerftStop(t *testing.T) {
	for _, c := range perftCases {
		p, _ := ParsePosition(c.pos)
		d := min(3, len(c.counts))
		calls := 0
		got, ok := PerftStop(&p, d, func() bool { calls++; return false })
		if !ok || got != c.counts[d-1] {
			t.Errorf("%s: PerftStop %d = %d, %v; want %d, true", c.name, d, got, ok, c.counts[d-1])
		}
		if calls == 0 {
			t.Errorf("%s: stop was never asked", c.name)
		}
	}
	p, _ := ParsePosition(perftCases[0].pos)
	calls := 0
	if _, ok := PerftStop(&p, 12, func() bool { calls++; return calls > 1000 }); ok {
		t.Error("perft 12 was not stopped")
	}
	if calls != 1001 {
		t.Errorf("stop asked %d times after it said stop at the 1001st", calls)
	}
}

// perftDivide is Perft split by the first move, in move-generation order.
func perftDivide(p *Position, depth int) (moves []Move, counts []uint64) {
	if depth <= 0 {
		return nil, nil
	}
	moves = p.Moves(nil)
	counts = make([]uint64, len(moves))
	for i, m := range moves {
		q := *p
		q.Apply(m, nil)
		if q.Over() {
			counts[i] = 1
			continue
		}
		counts[i] = perft(q, depth-1)
	}
	return moves, counts
}
