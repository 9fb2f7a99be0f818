package engine

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzServe feeds any text to the engine's line reader and dispatcher and
// checks the protocol's promises (RULES.md §10): no panic; exactly one
// answer line for each non-blank line until `quit`, however long the line
// or whatever bytes it holds; an `error:` answer is short and changes
// nothing. A `position` query follows every fuzzed line so that the state
// before and after each one can be compared.
//
// Two rewrites keep each input fast without hiding any path through the
// dispatcher: go gets level=1 appended (a later option wins, and the
// options before it are still checked), and an input with a perft deeper
// than 3 is skipped. Serve reads on a goroutine of its own, so coverage
// varies a little from run to run and minimising an input can take the
// full default minute: run it with -fuzzminimizetime 3s.
func FuzzServe(f *testing.F) {
	for _, seed := range []string{
		"new expert 3\nplay W4\nposition\nresult\n",
		"perft 2\nmoves\ngo\nresult\n",
		"new express 2 sitouts=0,2\nposition\nquit\nposition\n",
		"setposition 5g1/7/7/1oooo2/7/7/7 expert og o 18,21 0,0 0,0\nplay W4xa4-e4\nresult\n",
		"bogus\n\n   \nplay X9\r\nperft -1\ngo movetime=-5\ngo level=9\nstop\nstop now\n",
		"perft 3\nstop\nposition",
		strings.Repeat("x", MaxLine+1) + "\nposition\n" + strings.Repeat("y", MaxLine) + "\r\n",
		"new extreme 4\ngo movetime=1\nplay Nd\n\x00\xff\xfe\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data string) {
		segs := strings.Split(data, "\n")
		if segs[len(segs)-1] == "" {
			segs = segs[:len(segs)-1] // the final "\n" ends a line, it starts none
		}
		var script strings.Builder
		script.WriteString("position\n")
		answered := make([]bool, 0, len(segs)) // for each line before quit
		for i, seg := range segs {
			words := strings.Fields(seg)
			if len(words) > 0 && words[0] == "go" {
				seg += " level=1"
				segs[i] = seg
			}
			if len(words) == 2 && words[0] == "perft" {
				if d, err := strconv.Atoi(words[1]); err == nil && d > 3 {
					t.Skip("deep perft")
				}
			}
			script.WriteString(seg + "\n")
			script.WriteString("position\n")
			line := strings.TrimSuffix(seg, "\r")
			tooLong := len(line) > MaxLine
			if !tooLong && len(words) > 0 && words[0] == "quit" {
				break
			}
			answered = append(answered, tooLong || strings.TrimSpace(line) != "")
		}
		var out strings.Builder
		if err := Serve(strings.NewReader(script.String()), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		next := func() string {
			if len(got) == 0 {
				t.Fatalf("too few answers for %q", data)
			}
			a := got[0]
			got = got[1:]
			return a
		}
		pos := next()
		for i, ans := range answered {
			if !ans {
				if p := next(); p != pos {
					t.Fatalf("line %d %.80q has no answer, but the position changed: %s to %s", i+1, segs[i], pos, p)
				}
				continue
			}
			a := next()
			after := next()
			if strings.HasPrefix(a, "error:") {
				if after != pos {
					t.Fatalf("line %d %.80q: answer %q, yet the position changed: %s to %s", i+1, segs[i], a, pos, after)
				}
				if len(a) > len("error: ")+maxError+len("…") {
					t.Fatalf("line %d %.80q: error answer of %d bytes", i+1, segs[i], len(a))
				}
			}
			pos = after
		}
		if len(got) != 0 {
			t.Fatalf("%d answers too many for %q: %.200q", len(got), data, got)
		}
	})
}
