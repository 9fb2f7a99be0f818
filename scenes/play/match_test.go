package play

import (
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
)

func newTestMatch(t *testing.T, pos string, computers ...bool) *Match {
	t.Helper()
	p, err := logic.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	st := DefaultSetup()
	for i, c := range computers {
		st.Seats[i].Player = record.OldPlayer(c, 1)
	}
	return NewMatch(p, &st, 1)
}

// TestComputersPlayAGameInSlices plays two level-1 computers against each
// other through the stepped search, a few hundred nodes a tick, to the
// end, and checks that the same seed replays the same game.
func TestComputersPlayAGameInSlices(t *testing.T) {
	play := func() []logic.Move {
		m := newTestMatch(t, "7/7/7/7/7/7/7 expert og o 22,22 0,0 0,0", true, true)
		players := [2]Player{NewPlayer(m.Player(0), m.Seed()), NewPlayer(m.Player(1), m.Seed())}
		for ticks := 0; !m.Pos.Over(); ticks++ {
			if ticks > 100000 {
				t.Fatalf("no end after %d ticks:\n%s", ticks, m.Pos.Diagram())
			}
			if mv, ok := players[m.Pos.ToMoveSeat()].Next(m, Pace{NodesPerTick: 300}); ok {
				if err := m.Play(mv); err != nil {
					t.Fatalf("AI move %s: %v\n%s", mv, err, m.Pos.Diagram())
				}
			}
		}
		return m.Moves
	}
	a, b := play(), play()
	if len(a) != len(b) {
		t.Fatalf("replay has %d moves, first game %d", len(b), len(a))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("move %d differs: %s then %s", i+1, a[i], b[i])
		}
	}
}

func TestLegalSaysWhy(t *testing.T) {
	// §2: W4's track (rank 4) is full; a lone orange marble on a1 forbids
	// nothing yet for green.
	m := newTestMatch(t, "7/7/7/gogogog/7/7/7 express og o 19,18 0,0 0,0", false, false)
	if ok, why := m.Legal(logic.NewEntry(logic.West, 3)); ok || why == "" {
		t.Errorf("W4 on a full rank: ok=%v %q", ok, why)
	}
	if ok, _ := m.Legal(logic.NewEntry(logic.West, 0)); !ok {
		t.Error("W1 on an empty rank refused")
	}
	// §2 single colour: orange alone on d4, inserting at Sd... is fine, but
	// orange on a1 makes W1 (landing on a1 and pushing it to b1) illegal.
	m = newTestMatch(t, "7/7/7/7/7/7/o6 express og o 21,22 0,0 0,0", false, false)
	if ok, why := m.Legal(logic.NewEntry(logic.West, 0)); ok || why == "" {
		t.Errorf("W1 next to a lone orange: ok=%v %q", ok, why)
	}
}

func TestLineSquares(t *testing.T) {
	a, _ := logic.ParseSquare("a7")
	b, _ := logic.ParseSquare("e3")
	got := LineSquares(a, b, nil)
	if len(got) != 5 || got[2].String() != "c5" {
		t.Errorf("a7-e3 = %v", got)
	}
}
