package play

import (
	"testing"

	"shiftago/logic"
)

// TestUndoAgainstComputer plays an Expert game (extra turns, scoring
// choices) of a human against the computer; at every human turn it undoes
// and redoes and checks that the game is back exactly where it was.
func TestUndoAgainstComputer(t *testing.T) {
	m := newTestMatch(t, "7/7/7/7/7/7/7 expert og o 22,22 0,0 0,0", false, true)
	var buf [logic.MaxMoves]logic.Move
	x := uint64(12345)
	humanTurns, checked := 0, 0
	computer := NewPlayer(m.Player(1), m.Seed())
	for ticks := 0; !m.Pos.Over() && ticks < 20000; ticks++ {
		if m.ComputerToMove() {
			if mv, ok := computer.Next(m, Pace{NodesPerTick: 2000}); ok {
				if err := m.Play(mv); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		humanTurns++
		if len(m.Moves) > 0 && m.CanUndo(false) {
			before, n := m.Pos.String(), len(m.Moves)
			if !m.Undo(false) {
				t.Fatal("undo refused")
			}
			if m.ComputerToMove() || len(m.Moves) >= n {
				t.Fatalf("after undo: %d moves (was %d), computer to move %v", len(m.Moves), n, m.ComputerToMove())
			}
			if !m.RedoMove() || m.Pos.String() != before || len(m.Moves) != n {
				t.Fatalf("redo gives %s, want %s", m.Pos.String(), before)
			}
			checked++
		}
		ms := m.Pos.Moves(buf[:0])
		x = x*6364136223846793005 + 1442695040888963407
		if err := m.Play(ms[(x>>33)%uint64(len(ms))]); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 5 {
		t.Fatalf("only %d undo checks in %d human turns", checked, humanTurns)
	}
	// Undo twice, then a new move clears what was left to redo.
	if m.Undo(false) && m.Undo(false) {
		if !m.CanRedo() {
			t.Fatal("nothing to redo after two undos")
		}
		ms := m.Pos.Moves(buf[:0])
		m.Play(ms[len(ms)-1])
		if ms[len(ms)-1] != m.Moves[len(m.Moves)-1] || (m.CanRedo() && m.Redo[0] == ms[len(ms)-1]) {
			t.Fatal("play after undo")
		}
	}
}

// TestUndoHotSeat: between humans, undo is a setting and takes back one
// move at a time.
func TestUndoHotSeat(t *testing.T) {
	m := newTestMatch(t, "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", false, false)
	for _, s := range []string{"W4", "Nd", "W3"} {
		mv, _ := m.Pos.ParseMove(s)
		m.Play(mv)
	}
	if m.CanUndo(false) || m.Undo(false) {
		t.Fatal("hot-seat undo without the setting")
	}
	if !m.Undo(true) || len(m.Moves) != 2 || m.Pos.ToMove() != logic.Orange {
		t.Fatalf("hot-seat undo: %d moves, %s to move", len(m.Moves), m.Pos.ToMove())
	}
	m.RedoMove()
	if len(m.Moves) != 3 || m.Pos.ToMove() != logic.Green {
		t.Fatalf("hot-seat redo: %d moves", len(m.Moves))
	}
}

// TestQuickUndosChain: three undos tapped before the first is shown, then
// a redo, hand the screen one chain of moves to show: each starts where
// the one before ends, the first where the board stood, the last on the
// match's position; the turn goes on once they are shown.
func TestQuickUndosChain(t *testing.T) {
	c := newController(t, "7/7/7/7/7/7/7 expert og o 22,22 0,0 0,0", Pace{}, false, false)
	for _, s := range []string{"W4", "Nd", "W3", "Sb"} {
		if err := c.PlayString(s); err != nil {
			t.Fatal(err)
		}
		show(c)
	}
	shown := c.Match().Pos
	var evs []Event
	for k := 0; k < 3; k++ {
		if !c.Undo(true) {
			t.Fatalf("undo %d refused", k)
		}
		evs = append(evs, c.Events()...)
	}
	if !c.Redo() {
		t.Fatal("redo refused")
	}
	evs = append(evs, c.Events()...)
	steps := 0
	for _, ev := range evs {
		if ev.Kind != Replayed {
			continue
		}
		steps++
		from, to := ev.Before, ev.Before
		if err := to.Play(ev.Move, nil); err != nil {
			t.Fatal(err)
		}
		if ev.Back {
			from, to = to, from
		}
		if from.String() != shown.String() {
			t.Fatalf("step %d (%s, back %v) starts on %s, the board shows %s", steps, ev.Move, ev.Back, from.String(), shown.String())
		}
		shown = to
	}
	if steps != 4 || shown.String() != c.Match().Pos.String() {
		t.Fatalf("%d steps end on %s, the match is at %s", steps, shown.String(), c.Match().Pos.String())
	}
	if c.Phase() != Showing {
		t.Errorf("phase %s while the steps are shown", c.Phase())
	}
	c.Shown()
	if !c.HumanToMove() || len(c.Match().Moves) != 2 {
		t.Errorf("after the steps: human to move %v, %d moves", c.HumanToMove(), len(c.Match().Moves))
	}
}
