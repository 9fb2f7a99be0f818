package logic

import (
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"shiftago/logic/internal/naive"
	"shiftago/logic/race"
)

// differentialGames is the number of random games per configuration (27
// configurations: variant × players × sit-outs). The default keeps `go test`
// quick; CI runs 20 a configuration (540 games) in its step without -race.
var differentialGames = flag.Int("differential-games", 4, "random games per configuration in TestDifferential")

// TestDifferential plays thousands of seeded random games on this engine and
// on the deliberately naive one in internal/naive, and requires them to
// agree after every move: the position string, the sorted legal moves and
// the result, and how each parser reads that string back (see
// differentialParse). One goroutine: it skips under -race.
func TestDifferential(t *testing.T) {
	race.SkipSlow(t)
	games := *differentialGames
	if testing.Short() {
		games = min(games, 2)
	}
	configs := 0
	for _, v := range []Variant{Express, Expert, Extreme} {
		for n := 2; n <= 4; n++ {
			for _, sitCase := range []int{0, 1, 2} {
				configs++
				for g := 0; g < games; g++ {
					seed := int64(configs*1000 + g)
					sits := make([]int, n)
					switch sitCase {
					case 1:
						sits[g%n] = 1 + g%MaxSitOuts
					case 2:
						for i := range sits {
							sits[i] = (g + i) % (MaxSitOuts + 1)
						}
					}
					differentialGame(t, seed, v, n, sits)
					if t.Failed() {
						return
					}
				}
			}
		}
	}
}

func differentialGame(t *testing.T, seed int64, v Variant, n int, sits []int) {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	fast, err := NewGame(Standard(v, n, sits))
	if err != nil {
		t.Fatal(err)
	}
	slow, err := naive.New(v.String(), "ogbw"[:n], sits)
	if err != nil {
		t.Fatal(err)
	}
	var history []string
	for ply := 0; ; ply++ {
		if fast.String() != slow.String() {
			t.Fatalf("seed %d after %v:\nfast  %s\nnaive %s\n%s", seed, history, fast.String(), slow.String(), fast.Diagram())
		}
		if fast.Result().String() != slow.Result() {
			t.Fatalf("seed %d after %v: result fast %s, naive %s\n%s", seed, history, fast.Result(), slow.Result(), fast.Diagram())
		}
		if err := differentialParse(&fast); err != nil {
			t.Fatalf("seed %d after %v: %v\n%s", seed, history, err, fast.Diagram())
		}
		var fm []string
		for _, m := range fast.Moves(nil) {
			fm = append(fm, m.String())
		}
		slices.Sort(fm)
		sm := slow.Moves()
		if !slices.Equal(fm, sm) {
			t.Fatalf("seed %d after %v: moves differ\nfast  %v\nnaive %v\n%s", seed, history, fm, sm, fast.Diagram())
		}
		if len(fm) == 0 {
			return
		}
		m := fm[r.Intn(len(fm))]
		history = append(history, m)
		if err := fast.PlayString(m, nil); err != nil {
			t.Fatalf("fast refused %s: %v", m, err)
		}
		if err := slow.Play(m); err != nil {
			t.Fatalf("naive refused %s: %v", m, err)
		}
	}
}

// differentialParse reads p's string with both parsers: both must give it
// back unchanged with p's result, but for the unreadable draw (see
// unreadableDraw), which both must refuse (RULES.md §10, §11.1).
func differentialParse(p *Position) error {
	s := p.String()
	fq, ferr := ParsePosition(s)
	nq, nerr := naive.Parse(s)
	if unreadableDraw(p) {
		if ferr == nil || nerr == nil {
			return fmt.Errorf("%s: a draw with a winning line on the board must be refused; fast %v, naive %v", s, ferr, nerr)
		}
		return nil
	}
	switch {
	case ferr != nil || nerr != nil:
		return fmt.Errorf("%s does not read back: fast %v, naive %v", s, ferr, nerr)
	case fq.String() != s || nq.String() != s:
		return fmt.Errorf("%s reads back as fast %s, naive %s", s, fq.String(), nq.String())
	case fq.Result() != p.Result() || nq.Result() != p.Result().String():
		return fmt.Errorf("%s (%s) reads back as fast %s, naive %s", s, p.Result(), fq.Result(), nq.Result())
	}
	return nil
}

// TestDifferentialPerft recomputes the pinned perft counts with the naive
// engine, to the depth it manages quickly. One goroutine: it skips under
// -race.
func TestDifferentialPerft(t *testing.T) {
	race.SkipSlow(t)
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, c := range perftCases {
		slow, err := naive.Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: naive cannot parse: %v", c.name, err)
		}
		for d := 1; d <= depth && d <= len(c.counts); d++ {
			if got := slow.Perft(d); got != c.counts[d-1] {
				t.Errorf("%s: naive perft %d = %d, pinned %d", c.name, d, got, c.counts[d-1])
			}
		}
	}
}
