package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"time"

	"shiftago/logic"
	"shiftago/logic/arena"
	"shiftago/logic/engine"
)

// subcommands are this package's subcommands, in the order help lists
// them. Names reads them, so that a test holds every text that lists the
// subcommands (help, the game's -h, the no-display message) to this list.
var subcommands = []struct {
	name string
	run  func(args []string, stdout, stderr io.Writer) int
}{
	{"engine", runEngine},
	{"perft", runPerft},
	{"arena", arena.Main},
}

// Serve is the subcommand that hosts online games: the game's own
// binary only points to the server program (logic/online/README.md),
// which builds the online store's databases the game does not need.
const Serve = "serve"

// Names are the subcommands' names: this package's, and serve.
func Names() []string {
	var names []string
	for _, c := range subcommands {
		names = append(names, c.name)
	}
	return append(names, Serve)
}

// subcommand is the subcommand called name, or nil.
func subcommand(name string) func(args []string, stdout, stderr io.Writer) int {
	for _, c := range subcommands {
		if c.name == name {
			return c.run
		}
	}
	return nil
}

// Run runs the subcommand named by args[0] and reports its exit code.
// handled is false when args name no subcommand, and the game window
// opens instead.
func Run(args []string) (code int, handled bool) {
	if len(args) == 0 {
		return 0, false
	}
	if args[0] == "help" {
		Usage(os.Stdout)
		return 0, true
	}
	run := subcommand(args[0])
	if run == nil {
		return 0, false
	}
	return run(args[1:], os.Stdout, os.Stderr), true
}

// Usage lists the subcommands.
func Usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  shiftago [game flags]    open the game window (shiftago -h lists the flags)
  shiftago engine          speak the engine's line protocol on stdin/stdout
                           (shiftago engine -h lists its commands)
  shiftago perft --variant V --players N --depth D [--sitouts N,N..] [--position S] [--divide]
                           count the legal move sequences (shiftago perft -h)
  shiftago arena --a level=5 --b greedy [--games N] [--variant V] [--players N] ...
                           play engines against each other (shiftago arena -h)
  shiftago serve           host online games and the web app: the server is its
                           own program, go run ./logic/online/cmd/shiftago-server
  shiftago --version       print the version
  shiftago help            this text
Every command prints its help on -h and exits 0; a bad flag gets one line
starting "shiftago: " (the game) or "shiftago SUBCOMMAND: " and exit status 2.
`)
}

// engineHelp is engine -h: the protocol's commands, which the engine reads
// on standard input (logic/engine/README.md has the whole protocol).
const engineHelp = `usage: shiftago engine
Reads one command a line on standard input and answers one line on
standard output; a refused command answers "error: ..." and changes
nothing. Moves and positions are written as in logic/RULES.md §2.1, §5.8
and §10. The commands:
  new <variant> <players> [sitouts=N,N,...]   start a game: ok
  position                                    the position string
  setposition <position string>               ok
  moves                                       the legal moves, space-separated
  play <move>                                 ok
  result                                      ongoing, win <colour> or draw
  perft <depth>                               the number of move sequences (0 to 7)
  go [level=N] [movetime=MS]                  bestmove <move>, not played
  stop                                        ends a running perft or go at once
  quit                                        ends a running command, then the session
The end of input acts as quit.
`

func runEngine(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && isHelp(args[0]) {
		fmt.Fprint(stderr, engineHelp)
		return 0
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "shiftago engine: unexpected argument %.40q: it takes none, and reads commands from standard input (shiftago engine -h)\n", args[0])
		return 2
	}
	// A client that goes away closes our input: stop what runs for it.
	if err := engine.ServeClient(os.Stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "shiftago engine:", err)
		return 1
	}
	return 0
}

// isHelp reports whether arg asks for help, as the flag package reads it.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "--h", "-help", "--help":
		return true
	}
	return false
}

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	// A bad flag gets one line, not the whole list; -h prints the list.
	fs.SetOutput(io.Discard)
	variant := fs.String("variant", "express", "express, expert or extreme")
	players := fs.Int("players", 2, "2, 3 or 4")
	depth := fs.Int("depth", 4, "plies to count, 0 to 12")
	sitouts := fs.String("sitouts", "", "handicap per seat, like 2,0 (RULES.md §7)")
	position := fs.String("position", "", "start from this position string (RULES.md §10) instead of the empty board")
	divide := fs.Bool("divide", false, "print the count below each first move")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprint(stderr, `usage: shiftago perft [flags]
Counts the legal move sequences of --depth plies (RULES.md §9.4) from the
empty board or from --position, prints the total on stdout and the time
on stderr. Ctrl-C stops a long count (exit status 130). The flags:
`)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "shiftago perft: %v (shiftago perft -h lists the flags)\n", err)
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["position"] && strings.TrimSpace(*position) == "" {
		// As the game refuses it: an empty string is not the empty board.
		fmt.Fprintln(stderr, "shiftago perft: --position: empty; give a position string (RULES.md §10)")
		return 2
	}
	p, err := perftStart(*variant, *players, *sitouts, *position)
	if err == nil && set["position"] {
		err = contradicts(p, set, *variant, *players)
	}
	if err == nil && (*depth < 0 || *depth > 12) {
		err = fmt.Errorf("--depth %d: want 0 to 12", *depth)
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err != nil {
		fmt.Fprintln(stderr, "shiftago perft:", err)
		return 2
	}
	// Depth 12 takes days: Ctrl-C ends the count cleanly, with a line
	// that says so instead of a total, and what --divide has printed so
	// far stays valid.
	stop, release := interruptFlag()
	defer release()
	start := time.Now()
	interrupted := func() int {
		fmt.Fprintf(stderr, "shiftago perft: interrupted after %.3fs, no total\n", time.Since(start).Seconds())
		return 130
	}
	total, ok := uint64(1), true
	if *divide && *depth > 0 {
		// Each first move's count is printed as soon as it is known.
		total = 0
		for _, m := range p.Moves(nil) {
			q := p
			q.Apply(m, nil)
			n := uint64(1)
			if !q.Over() {
				if n, ok = logic.PerftStop(&q, *depth-1, stop); !ok {
					return interrupted()
				}
			}
			fmt.Fprintf(stdout, "%s %d\n", m, n)
			total += n
		}
	} else if total, ok = logic.PerftStop(&p, *depth, stop); !ok {
		return interrupted()
	}
	fmt.Fprintln(stdout, total)
	fmt.Fprintf(stderr, "%.3fs\n", time.Since(start).Seconds())
	return 0
}

// interruptFlag catches Ctrl-C (os.Interrupt) until release and reports
// whether it came, for work that checks it between steps.
func interruptFlag() (interrupted func() bool, release func()) {
	var got atomic.Bool
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-c:
			got.Store(true)
		case <-done:
		}
	}()
	return got.Load, func() {
		signal.Stop(c)
		close(done)
	}
}

// contradicts refuses --variant, --players or --sitouts given beside a
// --position that says otherwise, as the game does: the position string
// carries all three, and a flag that would be silently ignored is a
// mistake the user should hear about.
func contradicts(p logic.Position, set map[string]bool, variant string, players int) error {
	if set["players"] && players != p.Players() {
		return fmt.Errorf("--players %d contradicts --position, a %d-player game", players, p.Players())
	}
	if set["variant"] {
		if v, err := logic.ParseVariant(variant); err != nil || v != p.Variant() {
			return fmt.Errorf("--variant %s contradicts --position, a %s game", variant, p.Variant())
		}
	}
	if set["sitouts"] {
		return errors.New("--sitouts: the position string carries the sit-outs (its last field)")
	}
	return nil
}

func perftStart(variant string, players int, sitouts, position string) (logic.Position, error) {
	if position != "" {
		return logic.ParsePosition(position)
	}
	v, err := logic.ParseVariant(variant)
	if err != nil {
		return logic.Position{}, err
	}
	if players < 2 || players > 4 {
		return logic.Position{}, errors.New("--players: want 2, 3 or 4")
	}
	var sits []int
	if sitouts != "" {
		if sits, err = engine.ParseInts(strings.TrimSpace(sitouts), players); err != nil {
			return logic.Position{}, fmt.Errorf("--sitouts: %v", err)
		}
	}
	return logic.NewGame(logic.Standard(v, players, sits))
}
