// Package arena plays engines against each other, headless: our AI at any
// level, the one-ply greedy and random players, and external engines that
// speak the RULES.md §10 protocol. It reports wins, draws and losses, the
// Elo difference with its 95% margin, and the search speed.
package arena

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"time"

	"shiftago/logic"
)

// Options configure a match.
type Options struct {
	A, B        string // player specs: level=N, greedy, random, cmd:<command>
	Variant     logic.Variant
	Players     int
	Games       int
	Movetime    time.Duration // per move; 0: the levels' node budgets
	Level       int           // level for external engines (go level=N)
	Nodes       int           // node budget override for our levels
	Seed        uint64
	SitOuts     []int
	Seats       string // pattern of a and b over the seats, rotated each game
	Openings    int    // random plies at the start of each game
	Concurrency int
	Verbose     io.Writer // each game's result, if not nil
}

// Result is a match's outcome, counted for A.
type Result struct {
	Tally
	Moves   [2]int           // moves made by A and B
	Nodes   [2]int           // nodes searched by A and B
	Think   [2]time.Duration // time spent choosing moves by A and B
	MaxMove [2]time.Duration // longest single move
}

// Main runs `shiftago arena` with args (the flags after the subcommand).
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	a := fs.String("a", "level=5", "player A: level=N[/mcts|/brs|/maxn|/paranoid], greedy, random or cmd:<engine command>")
	b := fs.String("b", "greedy", "player B: level=N[/mcts|/brs|/maxn|/paranoid], greedy, random or cmd:<engine command>")
	variant := fs.String("variant", "express", "express, expert or extreme")
	players := fs.Int("players", 2, "players per game, 2 to 4")
	games := fs.Int("games", 100, "number of games")
	movetime := fs.Int("movetime", 0, "milliseconds per move (0: each level's node budget)")
	level := fs.Int("level", 0, "level sent to external engines with go level=N")
	nodes := fs.Int("nodes", 0, "node budget for our levels (0: each level's own)")
	seed := fs.Uint64("seed", 1, "seed for openings, noise and the random players")
	sitouts := fs.String("sitouts", "", "handicap per seat, e.g. 0,2")
	seats := fs.String("seats", "", "pattern of a and b over the seats, rotated each game (default abab…)")
	openings := fs.Int("openings", 2, "random plies at the start of each game")
	conc := fs.Int("concurrency", min(2, runtime.NumCPU()), "games played in parallel")
	verbose := fs.Bool("v", false, "print each game's result")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	o := Options{A: *a, B: *b, Players: *players, Games: *games, Level: *level, Nodes: *nodes,
		Movetime: time.Duration(*movetime) * time.Millisecond, Seed: *seed, Seats: *seats,
		Openings: *openings, Concurrency: *conc}
	var err error
	if o.Variant, err = logic.ParseVariant(*variant); err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 2
	}
	if *sitouts != "" {
		for _, f := range strings.Split(*sitouts, ",") {
			var k int
			if _, err := fmt.Sscan(f, &k); err != nil {
				fmt.Fprintf(stderr, "arena: --sitouts %q: want numbers like 0,2\n", *sitouts)
				return 2
			}
			o.SitOuts = append(o.SitOuts, k)
		}
	}
	if *verbose {
		o.Verbose = stdout
	}
	start := time.Now()
	r, err := Run(o)
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 1
	}
	Report(stdout, o, r, time.Since(start))
	return 0
}

// Report prints a match's figures.
func Report(w io.Writer, o Options, r Result, wall time.Duration) {
	fmt.Fprintf(w, "%s (A) vs %s (B): %s, %d players, seats %s, %d games in %v\n",
		o.A, o.B, o.Variant, o.Players, seatPattern(o), r.Games(), wall.Round(time.Millisecond))
	fmt.Fprintf(w, "A: %d wins, %d draws, %d losses; score %.1f%%\n", r.Wins, r.Draws, r.Losses, 100*r.Score())
	diff, margin := r.Elo()
	switch {
	case r.Games() > 0 && (r.Wins == r.Games() || r.Losses == r.Games()):
		// No spread to measure: give the bound of the Wilson interval.
		n := float64(r.Games())
		lo := EloDiff(n / (n + 1.96*1.96))
		if r.Losses == r.Games() {
			fmt.Fprintf(w, "Elo difference (A−B): ≤ %s (95%%)\n", fmtElo(-lo))
		} else {
			fmt.Fprintf(w, "Elo difference (A−B): ≥ %s (95%%)\n", fmtElo(lo))
		}
	case math.IsInf(margin, 0):
		// The interval reaches a score of 0 or 1: give its finite end.
		s, n := r.Score(), float64(r.Games())
		sd := math.Sqrt(s * (1 - s) / n)
		if s > 0.5 {
			fmt.Fprintf(w, "Elo difference (A−B): %s, at least %s (95%%)\n", fmtElo(diff), fmtElo(EloDiff(s-1.96*sd)))
		} else {
			fmt.Fprintf(w, "Elo difference (A−B): %s, at most %s (95%%)\n", fmtElo(diff), fmtElo(EloDiff(s+1.96*sd)))
		}
	default:
		fmt.Fprintf(w, "Elo difference (A−B): %s ± %.0f (95%%)\n", fmtElo(diff), margin)
	}
	for i, name := range []string{"A", "B"} {
		if r.Moves[i] == 0 {
			continue
		}
		per := r.Think[i] / time.Duration(r.Moves[i])
		line := fmt.Sprintf("%s: %d moves, %v per move (longest %v)", name, r.Moves[i],
			per.Round(time.Microsecond), r.MaxMove[i].Round(time.Microsecond))
		if r.Nodes[i] > 0 && r.Think[i] > 0 {
			line += fmt.Sprintf(", %d nodes per move, %.0f nodes/s",
				r.Nodes[i]/r.Moves[i], float64(r.Nodes[i])/r.Think[i].Seconds())
		}
		fmt.Fprintln(w, line)
	}
}

func fmtElo(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		if x < 0 {
			return "-inf"
		}
		return "inf"
	}
	if math.Abs(x) < 0.5 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}

func seatPattern(o Options) string {
	if o.Seats != "" {
		return o.Seats
	}
	return "abab"[:o.Players]
}

// Run plays the match. Game g seats the players by the pattern (abab… by
// default) rotated by g places, so every seat is played by each side in
// turn, and starts with o.Openings seeded random plies, the same for the
// games that differ only by the rotation. With three or four players a
// game counts as a win for A when one of A's seats wins, a loss when one of
// B's does. Games run in parallel, but each is reproducible on its own:
// with node budgets (no --movetime) the whole match is.
func Run(o Options) (Result, error) {
	var res Result
	if o.Players < 2 || o.Players > 4 {
		return res, fmt.Errorf("--players %d: want 2 to 4", o.Players)
	}
	pattern := seatPattern(o)
	if len(pattern) != o.Players || strings.Trim(pattern, "ab") != "" {
		return res, fmt.Errorf("--seats %q: want %d letters a or b", pattern, o.Players)
	}
	specs := [2]spec{}
	for i, s := range []string{o.A, o.B} {
		sp, err := parseSpec(s)
		if err != nil {
			return res, err
		}
		specs[i] = sp
	}
	setup := logic.Standard(o.Variant, o.Players, o.SitOuts)
	if _, err := logic.NewGame(setup); err != nil {
		return res, err
	}
	lim := limits{movetime: o.Movetime, level: o.Level, nodes: o.Nodes}
	conc := max(1, o.Concurrency)
	outcomes := make([]gameOutcome, o.Games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ps [2]player
			defer func() {
				for _, p := range ps {
					if p != nil {
						p.close()
					}
				}
			}()
			for i := range ps {
				p, err := specs[i].open(lim)
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					for range jobs {
					}
					return
				}
				ps[i] = p
			}
			for g := range jobs {
				out := playGame(o, setup, pattern, ps, g)
				outcomes[g] = out
				if out.err != nil {
					mu.Lock()
					firstErr = out.err
					mu.Unlock()
				}
				if o.Verbose != nil {
					mu.Lock()
					fmt.Fprintf(o.Verbose, "game %d: seats %s: %s\n", g+1, out.seats, out.text)
					mu.Unlock()
				}
			}
		}()
	}
	for g := 0; g < o.Games; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return res, firstErr
	}
	for _, out := range outcomes {
		switch out.score {
		case 1:
			res.Wins++
		case 0:
			res.Losses++
		default:
			res.Draws++
		}
		for i := 0; i < 2; i++ {
			res.Moves[i] += out.moves[i]
			res.Nodes[i] += out.nodes[i]
			res.Think[i] += out.think[i]
			res.MaxMove[i] = max(res.MaxMove[i], out.maxMove[i])
		}
	}
	return res, nil
}

type gameOutcome struct {
	score   float64 // for A: 1 win, ½ draw, 0 loss
	seats   string
	text    string
	moves   [2]int
	nodes   [2]int
	think   [2]time.Duration
	maxMove [2]time.Duration
	err     error
}

// playGame plays game g: the seat pattern rotated by g, and a seeded random
// opening shared by the games that differ only by that rotation.
func playGame(o Options, setup logic.Setup, pattern string, ps [2]player, g int) gameOutcome {
	var out gameOutcome
	n := o.Players
	var side [4]int // 0 for A, 1 for B
	sb := make([]byte, n)
	for i := 0; i < n; i++ {
		c := pattern[(i+g)%n]
		side[i] = int(c - 'a')
		sb[i] = c
	}
	out.seats = string(sb)
	p, _ := logic.NewGame(setup)
	rng := rand.New(rand.NewPCG(o.Seed, uint64(g/n)))
	var buf [logic.MaxMoves]logic.Move
	var record []string
	for i := 0; i < o.Openings && !p.Over(); i++ {
		ms := p.Moves(buf[:0])
		m := ms[rng.IntN(len(ms))]
		p.Apply(m, nil)
		record = append(record, m.String())
	}
	for ply := 0; !p.Over(); ply++ {
		who := side[p.ToMoveSeat()]
		t0 := time.Now()
		m, nodes, err := ps[who].move(p, o.Seed^uint64(g)<<20^uint64(ply))
		dt := time.Since(t0)
		if err == nil {
			err = p.Play(m, nil)
		}
		if err != nil {
			out.err = fmt.Errorf("game %d, %s: %w", g+1, p.String(), err)
			return out
		}
		record = append(record, m.String())
		out.moves[who]++
		out.nodes[who] += nodes
		out.think[who] += dt
		out.maxMove[who] = max(out.maxMove[who], dt)
	}
	r := p.Result()
	out.score = 0.5
	if r.State == logic.Won {
		out.score = float64(1 - side[p.SeatOf(r.Winner)])
	}
	out.text = fmt.Sprintf("%s after %d moves: %s", r, len(record), strings.Join(record, " "))
	return out
}
