//go:build !js

package records

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"shiftago/logic/record"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/saves"
)

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
	big := make([]byte, saves.MaxRecord+1)
	os.WriteFile(filepath.Join(rd, "a-big.txt"), big, 0o644)
	c := looptest.NewContext(t, "en", 1280, 800, 1)
	c.Opts.Store = &saves.Dir{Path: dir}
	r := NewRecords(c, nil).(*Records)
	r.Update(c)
	for i, want := range []error{saves.ErrNotRegular, saves.ErrTooLarge} { // newest first
		var at *input.Input
		for _, b := range r.bs.List {
			if b.Act == actOpen && b.Arg == i {
				p := b.Rect().Center()
				in := inputtest.At(p.X, p.Y, true, true, true)
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
	// The read itself runs off the frame loop: one that blocks (a slow
	// disk, a file the checks above did not foresee) leaves the tick that
	// asked for it free. The read gives up after 10 s, so that a tick
	// which waits for it ends the test instead of hanging it.
	var finished atomic.Bool
	release := make(chan struct{})
	r.load(c, func() (*record.Record, error) {
		select {
		case <-release:
		case <-time.After(10 * time.Second):
		}
		finished.Store(true)
		return nil, errors.New("slow")
	})
	if finished.Load() {
		t.Fatal("the tick waited for the record's read")
	}
	close(release)
}
