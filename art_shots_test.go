package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render/layout"
	"shiftago/scenes/app"
	"shiftago/scenes/game"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/lobby"
	"shiftago/scenes/pages"
	"shiftago/scenes/play"
	"shiftago/scenes/records"
	"shiftago/scenes/saves"
)

// TestArtShots writes every screen around the table (title, settings,
// rules, records, puzzles, online, My games, a replay) and a game in progress at
// the three sizes the art direction is judged at (issue 50): a desktop
// window, a tablet at DPR 2 and a notched phone at DPR 3, into the folder
// named by SHIFTAGO_SHOTS (skipped without it), to hold a build's shots
// against another's. SHIFTAGO_SHOTS_ONLY, if set, lists the shots to
// take as screen-size prefixes ("game-pho,title-des").
func TestArtShots(t *testing.T) {
	dir, l := shotsDir(t)
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3}, screens(), &inputtest.Script{})
	if err != nil {
		t.Fatal(err)
	}
	c := g.Context()
	hist := &saves.Memory{}
	var last *record.Record
	for k := range 6 {
		r, err := record.Parse("Shiftago record 1\nVariant: express\nSeats: orange human, green computer " + strconv.Itoa(k%5+1) + "\nDate: 2026-11-1" + strconv.Itoa(k) + "\n\n1. W4\n2. Na\n3. W4\n4. Nb\n5. W4\n6. Nc\n7. W4\n8. Nd\n9. W4\n")
		if err != nil {
			t.Fatal(err)
		}
		last = r
		if _, err := saves.KeepInHistory(hist, r, false, 0); err != nil {
			t.Fatal(err)
		}
	}
	const mid = "o2b3/1g1o1g1/2b1o2/g1obgb1/2o1g2/1b1o1b1/3g3 expert ogb o 16,16,16 2,0,0 0,0,0"
	for _, sz := range []struct {
		name  string
		w, h  int
		scale float64
		in    layout.Insets
	}{
		{"desktop-1280x800", 1280, 800, 1, layout.Insets{}},
		{"tablet-1640x2360", 1640, 2360, 2, layout.Insets{}},
		{"phone-1170x2532", 1170, 2532, 3, layout.Insets{Top: 177, Bottom: 102}},
	} {
		c.Scale, c.Inset, c.Opts.Store = sz.scale, sz.in, hist
		for _, s := range []struct {
			name string
			open func() app.Scene
		}{
			{"title", func() app.Scene { c.Setup = play.DefaultSetup(); return pages.NewSetup(c) }},
			{"settings", func() app.Scene { return pages.NewSettings(c) }},
			{"rules", func() app.Scene { return pages.NewRules(c, logic.Expert) }},
			{"records", func() app.Scene { return records.NewRecords(c, nil) }},
			{"puzzles", func() app.Scene { c.Setup = play.DefaultSetup(); p, _ := game.NewPuzzles(c); return p }},
			{"online", func() app.Scene { return lobby.NewOnline(c) }},
			{"mygames", func() app.Scene { return lobby.NewMyGames(c) }},
			{"replay", func() app.Scene {
				r := records.NewReplay(c, last).(*records.Replay)
				r.SetAnalysisNodes(500) // a quick analysis: the strip, not its figures, is judged
				return r
			}},
			{"game", func() app.Scene {
				c.Setup = play.DefaultSetup()
				c.Setup.Players = 3
				s, err := game.New(c, mid)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}},
		} {
			if only := os.Getenv("SHIFTAGO_SHOTS_ONLY"); only != "" && !strings.Contains(only, s.name+"-"+sz.name[:3]) {
				continue
			}
			l.Do(func() {
				c.W, c.H = float64(sz.w), float64(sz.h)
				c.Tick = 100
				g.Show(s.open())
				// A few frames: the table's slices and the baked marbles
				// settle as they do on screen.
				for range 3 {
					drawPNG(t, g, sz.w, sz.h, filepath.Join(dir, s.name+"-"+sz.name+".png"))
				}
			})
		}
	}
	c.Scale, c.Inset, c.Opts.Store = 1, layout.Insets{}, nil
}
