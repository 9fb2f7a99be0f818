//go:build !js

package main

import "testing"

// TestCommand checks the desktop's command dispatch, which command.go
// keeps out of the browser's build: game flags open the window, every
// command is handled (a bad flag refused with status 2, before any work).
func TestCommand(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		handled bool
		code    int
	}{
		{nil, false, 0},
		{[]string{"--variant", "expert"}, false, 0},
		{[]string{"--version", "x"}, false, 0},
		{[]string{"--version"}, true, 0},
		{[]string{"version"}, true, 0},
		{[]string{"serve", "--no-such-flag"}, true, 2},
		{[]string{"perft", "--no-such-flag"}, true, 2},
		{[]string{"arena", "--no-such-flag"}, true, 2},
		{[]string{"engine", "--no-such-flag"}, true, 2},
	} {
		code, handled := command(tc.args)
		if handled != tc.handled || code != tc.code {
			t.Errorf("command(%q) = %d, %v; want %d, %v", tc.args, code, handled, tc.code, tc.handled)
		}
	}
}
