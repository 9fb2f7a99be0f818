package game

import (
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/puzzle"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// puzzleGame opens the puzzles over a stand-in title on date, with the
// store st, driven by a script, and hands them to the loop.
func puzzleGame(t *testing.T, l *looptest.Loop, date string, st saves.Store) (*app.Game, *inputtest.Script, *Puzzles) {
	t.Helper()
	g, script, s := scriptedScene(t, l, app.Options{Date: date, Store: st}, NewPuzzles)
	return g, script, s.(*Puzzles)
}

// TestPuzzleScreenThroughTheGameLoop plays a puzzle with scripted drags
// through the real game loop: the screen opens at the puzzle of the day;
// a wrong first move is answered by its refutation and "try again"; Try
// again puts the puzzle back at its start; the main line, dragged in move
// by move, is answered by the defender's main line and solves the puzzle;
// the progress (solved, the streak broken by the miss) is saved; the
// next puzzle solved at the first try starts a streak.
func TestPuzzleScreenThroughTheGameLoop(t *testing.T) {
	l := looptest.Need(t)
	st := &saves.Memory{}
	const date = "2026-11-25"
	g, script, pz := puzzleGame(t, l, date, st)
	all, err := puzzle.All()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := puzzle.Daily(date, len(all))
	l.Do(func() {
		if i, d := pz.Index(); i != want || d != want {
			t.Errorf("opened at %d (daily %d), want the puzzle of the day %d", i, d, want)
		}
	})
	// Two Express puzzles in a row, to drag their moves in.
	first := -1
	for i := range all {
		p0, _ := all[i].Start()
		p1, _ := all[(i+1)%len(all)].Start()
		if p0.Variant() == logic.Express && p1.Variant() == logic.Express && len(all[i].Refute) > 0 {
			first = i
			break
		}
	}
	if first < 0 {
		t.Fatal("no two Express puzzles in a row")
	}
	l.Do(func() {
		if err := pz.open(g.Context(), first); err != nil {
			t.Fatal(err)
		}
	})
	ready := func() bool {
		return g.Scene() == app.Scene(pz) && pz.t.Ctl.HumanToMove() && !pz.t.Animating() && script.Len() == 0
	}
	drag := func(s string) {
		t.Helper()
		if !l.Until(3000, ready) {
			t.Fatalf("never the player's turn (phase %s, moves %v)", pz.t.Ctl.Phase(), pz.t.Match().Moves)
		}
		l.Do(func() {
			m, err := pz.t.Match().Pos.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			e := m.Entry()
			from, to := pz.t.View.Geo.EntryPoint(e), pz.t.View.Geo.CellCenter(e.EntryCell())
			script.Drag(from.X, from.Y, to.X, to.Y, 8)
		})
		l.Until(60, func() bool { return script.Len() == 0 })
	}
	tap := func(id string) {
		t.Helper()
		var found bool
		l.Do(func() {
			for _, b := range pz.PageButtons() {
				if b.ID == id {
					c := b.Rect.Center()
					script.Hold(c.X, c.Y, 6)
					found = true
				}
			}
		})
		if !found {
			t.Fatalf("no button %q", id)
		}
		l.Until(60, func() bool { return script.Len() == 0 })
	}
	solve := func(pzl *puzzle.Puzzle) {
		t.Helper()
		for k := 0; k < len(pzl.Line); k += 2 {
			drag(pzl.Line[k])
			if k+1 < len(pzl.Line) {
				want := pzl.Line[k+1]
				if !l.Until(3000, func() bool { return len(pz.t.Match().Moves) >= k+2 }) {
					t.Fatalf("no answer to %s", pzl.Line[k])
				}
				l.Do(func() {
					if got := pz.t.Match().Moves[k+1].String(); got != want {
						t.Errorf("the defender answered %s, the main line %s", got, want)
					}
				})
			}
		}
		if !l.Until(3000, func() bool { return pz.Run().State == play.PuzzleSolved }) {
			t.Fatalf("not solved: state %d, moves %v", pz.Run().State, pz.t.Match().Moves)
		}
	}
	p := &all[first]
	var wrong, refutation string
	start, _ := p.Start()
	var buf [logic.MaxMoves]logic.Move
	for _, m := range start.Moves(buf[:0]) {
		if r, ok := p.Refute[m.String()]; ok {
			wrong, refutation = m.String(), r
			break
		}
	}
	shots := os.Getenv("SHIFTAGO_SHOTS")
	shot := func(name string) {
		if shots == "" {
			return
		}
		for _, sz := range [][2]int{{1280, 800}, {390, 844}} {
			l.Do(func() {
				c := g.Context()
				w, h := sz[0], sz[1]
				c.W, c.H = float64(w), float64(h)
				pz.laid = pzLaid{}
				g.Update()
				img := ebiten.NewImage(w, h)
				defer img.Deallocate()
				g.Draw(img)
				rgba := image.NewRGBA(image.Rect(0, 0, w, h))
				img.ReadPixels(rgba.Pix)
				looptest.WritePNG(t, filepath.Join(shots, name+"-"+strconv.Itoa(w)+"x"+strconv.Itoa(h)+".png"), rgba)
				c.W, c.H = looptest.W, looptest.H
				pz.laid = pzLaid{}
			})
		}
	}
	shot("puzzle-start")
	drag(wrong)
	if !l.Until(3000, func() bool { return len(pz.t.Match().Moves) == 2 && !pz.t.Animating() }) {
		t.Fatalf("no refutation of %s: moves %v", wrong, pz.t.Match().Moves)
	}
	l.Do(func() {
		if pz.Run().State != play.PuzzleWrong || pz.t.Match().Moves[1].String() != refutation {
			t.Errorf("after %s: state %d, answer %s, want the refutation %s", wrong, pz.Run().State, pz.t.Match().Moves[1], refutation)
		}
		if s := pz.PageStatus(); !strings.Contains(s, g.Context().T("puzzle.wrong")) {
			t.Errorf("the panel says %q", s)
		}
		if s := pz.t.Status(); s != g.Context().T("puzzle.wrong") {
			t.Errorf("after a wrong move the status line says %q", s)
		}
	})
	shot("puzzle-wrong")
	// The board takes no move now: only Try again.
	l.Do(func() {
		e := logic.NewEntry(logic.West, 0)
		from, to := pz.t.View.Geo.EntryPoint(e), pz.t.View.Geo.CellCenter(e.EntryCell())
		script.Drag(from.X, from.Y, to.X, to.Y, 8)
	})
	l.Wait(30)
	l.Do(func() {
		if n := len(pz.t.Match().Moves); n != 2 {
			t.Errorf("a move was taken after the try was over: %v", pz.t.Match().Moves)
		}
	})
	tap("retry")
	l.Do(func() {
		if len(pz.t.Match().Moves) != 0 || pz.Run().State != play.PuzzleSolving || pz.t.Match().Pos.String() != p.Position {
			t.Errorf("Try again: moves %v, state %d", pz.t.Match().Moves, pz.Run().State)
		}
	})
	solve(p)
	shot("puzzle-solved")
	prog, err := saves.LoadPuzzles(st)
	if err != nil || !prog.IsSolved(saves.PuzzleID(p.Position)) || prog.Streak != 0 || prog.Rating >= saves.StartRating {
		t.Fatalf("saved progress %+v (%v): want the puzzle solved, no streak and a lower rating after a miss", prog, err)
	}
	missed := prog.Rating
	tap("next")
	l.Do(func() {
		if i, _ := pz.Index(); i != (first+1)%len(all) {
			t.Errorf("Next opened %d, want %d", i, first+1)
		}
	})
	solve(&all[(first+1)%len(all)])
	if prog, _ = saves.LoadPuzzles(st); prog.Streak != 1 || prog.Best != 1 || len(prog.Solved) != 2 || prog.Rating <= missed {
		t.Errorf("after a first-try solve: %+v", prog)
	}
	tap("back")
	if !l.Until(60, func() bool { return g.Scene() != app.Scene(pz) }) {
		t.Error("Back did not close the puzzles")
	}
}
