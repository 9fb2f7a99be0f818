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

// subcommand is the subcommand called name, or nil.
func subcommand(name string) func(args []string, stdout, stderr io.Writer) int {
	switch name {
	case "engine":
		return runEngine
	case "perft":
		return runPerft
	case "arena":
		return arena.Main
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
  shiftago [game flags]    open the game window
  shiftago engine          speak the RULES.md §10 line protocol on stdin/stdout
  shiftago perft --variant V --players N --depth D [--sitouts N,N..] [--position S] [--divide]
  shiftago arena --a level=5 --b greedy [--games N] [--variant V] [--players N] ...
                           play engines against each other (shiftago arena -h for all flags)
  shiftago help            this text
`)
}

func runEngine(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "shiftago engine takes no arguments; it reads commands from standard input")
		return 2
	}
	if err := engine.Serve(os.Stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "shiftago engine:", err)
		return 1
	}
	return 0
}

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "express", "express, expert or extreme")
	players := fs.Int("players", 2, "2, 3 or 4")
	depth := fs.Int("depth", 4, "plies to count")
	sitouts := fs.String("sitouts", "", "handicap per seat, like 2,0")
	position := fs.String("position", "", "start from this RULES.md §10 position string instead of the empty board")
	divide := fs.Bool("divide", false, "print the count below each first move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	p, err := perftStart(*variant, *players, *sitouts, *position)
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
