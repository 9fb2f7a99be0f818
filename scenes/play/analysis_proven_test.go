package play

import (
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/puzzle"
)

// TestAnalysisProves: the replay's analysis of a puzzle's main line says
// what the solver proves: the side to move wins in the puzzle's moves at
// the start, and after its first move the defender loses within the plies
// left, each proven (not an estimate).
func TestAnalysisProves(t *testing.T) {
	all, err := puzzle.All()
	if err != nil {
		t.Fatal(err)
	}
	for i := range all {
		pz := &all[i]
		start, _ := pz.Start()
		if start.Variant() != logic.Express {
			continue
		}
		var moves []logic.Move
		q := start
		for _, s := range pz.Line {
			m, _ := q.ParseMove(s)
			q.Apply(m, nil)
			moves = append(moves, m)
		}
		a, err := NewAnalysis(start, moves, AnalysisConfig{MaxNodes: 20000, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for !a.Step(3000) {
		}
		e0, e1 := a.At(0), a.At(1)
		if e0.Proven != ai.ProvenWin || e0.Plies != pz.Plies || e0.ProvenMoves(logic.Express) != pz.Moves() || e0.Winner != e0.ToMove {
			t.Errorf("%s: the start is %v in %d plies (%d moves), winner %d; the puzzle: a win in %d", pz.Position, e0.Proven, e0.Plies, e0.ProvenMoves(logic.Express), e0.Winner, pz.Moves())
		}
		if e1.Proven != ai.ProvenLoss || e1.Plies != pz.Plies-1 || e1.Winner != e0.ToMove {
			t.Errorf("%s: after %s: %v in %d plies, want a loss in %d", pz.Position, pz.Line[0], e1.Proven, e1.Plies, pz.Plies-1)
		}
		return
	}
	t.Fatal("no Express puzzle")
}
