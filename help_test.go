//go:build !js

package main

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"shiftago/logic/cli"
)

// runMain runs the program as a player starts it (TestMain's
// SHIFTAGO_TEST_RUN_MAIN), with no display and a fresh home, and returns
// its exit status and output.
func runMain(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "SHIFTAGO_TEST_RUN_MAIN=1", "DISPLAY=", "WAYLAND_DISPLAY=",
		"HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home, "SHIFTAGO_SERVER=")
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// TestHelpListsEverything: shiftago help, the game's -h and the message
// of a start without a display each name every subcommand, serve
// included (issue 49: none named serve), so that a newcomer who reads
// any one of them finds them all.
func TestHelpListsEverything(t *testing.T) {
	type text struct {
		args   []string
		code   int
		stderr bool // the text is on stderr, not stdout
	}
	texts := []text{{[]string{"help"}, 0, false}, {[]string{"-h"}, 0, true}}
	if runtime.GOOS == "linux" {
		texts = append(texts, text{nil, 1, true}) // no display
	}
	for _, tc := range texts {
		code, stdout, stderr := runMain(t, tc.args...)
		got := stdout
		if tc.stderr {
			got = stderr
		}
		if code != tc.code {
			t.Errorf("%q: exit %d, want %d (stderr %.200q)", tc.args, code, tc.code, stderr)
		}
		for _, name := range cli.Names() {
			if !strings.Contains(got, name) {
				t.Errorf("%q does not name the subcommand %s:\n%s", tc.args, name, got)
			}
		}
	}
}

// TestBadFlagsOneLine: every subcommand, and the game, refuses a bad flag
// or argument with exit status 2 and one line on stderr that names the
// command, before any work, and nothing after it (issue 49: a stray
// warning followed the refusal).
func TestBadFlagsOneLine(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		prefix string // the line starts with it
	}{
		{[]string{"--bogus"}, "shiftago: "},
		{[]string{"--players", "x"}, "shiftago: "},
		{[]string{"perfy"}, "shiftago: "}, // a mistyped subcommand
		{[]string{"--version", "x"}, "shiftago: "},
		{[]string{"engine", "--bogus"}, "shiftago engine: "},
		{[]string{"engine", "new"}, "shiftago engine: "},
		{[]string{"perft", "--bogus"}, "shiftago perft: "},
		{[]string{"perft", "--depth", "x"}, "shiftago perft: "},
		{[]string{"perft", "--depth", "13"}, "shiftago perft: "},
		{[]string{"perft", "--variant", "bogus"}, "shiftago perft: "},
		{[]string{"perft", "--position", ""}, "shiftago perft: "},
		{[]string{"perft", "4"}, "shiftago perft: "},
		{[]string{"arena", "--bogus"}, "shiftago arena: "},
		{[]string{"arena", "--games", "x"}, "shiftago arena: "},
		{[]string{"arena", "--games", "0"}, "shiftago arena: "},
		{[]string{"arena", "--variant", "bogus"}, "shiftago arena: "},
		{[]string{"arena", "--movetime", "-1"}, "shiftago arena: "},
		{[]string{"arena", "--a", "level=99"}, "shiftago arena: "},
		{[]string{"arena", "extra"}, "shiftago arena: "},
		{[]string{"serve", "--bogus"}, "shiftago serve"},
	} {
		code, stdout, stderr := runMain(t, tc.args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") ||
			!strings.HasPrefix(stderr, tc.prefix) || stdout != "" {
			t.Errorf("%q: exit %d, stderr %.300q, stdout %.100q; want exit 2 and one line starting %q, nothing else",
				tc.args, code, stderr, stdout, tc.prefix)
		}
	}
}
