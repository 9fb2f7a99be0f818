package puzzle

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// The puzzles' generator. Rerun it (on a busy machine, at low priority)
// with
//
//	nice -n 19 go test ./logic/puzzle -run TestGeneratePuzzles -genpuzzles -timeout 0 \
//	    [-puzzlevariants express,expert] [-puzzletime 30m] [-puzzlelevel 4] [-puzzleseed 1] [-puzzlenodes 300000]
//
// It plays games between two computers of puzzlelevel from seeded random
// openings (two to four random plies), and at each position of a game
// asks Find whether the side to move has a puzzle (every question of the
// solver bounded by puzzlenodes nodes); the first puzzle of each side in a
// game is kept, unless its position is already known. The variants take
// turns, a game each, until puzzletime has passed; then the puzzles found
// are added to those of puzzles.txt.gz, which it writes again (sorted by
// variant, moves and position). Games are numbered from puzzleseed, so a
// run with another seed finds other puzzles. Each puzzle is also written
// to puzzles.new.txt as it is found, so an interrupted run loses nothing.
var (
	genPuzzles     = flag.Bool("genpuzzles", false, "find puzzles and write puzzles.txt.gz (slow)")
	puzzleVariants = flag.String("puzzlevariants", "express,expert", "variants to play")
	puzzleTime     = flag.Duration("puzzletime", 30*time.Minute, "how long to look")
	puzzleLevel    = flag.Int("puzzlelevel", 4, "level of the computers that play the games")
	puzzleSeed     = flag.Uint64("puzzleseed", 1, "the first game's number")
	puzzleNodes    = flag.Int("puzzlenodes", 300_000, "nodes per question of the solver")
	puzzleMinMoves = flag.Int("puzzleminmoves", 2, "keep only puzzles of at least this many of the winner's moves")
)

func TestGeneratePuzzles(t *testing.T) {
	if !*genPuzzles {
		t.Skip("run with -genpuzzles to find puzzles")
	}
	old, err := All()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, pz := range old {
		seen[pz.Position] = true
	}
	var variants []logic.Variant
	for _, name := range strings.Split(*puzzleVariants, ",") {
		v, err := logic.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		variants = append(variants, v)
	}
	progress, err := os.OpenFile("puzzles.new.txt", os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer progress.Close()
	pr := ai.NewProver(*puzzleNodes)
	defer pr.Close()
	var found []Puzzle
	var thinking, finding time.Duration
	end := time.Now().Add(*puzzleTime)
	var buf [logic.MaxMoves]logic.Move
	for g := *puzzleSeed; time.Now().Before(end); g++ {
		v := variants[int(g)%len(variants)]
		p, err := logic.NewGame(logic.Standard(v, 2, nil))
		if err != nil {
			t.Fatal(err)
		}
		opening := 2 + int(mix(g)%3)
		kept := [2]bool{}
		for ply := 0; !p.Over() && time.Now().Before(end); ply++ {
			if ply < opening {
				ms := p.Moves(buf[:0])
				p.Apply(ms[mix(g<<8^uint64(ply))%uint64(len(ms))], nil)
				continue
			}
			t0 := time.Now()
			sr := ai.NewSearch(p, ai.Config{Level: *puzzleLevel, Seed: g, Workers: 1})
			for !sr.Step(1 << 30) {
			}
			thinking += time.Since(t0)
			// The game's own search is the sieve: only where it sees a
			// forced win (a score within maxPlies of a win) is the solver
			// asked, which costs far more than the search.
			if s := p.ToMoveSeat(); !kept[s] && sr.Score() >= winScore-maxPlies-1 && !seen[p.String()] {
				t0 := time.Now()
				pz, err := Find(p, pr)
				finding += time.Since(t0)
				if err == nil && pz.Moves() < *puzzleMinMoves {
					// Too short for this run: the side may still get a
					// longer one later in the game.
					t.Logf("game %d ply %d: a win in %d, shorter than -puzzleminmoves", g, ply, pz.Moves())
				} else if err == nil {
					kept[s], seen[pz.Position] = true, true
					found = append(found, pz)
					fmt.Fprintln(progress, pz.String())
					t.Logf("game %d ply %d: %s wins in %d (%v): %s", g, ply, v, pz.Moves(), time.Since(t0).Round(time.Millisecond), pz.String())
				} else {
					t.Logf("game %d ply %d: %v", g, ply, err)
				}
			}
			p.Apply(sr.Best(), nil)
		}
		t.Logf("game %d (%s) over: %d puzzles found; %v playing, %v proving", g, v, len(found), thinking.Round(time.Second), finding.Round(time.Second))
	}
	all := append(old, found...)
	slices.SortStableFunc(all, func(a, b Puzzle) int {
		pa, _ := a.Start()
		pb, _ := b.Start()
		if c := int(pa.Variant()) - int(pb.Variant()); c != 0 {
			return c
		}
		if c := a.Moves() - b.Moves(); c != 0 {
			return c
		}
		return strings.Compare(a.Position, b.Position)
	})
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	fmt.Fprintf(zw, "# Shiftago puzzles (logic/puzzle), written by TestGeneratePuzzles; the last run:\n")
	fmt.Fprintf(zw, "# go test ./logic/puzzle -run TestGeneratePuzzles -genpuzzles -timeout 0 -puzzlevariants %s -puzzletime %v -puzzlelevel %d -puzzleseed %d -puzzlenodes %d -puzzleminmoves %d\n",
		*puzzleVariants, *puzzleTime, *puzzleLevel, *puzzleSeed, *puzzleNodes, *puzzleMinMoves)
	fmt.Fprintf(zw, "# <position>;<plies>;<main line>;<wrong first move>:<refutation> ...;<difficulty>\n")
	for _, pz := range all {
		fmt.Fprintln(zw, pz.String())
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("puzzles.txt.gz", out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d puzzles found, %d in all", len(found), len(all))
}

// winScore is the search's score of a win now (ai.Search.Score: 30000
// less the plies to a forced win).
const winScore = 30000

// mix is a SplitMix64 step: the openings' random plies.
func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}
