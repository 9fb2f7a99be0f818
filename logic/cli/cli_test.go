package cli

import (
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"shiftago/logic"
)

// TestPerftCommand checks shiftago perft against the pinned counts of the
// empty 2-player Express board (RULES.md §9), with and without --divide,
// and its depth bound.
func TestPerftCommand(t *testing.T) {
	var out, errOut strings.Builder
	if code := runPerft([]string{"--depth", "3"}, &out, &errOut); code != 0 || out.String() != "21952\n" {
		t.Errorf("perft 3: exit %d, %q %q", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := runPerft([]string{"--depth", "2", "--divide"}, &out, &errOut); code != 0 {
		t.Fatalf("perft 2 --divide: exit %d, %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	p, _ := logic.NewGame(logic.Standard(logic.Express, 2, nil))
	moves := p.Moves(nil)
	if len(lines) != len(moves)+1 || lines[len(lines)-1] != "784" {
		t.Fatalf("perft 2 --divide: %q", lines)
	}
	for i, m := range moves {
		if want := m.String() + " 28"; lines[i] != want {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], want)
		}
	}
	out.Reset()
	if code := runPerft([]string{"--depth", "0", "--divide"}, &out, &errOut); code != 0 || out.String() != "1\n" {
		t.Errorf("perft 0 --divide: exit %d, %q", code, out.String())
	}
	for _, d := range []string{"13", "-1"} {
		errOut.Reset()
		if code := runPerft([]string{"--depth", d}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--depth") {
			t.Errorf("--depth %s: exit %d, %q; want 2", d, code, errOut.String())
		}
	}
}

// TestPerftInterrupt sends Ctrl-C (SIGINT) to a perft of depth 12, which
// would take days, and checks that it stops at once with exit status 130
// and a line saying so, and no total. The test catches SIGINT itself, so
// that a signal sent before perft listens does not end the test binary; it
// sends one every 100 ms until perft returns.
func TestPerftInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no SIGINT to send to oneself here")
	}
	release := catchInterrupts(t)
	defer release()
	for _, args := range [][]string{{"--depth", "12"}, {"--depth", "12", "--divide"}} {
		var out, errOut strings.Builder
		var code atomic.Int32
		done := make(chan struct{})
		go func() {
			code.Store(int32(runPerft(args, &out, &errOut)))
			close(done)
		}()
		tick := time.NewTicker(100 * time.Millisecond)
		limit := time.After(30 * time.Second) // an upper bound for a hang only
	wait:
		for {
			select {
			case <-done:
				break wait
			case <-tick.C:
				p, _ := os.FindProcess(os.Getpid())
				p.Signal(os.Interrupt)
			case <-limit:
				t.Fatalf("%q: still counting 30 s after the first Ctrl-C", args)
			}
		}
		tick.Stop()
		if code.Load() != 130 || !strings.Contains(errOut.String(), "interrupted") || out.String() != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 130, nothing and interrupted", args, code.Load(), out.String(), errOut.String())
		}
	}
}

// catchInterrupts keeps SIGINT from ending the test binary until release.
func catchInterrupts(t *testing.T) (release func()) {
	t.Helper()
	c := make(chan os.Signal, 16)
	signal.Notify(c, os.Interrupt)
	return func() { signal.Stop(c) }
}

// TestPerftFlags checks perft's flag handling (issue 26, defect 9): help
// on -h with exit 0; one line, with the "shiftago perft: " prefix and exit
// status 2, for a bad flag, an empty --position, and --players, --variant
// or --sitouts that contradict --position, as the game refuses them.
func TestPerftFlags(t *testing.T) {
	two := "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0"
	for _, tc := range []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"-h"}, 0, "usage: shiftago perft"},
		{[]string{"--help"}, 0, "-position"},
		{[]string{"--bogus"}, 2, "shiftago perft: flag provided but not defined: -bogus"},
		{[]string{"--depth", "x"}, 2, "shiftago perft: invalid value"},
		{[]string{"--position", ""}, 2, "shiftago perft: --position: empty"},
		{[]string{"--position", "  "}, 2, "shiftago perft: --position: empty"},
		{[]string{"--position", two, "--players", "3"}, 2, "shiftago perft: --players 3 contradicts --position, a 2-player game"},
		{[]string{"--position", two, "--variant", "expert"}, 2, "shiftago perft: --variant expert contradicts --position"},
		{[]string{"--position", two, "--sitouts", "0,1"}, 2, "shiftago perft: --sitouts"},
		{[]string{"--depth", "2", "extra"}, 2, "shiftago perft: unexpected argument"},
	} {
		var out, errOut strings.Builder
		code := runPerft(tc.args, &out, &errOut)
		msg := errOut.String()
		if code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("perft %q: exit %d, stderr %q; want exit %d and %q", tc.args, code, msg, tc.code, tc.want)
		}
		if lines := strings.Count(msg, "\n"); code != 0 && lines != 1 {
			t.Errorf("perft %q: %d lines on stderr, want one: %q", tc.args, lines, msg)
		}
		if code != 0 && out.Len() > 0 {
			t.Errorf("perft %q: refused but printed %q", tc.args, out.String())
		}
	}
	// The same position with flags that agree with it is counted.
	var out, errOut strings.Builder
	if code := runPerft([]string{"--position", two, "--players", "2", "--variant", "express", "--depth", "2"}, &out, &errOut); code != 0 || out.String() != "784\n" {
		t.Errorf("perft with agreeing flags: exit %d, %q %q", code, out.String(), errOut.String())
	}
}

// TestEngineHelp checks that engine -h exits 0 and lists every command of
// the protocol, and that an argument gets one line and exit status 2.
func TestEngineHelp(t *testing.T) {
	var out, errOut strings.Builder
	if code := runEngine([]string{"-h"}, &out, &errOut); code != 0 {
		t.Fatalf("engine -h: exit %d", code)
	}
	for _, cmd := range []string{"new", "position", "setposition", "moves", "play", "result", "perft", "go", "stop", "quit"} {
		if !strings.Contains(errOut.String(), "\n  "+cmd+" ") {
			t.Errorf("engine -h does not list %s:\n%s", cmd, errOut.String())
		}
	}
	errOut.Reset()
	if code := runEngine([]string{"--depth"}, &out, &errOut); code != 2 || strings.Count(errOut.String(), "\n") != 1 || !strings.HasPrefix(errOut.String(), "shiftago engine: ") {
		t.Errorf("engine --depth: exit %d, %q", code, errOut.String())
	}
}

// TestUsageNamesEverything checks that shiftago help names every
// subcommand, -h and --version.
func TestUsageNamesEverything(t *testing.T) {
	var b strings.Builder
	Usage(&b)
	for _, s := range []string{"engine", "perft", "arena", "--version", "-h", "help"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("help does not mention %s", s)
		}
	}
}
