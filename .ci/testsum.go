// Command testsum reads `go test -json` on standard input and prints what
// a plain `go test` prints (each package's ok/FAIL line, a failed test's
// output), then one line at the end counting the tests that skipped and
// why: without a display, the window-bound tests skip, and a plain run
// says so only with -v.
//
// Usage: go test -json [flags] [packages] | go run .ci/testsum.go
// (bash .ci/test does that). It exits 1 when a test or a package failed,
// or when the input holds no test event at all.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is the part of test2json's output this reads.
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func main() {
	failed, err := summarise(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsum:", err)
		os.Exit(1)
	}
	if failed {
		os.Exit(1)
	}
}

// summarise copies the run's short form from r to w and ends with the
// skip summary; failed reports whether anything failed.
func summarise(r io.Reader, w io.Writer) (failed bool, err error) {
	outputs := map[string][]string{} // package + "\x00" + test → its lines
	reasons := map[string]int{}      // why a test skipped → how many
	skipped, events := 0, 0
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			// Not test2json: a build error or a line of go vet. Pass it on.
			fmt.Fprintf(w, "%s\n", line)
			continue
		}
		events++
		key := e.Package + "\x00" + e.Test
		switch {
		case e.Action == "build-output":
			// The compiler's messages for a package that did not build.
			fmt.Fprint(w, e.Output)
		case e.Action == "output" && e.Test == "":
			// The package's own lines: "ok", "FAIL", "? … [no test files]",
			// a panic outside any test. "PASS" alone adds nothing.
			if s := strings.TrimSpace(e.Output); s != "PASS" && !strings.HasPrefix(s, "=== ") {
				fmt.Fprint(w, e.Output)
			}
		case e.Action == "output":
			outputs[key] = append(outputs[key], e.Output)
		case e.Action == "skip" && e.Test != "":
			skipped++
			reasons[skipReason(outputs[key])]++
			delete(outputs, key)
		case e.Action == "fail":
			failed = true
			for _, s := range outputs[key] {
				fmt.Fprint(w, s)
			}
			delete(outputs, key)
		case e.Action == "pass":
			delete(outputs, key)
		}
	}
	if err := sc.Err(); err != nil {
		return true, err
	}
	if events == 0 {
		return true, fmt.Errorf("no test events in the input (was it go test -json?)")
	}
	if skipped == 0 {
		fmt.Fprintln(w, "no test skipped")
		return failed, nil
	}
	type reason struct {
		why string
		n   int
	}
	var rs []reason
	for why, n := range reasons {
		rs = append(rs, reason{why, n})
	}
	sort.Slice(rs, func(i, j int) bool {
		if rs[i].n != rs[j].n {
			return rs[i].n > rs[j].n
		}
		return rs[i].why < rs[j].why
	})
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%d: %s", r.n, r.why)
	}
	fmt.Fprintf(w, "%d test(s) skipped (%s)\n", skipped, strings.Join(parts, "; "))
	return failed, nil
}

// skipReason is the message a skipped test gave: its last logged line
// before "--- SKIP", without the "file.go:12: " that t.Skip puts first.
func skipReason(lines []string) string {
	why := ""
	for _, l := range lines {
		s := strings.TrimSpace(l)
		if s == "" || strings.HasPrefix(s, "=== ") || strings.HasPrefix(s, "--- ") {
			continue
		}
		why = s
	}
	if i := strings.Index(why, ".go:"); i >= 0 && !strings.Contains(why[:i], " ") {
		if j := strings.Index(why[i+4:], ": "); j >= 0 {
			why = why[i+4+j+2:]
		}
	}
	if why == "" {
		why = "no reason given"
	}
	return why
}
