//go:build unix

package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"shiftago/scenes/saves"
)

// TestRecordRefusesFIFO checks that --record naming a FIFO (or any path
// that is not a regular file) is refused with one line before the window
// opens, instead of hanging in open until something reads the pipe (issue
// 26, defect 9). Nothing reads the FIFO here: a hang would be the old bug,
// so the check runs against a deadline.
func TestRecordRefusesFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "moves.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	for _, path := range []string{fifo, dir} {
		done := make(chan error, 1)
		go func() {
			_, err := parseGameFlags([]string{"--record", path}, io.Discard, &saves.Memory{}, false)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") || strings.Contains(err.Error(), "\n") {
				t.Errorf("--record %s: %v; want one line saying it is not a regular file", path, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("--record %s: no answer within 10 s (blocked opening the FIFO?)", path)
		}
	}
	// A file that does not exist yet, and a regular one, are accepted.
	file := filepath.Join(dir, "game.txt")
	for range 2 {
		if _, err := parseGameFlags([]string{"--record", file}, io.Discard, &saves.Memory{}, false); err != nil {
			t.Errorf("--record %s: %v", file, err)
		}
		if err := os.WriteFile(file, nil, 0o600); err != nil && !errors.Is(err, os.ErrExist) {
			t.Fatal(err)
		}
	}
}
