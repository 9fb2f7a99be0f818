package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"shiftago/logic"
	"shiftago/logic/arena"
	"shiftago/logic/engine"
)

// subcommands run without a window, so they work on a machine with no
// display (CI, a server, another program driving the engine).
var subcommands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"engine": runEngine,
	"perft":  runPerft,
	"arena":  arena.Main,
}

// runSubcommand runs the subcommand named by args[0] and reports its exit
// code. handled is false when args name no subcommand, and the game window
// opens instead.
func runSubcommand(args []string) (code int, handled bool) {
	if len(args) == 0 {
		return 0, false
	}
	if args[0] == "help" {
		usage(os.Stdout)
		return 0, true
	}
	run, ok := subcommands[args[0]]
	if !ok {
		return 0, false
	}
	return run(args[1:], os.Stdout, os.Stderr), true
}

func usage(w io.Writer) {
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
	start := time.Now()
	var total uint64
	if *divide {
		moves, counts := logic.PerftDivide(&p, *depth)
		for i, m := range moves {
			fmt.Fprintf(stdout, "%s %d\n", m, counts[i])
			total += counts[i]
		}
		if *depth == 0 {
			total = 1
		}
	} else {
		total = logic.Perft(&p, *depth)
	}
	fmt.Fprintln(stdout, total)
	fmt.Fprintf(stderr, "%.3fs\n", time.Since(start).Seconds())
	return 0
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
