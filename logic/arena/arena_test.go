package arena

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

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
		"level=5/mcts", "level=4/brs", "level=3/maxn", "level=5/paranoid", "level=5/maxn,beam=6", "level=5,nodes=250000", "level=4/mcts,nodes=62500,beam=3", "level=5,nodes=500000,workers=2"} {
		if _, err := parseSpec(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	if sp, _ := parseSpec("level=5,nodes=500000,workers=2"); sp.workers != 2 || sp.nodes != 500000 {
		t.Errorf("level=5,nodes=500000,workers=2 reads as %+v", sp)
	}
	for _, bad := range []string{"level=0", "level=9", "cmd:", "alphazero", "level=5/alphazero", "level=5/maxn,beam=x", "level=5,nodes=0", "level=5,nodes=", "level=5,depth=3", "level=5,", "level=5,workers=0", "level=5,workers=65", "level=5,workers=two"} {
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

// TestMainRefusesBadFlags checks that every flag out of its bounds gets one
// line on stderr naming it and exit status 2, before any game is played:
// --games -1 used to panic (makeslice) and a huge count to run out of
// memory, and seats aa, negative movetimes and concurrencies were taken.
func TestMainRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the message
	}{
		{[]string{"--games", "-1"}, "--games -1"},
		{[]string{"--games", "0"}, "--games 0"},
		{[]string{"--games", "100001"}, "--games 100001"},
		{[]string{"--games", "9000000000000000000"}, "--games 9000000000000000000"},
		{[]string{"--games", "99999999999999999999"}, "-games"},
		{[]string{"--games", "many"}, "-games"},
		{[]string{"--seats", "aa"}, "--seats \"aa\""},
		{[]string{"--seats", "bbb", "--players", "3"}, "--seats \"bbb\""},
		{[]string{"--seats", "abc", "--players", "3"}, "--seats \"abc\""},
		{[]string{"--seats", "aba"}, "--seats \"aba\""},
		{[]string{"--seats", strings.Repeat("ab", 5000)}, "--seats"},
		{[]string{"--movetime", "-1"}, "--movetime -1"},
		{[]string{"--movetime", "60001"}, "--movetime 60001"},
		{[]string{"--movetime", "9223372036854775807"}, "--movetime 9223372036854775807"},
		{[]string{"--concurrency", "0"}, "--concurrency 0"},
		{[]string{"--concurrency", "-2"}, "--concurrency -2"},
		{[]string{"--concurrency", "65"}, "--concurrency 65"},
		{[]string{"--level", "-1"}, "--level -1"},
		{[]string{"--level", "6"}, "--level 6"},
		{[]string{"--nodes", "-1"}, "--nodes -1"},
		{[]string{"--nodes", "100000001"}, "--nodes 100000001"},
		{[]string{"--openings", "-1"}, "--openings -1"},
		{[]string{"--openings", "101"}, "--openings 101"},
		{[]string{"--timeout", "-1"}, "--timeout -1"},
		{[]string{"--timeout", "9223372036854775807"}, "--timeout 9223372036854775807"},
		{[]string{"--players", "1"}, "--players 1"},
		{[]string{"--players", "5"}, "--players 5"},
		{[]string{"--players", "5", "--sitouts", "0,0"}, "--players 5"},
		{[]string{"--sitouts", "9,0"}, "--sitouts"},
		{[]string{"--sitouts", "-1,0"}, "--sitouts"},
		{[]string{"--sitouts", "1"}, "--sitouts"},
		{[]string{"--sitouts", "1x,0"}, "--sitouts"},
		{[]string{"--a", "level=9"}, "--a"},
		{[]string{"--b", "cmd:"}, "--b"},
		{[]string{"--b", "level=5/maxn,beam=-1"}, "--b"},
		{[]string{"--variant", "blitz"}, "--variant"},
		{[]string{"--games", "4", "extra"}, "unexpected argument \"extra\""},
		{[]string{"--frobnicate"}, "-frobnicate"},
	} {
		var out, errOut bytes.Buffer
		code := Main(tc.args, &out, &errOut)
		msg := errOut.String()
		if code != 2 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, "shiftago arena: ") || len(msg) > 300 || out.Len() > 0 {
			t.Errorf("%.60q: exit %d, stderr %.300q, stdout %.100q; want 2 and one line with %q", tc.args, code, msg, out.String(), tc.want)
		}
	}
}

// TestRunRefusesBadOptions checks the same bounds for Run's other callers:
// a count of games out of bounds is refused before anything is sized by it.
func TestRunRefusesBadOptions(t *testing.T) {
	ok := Options{A: "greedy", B: "random", Players: 2, Games: 1, Concurrency: 1}
	for _, bad := range []func(*Options){
		func(o *Options) { o.Games = -1 },
		func(o *Options) { o.Games = 1 << 40 },
		func(o *Options) { o.Concurrency = 0 },
		func(o *Options) { o.Seats = "bb" },
		func(o *Options) { o.Movetime = -time.Millisecond },
		func(o *Options) { o.Timeout = -time.Second },
		func(o *Options) { o.Players = 7 },
	} {
		o := ok
		bad(&o)
		if _, err := Run(o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if _, err := Run(ok); err != nil {
		t.Errorf("%+v: %v", ok, err)
	}
}

// TestSeatsOfBothSides checks the seat patterns a match takes: one letter a
// seat, both sides seated.
func TestSeatsOfBothSides(t *testing.T) {
	for _, s := range []string{"ab", "ba", "abb", "aab", "bab", "abab", "aaab", "abbb", ""} {
		o := Options{A: "greedy", B: "random", Players: max(2, len(s)), Games: 2, Concurrency: 1, Seats: s}
		if _, err := Run(o); err != nil {
			t.Errorf("--seats %q: %v", s, err)
		}
	}
}

// TestSetElo: pairs of games on one opening, seats swapped. Forty pairs
// split and ten won both ways score 60% (+70 Elo), as the same games
// counted one by one do, with a narrower interval: the split pairs, each
// side winning with the first move, add no spread.
func TestSetElo(t *testing.T) {
	r := Result{Tally: Tally{Wins: 60, Losses: 40}}
	r.Sets[2], r.Sets[4] = 40, 10
	sets, diff, margin := r.SetElo(2)
	_, gameMargin := r.Elo()
	if sets != 50 || math.Abs(diff-70.4) > 0.5 {
		t.Errorf("%d sets, %+.1f Elo; want 50, +70", sets, diff)
	}
	if margin >= gameMargin || margin < 20 {
		t.Errorf("margin %.0f by pairs, %.0f by games", margin, gameMargin)
	}
	if n, _, m := (Result{}).SetElo(2); n != 0 || !math.IsInf(m, 1) {
		t.Errorf("no sets: %d, margin %v", n, m)
	}
}

// TestRunCountsSets: every opening of a finished match is counted once,
// with A's points over its games.
func TestRunCountsSets(t *testing.T) {
	for _, n := range []int{2, 3} {
		r, err := Run(Options{A: "level=2", B: "greedy", Players: n, Games: 2 * n, Seed: 3, Openings: 2, Concurrency: 2})
		if err != nil {
			t.Fatal(err)
		}
		sets, halves := 0, 0
		for h, c := range r.Sets {
			sets += c
			halves += h * c
		}
		if sets != 2 || halves != 2*r.Wins+r.Draws {
			t.Errorf("%d players: sets %v for %+v", n, r.Sets, r.Tally)
		}
	}
}

// TestReportOneSided checks the lines of a match one side swept: no
// "inf" or "NaN" (every opening lost used to print "-inf ± NaN"), and a
// bound on the right side of zero.
func TestReportOneSided(t *testing.T) {
	o := Options{A: "x", B: "y", Players: 2, Variant: logic.Express}
	for _, tc := range []struct {
		name string
		r    Result
		want []string
	}{
		{"all lost", Result{Tally: Tally{Losses: 40}, Sets: [9]int{0: 20}}, []string{"(A−B): ≤ -", "by opening: ≤ -"}},
		{"all won", Result{Tally: Tally{Wins: 40}, Sets: [9]int{4: 20}}, []string{"(A−B): ≥ +", "by opening: ≥ +"}},
		{"split", Result{Tally: Tally{Wins: 20, Losses: 20}, Sets: [9]int{2: 20}}, []string{"(A−B): 0 ±", "by opening: 0 ± 0"}},
	} {
		var out bytes.Buffer
		Report(&out, o, tc.r, time.Second)
		s := out.String()
		if strings.Contains(s, "inf") || strings.Contains(s, "NaN") {
			t.Errorf("%s: report says inf or NaN:\n%s", tc.name, s)
		}
		for _, w := range tc.want {
			if !strings.Contains(s, w) {
				t.Errorf("%s: report lacks %q:\n%s", tc.name, w, s)
			}
		}
	}
}

// TestArenaHelp checks that -h exits 0 and lists the flags.
func TestArenaHelp(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Main([]string{"-h"}, &out, &errOut); code != 0 || !strings.Contains(errOut.String(), "usage: shiftago arena") || !strings.Contains(errOut.String(), "-games") {
		t.Errorf("arena -h: exit %d, %q", code, errOut.String())
	}
}

// TestProgress checks that Progress sees every game once, in order of
// their ends, with the result so far, and the progress line's estimate.
func TestProgress(t *testing.T) {
	var seen []int
	o := Options{A: "greedy", B: "random", Players: 2, Games: 6, Concurrency: 2, Seed: 3,
		Progress: func(r Result) { seen = append(seen, r.Games()) }}
	r, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(seen, []int{1, 2, 3, 4, 5, 6}) || r.Games() != 6 {
		t.Errorf("progress saw %v, the match %d games", seen, r.Games())
	}
	for _, tc := range []struct {
		done, games int
		took        time.Duration
		want        string
	}{
		{0, 10, 0, "0/10 games, 0s"},
		{2, 10, 20 * time.Second, "2/10 games, 20s, about 1m20s left"},
		{10, 10, time.Minute, "10/10 games, 1m0s"},
	} {
		if got := progressText(tc.done, tc.games, tc.took); got != tc.want {
			t.Errorf("progressText(%d, %d, %v) = %q, want %q", tc.done, tc.games, tc.took, got, tc.want)
		}
	}
	// Not a terminal: nothing is written.
	var b bytes.Buffer
	progressLine(&b, 10, time.Now())(3)
	if b.Len() > 0 {
		t.Errorf("progress written to a buffer: %q", b.String())
	}
}

// TestHalfPoints checks how an opening's points are written.
func TestHalfPoints(t *testing.T) {
	for h, want := range []string{"0", "½", "1", "1½", "2"} {
		if got := halfPoints(h); got != want {
			t.Errorf("halfPoints(%d) = %q, want %q", h, got, want)
		}
	}
}

// TestDecisiveMove: a game cut from an arena match (a Grandmaster, green,
// against three Masters) where green played Na with other moves at hand
// that handed nobody a win, after which blue could not stop white's win:
// the decisive move is green's, a free one. Stopped one move later (blue
// to move), the last move before the win is blue's, squeezed: every move
// of blue leaves white a win in one.
func TestDecisiveMove(t *testing.T) {
	p, err := logic.ParsePosition("1g1gbw1/1g1goww/gg2bw1/1og1bbw/wboowgg/owooobb/woo1bb1 express ogbw g 12,13,13,13 0,0,0,0 0,0,0,0")
	if err != nil {
		t.Fatal(err)
	}
	hist := []logic.Position{p}
	for _, s := range []string{"Na", "Sd"} {
		if err := p.PlayString(s, nil); err != nil {
			t.Fatal(err)
		}
		hist = append(hist, p)
	}
	white := p.SeatOf(logic.White)
	var buf [logic.MaxMoves]logic.Move
	for _, m := range p.Moves(buf[:0]) {
		q := p
		q.Apply(m, nil)
		if r := q.Result(); q.Over() && r.State == logic.Won && q.SeatOf(r.Winner) == white {
			hist = append(hist, q)
			break
		}
	}
	if len(hist) != 4 {
		t.Fatal("white has no win after Na Sd: the test's premise is wrong")
	}
	// White's move before: none in hist, so the look starts at its start.
	if at, kind := decisive(hist, white); at != 0 || kind != Free {
		t.Errorf("decisive move at %d, kind %d; want green's Na (0), free", at, kind)
	}
	if at, kind := decisive(hist[1:], white); at != 0 || kind != Squeezed {
		t.Errorf("from blue's turn: decisive move at %d, kind %d; want blue's (0), squeezed", at, kind)
	}
}

// TestRunFindsDecisiveMoves: every won game of a three-player match has its
// decisive move counted, on its own line too.
func TestRunFindsDecisiveMoves(t *testing.T) {
	var out bytes.Buffer
	r, err := Run(Options{A: "level=2", B: "greedy", Players: 3, Games: 6, Seed: 3, Openings: 2, Concurrency: 2, Verbose: &out})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, d := range r.Decisive {
		for _, c := range d {
			sum += c
		}
	}
	if won := r.Wins + r.Losses; sum != won || won == 0 {
		t.Errorf("%d decisive moves for %d won games: %v", sum, won, r.Decisive)
	}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.Contains(l, ": win ") != strings.Contains(l, "; unstoppable after move ") {
			t.Errorf("a game line without its decisive move, or a draw with one: %s", l)
		}
	}
}
