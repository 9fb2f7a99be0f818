package arena

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"shiftago/logic"
	protocol "shiftago/logic/engine"
)

// TestMain lets the test binary double as an external engine, chosen by
// SHIFTAGO_ARENA_ENGINE: "1" speaks the RULES.md §10 protocol, for
// TestExternalEngine; "silent" and "mute" are broken engines for the
// time-loss tests.
func TestMain(m *testing.M) {
	switch os.Getenv("SHIFTAGO_ARENA_ENGINE") {
	case "1":
		if err := protocol.ServeClient(os.Stdin, os.Stdout); err != nil { // as `shiftago engine` serves
			os.Exit(1)
		}
		os.Exit(0)
	case "silent":
		brokenEngine(true)
	case "mute":
		brokenEngine(false)
	}
	os.Exit(m.Run())
}

// brokenEngine never answers go (and, unless answers, nothing at all). It
// ignores quit and the end of its input, so only a kill ends it before its
// own 60 s limit, which is there only so that a failed test leaves no
// process behind for long. It records its pid in SHIFTAGO_ARENA_PIDS.
func brokenEngine(answers bool) {
	time.AfterFunc(60*time.Second, func() { os.Exit(3) })
	if dir := os.Getenv("SHIFTAGO_ARENA_PIDS"); dir != "" {
		os.WriteFile(filepath.Join(dir, strconv.Itoa(os.Getpid())), nil, 0o644)
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if answers && !strings.HasPrefix(sc.Text(), "go") {
			fmt.Println("ok")
		}
	}
	select {}
}

func TestExternalEngine(t *testing.T) {
	o := Options{A: "cmd:SHIFTAGO_ARENA_ENGINE=1 " + os.Args[0], B: "random", Variant: logic.Express,
		Players: 2, Games: 2, Seed: 9, Level: 1, Openings: 2, Concurrency: 1}
	r, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	if r.Games() != 2 || r.Moves[0] == 0 {
		t.Errorf("%+v", r)
	}
}

// runMain runs Main in the background and fails when it has not returned
// within limit, the upper bound of a hang.
func runMain(t *testing.T, args []string, limit time.Duration) (code int, stdout, stderr string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut strings.Builder
		code := Main(args, &out, &errOut)
		done <- result{code, out.String(), errOut.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(limit):
		t.Fatalf("arena %q did not return within %v", args, limit)
		return 0, "", ""
	}
}

// TestSilentEngineLosesOnTime plays an engine that never answers go: each
// game must end after its movetime plus Grace as a loss on time for it,
// the engine killed (it ignores quit and the end of its input) and a fresh
// one started for the next game, where arena used to wait for ever.
func TestSilentEngineLosesOnTime(t *testing.T) {
	pids := t.TempDir()
	const games, movetime = 2, 100 * time.Millisecond
	args := []string{"--a", "cmd:SHIFTAGO_ARENA_ENGINE=silent SHIFTAGO_ARENA_PIDS=" + pids + " " + os.Args[0],
		"--b", "random", "--games", strconv.Itoa(games), "--movetime", "100", "--concurrency", "1", "-v"}
	start := time.Now()
	code, out, errOut := runMain(t, args, games*(movetime+Grace)+10*time.Second)
	t.Logf("%v:\n%s", time.Since(start), out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"A: 0 wins, 0 draws, 2 losses", "A lost 2 of the games on time", "game 1: seats ab: A lost on time", "game 2: seats ba: A lost on time"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	started, _ := os.ReadDir(pids)
	if len(started) != games {
		t.Errorf("%d engines started, want one a game (%d)", len(started), games)
	}
	if runtime.GOOS == "linux" {
		for _, f := range started {
			if pid, _ := strconv.Atoi(f.Name()); alive(pid) {
				t.Errorf("engine process %d is still running", pid)
			}
		}
	}
}

// alive reports whether process pid runs: it exists and is no zombie (a
// killed grandchild waits for whoever adopts it to reap it).
func alive(pid int) bool {
	deadline := time.Now().Add(5 * time.Second)
	for {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return false
		}
		// The state follows the command name in parentheses.
		if i := strings.LastIndexByte(string(b), ')'); i > 0 && strings.HasPrefix(string(b[i:]), ") Z") {
			return false
		}
		if time.Now().After(deadline) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestMuteEngineEndsMatch checks that an engine which never answers
// anything, not even setposition, ends the match with a clear error (exit
// status 1) after its start grace, rather than losing every game slowly or
// waiting for ever.
func TestMuteEngineEndsMatch(t *testing.T) {
	defer func(g time.Duration) { startGrace = g }(startGrace)
	startGrace = 500 * time.Millisecond
	args := []string{"--a", "random", "--b", "cmd:SHIFTAGO_ARENA_ENGINE=mute " + os.Args[0],
		"--games", "4", "--movetime", "100", "--concurrency", "2"}
	code, _, errOut := runMain(t, args, startGrace+movetimeGrace(100)+10*time.Second)
	if code != 1 || !strings.Contains(errOut, "no answer to \"setposition") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stderr %q: want 1 and one line on the silence", code, errOut)
	}
}

func movetimeGrace(ms int) time.Duration { return time.Duration(ms)*time.Millisecond + Grace }
