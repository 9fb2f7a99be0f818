package game

import (
	"path/filepath"
	"testing"

	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

func TestMain(m *testing.M) { looptest.Main(m) }

// testScreens opens the game's own screens; the pages are stand-ins
// (this package never imports them).
func testScreens() app.Screens {
	blank := func(c *app.Context) app.Scene { return &blankScene{} }
	return app.Screens{
		Title:       blank,
		NewGame:     New,
		Resume:      Resume,
		Settings:    blank,
		Rules:       func(c *app.Context, _ logicVariant) app.Scene { return &blankScene{} },
		Records:     func(c *app.Context, _ *recordRecord) app.Scene { return &blankScene{} },
		Replay:      func(c *app.Context, _ *recordRecord) app.Scene { return &blankScene{} },
		Tutorial:    NewTutorial,
		SaveProblem: func(c *app.Context, _ app.SaveProblem) app.Scene { return &blankScene{} },
	}
}

// testGame makes a game driven by a script, starting at once.
func testGame(t testing.TB, st play.Setup, position string) (*app.Game, *inputtest.Script) {
	t.Helper()
	st.Normalize(nil)
	script := &inputtest.Script{}
	g, err := app.New(app.Options{Setup: st, Position: position, StartGame: true, NoAudio: true, Seed: 7,
		AnimSpeed: 3, RecordPath: filepath.Join(t.TempDir(), "record.txt")}, testScreens(), script)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	return g, script
}
