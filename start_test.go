//go:build linux

package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestStartWithoutDisplay runs the program as a player starts it, with no
// display and a fresh home: it says so plainly (DISPLAY, xvfb-run, the
// subcommands that need none) and exits 1, where it printed "fbdev: failed
// to open /dev/fb0" and ALSA's complaints; a bad flag is still one line
// and exit status 2, before anything else (issue 12).
func TestStartWithoutDisplay(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want []string // in stderr
		most int      // lines of stderr at most
	}{
		{nil, 1, []string{"DISPLAY", "xvfb-run", "engine", "perft", "arena"}, 3},
		{[]string{"--size", "16385x800"}, 2, []string{"--size"}, 1},
		{[]string{"--seats", "human"}, 2, []string{"--seats"}, 1},
	} {
		home := t.TempDir()
		cmd := exec.Command(os.Args[0], tc.args...)
		cmd.Env = append(os.Environ(), "SHIFTAGO_TEST_RUN_MAIN=1", "DISPLAY=", "WAYLAND_DISPLAY=", "HOME="+home, "XDG_CONFIG_HOME="+home)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		out := stderr.String()
		lines := strings.Count(out, "\n")
		if code != tc.code || lines == 0 || lines > tc.most || strings.Contains(out, "fbdev") || strings.Contains(out, "ALSA") {
			t.Errorf("%q: exit %d, %d lines on stderr %.300q; want exit %d and at most %d lines", tc.args, code, lines, out, tc.code, tc.most)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: stderr does not name %s: %.300q", tc.args, w, out)
			}
		}
	}
}
