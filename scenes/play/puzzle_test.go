package play

import (
	"testing"

	"shiftago/logic/puzzle"
)

// TestPuzzleRun: the run answers the main line while the player follows
// it, refutes a wrong first move with the puzzle's refutation, judges a
// wrong move and the win, and seats the player at the side to move with
// a Grandmaster against him.
func TestPuzzleRun(t *testing.T) {
	all, err := puzzle.All()
	if err != nil {
		t.Fatal(err)
	}
	for i := range all {
		pz := &all[i]
		s, run, err := NewPuzzleRun(pz, DefaultSetup(), 1, "2026-11-25")
		if err != nil {
			t.Fatal(err)
		}
		m := s.M
		me := m.Pos.ToMoveSeat()
		if !m.HumanToMove() || !m.Computer(1-me) || m.Level(1-me) != 5 || run.Winner() != m.Pos.ToMove() {
			t.Fatalf("%s: seats %v / %v", pz.Position, m.Player(0), m.Player(1))
		}
		// The main line: the run answers each move with the line's next.
		for k, ms := range pz.Line {
			mv, err := m.Pos.ParseMove(ms)
			if err != nil {
				t.Fatal(err)
			}
			if m.Pos.ToMoveSeat() != me {
				if got := run.Answer(&m.Pos, 0); got != mv {
					t.Fatalf("%s: answer %d is %v, the line's %s", pz.Position, k, got, ms)
				}
			}
			if err := m.Play(mv); err != nil {
				t.Fatal(err)
			}
			run.See(LessonEvent{Kind: Moved})
			if run.State != PuzzleSolving {
				t.Fatalf("%s: move %d of the line judged %d", pz.Position, k, run.State)
			}
		}
		run.See(LessonEvent{Kind: GameOver})
		if run.State != PuzzleSolved || run.Changed != 1 {
			t.Fatalf("%s: the line played out: state %d", pz.Position, run.State)
		}
		// A wrong first move: judged wrong, answered by its refutation.
		for ms, rs := range pz.Refute {
			s, run, _ := NewPuzzleRun(pz, DefaultSetup(), 1, "")
			mv, _ := s.M.Pos.ParseMove(ms)
			if err := s.M.Play(mv); err != nil {
				t.Fatal(err)
			}
			run.See(LessonEvent{Kind: Moved})
			if run.State != PuzzleWrong {
				t.Fatalf("%s: %s judged %d", pz.Position, ms, run.State)
			}
			if got := run.Answer(&s.M.Pos, 0); got.String() != rs {
				t.Fatalf("%s: %s answered %v, want %s", pz.Position, ms, got, rs)
			}
			break
		}
	}
}
