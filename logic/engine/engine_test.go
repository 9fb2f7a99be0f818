package engine

import (
	"io"
	"strings"
	"testing"

	"shiftago/logic"
)

// converse runs a script through Serve and returns the answer lines.
func converse(t *testing.T, script string) []string {
	t.Helper()
	var out strings.Builder
	if err := Serve(strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func TestProtocolAcceptance(t *testing.T) {
	got := converse(t, "new expert 3\nplay W4\nposition\nresult\n")
	want := []string{"ok", "ok", "7/7/7/o6/7/7/7 expert ogb g 21,22,22 0,0,0 0,0,0", "ongoing"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestProtocolErrorsKeepState(t *testing.T) {
	script := `new express 2
play W4
play X9
play W4xa4-e4
new blitz 2
new express 5
new express 2 sitouts=1
new express 2 sitouts=9,0
setposition 7/7/7 express og o 22,22 0,0 0,0
perft x
go level=9
go movetime=abc
bogus
position
`
	got := converse(t, script)
	if len(got) != 14 {
		t.Fatalf("%d answers, want 14: %q", len(got), got)
	}
	for i, a := range got[2:13] {
		if !strings.HasPrefix(a, "error: ") {
			t.Errorf("answer %d %q: want an error", i+3, a)
		}
	}
	if got[13] != "7/7/7/o6/7/7/7 express og g 21,22 0,0 0,0" {
		t.Errorf("state changed by refused commands: %s", got[13])
	}
}

func TestProtocolCommands(t *testing.T) {
	// perft stands alone: a quit read while it runs would stop it.
	if got := converse(t, "perft 2\n"); len(got) != 1 || got[0] != "784" {
		t.Errorf("perft 2: %q, want 784", got)
	}
	got := converse(t, strings.Join([]string{
		"new expert 2 sitouts=0,2",
		"position",
		"setposition 5g1/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0",
		"play W4xa4-e4",
		"result",
		"setposition 5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0",
		"play W4",
		"result",
		"moves",
		"go",
		"quit",
		"position",
	}, "\n"))
	want := []string{
		"ok", "7/7/7/7/7/7/7 expert og o 22,22 0,0 0,2", "ok", "ok", "ongoing",
		"ok", "ok", "win o", "", "error: the game is over (win o)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// TestProtocolFinishedPosition: a finished game's position names its
// winner and reads back through setposition (RULES.md §10, §11.1).
func TestProtocolFinishedPosition(t *testing.T) {
	got := converse(t, strings.Join([]string{
		"setposition 5g1/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0",
		"play W4",
		"position",
		"setposition ooooo2/7/ggggg2/7/7/7/7 express og -g 17,17 0,0 0,0",
		"result",
		"setposition ooooo2/7/ggggg2/7/7/7/7 express og - 17,17 0,0 0,0",
		"setposition 5g1/7/7/ooooo2/7/7/7 express og -g 17,21 0,0 0,0",
		"position",
		"setposition 5g1/7/7/ooooo2/7/7/7 express og - 17,21 0,0 0,0",
		"position",
	}, "\n"))
	// Refusals are matched on the field they name and their gist.
	want := []string{
		"ok", "ok", "5g1/7/7/ooooo2/7/7/7 express og -o 17,21 0,0 0,0",
		"ok", "win g",
		"error: position: to-move: * who won is unknown",
		"error: position: to-move: * green holds no line of 5",
		"ooooo2/7/ggggg2/7/7/7/7 express og -g 17,17 0,0 0,0",
		"ok", "5g1/7/7/ooooo2/7/7/7 express og -o 17,21 0,0 0,0",
	}
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		head, gist, refusal := strings.Cut(want[i], " * ")
		ok = got[i] == want[i] || refusal && strings.HasPrefix(got[i], head) && strings.Contains(got[i], gist)
	}
	if !ok {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// TestProtocolGo checks that go answers a legal move in every variant.
func TestProtocolGo(t *testing.T) {
	for _, v := range []string{"express 2", "expert 3", "extreme 4"} {
		s := NewSession()
		if _, err := s.Do("new " + v); err != nil {
			t.Fatal(err)
		}
		ans, err := s.Do("go level=1")
		if err != nil {
			t.Fatal(err)
		}
		mv, ok := strings.CutPrefix(ans, "bestmove ")
		p := s.Position()
		if !ok {
			t.Fatalf("%s: answer %q", v, ans)
		}
		if _, err := p.ParseMove(mv); err != nil {
			t.Errorf("%s: bestmove %s is not legal: %v", v, mv, err)
		}
		if got := s.Position(); got != p || got.Players() == 0 {
			t.Errorf("go changed the position")
		}
	}
}

// The session's API for the tests, which drive it a line at a time.

// Serve reads commands from in until `quit` or the end of input and writes
// one answer line for each non-blank line to out. Lines are read ahead
// while a command runs, so that a `stop` or `quit` line can end a running
// perft or go at once (quit then ends the session); the other commands
// wait their turn, and every command still gets its one answer, in order.
// At the end of input a running command finishes first, so a piped script
// gets all its answers (ServeClient stops it instead). A line longer than
// MaxLine bytes is answered with an error and the session goes on. After
// quit, Serve returns at once; its reader may still wait for input on in,
// and ends with it (the process exits first in `shiftago engine`).
func Serve(in io.Reader, out io.Writer) error {
	return serve(in, out, false)
}

// Do carries out one command line and returns its answer (without the
// newline). On error the session is unchanged.
func (s *Session) Do(line string) (string, error) { return s.do(line, nil) }

// Position returns the session's current position.
func (s *Session) Position() logic.Position { return s.pos }
