package render

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Drawing and reading pixels back needs a running game loop, and RunGame
// may run once per process: TestMain runs the package's tests inside it
// when there is a display (xvfb-run), and plainly otherwise, so that the
// painting tests still run anywhere. (scenes/looptest does the same for
// the screens; render sits below it and cannot use it.)

// loopW, loopH is the screen the loop's tests draw on.
const loopW, loopH = 960, 640

type testLoop struct {
	m     *testing.M
	calls chan func(screen *ebiten.Image)
	code  chan int
	ended chan struct{}
	start bool
}

// theLoop is the running loop, nil without a display.
var theLoop *testLoop

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		os.Exit(m.Run())
	}
	l := &testLoop{m: m, calls: make(chan func(*ebiten.Image)), code: make(chan int, 1), ended: make(chan struct{})}
	theLoop = l
	ebiten.SetWindowSize(loopW, loopH)
	ebiten.SetWindowTitle("render tests")
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(l); err != nil && err != ebiten.Termination {
		fmt.Fprintln(os.Stderr, "the game loop failed:", err)
		os.Exit(1)
	}
	os.Exit(<-l.code)
}

// needLoop skips a test that needs the game loop when there is none.
func needLoop(tb testing.TB) *testLoop {
	tb.Helper()
	if theLoop == nil {
		tb.Skip("no DISPLAY: this test draws in the game loop (use xvfb-run)")
	}
	return theLoop
}

func (l *testLoop) Update() error {
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
func (l *testLoop) Draw(screen *ebiten.Image) {
	select {
	case f := <-l.calls:
		f(screen)
	default:
	}
}

func (l *testLoop) Layout(int, int) (int, int) { return loopW, loopH }

// frame runs f in the next frame's Draw and waits for that frame to end
// (the next frame's start), so its GPU work is done and counted.
func (l *testLoop) frame(f func(screen *ebiten.Image)) {
	done := make(chan struct{})
	l.calls <- func(s *ebiten.Image) { f(s); close(done) }
	<-done
}
