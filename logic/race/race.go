// Package race tells a test whether it was built with the race detector,
// so that a test whose work runs on one goroutine can leave the -race run
// to the plain one: the detector has nothing to watch there and makes it
// about ten times slower. CI runs those tests without -race beside its race
// run (.ci/run finds them by their call of SkipSlow), so every assertion is
// still checked on every change. It lives outside logic/internal because
// the drawing tests of render/ and scenes/ use it too; nothing but tests
// imports it.
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
