// Package drawtest runs a render room's tests inside a real game loop,
// for tests only. Drawing and reading pixels back needs a running loop,
// and RunGame may run once per process: a package's TestMain hands its
// tests to Main, which runs them inside the loop when there is a display
// (xvfb-run) and plainly otherwise, so that the painting tests still run
// anywhere. (scenes/looptest does the same for the screens; render sits
// below it and cannot use it.)
package drawtest
