package drawtest

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// W, H is the screen the loop's tests draw on.
const W, H = 960, 640

// Loop is the game loop a package's tests run in.
type Loop struct {
	m     *testing.M
	calls chan func(screen *ebiten.Image)
	code  chan int
	ended chan struct{}
	start bool
}

// theLoop is the running loop, nil without a display.
var theLoop *Loop

// Main is a package's TestMain: it runs the tests m inside the game
// loop, its window named title, when there is a display, and plainly
// otherwise; then it exits with their result.
func Main(m *testing.M, title string) {
	if os.Getenv("DISPLAY") == "" {
		os.Exit(m.Run())
	}
	l := &Loop{m: m, calls: make(chan func(*ebiten.Image)), code: make(chan int, 1), ended: make(chan struct{})}
	theLoop = l
	ebiten.SetWindowSize(W, H)
	ebiten.SetWindowTitle(title)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(l); err != nil && err != ebiten.Termination {
		fmt.Fprintln(os.Stderr, "the game loop failed:", err)
		os.Exit(1)
	}
	os.Exit(<-l.code)
}

// Need is the running loop; it skips a test that needs it when there is
// none.
func Need(tb testing.TB) *Loop {
	tb.Helper()
	if theLoop == nil {
		tb.Skip("no DISPLAY: this test draws in the game loop (use xvfb-run)")
	}
	return theLoop
}

// Update runs the tests once, from the first tick, and ends the loop
// when they are done.
func (l *Loop) Update() error {
	if !l.start {
		l.start = true
		go func() {
			l.code <- l.m.Run()
			close(l.ended)
		}()
	}
	select {
	case <-l.ended:
		return ebiten.Termination
	default:
		return nil
	}
}

// Draw runs the one call waiting, if any: a test's drawing for this frame.
func (l *Loop) Draw(screen *ebiten.Image) {
	select {
	case f := <-l.calls:
		f(screen)
	default:
	}
}

// Layout is the loop's fixed screen, W × H.
func (l *Loop) Layout(int, int) (int, int) { return W, H }

// Frame runs f in the next frame's Draw and waits for that frame to end
// (the next frame's start), so its GPU work is done and counted.
func (l *Loop) Frame(f func(screen *ebiten.Image)) {
	done := make(chan struct{})
	l.calls <- func(s *ebiten.Image) { f(s); close(done) }
	<-done
}
