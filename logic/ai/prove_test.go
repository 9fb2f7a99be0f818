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

// TestProofMatchesBruteForce: a stepped Proof, sliced into slivers or run
// in one go, finds the shortest win or loss by the definitions, and in
// Express an exact draw where the game ends within its plies.
func TestProofMatchesBruteForce(t *testing.T) {
	const maxPlies = 4
	kinds := map[Outcome]int{}
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		ps := lateGames(t, v, 30, 20, 64)
		if len(ps) > 40 {
			ps = ps[len(ps)-40:]
		}
		for _, p := range ps {
			if p.Over() {
				continue
			}
			want, wantPlies := Unproven, 0
			for d := 1; d <= maxPlies && want == Unproven; d++ {
				switch {
				case bruteWins(&p, d):
					want, wantPlies = ProvenWin, d
				case bruteLoses(&p, d):
					want, wantPlies = ProvenLoss, d
				case v == logic.Express && d >= gameBound(&p):
					want = ProvenDraw
				}
			}
			if want == ProvenDraw && bruteValue(&p) != 0 {
				t.Fatalf("%s: the test's draw is no draw", p.String())
			}
			for _, slice := range []int{7, 1 << 30} {
				pf := NewProof(p, maxPlies, 1<<24)
				for !pf.Step(slice) {
				}
				if got, plies := pf.Result(); got != want || plies != wantPlies {
					t.Fatalf("%s (slices of %d): %v in %d, brute force %v in %d", p.String(), slice, got, plies, want, wantPlies)
				}
			}
			kinds[want]++
		}
	}
	if kinds[ProvenWin] == 0 || kinds[ProvenLoss] == 0 || kinds[Unproven] == 0 {
		t.Errorf("outcomes seen: %v: too few kinds to test much", kinds)
	}
	t.Logf("outcomes: %v", kinds)
}

// TestProofStops: a proof that runs out of nodes is unproven, and one
// stopped early gives its coroutine back.
func TestProofStops(t *testing.T) {
	p, err := logic.NewGame(logic.Standard(logic.Express, 2, nil))
	if err != nil {
		t.Fatal(err)
	}
	pf := NewProof(p, 11, 5000)
	steps := 0
	for !pf.Step(100) {
		steps++
	}
	if o, _ := pf.Result(); o != Unproven || pf.Nodes() > 5100 || steps < 10 {
		t.Errorf("5000 nodes from the start: %v, %d nodes in %d steps", o, pf.Nodes(), steps)
	}
	pf = NewProof(p, 11, 1<<20)
	pf.Step(100)
	pf.Stop()
	if !pf.Step(100) {
		t.Error("a stopped proof steps on")
	}
}

// TestProofDraws: in Express positions that end within a few plies, a
// Proof's outcome is full minimax's: draws included.
func TestProofDraws(t *testing.T) {
	draws := 0
	for _, p := range lateGames(t, logic.Express, 300, 30, 4) {
		if p.Over() {
			continue
		}
		pf := NewProof(p, 6, 1<<24)
		for !pf.Step(1 << 30) {
		}
		got, _ := pf.Result()
		want := map[int]Outcome{1: ProvenWin, 0: ProvenDraw, -1: ProvenLoss}[bruteValue(&p)]
		if got != want {
			t.Fatalf("%s: %v, minimax %v", p.String(), got, want)
		}
		if got == ProvenDraw {
			draws++
		}
	}
	if draws == 0 {
		t.Error("no draw among the positions: the test proves little")
	}
}
