package arena

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"time"

	"shiftago/logic"
	"shiftago/logic/ai"
	protocol "shiftago/logic/engine"
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
	// Timeout is the longest wait for one answer of an external engine
	// before it loses the game on time; 0: Movetime + Grace, or
	// DefaultTimeout without a movetime.
	Timeout time.Duration
	Verbose io.Writer // each game's result, if not nil
	// Progress, if not nil, is called after each game with the result so
	// far (a copy), one call at a time: Main shows progress from it, and
	// keeps the last one to report on Ctrl-C.
	Progress func(r Result)
}

// Bounds of the options, so that no flag can make the arena allocate,
// start processes or play without end.
const (
	MaxGames       = 100_000
	MaxConcurrency = 64
	MaxOpenings    = 100
	MaxNodes       = 100_000_000      // a hundred Grandmaster moves' worth
	MaxTimeout     = 60 * time.Minute // --timeout
)

// Result is a match's outcome, counted for A.
type Result struct {
	Tally
	Moves    [2]int           // moves made by A and B
	Nodes    [2]int           // nodes searched by A and B
	Think    [2]time.Duration // time spent choosing moves by A and B
	MaxMove  [2]time.Duration // longest single move
	Forfeits [2]int           // games A and B lost on time (counted in Tally too)
	// Sets counts the openings whose games (one per rotation of the
	// seats, so a player's share of each seat is the same) all ended, by
	// A's points over them in half points: with two players, Sets[4] is
	// a pair won both ways round, Sets[2] a pair split.
	Sets [2*4 + 1]int
	// Decisive counts the won games of three and four players by the move
	// after which the winner's win could no longer be stopped
	// (ai.ForcedWin): Decisive[side][Forced] the winner's own move,
	// [side][Free] a move of a player who had a move that handed nobody
	// a forced win, [side][Squeezed] of one who had none (ai.Squeezed).
	// With several opponents a win is seldom forced: most are handed
	// over, and this says by whom.
	Decisive [2][3]int
}

// The kinds of decisive move (Result.Decisive).
const (
	Forced = iota
	Free
	Squeezed
)

// Main runs `shiftago arena` with args (the flags after the subcommand).
// A bad flag gets one line on stderr and exit status 2; a match that
// cannot be played (an engine that will not start or breaks the protocol)
// exit status 1.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	a := fs.String("a", "level=5", "player A: level=N[/mcts|/brs|/maxn|/paranoid][,beam=K][,nodes=M][,workers=W], ref, gm:W, greedy, random or cmd:<engine command>")
	b := fs.String("b", "greedy", "player B: level=N[/mcts|/brs|/maxn|/paranoid][,beam=K][,nodes=M][,workers=W], ref, gm:W, greedy, random or cmd:<engine command>")
	variant := fs.String("variant", "express", "express, expert or extreme")
	players := fs.Int("players", 2, "players per game, 2 to 4")
	games := fs.Int("games", 100, fmt.Sprintf("number of games, 1 to %d", MaxGames))
	movetime := fs.Int("movetime", 0, fmt.Sprintf("milliseconds per move, up to %d (0: each level's node budget)", protocol.MaxMovetime))
	level := fs.Int("level", 0, fmt.Sprintf("level sent to external engines with go level=N, 1 to %d (0: none)", ai.MaxLevel))
	nodes := fs.Int("nodes", 0, fmt.Sprintf("node budget for our levels, up to %d (0: each level's own)", MaxNodes))
	seed := fs.Uint64("seed", 1, "seed for openings, noise and the random players")
	sitouts := fs.String("sitouts", "", fmt.Sprintf("handicap per seat, 0 to %d each, e.g. 0,2", logic.MaxSitOuts))
	seats := fs.String("seats", "", "pattern of a and b over the seats, one letter a seat and both letters used, rotated each game (default abab…)")
	openings := fs.Int("openings", 2, fmt.Sprintf("random plies at the start of each game, 0 to %d", MaxOpenings))
	conc := fs.Int("concurrency", min(2, runtime.NumCPU()), fmt.Sprintf("games played in parallel, 1 to %d", MaxConcurrency))
	timeout := fs.Int("timeout", 0, fmt.Sprintf("milliseconds to wait for an external engine's answer before it loses the game on time (0: movetime + %v, or %v without movetime)", Grace, DefaultTimeout))
	verbose := fs.Bool("v", false, "print each game's result")
	// A bad flag gets one line, not the whole list; -h prints the list.
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprint(stderr, `usage: shiftago arena [flags]
Plays player A against player B over --games games and reports A's wins,
draws and losses and the Elo difference. On a terminal it shows its
progress and an estimate of the time left on stderr; Ctrl-C reports the
games finished so far (exit status 130). The flags:
`)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "shiftago arena: %v (shiftago arena -h lists the flags)\n", err)
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "shiftago arena: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %.40q (flags start with -)", fs.Arg(0))
	}
	// The millisecond counts are checked before they become durations,
	// which a huge count would overflow into a plausible value.
	if *movetime < 0 || *movetime > protocol.MaxMovetime {
		return fail("--movetime %d: want 0 to %d milliseconds", *movetime, protocol.MaxMovetime)
	}
	if *timeout < 0 || *timeout > int(MaxTimeout/time.Millisecond) {
		return fail("--timeout %d: want 0 to %d milliseconds", *timeout, MaxTimeout/time.Millisecond)
	}
	o := Options{A: *a, B: *b, Players: *players, Games: *games, Level: *level, Nodes: *nodes,
		Movetime: time.Duration(*movetime) * time.Millisecond, Seed: *seed, Seats: *seats,
		Openings: *openings, Concurrency: *conc, Timeout: time.Duration(*timeout) * time.Millisecond}
	var err error
	if o.Variant, err = logic.ParseVariant(*variant); err != nil {
		return fail("--variant: %v", err)
	}
	if *sitouts != "" {
		if *players < 2 || *players > 4 {
			return fail("--players %d: want 2 to 4", *players)
		}
		if o.SitOuts, err = protocol.ParseInts(*sitouts, *players); err != nil {
			return fail("--sitouts: %v", err)
		}
	}
	if err := o.check(); err != nil {
		return fail("%v", err)
	}
	if *verbose {
		o.Verbose = stdout
	}
	start := time.Now()
	// The result so far, for Ctrl-C; the progress line, on a terminal.
	var mu sync.Mutex
	var sofar Result
	progress := progressLine(stderr, o.Games, start)
	o.Progress = func(r Result) {
		mu.Lock()
		defer mu.Unlock()
		sofar = r
		progress(r.Games())
	}
	// The engines run in process groups of their own, out of reach of the
	// terminal's Ctrl-C: take them down with the arena, after reporting
	// the games that did end (the ones being played are lost).
	interrupted := make(chan os.Signal, 1)
	signal.Notify(interrupted, os.Interrupt)
	defer signal.Stop(interrupted)
	matchOver := make(chan struct{})
	defer close(matchOver)
	go func() {
		select {
		case <-interrupted:
			live.killAll()
			mu.Lock()
			progress(-1)
			fmt.Fprintf(stderr, "shiftago arena: interrupted after %d of %d games; the games finished:\n", sofar.Games(), o.Games)
			Report(stdout, o, sofar, time.Since(start))
			os.Exit(130)
		case <-matchOver:
		}
	}()
	r, err := Run(o)
	mu.Lock()
	progress(-1)
	mu.Unlock()
	if err != nil {
		fmt.Fprintln(stderr, "shiftago arena:", err)
		return 1
	}
	Report(stdout, o, r, time.Since(start))
	return 0
}

// progressLine returns what shows the match's progress on w: when w is a
// terminal, a line rewritten after each game with the games played, the
// time taken and an estimate of the time left (the mean time a game so
// far, times the games left); done < 0 clears it. Anywhere else (a file,
// a pipe, a test) it does nothing, so logs and reports stay clean.
func progressLine(w io.Writer, games int, start time.Time) func(done int) {
	f, ok := w.(*os.File)
	if !ok {
		return func(int) {}
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return func(int) {}
	}
	shown := false
	return func(done int) {
		if done < 0 {
			if shown {
				fmt.Fprint(w, "\r\033[K")
			}
			return
		}
		shown = true
		took := time.Since(start)
		fmt.Fprintf(w, "\r\033[K%s", progressText(done, games, took))
	}
}

// progressText is the progress line's text: games done of all, the time
// taken and, once a game has ended, the time left at the pace so far.
func progressText(done, games int, took time.Duration) string {
	s := fmt.Sprintf("%d/%d games, %v", done, games, took.Round(time.Second))
	if done > 0 && done < games {
		left := took / time.Duration(done) * time.Duration(games-done)
		s += fmt.Sprintf(", about %v left", left.Round(time.Second))
	}
	return s
}

// check refuses options out of their bounds, naming the flag that sets
// each, so that Main and Run's other callers get the same message.
func (o Options) check() error {
	switch {
	case o.Players < 2 || o.Players > 4:
		return fmt.Errorf("--players %d: want 2 to 4", o.Players)
	case o.Games < 1 || o.Games > MaxGames:
		return fmt.Errorf("--games %d: want 1 to %d", o.Games, MaxGames)
	case o.Movetime < 0 || o.Movetime > protocol.MaxMovetime*time.Millisecond:
		return fmt.Errorf("--movetime %d: want 0 to %d milliseconds", o.Movetime.Milliseconds(), protocol.MaxMovetime)
	case o.Level < 0 || o.Level > ai.MaxLevel:
		return fmt.Errorf("--level %d: want 1 to %d, or 0 to send none", o.Level, ai.MaxLevel)
	case o.Nodes < 0 || o.Nodes > MaxNodes:
		return fmt.Errorf("--nodes %d: want 0 to %d", o.Nodes, MaxNodes)
	case o.Openings < 0 || o.Openings > MaxOpenings:
		return fmt.Errorf("--openings %d: want 0 to %d", o.Openings, MaxOpenings)
	case o.Concurrency < 1 || o.Concurrency > MaxConcurrency:
		return fmt.Errorf("--concurrency %d: want 1 to %d", o.Concurrency, MaxConcurrency)
	case o.Timeout < 0 || o.Timeout > MaxTimeout:
		return fmt.Errorf("--timeout %d: want 0 to %d milliseconds", o.Timeout.Milliseconds(), MaxTimeout.Milliseconds())
	}
	// Each side must hold a seat, or the match measures nothing: with
	// seats aa, A would play itself and "win" every game.
	if p := seatPattern(o); len(p) != o.Players || strings.Trim(p, "ab") != "" ||
		!strings.Contains(p, "a") || !strings.Contains(p, "b") {
		return fmt.Errorf("--seats %.40q: want %d letters a or b, one a seat, with at least one of each (like %s)", o.Seats, o.Players, "abab"[:o.Players])
	}
	for i, s := range []string{o.A, o.B} {
		if _, err := parseSpec(s); err != nil {
			return fmt.Errorf("--%c %v", "ab"[i], err)
		}
	}
	if _, err := logic.NewGame(logic.Standard(o.Variant, o.Players, o.SitOuts)); err != nil {
		return fmt.Errorf("--sitouts: %v", err)
	}
	return nil
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
	if sets, diff, margin := r.SetElo(o.Players); sets > 0 {
		// The first move is worth far more than most differences between
		// players, so the games of one opening with the seats rotated
		// are one sample: their spread is the honest error bar.
		// Spelled out, as players asked: which openings, what is counted,
		// and why this interval is the one to trust.
		fmt.Fprintf(w, "By opening: %d openings, each played once from every seat; A's points in an opening (of %d) → openings:", sets, o.Players)
		for i := 0; i <= 2*o.Players; i++ {
			fmt.Fprintf(w, " %s→%d", halfPoints(i), r.Sets[i])
		}
		fmt.Fprintln(w)
		fmt.Fprint(w, "  The first move is worth much, so each opening counts as one sample; Elo (A−B) by opening")
		switch {
		case math.IsInf(diff, 0):
			// Every opening won, or every one lost: no spread to measure,
			// so give the Wilson bound over the openings, as for games.
			m := float64(sets)
			lo := EloDiff(m / (m + 1.96*1.96))
			if diff < 0 {
				fmt.Fprintf(w, ": ≤ %s (95%%)\n", fmtElo(-lo))
			} else {
				fmt.Fprintf(w, ": ≥ %s (95%%)\n", fmtElo(lo))
			}
		default:
			fmt.Fprintf(w, ": %s ± %.0f (95%%)\n", fmtElo(diff), margin)
		}
	}
	if d := r.Decisive; d != ([2][3]int{}) {
		// With three and four players few wins are forced: most are
		// handed over, and by whom says more than the score.
		fmt.Fprintf(w, "Won games by the move after which the win could not be stopped: "+
			"A's: %d forced wins of its own, %d moves that had a choice, %d of a player squeezed (every move handed a win); "+
			"B's: %d, %d, %d\n", d[0][Forced], d[0][Free], d[0][Squeezed], d[1][Forced], d[1][Free], d[1][Squeezed])
	}
	for i, name := range []string{"A", "B"} {
		if r.Forfeits[i] > 0 {
			fmt.Fprintf(w, "%s lost %d of the games on time: its engine did not answer within its time and grace, was stopped and started again\n", name, r.Forfeits[i])
		}
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

// halfPoints writes a count of half points as points: 0, ½, 1, 1½, …
func halfPoints(h int) string {
	s := ""
	if h >= 2 || h == 0 {
		s = fmt.Sprint(h / 2)
	}
	if h%2 == 1 {
		s += "½"
	}
	return s
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
// with node budgets (no --movetime) the whole match is. An external engine
// that does not answer within its time (see Options.Timeout) loses that
// game on time and is restarted; any other failure of a player ends the
// match with an error.
func Run(o Options) (Result, error) {
	var res Result
	if err := o.check(); err != nil {
		return res, err
	}
	pattern := seatPattern(o)
	specs := [2]spec{}
	for i, s := range []string{o.A, o.B} {
		specs[i], _ = parseSpec(s) // checked by o.check
	}
	setup := logic.Standard(o.Variant, o.Players, o.SitOuts)
	lim := limits{movetime: o.Movetime, level: o.Level, nodes: o.Nodes, timeout: o.Timeout}
	if lim.timeout == 0 {
		lim.timeout = DefaultTimeout
		if o.Movetime > 0 {
			lim.timeout = o.Movetime + Grace
		}
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex // guards res, firstErr and o.Verbose
	var firstErr error
	failed := make(chan struct{}) // closed with the first error: no more games
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
			close(failed)
		}
	}
	// Each game is added to the result as it ends, rather than kept in a
	// slice as long as the match: a sum does not depend on the order.
	// An opening's games are summed until the last of them ends.
	type set struct{ games, halves int }
	sets := map[int]set{}
	add := func(out gameOutcome) {
		st := sets[out.opening]
		st.games++
		st.halves += int(2 * out.score)
		if st.games == o.Players {
			res.Sets[st.halves]++
			delete(sets, out.opening)
		} else {
			sets[out.opening] = st
		}
		switch out.score {
		case 1:
			res.Wins++
		case 0:
			res.Losses++
		default:
			res.Draws++
		}
		if out.forfeit >= 0 {
			res.Forfeits[out.forfeit]++
		}
		if out.decided >= 0 {
			res.Decisive[out.decided][out.kind]++
		}
		for i := 0; i < 2; i++ {
			res.Moves[i] += out.moves[i]
			res.Nodes[i] += out.nodes[i]
			res.Think[i] += out.think[i]
			res.MaxMove[i] = max(res.MaxMove[i], out.maxMove[i])
		}
	}
	for w := 0; w < min(o.Concurrency, o.Games); w++ {
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
			for g := range jobs {
				// Players start with a worker's first game, and again
				// after an engine was stopped for its silence.
				for i := range ps {
					if ps[i] != nil {
						continue
					}
					p, err := specs[i].open(lim)
					if err != nil {
						fail(err)
						return
					}
					ps[i] = p
				}
				out := playGame(o, setup, pattern, ps, g)
				if out.err != nil {
					fail(out.err)
					return
				}
				mu.Lock()
				add(out)
				if o.Verbose != nil {
					fmt.Fprintf(o.Verbose, "game %d: seats %s: %s\n", g+1, out.seats, out.text)
				}
				if o.Progress != nil {
					o.Progress(res)
				}
				mu.Unlock()
				if f := out.forfeit; f >= 0 {
					// The engine was killed for its silence: a fresh
					// one plays this worker's next game, if any.
					ps[f].close()
					ps[f] = nil
				}
			}
		}()
	}
feed:
	for g := 0; g < o.Games; g++ {
		select {
		case jobs <- g:
		case <-failed:
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return Result{}, firstErr
	}
	return res, nil
}

type gameOutcome struct {
	score   float64 // for A: 1 win, ½ draw, 0 loss
	opening int     // the games that differ only by the seats' rotation share it
	seats   string
	text    string
	moves   [2]int
	nodes   [2]int
	think   [2]time.Duration
	maxMove [2]time.Duration
	forfeit int // the side that lost on time, or -1
	// decided is the side whose move made the win unstoppable (-1: none
	// found, a draw or two players), kind what kind of move it was.
	decided, kind int
	err           error
}

// playGame plays game g: the seat pattern rotated by g, and a seeded random
// opening shared by the games that differ only by that rotation.
func playGame(o Options, setup logic.Setup, pattern string, ps [2]player, g int) gameOutcome {
	n := o.Players
	out := gameOutcome{forfeit: -1, decided: -1, opening: g / n}
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
	hist := []logic.Position{p} // every position, for the decisive move
	for i := 0; i < o.Openings && !p.Over(); i++ {
		ms := p.Moves(buf[:0])
		m := ms[rng.IntN(len(ms))]
		p.Apply(m, nil)
		record = append(record, m.String())
		hist = append(hist, p)
	}
	for ply := 0; !p.Over(); ply++ {
		who := side[p.ToMoveSeat()]
		t0 := time.Now()
		m, nodes, err := ps[who].move(p, o.Seed^uint64(g)<<20^uint64(ply))
		dt := time.Since(t0)
		if errors.Is(err, errNoAnswer) {
			// Lost on time, as a tournament would score it: the other
			// side wins, whoever held the other seats.
			out.forfeit = who
			out.score = float64(who)
			out.text = fmt.Sprintf("%c lost on time after %d moves: %v", "AB"[who], len(record), err)
			return out
		}
		if err == nil {
			err = p.Play(m, nil)
		}
		if err != nil {
			out.err = fmt.Errorf("game %d, %s: %w", g+1, p.String(), err)
			return out
		}
		record = append(record, m.String())
		hist = append(hist, p)
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
	if r.State == logic.Won && n > 2 {
		if at, kind := decisive(hist, p.SeatOf(r.Winner)); at >= 0 {
			out.decided, out.kind = side[hist[at].ToMoveSeat()], kind
			out.text += fmt.Sprintf("; unstoppable after move %d, %s's (%s)", at+1, "AB"[out.decided:out.decided+1], [...]string{"forced", "free", "squeezed"}[kind])
		}
	}
	return out
}

// decisive finds, in a game won by seat winner (hist: its positions, the
// last the won one), the move after which the win could no longer be
// stopped, looking back to the winner's move before the winning one: the
// index of the position it was played in (-1: none found) and its kind.
func decisive(hist []logic.Position, winner int) (at, kind int) {
	last := len(hist) - 2 // the winning move was played in hist[last]
	prev := last - 1
	for prev >= 0 && hist[prev].ToMoveSeat() != winner {
		prev--
	}
	for k := max(prev+1, 1); k <= last; k++ {
		if !ai.ForcedWin(hist[k], winner) {
			continue
		}
		switch at = k - 1; {
		case at == prev:
			return at, Forced
		case ai.Squeezed(hist[at]):
			return at, Squeezed
		default:
			return at, Free
		}
	}
	return -1, 0
}
