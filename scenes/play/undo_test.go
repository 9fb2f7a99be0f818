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
	for ticks := 0; !m.Pos.Over() && ticks < 20000; ticks++ {
		if m.ComputerToMove() {
			if mv, ok := m.Think(2000); ok {
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
