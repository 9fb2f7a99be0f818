package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai/aitest"
	"shiftago/logic/ai/eval"
	"shiftago/logic/ai/hashtable"
	"shiftago/logic/race"
)

// bruteWins is wins by its definition: no table, no shortcut, every move.
func bruteWins(p *logic.Position, d int) bool {
	if d <= 0 {
		return false
	}
	me := p.ToMoveSeat()
	var buf [logic.MaxMoves]logic.Move
	for _, m := range p.Moves(buf[:0]) {
		q := *p
		q.Apply(m, nil)
		switch {
		case q.Over():
			if r := q.Result(); r.State == logic.Won && q.SeatOf(r.Winner) == me {
				return true
			}
		case q.ToMoveSeat() == me:
			if bruteWins(&q, d-1) {
				return true
			}
		default:
			if bruteLoses(&q, d-1) {
				return true
			}
		}
	}
	return false
}

// bruteLoses: every move of the side to move loses within d plies.
func bruteLoses(p *logic.Position, d int) bool {
	if d <= 0 {
		return false
	}
	me := p.ToMoveSeat()
	var buf [logic.MaxMoves]logic.Move
	for _, m := range p.Moves(buf[:0]) {
		q := *p
		q.Apply(m, nil)
		switch {
		case q.Over():
			if r := q.Result(); r.State != logic.Won || q.SeatOf(r.Winner) == me {
				return false
			}
		case q.ToMoveSeat() == me:
			if !bruteLoses(&q, d-1) {
				return false
			}
		default:
			if !bruteWins(&q, d-1) {
				return false
			}
		}
	}
	return true
}

// bruteValue is the exact result for the side to move (1 win, 0 draw, -1
// loss) by full minimax to the end of the game.
func bruteValue(p *logic.Position) int {
	me := p.ToMoveSeat()
	best := -2
	var buf [logic.MaxMoves]logic.Move
	for _, m := range p.Moves(buf[:0]) {
		q := *p
		q.Apply(m, nil)
		v := 0
		switch {
		case q.Over():
			if r := q.Result(); r.State == logic.Won {
				v = -1
				if q.SeatOf(r.Winner) == me {
					v = 1
				}
			}
		case q.ToMoveSeat() == me:
			v = bruteValue(&q)
		default:
			v = -bruteValue(&q)
		}
		best = max(best, v)
		if best == 1 {
			break
		}
	}
	return best
}

// lateGames plays seeded games in which each side takes a win in one and
// otherwise plays at random, and returns the positions after each
// position where the game can last at most maxBound more plies.
func lateGames(t *testing.T, v logic.Variant, games, minPly, maxBound int) []logic.Position {
	var out []logic.Position
	var buf [logic.MaxMoves]logic.Move
	for g := uint64(0); g < uint64(games); g++ {
		p, err := logic.NewGame(logic.Standard(v, 2, nil))
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; !p.Over(); ply++ {
			if ply >= minPly && gameBound(&p) <= maxBound {
				out = append(out, p)
			}
			ms := p.Moves(buf[:0])
			p.Apply(ms[mix(g<<8^uint64(ply))%uint64(len(ms))], nil)
		}
	}
	return out
}

// TestProofSearchMatchesBruteForce: wins and loses, with their table and
// shortcuts, answer as the definitions do, at every depth up to 4.
func TestProofSearchMatchesBruteForce(t *testing.T) {
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		ps := lateGames(t, v, 40, 20, 64)
		if len(ps) > 60 {
			ps = ps[len(ps)-60:]
		}
		wins, losses := 0, 0
		for _, p := range ps {
			st := newSearcher(p, Config{Level: MaxLevel, MaxNodes: 1 << 30})
			st.budget = 1 << 40 // even where the root needs no search
			st.proof = hashtable.New(1 << 16)
			st.proofEnd = 1 << 62
			for d := 1; d <= 4; d++ {
				if got, want := st.wins(&p, d, 0), bruteWins(&p, d); got != want {
					t.Fatalf("%s: wins within %d: %v, brute force %v", p.String(), d, got, want)
				} else if got {
					wins++
				}
				if got, want := st.loses(&p, d, 0), bruteLoses(&p, d); got != want {
					t.Fatalf("%s: loses within %d: %v, brute force %v", p.String(), d, got, want)
				} else if got {
					losses++
				}
			}
			st.proof.Release()
		}
		// Both answers must occur, or the comparison proves little.
		if wins == 0 || losses == 0 {
			t.Errorf("%s: %d positions, %d wins and %d losses proven", v, len(ps), wins, losses)
		}
	}
}

// TestSolverExactEndgame: in Express positions that end within a few
// plies, the solver's verdict on every root move is the exact result of
// full minimax, and the Grandmaster plays a move of the best result.
func TestSolverExactEndgame(t *testing.T) {
	race.SkipSlow(t)
	ps := lateGames(t, logic.Express, 400, 30, 5)
	seen := map[int]int{}
	for _, p := range ps {
		if p.Over() {
			continue
		}
		st := newSearcher(p, Config{Level: MaxLevel, MaxNodes: 1 << 24})
		st.budget = 1 << 24 // even where the root needs no search
		status := proveAll(st)
		won := false
		for _, x := range status {
			won = won || x == proofWin
		}
		for i, rm := range st.rootMoves {
			q := p
			q.Apply(rm.m, nil)
			want := 0
			switch {
			case q.Over():
				if r := q.Result(); r.State == logic.Won {
					want = -1
					if q.SeatOf(r.Winner) == p.ToMoveSeat() {
						want = 1
					}
				}
			default:
				want = -bruteValue(&q)
			}
			// The solver stops at its first proven win: the other
			// moves may stay unsolved then, and only then.
			if status[i] == proofUnknown {
				if !won {
					t.Fatalf("%s: %s unsolved", p.String(), rm.m)
				}
				continue
			}
			if got := map[int]int{proofWin: 1, proofDraw: 0, proofLoss: -1}[status[i]]; got != want {
				t.Fatalf("%s: %s solved as %d, minimax %d", p.String(), rm.m, got, want)
			}
		}
		m := Think(p, Config{Level: MaxLevel, MaxNodes: 200000})
		q := p
		q.Apply(m, nil)
		got := 0
		if q.Over() {
			if r := q.Result(); r.State == logic.Won {
				got = 1
			}
		} else {
			got = -bruteValue(&q)
		}
		if got != bruteValue(&p) {
			t.Fatalf("%s: the Grandmaster played %s (%d), the position is worth %d", p.String(), m, got, bruteValue(&p))
		}
		seen[got]++
	}
	if seen[1] == 0 || seen[0] == 0 {
		t.Errorf("positions by result: %v: want won and drawn ones", seen)
	}
}

// TestSolverTable: constructed positions with known results.
func TestSolverTable(t *testing.T) {
	for _, c := range []struct {
		pos  string
		want int // for the side to move: 1 won, -1 lost
	}{
		// Orange pushes a1 in from the west: five on rank 1.
		{"7/7/7/7/7/g1g1g2/1oooo2 express og o 18,19 0,0 0,0", 1},
		// Orange threatens W1 and W7, each making five on its rank;
		// green's one insertion can block or break only one of them.
		{"1oooo2/7/7/g1g1g1g/1g1g1g1/7/1oooo2 express og g 14,15 0,0 0,0", -1},
	} {
		p, err := logic.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		st := newSearcher(p, Config{Level: MaxLevel, MaxNodes: 1 << 22})
		st.budget = 1 << 22
		status := proveAll(st)
		got := -1
		for _, s := range status {
			if s == proofWin {
				got = 1
			}
			if s != proofWin && s != proofLoss {
				got = max(got, 0)
			}
		}
		if got != c.want || (c.want == 1) != bruteWins(&p, 3) || (c.want == -1) != bruteLoses(&p, 4) {
			t.Errorf("%s: solved %d, want %d", c.pos, got, c.want)
		}
	}
}

// TestSolverScope: the solver and the tuned weights are the two-player
// Grandmaster's alone; the reference and the lower levels keep neither.
func TestSolverScope(t *testing.T) {
	ps := lateGames(t, logic.Express, 20, 30, solveHorizon)
	var p logic.Position
	for _, q := range ps {
		if st := newSearcher(q, Config{Level: MaxLevel}); st.budget > 0 {
			p = q // a position that needs a search
			break
		}
	}
	if p.Occupied() == 0 {
		t.Fatal("no late position to search")
	}
	for _, c := range []struct {
		cfg   Config
		solve bool
		w     eval.Weights
	}{
		{Config{Level: MaxLevel}, true, eval.Tuned[logic.Express]},
		{Reference(1), false, eval.Default},
		{Config{Level: 4}, false, eval.Default},
	} {
		st := newSearcher(p, c.cfg)
		if st.solve != c.solve || st.W != c.w {
			t.Errorf("%+v: solver %v, weights %+v", c.cfg, st.solve, st.W)
		}
	}
}

// TestSolverDeterministic: where the solver runs, the move still depends
// on the position, seed and worker count only, however the search is
// sliced and whether the workers run side by side or in turn.
func TestSolverDeterministic(t *testing.T) {
	ps := lateGames(t, logic.Express, 10, 24, solveHorizon)
	checked := 0
	for i, p := range ps {
		if i%7 != 0 || p.Over() {
			continue
		}
		for _, workers := range []int{1, 2} {
			cfg := Config{Level: MaxLevel, Seed: uint64(i), MaxNodes: 30000, Workers: workers}
			want := Think(p, cfg)
			for _, slice := range []int{1, 777, 1 << 20} {
				for _, serial := range []bool{false, true} {
					s := NewSearch(p, cfg)
					if s.par != nil {
						s.par.serial = serial
					} else if serial {
						continue
					}
					for !s.Step(slice) {
					}
					if got := s.Best(); got != want {
						t.Fatalf("%s, %d workers, slices of %d, serial %v: %s, Think: %s", p.String(), workers, slice, serial, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d searches checked", checked)
	}
}

// TestParallelSolverOnce: in a parallel search only the main worker runs
// the endgame solver (the helpers used to run the same proofs again);
// the helpers learn the root moves it proved lost and drop them, and a
// helper's move that is proved lost is never the one played.
func TestParallelSolverOnce(t *testing.T) {
	ps := lateGames(t, logic.Express, 40, 24, solveHorizon)
	searched, withLosses, helperDropped := 0, 0, 0
	for i, p := range ps {
		if i%3 != 0 || p.Over() {
			continue
		}
		s := NewSearch(p, Config{Level: MaxLevel, Seed: uint64(i), MaxNodes: Unlimited, Workers: 2})
		if s.par == nil || !s.par.workers[0].st.solve {
			continue
		}
		for s.Nodes() < 150000 && !s.Step(4096) {
		}
		s.Stop()
		main, helper := s.par.workers[0].st, s.par.workers[1].st
		if helper.solve || helper.sv.used != 0 || helper.sv.moves != nil {
			t.Fatalf("%s: the helper ran the solver (%d nodes)", p.String(), helper.sv.used)
		}
		searched++
		lost := main.sv.lostMoves(nil)
		if len(lost) == 0 || len(lost) == len(main.sv.moves) {
			continue
		}
		withLosses++
		if slices.Contains(lost, s.Best()) {
			t.Fatalf("%s: played %s, proved lost", p.String(), s.Best())
		}
		if !slices.ContainsFunc(helper.rootMoves, func(rm rootMove) bool { return slices.Contains(lost, rm.m) }) {
			helperDropped++
		}
		// A helper a ply deeper whose move is proved lost is passed over.
		helper.best, helper.depth = lost[0], main.depth+1
		s.par.pick()
		if s.par.best != main.best {
			t.Fatalf("%s: picked %s, proved lost; the main worker's move is %s", p.String(), s.par.best, main.best)
		}
	}
	t.Logf("%d endgames searched, %d with moves proved lost, the helper dropped them in %d", searched, withLosses, helperDropped)
	if withLosses < 3 || helperDropped == 0 {
		t.Fatalf("%d endgames searched, %d with moves proved lost, the helper dropped them in %d: too few to show anything", searched, withLosses, helperDropped)
	}
}

// TestSolverLeavesTimeForTheSearch: a search without a budget (a caller
// with a clock, Unlimited), stopped at any node count, has given the
// endgame solver about half the nodes and the search proper the rest, in
// Express and Expert endgames. The solver used to run first, with a fixed
// share: where proofs are slow (Expert, a slow machine) it took the whole
// move, and the move played was never searched (at 500 ms a move in
// Expert the Grandmaster lost 21 of 24 games to the reference).
func TestSolverLeavesTimeForTheSearch(t *testing.T) {
	race.SkipSlow(t)
	searched := 0
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		rng := rand.New(rand.NewPCG(21, uint64(v)))
		for tries, n := 0, 0; tries < 4000 && n < 4; tries++ {
			p := aitest.RandomPosition(rng, v, 2, 24+rng.IntN(14))
			if p.Over() || gameBound(&p) > solveHorizon {
				continue
			}
			for _, limit := range []int{50000, 300000} {
				s := NewSearch(p, Config{Level: MaxLevel, MaxNodes: Unlimited})
				if !s.st.solve {
					break
				}
				for s.Nodes() < limit && !s.Step(4096) {
				}
				if s.st.bestScore > eval.WinBound {
					break // proven won: the solver's move is the answer
				}
				total, solver := s.Nodes(), s.st.sv.used
				t.Logf("%s %d: solver %d of %d (%.2f), depth %d, done %v", v, limit, solver, total, float64(solver)/float64(total), s.Depth(), s.st.sv.done)
				if s.Depth() < 2 || solver > total/2+solveChunk || !s.st.sv.done && solver < total/6 {
					t.Fatalf("%s, stopped after %d nodes: the solver used %d, the search completed %d plies\n%s", v, total, solver, s.Depth(), p.Diagram())
				}
				if limit == 300000 {
					n++
					searched++
				}
			}
		}
	}
	if searched < 8 {
		t.Fatalf("only %d endgames where the search proper had to run: the test saw too few", searched)
	}
}

// proveAll runs the solver alone through its whole share and returns each
// root move's outcome, in rootMoves order.
func proveAll(st *searcher) []int {
	st.startSolver()
	defer st.proof.Release()
	st.proofEnd, st.proofStop = st.sv.end, false
	st.prove()
	return st.sv.status
}
