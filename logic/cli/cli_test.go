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
	moves, counts := logic.PerftDivide(&p, 2)
	if len(lines) != len(moves)+1 || lines[len(lines)-1] != "784" {
		t.Fatalf("perft 2 --divide: %q", lines)
	}
	for i, m := range moves {
		if want := m.String() + " 28"; lines[i] != want || counts[i] != 28 {
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
