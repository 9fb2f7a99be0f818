//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"shiftago/scenes/keep"
	"shiftago/scenes/saves"
)

// TestQuitRightAfterAMoveKeepsIt runs the game as a player starts it,
// two computers playing, with --record; the moment a move reaches the
// record file the process is told to end (SIGTERM, as a logout does).
// The saves are written off the frame loop: the process must write every
// pending one before it goes, so the save holds every move the record
// file holds, and the owner record is given up.
func TestQuitRightAfterAMoveKeepsIt(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display (run under xvfb-run)")
	}
	home := t.TempDir()
	moves := filepath.Join(home, "moves.txt")
	cmd := exec.Command(os.Args[0], "--seats", "ai:1,ai:1", "--record", moves, "--mute", "--seed", "7", "--size", "320x240")
	cmd.Env = append(os.Environ(), "SHIFTAGO_TEST_RUN_MAIN=1", "HOME="+home, "XDG_CONFIG_HOME="+home)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	lines := func() int {
		b, _ := os.ReadFile(moves)
		return strings.Count(string(b), "\n")
	}
	deadline := time.After(90 * time.Second)
wait:
	for lines() < 2 {
		select {
		case err := <-exited:
			t.Fatalf("the game ended before its second move: %v\n%s", err, stderr.String())
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("no second move within 90 s\n%s", stderr.String())
		case <-time.After(2 * time.Millisecond):
			continue wait
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("exit %d after SIGTERM\n%s", exit.ExitCode(), stderr.String())
		} else if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("still running 30 s after SIGTERM\n%s", stderr.String())
	}
	st := saves.OpenDir(filepath.Join(home, "shiftago"))
	data, err := st.Read("game")
	if err != nil {
		t.Fatal(err)
	}
	g, err := saves.DecodeGame(data)
	if err != nil {
		t.Fatal(err)
	}
	if played := lines(); len(g.Record.Moves) != played || played < 2 {
		t.Errorf("the record file holds %d moves, the save %d", played, len(g.Record.Moves))
	}
	if _, err := st.Read(keep.OwnerName); !saves.IsNotExist(err) {
		t.Errorf("the owner record outlived the game: %v", err)
	}
}
