// Package looptest runs tests inside a real game loop: drawing and
// ReadPixels need it, and ebiten.RunGame may run once per process. A
// test package's TestMain calls Main; a test hands the loop a game to
// run and waits on conditions checked on the loop's thread after each
// tick. Without a display the loop cannot start: those tests skip and
// the others run as usual. NewContext makes a context for laying
// screens out without the loop.
package looptest
