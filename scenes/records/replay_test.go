package records

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/puzzle"
	"shiftago/logic/record"
	"shiftago/render/layout"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/pages"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// testNodes is the analysis's budget a position in these tests: enough to
// prove the blunders of blunderGame, small enough for the race detector.
const testNodes = 20000

// blunderGame is a record from orange's open three on rank 4 (RULES.md
// §4): green's Nd lets it grow into an open four, the move that lost the
// game; then the game is played out by a Casual computer on both sides.
func blunderGame(t testing.TB, pos string, first string) *record.Record {
	return playOut(t, pos, first, 2)
}

// playOut is a record from pos: first (if not "") and then the moves of
// computers of the level, to the end or 40 moves.
func playOut(t testing.TB, pos string, first string, level int) *record.Record {
	t.Helper()
	p, err := logic.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Variant: p.Variant(), Position: pos, Starter: p.ToMoveSeat()}
	for i := 0; i < p.Players(); i++ {
		rec.Seats = append(rec.Seats, record.Seat{Color: p.SeatColor(i)})
	}
	for k := 0; k < 40 && !p.Over(); k++ {
		m := ai.Think(p, ai.Config{Level: level, Seed: uint64(k), Workers: 1})
		if k == 0 && first != "" {
			var err error
			if m, err = p.ParseMove(first); err != nil {
				t.Fatal(err)
			}
		}
		rec.Moves = append(rec.Moves, m)
		if err := p.Play(m, nil); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

const (
	openThree   = "g6/7/7/1ooo3/7/7/7 express og g 19,21 0,0 0,0"
	threePlayer = "o6/7/7/1bbb3/7/7/g6 express ogb g 21,21,19 0,0,0 0,0,0"
)

// key is a tick with key k just pressed.
func key(k ebiten.Key) input.Input {
	var in input.Input
	in.AddKey(k)
	return in
}

// analyseAll runs the replay's ticks until its analysis, away from the
// frame, has ended (a tick a millisecond: the goroutine needs the core).
func analyseAll(t testing.TB, c *app.Context, r *Replay) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for r.Analysing() {
		if err := r.Update(c); err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatal("the analysis never ended")
		}
		time.Sleep(time.Millisecond)
	}
	r.Update(c) // the last answer put into words
}

// TestReplayAnalysisSteps: the replay analyses its game away from the frame,
// marks the move that lost it, jumps there by key and by the button, says
// so on the status line, and stops the analysis when it closes.
func TestReplayAnalysisSteps(t *testing.T) {
	l := looptest.Need(t)
	rec := blunderGame(t, openThree, "Nd")
	l.Do(func() {
		c := looptest.NewContext(t, "en", 1280, 800, 1)
		r := NewReplay(c, rec).(*Replay)
		r.SetAnalysisNodes(testNodes)
		analyseAll(t, c, r)
		// The positions were evaluated away from the frame: the ticks
		// only booked the answers.
		if n := r.rev.an.InFrame(); n != 0 {
			t.Errorf("%d positions searched in the frame", n)
		}
		if m := r.Marked(); len(m) == 0 || m[0] != 1 || r.Verdict(1) != play.Lost {
			t.Fatalf("marked %v (verdict on move 1: %v), want move 1 lost", m, r.Verdict(1))
		}
		c.In = key(ebiten.KeyPageDown)
		r.Update(c)
		if r.Ply() != 1 || !strings.Contains(r.PageStatus(), "lost the game") || !strings.Contains(r.PageStatus(), "W4") && !strings.Contains(r.PageStatus(), "E4") {
			t.Errorf("after PageDown: ply %d, status %q", r.Ply(), r.PageStatus())
		}
		c.In = key(ebiten.KeyHome)
		r.Update(c)
		// The button to the next mistake, tapped.
		var b layout.Rect
		for _, i := range r.PageButtons() {
			if i.ID == "mistake" {
				b = i.Rect
			}
		}
		if b.W < c.Scale*layout.MinTargetCSS || b.H < c.Scale*layout.MinTargetCSS {
			t.Fatalf("the mistake button is %v", b)
		}
		x, y := b.X+b.W/2, b.Y+b.H/2
		for _, in := range []input.Input{inputtest.At(x, y, true, true, false), inputtest.At(x, y, true, false, false), inputtest.At(x, y, false, false, true)} {
			c.In = in
			r.Update(c)
		}
		if r.Ply() != 1 {
			t.Errorf("after the mistake button: ply %d, want 1", r.Ply())
		}
		// A drag along the timeline, from the first column to past the
		// last: the position under the finger is shown, at the end the
		// last one.
		g := r.rev.graph
		y = g.Y + g.H*0.75
		c.In = inputtest.At(g.X+1, y, true, true, false)
		r.Update(c)
		if r.Ply() != 0 {
			t.Errorf("pressed on the first column: ply %d", r.Ply())
		}
		seen := map[int]bool{}
		for i := 1; i <= 20; i++ {
			c.In = inputtest.At(g.X+g.W*float64(i)/19, y, true, false, false)
			r.Update(c)
			seen[r.Ply()] = true
		}
		c.In = inputtest.At(g.X+g.W+5, y, false, false, true)
		r.Update(c)
		if r.Ply() != len(rec.Moves) || len(seen) < len(rec.Moves)/2 {
			t.Errorf("after the drag: ply %d of %d, %d positions seen on the way", r.Ply(), len(rec.Moves), len(seen))
		}
		c.In = key(ebiten.KeyEscape)
		r.Update(c)
		if !r.rev.an.Done() {
			t.Error("the analysis runs on after Close")
		}
	})
}

// TestReplayClosedMidAnalysis: closing before the analysis ends stops it
// where it was.
func TestReplayClosedMidAnalysis(t *testing.T) {
	l := looptest.Need(t)
	rec := blunderGame(t, openThree, "Nd")
	l.Do(func() {
		c := looptest.NewContext(t, "en", 800, 1280, 1)
		r := NewReplay(c, rec).(*Replay)
		r.Update(c)
		if !r.Analysing() {
			t.Fatal("no analysis under way")
		}
		c.In = key(ebiten.KeyEscape)
		r.Update(c)
		done, _ := r.rev.an.Progress()
		c.In = input.Input{}
		r.Update(c)
		if d, _ := r.rev.an.Progress(); r.Analysing() || d != done {
			t.Errorf("after Close: analysing %v, progress %d then %d", r.Analysing(), done, d)
		}
	})
}

// TestReplayAnalysesAwayInTheLoop runs the replay in the game loop: the
// analysis runs away from the frame (no position searched in it), the
// position shown is known first, "Mistake" is usable as soon as the
// mistake it needs is known, long before the analysis ends, and
// leaving the replay abandons the analysis.
func TestReplayAnalysesAwayInTheLoop(t *testing.T) {
	l := looptest.Need(t)
	rec := blunderGame(t, openThree, "Nd")
	var g *app.Game
	var r *Replay
	var err error
	l.Do(func() {
		g, err = app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3, Store: &saves.Memory{}}, app.Screens{Title: pages.NewSetup}, &inputtest.Script{})
		if err != nil {
			return
		}
		r = NewReplay(g.Context(), rec).(*Replay)
		r.SetAnalysisNodes(testNodes)
		r.Seek(g.Context(), 1) // the blunder shown: 1 first, then 0, then the rest
	})
	if err != nil {
		t.Fatal(err)
	}
	l.Run(g)
	t.Cleanup(func() { l.Run(nil); g.Close() })
	l.Do(func() { g.Show(r) })
	first, usable := -1, -1 // the first position known; the progress when Mistake was usable
	mistakeOn := func() bool {
		for _, b := range g.PageButtons() {
			if b.ID == "mistake" {
				return b.Enabled
			}
		}
		return false
	}
	if !l.Until(20000, func() bool {
		an := r.rev.an
		for i := 0; first < 0 && i < len(rec.Moves); i++ { // the last is over: known at once
			if an.At(i).Known {
				first = i
			}
		}
		if d, _ := an.Progress(); usable < 0 && mistakeOn() {
			usable = d
		}
		return !r.Analysing()
	}) {
		t.Fatal("the analysis never ended")
	}
	_, total := r.rev.an.Progress()
	if first != 1 || usable < 0 || usable > 3 || total-usable < 3 || r.rev.an.InFrame() != 0 {
		t.Errorf("first known %d (want 1), Mistake usable at %d of %d known, %d searched in the frame", first, usable, total, r.rev.an.InFrame())
	}
	// Opened again and left at once: the analysis is abandoned.
	var again *Replay
	l.Do(func() {
		again = NewReplay(g.Context(), rec).(*Replay)
		g.Show(again)
	})
	l.Wait(3)
	l.Do(func() {
		g.Context().In = key(ebiten.KeyEscape)
		again.Update(g.Context())
		g.Context().In = input.Input{}
		if again.Analysing() {
			t.Error("the analysis runs on after the replay was left")
		}
	})
}

// TestReplayTapAMark runs the replay in the game loop, waits for the
// analysis to end, and taps the marked move on the timeline as a person
// does: pressed over several ticks, then released.
func TestReplayTapAMark(t *testing.T) {
	l := looptest.Need(t)
	rec := blunderGame(t, threePlayer, "Nd")
	script := &inputtest.Script{}
	var g *app.Game
	var r *Replay
	var err error
	l.Do(func() {
		g, err = app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3, Store: &saves.Memory{}}, app.Screens{Title: pages.NewSetup}, script)
		if err != nil {
			return
		}
		r = NewReplay(g.Context(), rec).(*Replay)
		r.SetAnalysisNodes(testNodes)
	})
	if err != nil {
		t.Fatal(err)
	}
	l.Run(g)
	t.Cleanup(func() { l.Run(nil); g.Close() })
	l.Do(func() { g.Show(r) })
	if !l.Until(20000, func() bool { return !r.Analysing() }) {
		t.Fatal("the analysis never ended")
	}
	var mark *layout.Rect
	l.Do(func() {
		for _, b := range g.PageButtons() {
			if b.ID == "mark 1" {
				mark = &b.Rect
			}
		}
		if r.Verdict(1) != play.Lost {
			t.Errorf("verdict on move 1: %v, want lost (marked %v)", r.Verdict(1), r.Marked())
		}
	})
	if mark == nil {
		t.Fatalf("no mark on move 1 (marked %v)", r.Marked())
	}
	if mark.W < layout.MinTargetCSS || mark.H < layout.MinTargetCSS {
		t.Errorf("the mark's target is %v, under %v px", mark, layout.MinTargetCSS)
	}
	c := mark.Center()
	l.Do(func() { script.Hold(c.X, c.Y, 8) })
	if !l.Until(100, func() bool { return script.Len() == 0 && r.Ply() == 1 }) {
		t.Fatalf("after tapping the mark: ply %d, want 1", r.Ply())
	}
	l.Do(func() {
		if s := r.PageStatus(); !strings.Contains(s, "lost the game") {
			t.Errorf("status %q", s)
		}
	})
}

// TestReplayShots writes the replay with its analysis done, at the mark,
// at four sizes for two and three players, into SHIFTAGO_SHOTS (skipped
// without it), to look at; SHIFTAGO_LANG picks the language.
func TestReplayShots(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_SHOTS")
	if dir == "" {
		t.Skip("set SHIFTAGO_SHOTS to a folder to write the screenshots")
	}
	lang := os.Getenv("SHIFTAGO_LANG") // the language of the shots (en)
	if lang == "" {
		lang = "en"
	}
	l := looptest.Need(t)
	for _, game := range []struct{ name, pos string }{
		{"analysis2", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0"},
		{"analysis3", "7/7/7/7/7/7/7 express ogb o 22,22,22 0,0,0 0,0,0"},
	} {
		rec := playOut(t, game.pos, "", 1) // Beginners: human-sized mistakes
		t.Logf("%s: %d moves", game.name, len(rec.Moves))
		for _, sz := range [][2]int{{1280, 800}, {800, 1280}, {390, 844}, {844, 390}} {
			for _, part := range []string{"half", "done"} {
				l.Do(func() {
					c := looptest.NewContext(t, lang, float64(sz[0]), float64(sz[1]), 1)
					r := NewReplay(c, rec).(*Replay)
					r.SetAnalysisNodes(testNodes)
					if part == "half" {
						// The last position shown first: it is evaluated
						// first, the game from its start after it.
						r.Seek(c, len(rec.Moves)-1)
					}
					for i := 0; r.Analysing() && (part == "done" || r.rev.known < len(rec.Moves)/2); i++ {
						r.Update(c)
						time.Sleep(time.Millisecond)
					}
					if part == "done" {
						c.In = key(ebiten.KeyPageDown)
						r.Update(c)
					}
					c.In = input.Input{}
					for i := 0; i < 200 && !r.Still(); i++ {
						r.Update(c) // the move shown to its end
					}
					img := ebiten.NewImage(sz[0], sz[1])
					defer img.Deallocate()
					r.Draw(img, c)
					rgba := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
					img.ReadPixels(rgba.Pix)
					f, err := os.Create(filepath.Join(dir, game.name+"-"+part+"-"+strconv.Itoa(sz[0])+"x"+strconv.Itoa(sz[1])+".png"))
					if err != nil {
						t.Fatal(err)
					}
					defer f.Close()
					if err := png.Encode(f, rgba); err != nil {
						t.Fatal(err)
					}
				})
			}
		}
	}
}

// TestReplayTextsFit: the replay's buttons (the mistake button among
// them) keep their labels at nearly full size in every language, from the
// smallest window to a phone held either way.
func TestReplayTextsFit(t *testing.T) {
	l := looptest.Need(t)
	rec := blunderGame(t, openThree, "Nd")
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][2]float64{{640, 480}, {390, 844}, {844, 390}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], 1)
				r := NewReplay(c, rec).(*Replay)
				r.Update(c)
				for _, f := range r.bs.Fits() {
					if w := c.Text.Width(f.Text, f.Size, f.Bold); w*looptest.MinFit > f.W+0.5 {
						t.Errorf("%s, %v: %q is %.0f px wide at %.1f px, its box %.0f px", lg, sz, f.Text, w, f.Size, f.W)
					}
				}
				if r.rev.strip.H < layout.MinTargetCSS || r.rev.graph.W < 2*layout.MinTargetCSS {
					t.Errorf("%s, %v: the strip is %v, its timeline %v", lg, sz, r.rev.strip, r.rev.graph)
				}
			}
		}
	})
}

// TestReplaySaysWhatIsProven: on a puzzle's main line the replay's
// status says what the solver proved ("Green wins in 3 moves (proven)",
// "every move loses" after the first move), the box counts the moves,
// and an estimate elsewhere is marked as one. With SHIFTAGO_SHOTS it
// writes the proven start at a desktop and a phone size.
func TestReplaySaysWhatIsProven(t *testing.T) {
	all, err := puzzle.All()
	if err != nil {
		t.Fatal(err)
	}
	var pz *puzzle.Puzzle
	for i := range all {
		if p, _ := all[i].Start(); p.Variant() == logic.Express {
			pz = &all[i]
			break
		}
	}
	if pz == nil {
		t.Fatal("no Express puzzle")
	}
	p, _ := pz.Start()
	rec := &record.Record{Variant: p.Variant(), Position: pz.Position, Starter: p.ToMoveSeat()}
	for i := 0; i < p.Players(); i++ {
		rec.Seats = append(rec.Seats, record.Seat{Color: p.SeatColor(i)})
	}
	q := p
	for _, s := range pz.Line {
		m, _ := q.ParseMove(s)
		q.Apply(m, nil)
		rec.Moves = append(rec.Moves, m)
	}
	l := looptest.Need(t)
	dir := os.Getenv("SHIFTAGO_SHOTS")
	for _, sz := range [][2]int{{1280, 800}, {390, 844}} {
		l.Do(func() {
			c := looptest.NewContext(t, "en", float64(sz[0]), float64(sz[1]), 1)
			r := NewReplay(c, rec).(*Replay)
			r.SetAnalysisNodes(testNodes)
			r.Seek(c, 0)
			analyseAll(t, c, r)
			winner := c.Lang.Colors[p.ToMove()]
			if want := c.F("replay.provenwinin", winner, pz.Moves()); !strings.Contains(r.status(c), want) {
				t.Errorf("the start: status %q, want %q", r.status(c), want)
			}
			if want := c.F("replay.winsin", pz.Moves()); r.rev.evalText != want {
				t.Errorf("the start: the box says %q, want %q", r.rev.evalText, want)
			}
			if dir != "" {
				for i := 0; i < 200 && !r.Still(); i++ {
					r.Update(c)
				}
				img := ebiten.NewImage(sz[0], sz[1])
				defer img.Deallocate()
				r.Draw(img, c)
				rgba := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
				img.ReadPixels(rgba.Pix)
				looptest.WritePNG(t, filepath.Join(dir, "replay-proven-"+strconv.Itoa(sz[0])+"x"+strconv.Itoa(sz[1])+".png"), rgba)
			}
			r.Seek(c, 1)
			r.Update(c)
			loser := c.Lang.Colors[q.SeatColor(1-p.ToMoveSeat())]
			if want := c.F("replay.provenloss", loser); !strings.Contains(r.status(c), want) {
				t.Errorf("after the first move: status %q, want %q", r.status(c), want)
			}
		})
	}
	// An open middle game: an estimate, marked as one.
	l.Do(func() {
		c := looptest.NewContext(t, "en", 1280, 800, 1)
		mid := playOut(t, "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "", 3)
		mid.Moves = mid.Moves[:6]
		r := NewReplay(c, mid).(*Replay)
		r.SetAnalysisNodes(testNodes)
		r.Seek(c, 3)
		analyseAll(t, c, r)
		if !strings.HasPrefix(r.rev.evalText, "≈") || strings.Contains(r.status(c), "proven") {
			t.Errorf("move 3 of an open game: the box %q, the status %q", r.rev.evalText, r.status(c))
		}
	})
}
