//go:build !js

package pages

import (
	"os"
	"strings"
	"testing"

	"shiftago/logic/record"
	"shiftago/scenes/app"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestSaveProblemSaysTheTruth: the screen says a damaged save was kept
// aside only when it was (issue 12: it said so when the move failed),
// and says nothing of a file for a save that is missing.
func TestSaveProblemSaysTheTruth(t *testing.T) {
	c := looptest.NewContext(t, "en", 1280, 800, 1)
	kept := c.T("problem.kept")
	for _, tc := range []struct {
		p        app.SaveProblem
		sayKept  bool
		sayWhere bool
	}{
		{app.SaveProblem{Err: os.ErrInvalid, Where: "/x/game.damaged-1.json", Kept: true}, true, true},
		{app.SaveProblem{Err: os.ErrInvalid, Where: "/x", Kept: false}, false, true},
	} {
		s := NewSaveProblem(c, tc.p).(*SaveProblem)
		all := strings.Join(s.texts(c), "\n")
		if strings.Contains(all, kept) != tc.sayKept {
			t.Errorf("Kept %v: the screen says %q", tc.p.Kept, all)
		}
		if strings.Contains(all, tc.p.Where) != tc.sayWhere {
			t.Errorf("Kept %v: where is missing from %q", tc.p.Kept, all)
		}
	}
}

// TestNewGameKeepsTheBackup: choosing a new game over a readable backup
// (the save missing or damaged) keeps the backup's game for Records and
// says so; continuing from the backup keeps nothing (issue 12: "a lone
// backup ... is overwritten after the second save of a new game").
func TestNewGameKeepsTheBackup(t *testing.T) {
	rec, err := record.Parse("Shiftago record 1\nVariant: express\nSeats: orange human, green computer 3\nHandicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n1. W4\n2. Nd\n")
	if err != nil {
		t.Fatal(err)
	}
	backup, err := saves.EncodeGame(&saves.Game{Record: rec})
	if err != nil {
		t.Fatal(err)
	}
	for _, fresh := range []bool{true, false} {
		c := looptest.NewContext(t, "en", 1280, 800, 1)
		c.Opts.Store = &saves.Memory{}
		c.Screens.Title = func(*app.Context) app.Scene { return nil }
		c.Screens.Resume = func(*app.Context, *play.Session) app.Scene { return nil }
		s := NewSaveProblem(c, app.SaveProblem{Err: os.ErrNotExist, Backup: backup}).(*SaveProblem)
		s.Choose(c, !fresh)
		kept := c.KeptGames()
		if fresh && (len(kept) != 1 || len(kept[0].Session.M.Moves) != 2 || c.Notice() != c.T("notice.kept")) {
			t.Errorf("a new game: kept %v, notice %q; want the backup's game kept and said", kept, c.Notice())
		}
		if !fresh && len(kept) != 0 {
			t.Errorf("the backup continued is also kept: %v", kept)
		}
	}
}

// TestBackupThatFailsIsSaidInWords: when continuing from the backup fails
// after all, the player reads what happened and what to do, not only the
// system's error text.
func TestBackupThatFailsIsSaidInWords(t *testing.T) {
	c := looptest.NewContext(t, "en", 1280, 800, 1)
	c.Opts.Store = &saves.Memory{}
	c.Screens.Title = func(*app.Context) app.Scene { return nil }
	c.Screens.Resume = func(*app.Context, *play.Session) app.Scene { return nil }
	s := NewSaveProblem(c, app.SaveProblem{Err: os.ErrInvalid, Backup: []byte("not a save")}).(*SaveProblem)
	s.Choose(c, true)
	if want := strings.SplitN(c.T("problem.backupfail"), "(", 2)[0]; !strings.HasPrefix(c.Notice(), want) {
		t.Errorf("notice %q, want it to start %q", c.Notice(), want)
	}
}
