package ai

import "testing"

// skipUnderRace skips a test whose search runs on one goroutine: the race
// detector has nothing to watch there and makes it about ten times slower
// (these took a minute of logic/ai's two under -race on a loaded 2-core
// machine, and the package once hit go test's 10-minute timeout). The
// tests still run in every plain `go test`, and CI runs logic/ai without
// -race beside its race run (.ci/run), so each assertion is still checked
// on every change. The searches with several workers keep running under
// -race: there the detector does matter.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("a one-goroutine search, slow under -race: checked by go test without -race (CI runs it)")
	}
}
