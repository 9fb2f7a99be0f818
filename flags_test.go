package main

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"shiftago/scenes/i18n"
	"shiftago/scenes/saves"
)

// won is a finished Express game (orange's line of five on the fourth rank).
const won = "7/7/7/ooooo2/ggggg2/7/7 express og -o 17,17 0,0 0,0"

// TestGameFlagsRefused: every game flag is checked before a window
// opens; a bad one is one line and exit status 2 (issue 12).
func TestGameFlagsRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the error
	}{
		{[]string{"--size", "16385x800"}, "--size"},
		{[]string{"--size", "100000x100000"}, "--size"},
		{[]string{"--size", "1280x800junk"}, "--size"},
		{[]string{"--size", "+1280x800"}, "--size"},
		{[]string{"--size", "1280x-800"}, "--size"},
		{[]string{"--size", "200x800"}, "--size"},
		{[]string{"--seats", "human"}, "--seats"},
		{[]string{"--seats", "human,ai:1,ai:2,ai:3,ai:4"}, "--seats"},
		{[]string{"--players", "3", "--seats", "human,ai:1"}, "--seats"},
		{[]string{"--position", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "--seats", "human,ai:1,ai:2"}, "--seats"},
		{[]string{"--position", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "--players", "3"}, "--players"},
		{[]string{"--position", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "--variant", "expert"}, "--variant"},
		{[]string{"--position", ""}, "--position"},
		{[]string{"--position", "  "}, "--position"},
		{[]string{"--variant", ""}, "--variant"},
		{[]string{"--ai-nodes-per-frame", "-1"}, "--ai-nodes-per-frame"},
		{[]string{"--record", ""}, "--record"},
	} {
		_, err := parseGameFlags(tc.args, io.Discard, &saves.Memory{}, false)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err %v, want one naming %s", tc.args, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %q is more than one line", tc.args, err)
		}
	}
}

// TestGameFlagsAccepted: what the README shows, and the limits.
func TestGameFlagsAccepted(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		players int
		w, h    int
	}{
		{[]string{"--variant", "expert", "--players", "3", "--seats", "human,ai:3,ai:5"}, 3, 1280, 800},
		{[]string{"--seats", "human,ai:1,ai:2"}, 3, 1280, 800},
		{[]string{"--players", "2", "--seats", "human,ai:1", "--size", "8192x240"}, 2, 8192, 240},
		{[]string{"--position", "7/7/7/7/7/7/7 express ogb o 22,22,22 0,0,0 0,0,0", "--seats", "human,ai:1,ai:2"}, 3, 1280, 800},
		{[]string{"--position", won, "--size", "320x240"}, 2, 320, 240},
	} {
		o, err := parseGameFlags(tc.args, io.Discard, &saves.Memory{}, false)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if o.Setup.Players != tc.players || o.w != tc.w || o.h != tc.h || !o.StartGame {
			t.Errorf("%q: %d players, %dx%d, start %v; want %d players, %dx%d", tc.args, o.Setup.Players, o.w, o.h, o.StartGame, tc.players, tc.w, tc.h)
		}
	}
}

// TestLinkProblems: a link's bad parameter becomes a short notice in
// words: the kind of problem and the parameter, cut short; --record,
// which stopped the whole game in the browser, is refused in a link.
func TestLinkProblems(t *testing.T) {
	long := strings.Repeat("x", 100000)
	for _, tc := range []struct {
		args       []string
		key, param string
	}{
		{[]string{"--record=anything"}, "link.record", "record"},
		{[]string{"--players=five"}, "link.bad", "players"},
		{[]string{"--players=a-b"}, "link.bad", "players"},
		{[]string{"--mute=maybe"}, "link.bad", "mute"},
		{[]string{"--colour=red"}, "link.unknown", "colour"},
		{[]string{"--seats=human"}, "link.bad", "seats"},
		{[]string{"--" + long + "=1"}, "link.unknown", strings.Repeat("x", maxParamShown) + "…"},
		{[]string{"--position=" + long}, "link.bad", "position"},
		{[]string{"--server=http://elsewhere.example"}, "link.bad", "server"},
	} {
		_, err := parseGameFlags(tc.args, io.Discard, &saves.Memory{}, true)
		if err == nil {
			t.Errorf("%.40q: accepted", tc.args)
			continue
		}
		key, param := linkProblem(err)
		if key != tc.key || param != tc.param {
			t.Errorf("%.40q: %s %.40q, want %s %.40q", tc.args, key, param, tc.key, tc.param)
		}
		for _, lg := range i18n.Langs { // the notice reads whole in every language
			n := linkNotice(i18n.New(lg), key, param)
			if strings.Contains(n, "%!") || (key != "link.record" && !strings.Contains(n, param)) {
				t.Errorf("%.40q, %s: the notice reads %.200q", tc.args, lg, n)
			}
		}
	}
	if _, err := parseGameFlags([]string{"--record=game.txt"}, io.Discard, &saves.Memory{}, false); err != nil {
		t.Errorf("--record on the desktop: %v", err)
	}
	if key, _ := linkProblem(errors.New("bad flag syntax: =x")); key != "link.bad" {
		t.Errorf("no flag name: key %s", key)
	}
}

// TestDisplayProblem: with no display, a plain message that names
// DISPLAY, WAYLAND_DISPLAY and the subcommands that need none, instead
// of "fbdev: failed to open /dev/fb0".
func TestDisplayProblem(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, tc := range []struct {
		goos   string
		inPage bool
		vars   map[string]string
		want   bool
	}{
		{"linux", false, nil, true},
		{"freebsd", false, map[string]string{"HOME": "/h"}, true},
		{"linux", false, map[string]string{"DISPLAY": ":0"}, false},
		{"linux", false, map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, false},
		{"darwin", false, nil, false},
		{"windows", false, nil, false},
		{"js", true, nil, false},
	} {
		msg := displayProblem(tc.goos, tc.inPage, env(tc.vars))
		if (msg != "") != tc.want {
			t.Errorf("%s %v: %q", tc.goos, tc.vars, msg)
			continue
		}
		for _, w := range []string{"DISPLAY", "WAYLAND_DISPLAY", "engine", "perft", "arena"} {
			if tc.want && !strings.Contains(msg, w) {
				t.Errorf("%s: the message does not name %s: %q", tc.goos, w, msg)
			}
		}
	}
}

// TestForgetLink: once a link has started its game, the page's address
// loses the game's parameters, so a reload resumes it; a refused link
// or a plain page keeps its address.
func TestForgetLink(t *testing.T) {
	parse := func(args []string) gameOptions {
		o, err := parseGameFlags(args, io.Discard, &saves.Memory{}, true)
		if err != nil {
			o, _ = parseGameFlags(nil, io.Discard, &saves.Memory{}, true)
			o.linkKey, o.linkParam = linkProblem(err)
		}
		return o
	}
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"--variant=expert", "--players=3"}, true},
		{[]string{"--position=" + won}, true},
		{[]string{"--lang=de"}, false},
		{nil, false},
		{[]string{"--players=9"}, false},
	} {
		if got := forgetLink(true, parse(tc.args)); got != tc.want {
			t.Errorf("%q: forget %v, want %v", tc.args, got, tc.want)
		}
	}
	if forgetLink(false, parse([]string{"--players=3"})) {
		t.Error("the desktop has no address to forget")
	}
	for _, p := range gameParams {
		if p == "lang" || p == "mute" {
			t.Errorf("%s is not a game parameter", p)
		}
	}
}

// TestGameFlagHelp checks the game's flag handling as perft and arena do
// it: -h prints the usage and is flag.ErrHelp (main exits 0); a bad flag
// prints nothing itself and gives one line saying where the list is.
func TestGameFlagHelp(t *testing.T) {
	var out strings.Builder
	_, err := parseGameFlags([]string{"-h"}, &out, &saves.Memory{}, false)
	if !errors.Is(err, flag.ErrHelp) || !strings.Contains(out.String(), "usage: shiftago") || !strings.Contains(out.String(), "-record") {
		t.Errorf("-h: %v, %q", err, out.String())
	}
	out.Reset()
	_, err = parseGameFlags([]string{"--bogus"}, &out, &saves.Memory{}, false)
	if err == nil || out.Len() > 0 || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "-bogus") || !strings.Contains(err.Error(), "shiftago -h") {
		t.Errorf("--bogus: %v, printed %q; want one line naming the flag and shiftago -h, nothing printed", err, out.String())
	}
}
