// Package race tells a test whether it was built with the race detector,
// so that a test whose work runs on one goroutine can leave the -race run
// to the plain one: the detector has nothing to watch there and makes it
// about ten times slower. CI runs those packages without -race beside its
// race run (.ci/run), so every assertion is still checked on every change.
package race

import "testing"

// SkipSlow skips t under -race: what its test checks runs on one
// goroutine and costs many times its plain time there.
func SkipSlow(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("one goroutine, slow under -race: checked by go test without -race (CI runs it)")
	}
}
