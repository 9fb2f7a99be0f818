package arena

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"shiftago/logic"
)

func TestEloDiff(t *testing.T) {
	for _, tc := range []struct{ s, want float64 }{
		{0.5, 0}, {0.75, 190.85}, {0.25, -190.85}, {0.9, 381.7}, {0.64, 100.0},
	} {
		if got := EloDiff(tc.s); math.Abs(got-tc.want) > 0.5 {
			t.Errorf("EloDiff(%v) = %.2f, want %.2f", tc.s, got, tc.want)
		}
	}
	if !math.IsInf(EloDiff(1), 1) || !math.IsInf(EloDiff(0), -1) {
		t.Error("EloDiff at 0 and 1 should be infinite")
	}
}

func TestTallyElo(t *testing.T) {
	// 60 wins, 20 draws, 20 losses: score 0.7, +147 Elo; the margin of
	// 100 games is about ±70.
	tl := Tally{Wins: 60, Draws: 20, Losses: 20}
	diff, margin := tl.Elo()
	if math.Abs(tl.Score()-0.7) > 1e-9 || math.Abs(diff-147.2) > 0.5 {
		t.Errorf("score %v diff %v", tl.Score(), diff)
	}
	if margin < 60 || margin > 85 {
		t.Errorf("margin %v, want about 70", margin)
	}
	// Four times the games: half the margin, roughly.
	big := Tally{Wins: 240, Draws: 80, Losses: 80}
	if _, m2 := big.Elo(); math.Abs(m2-margin/2) > 5 {
		t.Errorf("margin for 400 games %v, want about %v", m2, margin/2)
	}
}

func TestSpecs(t *testing.T) {
	for _, ok := range []string{"level=1", "level=5", "greedy", "random", "cmd:./engine",
		"level=5/mcts", "level=4/brs", "level=3/maxn", "level=5/paranoid", "level=5/maxn,beam=6"} {
		if _, err := parseSpec(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"level=0", "level=9", "cmd:", "alphazero", "level=5/alphazero", "level=5/maxn,beam=x"} {
		if _, err := parseSpec(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestShortArena plays a short match of every player count and checks the
// report's figures add up.
func TestShortArena(t *testing.T) {
	for n := 2; n <= 4; n++ {
		o := Options{A: "level=2", B: "random", Variant: logic.Variant(n - 2), Players: n,
			Games: 6, Seed: 3, Openings: 2, Concurrency: 2, Nodes: 500}
		r, err := Run(o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Games() != 6 || r.Moves[0] == 0 || r.Moves[1] == 0 || r.Nodes[0] == 0 {
			t.Errorf("%d players: %+v", n, r)
		}
		again, _ := Run(o)
		if again.Tally != r.Tally || again.Nodes != r.Nodes {
			t.Errorf("%d players: not reproducible: %+v then %+v", n, r.Tally, again.Tally)
		}
	}
}

func TestMainReport(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Main([]string{"--a", "greedy", "--b", "random", "--games", "4", "--variant", "expert"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"A: ", "wins", "Elo difference"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if Main([]string{"--players", "5"}, &out, &errOut) == 0 {
		t.Error("5 players accepted")
	}
}
