package looptest

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/scenes/app"
)

// theLoop is the running game loop, nil when there is no display.
var theLoop *Loop

// W, H is the screen the loop tests see (device pixels).
const W, H = 960, 640

type waiter struct {
	cond     func() bool
	deadline int
	done     chan bool
}

// Loop is the running game loop.
type Loop struct {
	calls   chan func()
	game    *app.Game // nil: an empty scene
	frames  int
	waiter  *waiter
	drawReq func(screen *ebiten.Image)
	started bool
	code    chan int
	m       *testing.M
	// size is the screen set by Resize (zero: W×H at scale 1).
	size [3]float64
	// window is the window's size between tests (Main, WholeWindow).
	window [2]int
}

// WholeWindow gives the window the screen's size, as main's window has,
// until the returned func is called: for a test that measures frames as
// the game draws them. The new size holds from a frame or two later.
func (l *Loop) WholeWindow() (restore func()) {
	ebiten.SetWindowSize(W, H)
	return func() { ebiten.SetWindowSize(l.window[0], l.window[1]) }
}

// Main runs the tests of a package inside the game loop (call it from
// TestMain).
func Main(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		fmt.Println("DISPLAY is not set: the game-loop tests skip (run them under xvfb-run)")
		os.Exit(m.Run())
	}
	l := &Loop{calls: make(chan func(), 16), code: make(chan int, 1), m: m}
	theLoop = l
	// The tests read the screen image, never the window, so the window is
	// an eighth of the screen's size: each frame's copy of the screen into
	// it is software GL's work under xvfb, at frames as fast as they go.
	// Under -race, scenes/game's tests took 164 CPU-s against 185 with
	// the whole window, the root package's 119 against 125 (107 against
	// 122 beside two busy cores, as in CI). Benchmarks keep the whole
	// window, which a real frame pays for. (TestMain must parse the
	// flags itself to read them.)
	flag.Parse()
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		l.window = [2]int{W, H}
	} else {
		l.window = [2]int{W / 8, H / 8}
	}
	ebiten.SetWindowSize(l.window[0], l.window[1])
	ebiten.SetWindowTitle("shiftago tests")
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS) // one tick per frame, as fast as frames go
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(l); err != nil && err != ebiten.Termination {
		fmt.Fprintln(os.Stderr, "the game loop failed:", err)
		os.Exit(1)
	}
	os.Exit(<-l.code)
}

// Need skips a test that needs the game loop when there is none.
func Need(t testing.TB) *Loop {
	t.Helper()
	if theLoop == nil {
		t.Skip("no DISPLAY: this test runs the real game loop (use xvfb-run)")
	}
	return theLoop
}

func (l *Loop) Update() error {
	if !l.started {
		l.started = true
		go func() {
			l.code <- l.m.Run()
			l.calls <- nil // stop the loop
		}()
	}
	for {
		select {
		case f := <-l.calls:
			if f == nil {
				return ebiten.Termination
			}
			f()
			continue
		default:
		}
		break
	}
	if l.game != nil {
		err := l.game.Update()
		if err != nil {
			l.game = nil
			if l.waiter != nil {
				l.waiter.done <- false
				l.waiter = nil
			}
		}
	}
	l.frames++
	if w := l.waiter; w != nil {
		switch {
		case w.cond():
			w.done <- true
			l.waiter = nil
		case l.frames >= w.deadline:
			w.done <- false
			l.waiter = nil
		}
	}
	return nil
}

func (l *Loop) Draw(screen *ebiten.Image) {
	if l.game != nil {
		l.game.Draw(screen)
	} else {
		screen.Fill(render.BgFill)
	}
	if l.drawReq != nil {
		l.drawReq(screen)
		l.drawReq = nil
	}
}

func (l *Loop) Layout(w, h int) (int, int) {
	sw, sh, scale := l.screen()
	if l.game != nil {
		c := l.game.Context()
		c.W, c.H, c.Scale = sw, sh, scale
	}
	return int(sw), int(sh)
}

// screen is the screen's size and scale: W×H at 1 unless Resize said.
func (l *Loop) screen() (w, h, scale float64) {
	if l.size[0] > 0 {
		return l.size[0], l.size[1], l.size[2]
	}
	return W, H, 1
}

// Resize makes the screen w×h device pixels at scale from the next tick
// on, as a turned tablet's (0, 0, 0: back to W×H at scale 1); Screen
// reads W×H pixels only.
func (l *Loop) Resize(w, h, scale float64) {
	l.Do(func() { l.size = [3]float64{w, h, scale} })
}

// Do runs f on the loop's thread, before the next tick, and waits for it.
func (l *Loop) Do(f func()) {
	done := make(chan struct{})
	l.calls <- func() { f(); close(done) }
	<-done
}

// Until waits, at most maxFrames ticks, for cond (checked on the loop's
// thread after each tick) to hold.
func (l *Loop) Until(maxFrames int, cond func() bool) bool {
	ch := make(chan bool, 1)
	l.Do(func() { l.waiter = &waiter{cond: cond, deadline: l.frames + maxFrames, done: ch} })
	return <-ch
}

// Wait waits n ticks.
func (l *Loop) Wait(n int) {
	k := 0
	l.Until(n+1, func() bool { k++; return k >= n })
}

// Screen reads the next frame's pixels (RGBA, W×H).
func (l *Loop) Screen() []byte {
	buf := make([]byte, 4*W*H)
	ch := make(chan struct{})
	l.Do(func() {
		l.drawReq = func(s *ebiten.Image) {
			s.ReadPixels(buf)
			close(ch)
		}
	})
	<-ch
	return buf
}

// Run hands the loop g (nil for the empty scene).
func (l *Loop) Run(g *app.Game) {
	l.Do(func() {
		l.game = g
		if g != nil {
			c := g.Context()
			c.W, c.H, c.Scale = l.screen()
		}
	})
}

// Frames is the number of ticks run.
func (l *Loop) Frames() int { return l.frames }
