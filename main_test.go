package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render/layout"
	"shiftago/scenes/app"
	"shiftago/scenes/game"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/pages"
	"shiftago/scenes/play"
	"shiftago/scenes/records"
	"shiftago/scenes/saves"
)

func TestMain(m *testing.M) {
	if os.Getenv("SHIFTAGO_TEST_RUN_MAIN") != "" {
		// The program itself, as a player starts it (TestStartWithoutDisplay).
		main()
		os.Exit(0)
	}
	looptest.Main(m)
}

// shotsDir is the folder SHIFTAGO_SHOTS names, made, and the game loop
// the shots are drawn on; the test is skipped without either.
func shotsDir(t *testing.T) (string, *looptest.Loop) {
	t.Helper()
	dir := os.Getenv("SHIFTAGO_SHOTS")
	if dir == "" {
		t.Skip("set SHIFTAGO_SHOTS to a folder to write the screenshots")
	}
	l := looptest.Need(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, l
}

// drawPNG draws the game's screen, w×h, into the PNG file path (on the
// game loop's thread).
func drawPNG(t *testing.T, g *app.Game, w, h int, path string) {
	t.Helper()
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	g.Draw(img)
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(rgba.Pix)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, rgba); err != nil {
		t.Fatal(err)
	}
}

// TestScreenshots writes a screenshot of every screen at a desktop, a
// portrait tablet and a phone size into the folder named by
// SHIFTAGO_SHOTS (skipped without it), to look at, and to hold against
// the shots of another build.
func TestScreenshots(t *testing.T) {
	dir, l := shotsDir(t)
	script := &inputtest.Script{}
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3}, screens(), script)
	if err != nil {
		t.Fatal(err)
	}
	c := g.Context()
	shot := func(name string, w, h int, open func() app.Scene) {
		t.Helper()
		l.Do(func() {
			c.W, c.H = float64(w), float64(h)
			c.Tick = 100
			if s := open(); s != nil {
				g.Show(s)
			}
			drawPNG(t, g, w, h, filepath.Join(dir, name))
		})
	}
	const mid = "o2b3/1g1o1g1/2b1o2/g1obgb1/2o1g2/1b1o1b1/3g3 expert ogb o 16,16,16 2,0,0 0,0,0"
	newGame := func(pos string) *game.Screen {
		c.Setup = play.DefaultSetup()
		c.Setup.Players = 3
		s, err := game.New(c, pos)
		if err != nil {
			t.Fatal(err)
		}
		return s.(*game.Screen)
	}
	rec, err := record.Parse("Shiftago record 1\nVariant: expert\nSeats: orange human, green computer 3\nHandicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n1. W4\n2. Nd\n3. W3\n")
	if err != nil {
		t.Fatal(err)
	}
	result := func() app.Scene { // orange wins in a row down W4
		c.Setup = play.DefaultSetup()
		s, _ := game.New(c, "")
		gs := s.(*game.Screen)
		for _, m := range []string{"W4", "Na", "W4", "Nb", "W4", "Nc", "W4", "Nd", "W4"} {
			gs.Table().Ctl.PlayString(m)
			gs.Table().Ctl.Shown()
		}
		return game.NewResult(c, gs.Table())
	}
	for _, sz := range [][2]int{{1280, 800}, {800, 1280}, {390, 844}, {844, 390}} {
		w, h := sz[0], sz[1]
		suf := "-" + strconv.Itoa(w) + "x" + strconv.Itoa(h) + ".png"
		shot("setup"+suf, w, h, func() app.Scene { c.Setup = play.DefaultSetup(); return pages.NewSetup(c) })
		shot("settings"+suf, w, h, func() app.Scene { return pages.NewSettings(c) })
		shot("rules"+suf, w, h, func() app.Scene { return pages.NewRules(c, logic.Expert) })
		shot("game"+suf, w, h, func() app.Scene { return newGame(mid) })
		shot("menu"+suf, w, h, func() app.Scene { s := newGame(mid); s.OpenMenu(); return s })
		shot("drag"+suf, w, h, func() app.Scene {
			// A marble dragged in at W4, most of the way to the touch: the
			// preview shows where each marble of the push will go.
			s := newGame(mid)
			g.Show(s)
			geo := s.Table().Geometry()
			e, _ := logic.ParseEntry("W4")
			from, to := geo.EntryPoint(e), geo.CellCenter(e.EntryCell())
			script.Push(inputtest.At(from.X, from.Y, true, true, false))
			for k := 1; k <= 6; k++ {
				f := 0.28 * float64(k) / 6
				script.Push(inputtest.At(from.X+(to.X-from.X)*f, from.Y, true, false, false))
			}
			for k := 0; k < 7; k++ {
				g.Update()
			}
			return nil
		})
		shot("records"+suf, w, h, func() app.Scene { return records.NewRecords(c, newGame(mid).Session().Record()) })
		shot("result"+suf, w, h, result)
		shot("replay"+suf, w, h, func() app.Scene { return records.NewReplay(c, rec) })
		shot("tutorial"+suf, w, h, func() app.Scene { c.Setup = play.DefaultSetup(); ts, _ := game.NewTutorial(c); return ts })
		shot("puzzle"+suf, w, h, func() app.Scene { c.Setup = play.DefaultSetup(); ps, _ := game.NewPuzzles(c); return ps })
		shot("problem"+suf, w, h, func() app.Scene {
			return pages.NewSaveProblem(c, app.SaveProblem{Err: os.ErrInvalid, Where: "/tmp/x/game.damaged.json", Kept: true})
		})
		shot("elsewhere"+suf, w, h, func() app.Scene { return pages.NewElsewhere(c) })
	}
	// A phone at DPR 3 with a notch and a home bar, held both ways: the
	// panels the table draws itself keep out of the unsafe edges.
	for _, ph := range []struct {
		name string
		w, h int
		in   layout.Insets
	}{
		{"notch-1170x2532", 1170, 2532, layout.Insets{Top: 141, Bottom: 102}},
		{"notch-2532x1170", 2532, 1170, layout.Insets{Left: 141, Right: 141, Bottom: 63}},
	} {
		c.Scale, c.Inset = 3, ph.in
		shot("tutorial-"+ph.name+".png", ph.w, ph.h, func() app.Scene { c.Setup = play.DefaultSetup(); ts, _ := game.NewTutorial(c); return ts })
		shot("result-"+ph.name+".png", ph.w, ph.h, result)
	}
	c.Scale, c.Inset = 1, layout.Insets{}

	// The game history and the review, on a desktop, a tablet (DPR 2) and
	// a phone (DPR 3): a store of kept games, won, lost and left, against
	// each level.
	hist := &saves.Memory{}
	for k := 0; k < 30; k++ {
		seats := "orange human, green computer " + strconv.Itoa(k%5+1)
		if k%3 == 1 {
			seats = "orange computer " + strconv.Itoa(k%5+1) + ", green human"
		}
		moves := "\n1. W4\n2. Na\n3. W4\n4. Nb\n5. W4\n6. Nc\n7. W4\n8. Nd\n9. W4\n"
		if k%7 == 3 {
			moves = "\n1. W4\n2. Na\n3. W3\n"
		}
		r, err := record.Parse("Shiftago record 1\nVariant: express\nSeats: " + seats + "\nDate: 2026-11-" + strconv.Itoa(10+k/3) + "\n" + moves)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := saves.KeepInHistory(hist, r, k%7 == 3, 0); err != nil {
			t.Fatal(err)
		}
	}
	won, _ := saves.ReadKept(hist, 30)
	for _, sz := range []struct {
		name  string
		w, h  int
		scale float64
	}{{"1280x800", 1280, 800, 1}, {"tablet-1640x2360", 1640, 2360, 2}, {"phone-1170x2532", 1170, 2532, 3}} {
		c.Scale, c.Opts.Store = sz.scale, hist
		shot("history-"+sz.name+".png", sz.w, sz.h, func() app.Scene { return records.NewRecords(c, nil) })
		review := func(legend bool) func() app.Scene {
			return func() app.Scene {
				r := records.NewReplay(c, won).(*records.Replay)
				r.SetAnalysisNodes(3000)
				// The analysis runs away from the frame: ticks until
				// it is done, a millisecond apart.
				for end := time.Now().Add(2 * time.Minute); r.Analysing() && time.Now().Before(end); {
					r.Update(c)
					time.Sleep(time.Millisecond)
				}
				r.Seek(c, len(won.Moves)-1)
				if legend {
					r.ShowLegend()
				}
				return r
			}
		}
		shot("review-"+sz.name+".png", sz.w, sz.h, review(false))
		shot("legend-"+sz.name+".png", sz.w, sz.h, review(true))
	}
	c.Scale, c.Opts.Store = 1, nil
}
