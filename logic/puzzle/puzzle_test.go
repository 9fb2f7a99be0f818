package puzzle

import (
	"flag"
	"strings"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// allPuzzles: TestShippedPuzzlesProven proves every shipped puzzle even
// under -race or -short (go test ./logic/puzzle -race -allpuzzles).
var allPuzzles = flag.Bool("allpuzzles", false, "prove every shipped puzzle (slow), not a sample")

// checkNodes bounds each question of the proofs; the generator's were
// smaller, so every shipped proof fits.
const checkNodes = 1 << 20

func loadAll(t *testing.T) []Puzzle {
	t.Helper()
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestShippedPuzzlesParse: the shipped file parses (Parse replays every
// main line and refutation), holds enough puzzles of both variants, no
// position twice, and every puzzle writes back as it was read.
func TestShippedPuzzlesParse(t *testing.T) {
	all := loadAll(t)
	if len(all) < 60 {
		t.Errorf("%d puzzles ship, want at least 60", len(all))
	}
	seen := map[string]bool{}
	byVariant := map[logic.Variant]int{}
	for _, pz := range all {
		if seen[pz.Position] {
			t.Errorf("%s: twice", pz.Position)
		}
		seen[pz.Position] = true
		p, _ := pz.Start()
		byVariant[p.Variant()]++
		back, err := Parse(pz.String())
		if err != nil || back.String() != pz.String() {
			t.Errorf("%s: written back as %q (%v)", pz.String(), back.String(), err)
		}
		if n := pz.Moves(); n < MinMoves || n > MaxMoves {
			t.Errorf("%s: a win in %d", pz.Position, n)
		}
	}
	for _, v := range []logic.Variant{logic.Express, logic.Expert} {
		if byVariant[v] == 0 {
			t.Errorf("no %s puzzle", v)
		}
	}
}

// TestShippedPuzzlesProven proves shipped puzzles again with the solver
// (Check): the win and its length, the unique first move (every other
// move proven not to win), the main line, the refutations. Every one,
// but a sample (every 7th) under the race detector and every 29th with
// -short; -allpuzzles proves every one in any case.
func TestShippedPuzzlesProven(t *testing.T) {
	all := loadAll(t)
	every := 1 // about 25 ms a puzzle
	switch {
	case *allPuzzles:
	case testing.Short():
		every = 29
	case raceOn:
		every = 7
	}
	pr := ai.NewProver(checkNodes)
	defer pr.Close()
	n := 0
	for i := range all {
		if i%every != 0 {
			continue
		}
		n++
		if err := Check(&all[i], pr); err != nil {
			t.Errorf("puzzle %d: %v", i, err)
		}
	}
	t.Logf("%d of %d puzzles proven", n, len(all))
}

// TestCheckRefusesWrongPuzzles: Check is no rubber stamp. A puzzle with
// another first move, a longer or shorter claimed win, or a refutation
// that does not refute is refused.
func TestCheckRefusesWrongPuzzles(t *testing.T) {
	all := loadAll(t)
	pr := ai.NewProver(checkNodes)
	defer pr.Close()
	pz := all[0]
	if err := Check(&pz, pr); err != nil {
		t.Fatalf("the first puzzle: %v", err)
	}
	p, _ := pz.Start()
	var buf [logic.MaxMoves]logic.Move
	var other string
	for _, m := range p.Moves(buf[:0]) {
		if m.String() != pz.Line[0] {
			other = m.String()
			break
		}
	}
	cases := map[string]func(x *Puzzle){
		"another first move": func(x *Puzzle) { x.Line = append([]string{other}, x.Line[1:]...) },
		"a longer win":       func(x *Puzzle) { x.Plies += 2 },
		"a shorter win":      func(x *Puzzle) { x.Plies -= plySteps(p.Variant()) },
		"a winning move called wrong": func(x *Puzzle) {
			x.Refute = map[string]string{x.Line[0]: x.Line[1]}
		},
	}
	for name, change := range cases {
		x := pz
		x.Line = append([]string(nil), pz.Line...)
		change(&x)
		if err := Check(&x, pr); err == nil {
			t.Errorf("%s: Check passed %s", name, x.String())
		}
	}
}

// TestFirstMoveUnique: for sampled shipped puzzles, exactly one first move
// wins within the puzzle's plies, by the solver asked move by move.
func TestFirstMoveUnique(t *testing.T) {
	all := loadAll(t)
	pr := ai.NewProver(checkNodes)
	defer pr.Close()
	for i := 0; i < len(all); i += 11 {
		pz := &all[i]
		p, _ := pz.Start()
		var buf [logic.MaxMoves]logic.Move
		var winners []string
		for _, m := range p.Moves(buf[:0]) {
			won, known := pr.WinsAfter(p, m, pz.Plies)
			if !known {
				t.Fatalf("%s: %s unknown", pz.Position, m)
			}
			if won {
				winners = append(winners, m.String())
			}
		}
		if len(winners) != 1 || winners[0] != pz.Line[0] {
			t.Errorf("%s: winning first moves %v, want only %s", pz.Position, winners, pz.Line[0])
		}
	}
}

// TestParseRefuses: damaged lines are refused with a reason.
func TestParseRefuses(t *testing.T) {
	good := loadAll(t)[0].String()
	f := strings.Split(good, ";")
	bad := map[string]string{
		"fields":       strings.Join(f[:4], ";"),
		"position":     "x" + good,
		"plies":        f[0] + ";0;" + strings.Join(f[2:], ";"),
		"illegal line": f[0] + ";" + f[1] + ";Zz;" + f[3] + ";" + f[4],
		"no win":       f[0] + ";" + f[1] + ";" + strings.Fields(f[2])[0] + ";" + f[3] + ";" + f[4],
		"difficulty":   strings.Join(f[:4], ";") + ";9",
		"refutation":   f[0] + ";" + f[1] + ";" + f[2] + ";Zz:Na;" + f[4],
	}
	for name, line := range bad {
		if _, err := Parse(line); err == nil {
			t.Errorf("%s: %q parsed", name, line)
		}
	}
}

// TestDaily: the puzzle of the day depends on the date only, and the
// days of a year differ from their eve.
func TestDaily(t *testing.T) {
	for _, n := range []int{1, 2, 7, 64, 300, 301} {
		prev := -1
		for day := 0; day < 400; day++ {
			date := time.Date(2026, 1, 1+day, 12, 0, 0, 0, time.UTC).Format(time.DateOnly)
			i, err := Daily(date, n)
			if err != nil {
				t.Fatal(err)
			}
			if j, _ := Daily(date, n); j != i {
				t.Fatalf("%s: %d then %d", date, i, j)
			}
			if i < 0 || i >= n {
				t.Fatalf("%s of %d: %d", date, n, i)
			}
			if n > 1 && i == prev {
				t.Fatalf("%s of %d: the same puzzle as the day before (%d)", date, n, i)
			}
			prev = i
		}
	}
	if _, err := Daily("25.11.2026", 10); err == nil {
		t.Error("a date not YYYY-MM-DD was taken")
	}
	if _, err := Daily("2026-11-25", 0); err == nil {
		t.Error("no puzzles: taken")
	}
}
