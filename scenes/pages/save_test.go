//go:build !js

package pages

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/store"
)

// TestSaveProblemSaysTheTruth: the screen says a damaged save was kept
// aside only when it was (issue 12: it said so when the move failed),
// and says nothing of a file for a save that is missing.
func TestSaveProblemSaysTheTruth(t *testing.T) {
	c := newContext(t, "en", 1280, 800)
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

// TestRecordsReadOffTheLoop: opening a listed record never blocks the
// frame: a FIFO (which blocks whoever opens it) or a huge file in the
// records folder is refused, and the tick that asked returns at once
// (issue 12: a FIFO froze the window for good).
func TestRecordsReadOffTheLoop(t *testing.T) {
	dir := t.TempDir()
	rd := filepath.Join(dir, "records")
	os.MkdirAll(rd, 0o755)
	if err := syscall.Mkfifo(filepath.Join(rd, "b-fifo.txt"), 0o644); err != nil {
		t.Skip(err)
	}
	big := make([]byte, store.MaxRecord+1)
	os.WriteFile(filepath.Join(rd, "a-big.txt"), big, 0o644)
	c := newContext(t, "en", 1280, 800)
	c.Opts.Store = &store.Dir{Path: dir}
	r := NewRecords(c, nil).(*Records)
	r.Update(c)
	for i, want := range []error{store.ErrNotRegular, store.ErrTooLarge} { // newest first
		var at *input.Input
		for _, b := range r.bs.List {
			if b.Act == actOpen && b.Arg == i {
				p := b.Rect().Center()
				in := input.At(p.X, p.Y, true, true, true)
				at = &in
			}
		}
		if at == nil {
			t.Fatalf("record %d not listed", i)
		}
		c.In = *at
		r.Update(c) // returns: the read runs elsewhere
		c.In = input.Input{}
		if !r.Loading() {
			t.Fatalf("record %d: not being read", i)
		}
		// Wait for the reader (a hang detector, not a timing: 10 s is
		// ages for a refusal that needs one stat).
		for k := 0; k < 10000 && r.Loading(); k++ {
			time.Sleep(time.Millisecond)
			r.Update(c)
		}
		if !strings.Contains(r.status, want.Error()) {
			t.Errorf("record %d: status %q, want %v", i, r.status, want)
		}
	}
}
