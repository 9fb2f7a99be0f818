package ai

import (
	"testing"

	"shiftago/logic"
)

// TestProverMatchesBruteForce: a Prover's answers are the definitions'
// (bruteWins, bruteLoses) at every depth up to 4, asked in a shuffled
// order of depths so that deeper proofs in its table are there when a
// shallower question comes (an exact prover must not take them).
func TestProverMatchesBruteForce(t *testing.T) {
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		ps := lateGames(t, v, 30, 20, 64)
		if len(ps) > 40 {
			ps = ps[len(ps)-40:]
		}
		pr := NewProver(1 << 22)
		wins, losses := 0, 0
		for _, p := range ps {
			for _, d := range []int{4, 1, 3, 2} {
				got, known := pr.Wins(p, d)
				if want := bruteWins(&p, d); !known || got != want {
					t.Fatalf("%s: wins within %d: %v (known %v), brute force %v", p.String(), d, got, known, want)
				} else if got {
					wins++
				}
				got, known = pr.Loses(p, d)
				if want := bruteLoses(&p, d); !known || got != want {
					t.Fatalf("%s: loses within %d: %v (known %v), brute force %v", p.String(), d, got, known, want)
				} else if got {
					losses++
				}
			}
		}
		pr.Close()
		if wins == 0 || losses == 0 {
			t.Errorf("%s: %d positions, %d wins and %d losses proven", v, len(ps), wins, losses)
		}
	}
}

// TestProverUnknown: a question that runs out of nodes is unknown, and
// so is one of three players.
func TestProverUnknown(t *testing.T) {
	p, err := logic.NewGame(logic.Standard(logic.Express, 2, nil))
	if err != nil {
		t.Fatal(err)
	}
	pr := NewProver(100)
	defer pr.Close()
	if won, known := pr.Wins(p, 9); won || known {
		t.Errorf("100 nodes, 9 plies from the start: won %v known %v, want unknown", won, known)
	}
	p3, err := logic.NewGame(logic.Standard(logic.Express, 3, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, known := pr.Wins(p3, 1); known {
		t.Error("three players: known, want unknown")
	}
}
