//go:build !js

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

const aRecord = "Shiftago record 1\nVariant: expert\nSeats: orange human, green computer 3\nHandicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n1. W4\n2. Nd\n3. W3\n"

// realGame runs the real screens in the test loop over the store st,
// driven by a script.
func realGame(t *testing.T, l *looptest.Loop, opts app.Options) (*app.Game, *inputtest.Script) {
	t.Helper()
	if opts.Setup.Players == 0 {
		opts.Setup = play.DefaultSetup()
	}
	opts.NoAudio, opts.Seed, opts.AnimSpeed = true, 7, 3
	script := &inputtest.Script{}
	var g *app.Game
	var err error
	l.Do(func() { g, err = app.New(opts, screens(), script) })
	if err != nil {
		t.Fatal(err)
	}
	l.Run(g)
	t.Cleanup(func() { l.Run(nil); g.Close() })
	return g, script
}

// hold taps the button with action id as a person does, held for a few
// ticks, and waits for the screen to show phase.
func hold(t *testing.T, l *looptest.Loop, g *app.Game, s *inputtest.Script, id, phase string) {
	t.Helper()
	var found bool
	l.Do(func() {
		for _, b := range g.PageButtons() {
			if b.ID == id {
				c := b.Rect.Center()
				s.Hold(c.X, c.Y, 8)
				found = true
				return
			}
		}
	})
	if !found {
		var ids []string
		l.Do(func() {
			for _, b := range g.PageButtons() {
				ids = append(ids, b.ID)
			}
		})
		t.Fatalf("no button %q on %s (buttons %q)", id, g.PagePhase(), ids)
	}
	var now string
	if !l.Until(300, func() bool { now = g.PagePhase(); return now == phase && s.Len() == 0 }) {
		t.Fatalf("after %q: phase %q, want %q", id, now, phase)
	}
}

// TestRecordsBackAndReplayClose: title → Records → Back, and Records →
// a listed record → Close → Back, with real screens and taps held as a
// person holds them. Both panicked once (issue 12: a nil game screen
// under the records screen); the scene stack fixed it, this pins it.
func TestRecordsBackAndReplayClose(t *testing.T) {
	l := looptest.Need(t)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "records"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "records", "a.txt"), []byte(aRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	g, s := realGame(t, l, app.Options{Store: &saves.Dir{Path: dir}})
	if !l.Until(60, func() bool { return g.PagePhase() == "setup" }) {
		t.Fatalf("phase %q, want setup", g.PagePhase())
	}
	hold(t, l, g, s, "records", "records")
	hold(t, l, g, s, "back", "setup")
	hold(t, l, g, s, "records", "records")
	hold(t, l, g, s, "open", "replay")
	hold(t, l, g, s, "next", "replay")
	hold(t, l, g, s, "close", "records")
	hold(t, l, g, s, "back", "setup")
}

// TestFinishedPositionOpensTheResult: a --position of a finished game
// opens the game's result (issue 12: a game screen with an empty status
// line).
func TestFinishedPositionOpensTheResult(t *testing.T) {
	l := looptest.Need(t)
	o, err := parseGameFlags([]string{"--position", won}, io.Discard, &saves.Memory{}, false)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := realGame(t, l, o.Options)
	var kind string
	if !l.Until(60, func() bool { kind = fmt.Sprintf("%T", g.Scene()); return kind == "*game.Result" }) {
		t.Fatalf("a finished position shows %s (phase %s)", kind, g.PagePhase())
	}
}

// TestNoticesKeepOffTheCups: on the game screen a notice goes over the
// status line, never over the board's entry bands (issue 12: a failed
// save's notice covered the south cups).
func TestNoticesKeepOffTheCups(t *testing.T) {
	l := looptest.Need(t)
	g, _ := realGame(t, l, app.Options{StartGame: true})
	l.Wait(2)
	l.Do(func() {
		p, ok := g.Scene().(app.NoticePlacer)
		if !ok {
			t.Fatalf("%T does not say where notices go", g.Scene())
		}
		area := p.NoticeArea()
		geo := g.Scene().(app.PageBoard).PageGeometry()
		if area.W <= 0 || area.H <= 0 || area.Overlaps(geo.Frame) {
			t.Errorf("notices at %v, the board with its cups at %v", area, geo.Frame)
		}
	})
}

// TestPuzzlesFromTheTitle: the title's Puzzles opens the puzzle screen,
// whose Back returns to the title, with real screens and held taps.
func TestPuzzlesFromTheTitle(t *testing.T) {
	l := looptest.Need(t)
	g, s := realGame(t, l, app.Options{Store: &saves.Memory{}, Date: "2026-11-25"})
	if !l.Until(60, func() bool { return g.PagePhase() == "setup" }) {
		t.Fatalf("phase %q, want setup", g.PagePhase())
	}
	hold(t, l, g, s, "puzzles", "puzzle")
	hold(t, l, g, s, "next", "puzzle")
	hold(t, l, g, s, "back", "setup")
}
