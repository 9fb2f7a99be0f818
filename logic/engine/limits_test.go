package engine

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// serveWithin runs a script through Serve like converse, but fails instead
// of hanging when the answers take longer than limit. The limit is only an
// upper bound for a hang: every script here answers in well under a second.
func serveWithin(t *testing.T, script string, limit time.Duration) []string {
	t.Helper()
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		var out strings.Builder
		err := Serve(strings.NewReader(script), &out)
		done <- result{out.String(), err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatalf("Serve: %v", r.err)
		}
		return strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
	case <-time.After(limit):
		t.Fatalf("no end of answers within %v for %.80q", limit, script)
		return nil
	}
}

// TestLongLineKeepsSession checks that a line of any length gets one
// error answer and the session goes on (RULES.md §10: one answer a command,
// an error changes nothing); a 1 MiB line used to end the session.
func TestLongLineKeepsSession(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	got := serveWithin(t, "new expert 2\n"+long+"\nplay W4\nplay "+long+"\nposition\nsetposition "+long, time.Minute)
	if len(got) != 6 {
		t.Fatalf("%d answers, want 6: %.200q", len(got), got)
	}
	for _, i := range []int{1, 3, 5} {
		if !strings.HasPrefix(got[i], "error: ") || len(got[i]) > 100 {
			t.Errorf("answer %d %.100q: want a short error", i+1, got[i])
		}
	}
	if got[4] != "7/7/7/o6/7/7/7 expert og g 21,22 0,0 0,0" {
		t.Errorf("position after the long lines: %s", got[4])
	}
}

// TestReadLine checks the bounded reader on the edges of MaxLine: a line
// of exactly max bytes is kept (with "\n" or "\r\n"), one byte more is
// dropped whole, and the line after it is read intact.
func TestReadLine(t *testing.T) {
	const max = 8
	in := "12345678\n12345678\r\n123456789\nabc\n" + strings.Repeat("y", 100) + "\r\nlast"
	r := bufio.NewReaderSize(strings.NewReader(in), 16)
	want := []struct {
		line    string
		tooLong bool
	}{{"12345678", false}, {"12345678", false}, {"", true}, {"abc", false}, {"", true}, {"last", false}}
	for i, w := range want {
		line, tooLong, err := ReadLine(r, max)
		if err != nil || line != w.line || tooLong != w.tooLong {
			t.Errorf("line %d: %q, %v, %v; want %q, %v", i+1, line, tooLong, err, w.line, w.tooLong)
		}
	}
	if _, _, err := ReadLine(r, max); err != io.EOF {
		t.Errorf("after the last line: %v, want EOF", err)
	}
}

// TestErrorsQuoteLittle checks that a refused command is not echoed back
// in full: an error answer quotes at most maxQuoted characters of a word
// and is at most maxError bytes long.
func TestErrorsQuoteLittle(t *testing.T) {
	long := strings.Repeat("é", 3000) // 6000 bytes: over MaxLine
	mid := strings.Repeat("z", 2000)
	for _, line := range []string{
		"bogus" + mid,
		"play W4" + mid,
		"go level" + mid,
		"go " + mid + "=1",
		"perft " + mid,
		"new express " + mid,
		"new express 2 " + mid,
		"new express 2 sitouts=" + mid,
		"new " + mid + " 2",
		"setposition 7/7/7/7/7/7/" + mid + " express og o 22,22 0,0 0,0",
		long,
	} {
		got := serveWithin(t, line+"\n", time.Minute)
		if len(got) != 1 || !strings.HasPrefix(got[0], "error: ") {
			t.Errorf("%.30q: answers %.100q, want one error", line, got)
			continue
		}
		if len(got[0]) > len("error: ")+maxError+len("…") || strings.Contains(got[0], strings.Repeat("z", maxQuoted+1)) {
			t.Errorf("%.30q: the answer echoes too much (%d bytes): %.120q", line, len(got[0]), got[0])
		}
	}
}

// TestStopEndsPerft checks that `stop` ends a perft that would run for
// about a minute, which answers an error (it changed nothing), and that
// stop then answers ok: one answer a command, in order.
func TestStopEndsPerft(t *testing.T) {
	got := serveWithin(t, "perft "+strconv.Itoa(MaxPerftDepth)+"\nstop\nposition\nperft 2\n", 30*time.Second)
	want := []string{"error: perft stopped", "ok", "7/7/7/7/7/7/7 express og o 22,22 0,0 0,0", "784"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestStopEndsGo checks that `stop` ends a go movetime=60000 at once with
// the best move found so far, a legal one, and that the game is unchanged.
func TestStopEndsGo(t *testing.T) {
	got := serveWithin(t, "new expert 3\ngo movetime=60000\nstop\nposition\n", 30*time.Second)
	if len(got) != 4 || got[2] != "ok" || got[3] != "7/7/7/7/7/7/7 expert ogb o 22,22,22 0,0,0 0,0,0" {
		t.Fatalf("answers %q", got)
	}
	s := NewSession()
	s.Do("new expert 3")
	p := s.Position()
	mv, ok := strings.CutPrefix(got[1], "bestmove ")
	if _, err := p.ParseMove(mv); !ok || err != nil {
		t.Errorf("answer to go %q: want a legal bestmove (%v)", got[1], err)
	}
}

// TestEndOfInputFinishesCommand checks that at the end of a piped script
// Serve lets the running command answer: the end of input is not a stop.
func TestEndOfInputFinishesCommand(t *testing.T) {
	if got := serveWithin(t, "perft 4", time.Minute); len(got) != 1 || got[0] != "614656" {
		t.Errorf("perft 4 at the end of input: %q", got)
	}
}

// TestQuitStopsCommand checks that quit read while a perft runs stops it
// (issue 26: perft 7 ran on for minutes after its client had quit): the
// perft answers that it stopped, and nothing after quit is answered.
// perft 7 takes minutes, so an answer within the limit is a stop.
func TestQuitStopsCommand(t *testing.T) {
	got := serveWithin(t, "new express 2\nperft 7\nquit\nposition\n", time.Minute)
	if want := []string{"ok", "error: perft stopped"}; !slices.Equal(got, want) {
		t.Errorf("perft 7 then quit: %q, want %q", got, want)
	}
}

// TestClientGoneStopsCommand checks that with ServeClient (`shiftago
// engine`) the end of input stops a running perft or go, as quit does,
// while the commands before it keep their answers.
func TestClientGoneStopsCommand(t *testing.T) {
	for _, tc := range []struct {
		script string
		check  func(last string) bool
	}{
		{"new express 2\nplay W4\nperft 7\n", func(s string) bool { return s == "error: perft stopped" }},
		{"new expert 3\nplay W4\ngo level=5 movetime=60000\n", func(s string) bool { return strings.HasPrefix(s, "bestmove ") }},
	} {
		done := make(chan string, 1)
		go func() {
			var out strings.Builder
			if err := ServeClient(strings.NewReader(tc.script), &out); err != nil {
				done <- "Serve: " + err.Error()
				return
			}
			done <- out.String()
		}()
		select {
		case out := <-done:
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(got) != 3 || got[0] != "ok" || got[1] != "ok" || !tc.check(got[2]) {
				t.Errorf("%q: answers %q", tc.script, got)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%q: the end of input did not stop the command within a minute", tc.script)
		}
	}
}

// TestNumericLimits checks that every numeric argument out of range is
// refused with an error that changes nothing (RULES.md §10), so that no
// command can block for days: perft past MaxPerftDepth, go movetime past
// MaxMovetime, and negative or absurd values anywhere.
func TestNumericLimits(t *testing.T) {
	bad := []string{
		"perft " + strconv.Itoa(MaxPerftDepth+1),
		"perft 12",
		"perft -1",
		"perft 99999999999999999999",
		"perft 1.5",
		"go movetime=" + strconv.Itoa(MaxMovetime+1),
		"go movetime=3600000",
		"go movetime=0",
		"go movetime=-100",
		"go movetime=99999999999999999999",
		"go level=0",
		"go level=-1",
		"go level=6",
		"go level=99999999999999999999",
		"go level=1 movetime=-1",
		"new express -2",
		"new express 99999999999999999999",
		"new express 2 sitouts=-1,0",
		"new express 2 sitouts=7,0",
		"new express 2 sitouts=99999999999999999999,0",
		"new express 2 sitouts=0,0,0",
		"stop now",
	}
	script := "new expert 2\nplay W4\n" + strings.Join(bad, "\n") + "\nposition\n"
	got := serveWithin(t, script, 30*time.Second)
	if len(got) != len(bad)+3 {
		t.Fatalf("%d answers, want %d: %q", len(got), len(bad)+3, got)
	}
	for i, line := range bad {
		if a := got[i+2]; !strings.HasPrefix(a, "error: ") {
			t.Errorf("%q: answer %q, want an error", line, a)
		}
	}
	if p := got[len(got)-1]; p != "7/7/7/o6/7/7/7 expert og g 21,22 0,0 0,0" {
		t.Errorf("state changed by refused commands: %s", p)
	}
}
