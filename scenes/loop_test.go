package scenes

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The tests in this file run the real game loop: drawing and ReadPixels
// need it, and ebiten.RunGame may run once per process. TestMain runs the
// tests (m.Run) in a goroutine started from the loop's first Update; a
// test hands the loop a game to run and waits on conditions checked on the
// loop's thread after each tick. Without a display the loop cannot start:
// those tests skip and the others run as usual.

// theLoop is the running game loop, nil when there is no display.
var theLoop *loop

// loopW, loopH is the screen the loop tests see (device pixels).
const loopW, loopH = 960, 640

type waiter struct {
	cond     func() bool
	deadline int
	done     chan bool
}

type loop struct {
	calls   chan func()
	game    *Game // nil: an empty scene
	frames  int
	waiter  *waiter
	drawReq func(screen *ebiten.Image)
	started bool
	code    chan int
	m       *testing.M

	// With count set, the allocations made inside the game's own Update
	// and Draw (scenes, render, etxt, ebiten's command queueing) are
	// added up, apart from those of ebiten's GL backend and window.
	count    bool
	ownAlloc uint64
	ms       runtime.MemStats
}

func (l *loop) mallocs() uint64 {
	runtime.ReadMemStats(&l.ms)
	return l.ms.Mallocs
}

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		fmt.Println("scenes: DISPLAY is not set: the game-loop tests skip (run them under xvfb-run)")
		os.Exit(m.Run())
	}
	l := &loop{calls: make(chan func(), 16), code: make(chan int, 1), m: m}
	theLoop = l
	ebiten.SetWindowSize(loopW, loopH)
	ebiten.SetWindowTitle("shiftago tests")
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS) // one tick per frame, as fast as frames go
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(l); err != nil && err != ebiten.Termination {
		fmt.Fprintln(os.Stderr, "scenes: the game loop failed:", err)
		os.Exit(1)
	}
	os.Exit(<-l.code)
}

// needLoop skips a test that needs the game loop when there is none.
func needLoop(t *testing.T) *loop {
	t.Helper()
	if theLoop == nil {
		t.Skip("no DISPLAY: this test runs the real game loop (use xvfb-run)")
	}
	return theLoop
}

func (l *loop) Update() error {
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
		var m0 uint64
		if l.count {
			m0 = l.mallocs()
		}
		err := l.game.Update()
		if l.count {
			l.ownAlloc += l.mallocs() - m0
		}
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

func (l *loop) Draw(screen *ebiten.Image) {
	if l.game != nil {
		var m0 uint64
		if l.count {
			m0 = l.mallocs()
		}
		l.game.Draw(screen)
		if l.count {
			l.ownAlloc += l.mallocs() - m0
		}
	} else {
		screen.Fill(colBg)
	}
	if l.drawReq != nil {
		l.drawReq(screen)
		l.drawReq = nil
	}
}

func (l *loop) Layout(w, h int) (int, int) {
	if l.game != nil {
		c := l.game.Context()
		c.W, c.H, c.Scale = loopW, loopH, 1
	}
	return loopW, loopH
}

// do runs f on the loop's thread, before the next tick, and waits for it.
func (l *loop) do(f func()) {
	done := make(chan struct{})
	l.calls <- func() { f(); close(done) }
	<-done
}

// until waits, at most maxFrames ticks, for cond (checked on the loop's
// thread after each tick) to hold.
func (l *loop) until(maxFrames int, cond func() bool) bool {
	ch := make(chan bool, 1)
	l.do(func() { l.waiter = &waiter{cond: cond, deadline: l.frames + maxFrames, done: ch} })
	return <-ch
}

// frames waits n ticks.
func (l *loop) wait(n int) {
	k := 0
	l.until(n+1, func() bool { k++; return k >= n })
}

// screen reads the next frame's pixels (RGBA, loopW×loopH).
func (l *loop) screen() []byte {
	buf := make([]byte, 4*loopW*loopH)
	ch := make(chan struct{})
	l.do(func() {
		l.drawReq = func(s *ebiten.Image) {
			s.ReadPixels(buf)
			close(ch)
		}
	})
	<-ch
	return buf
}

// run hands the loop g (nil for the empty scene).
func (l *loop) run(g *Game) {
	l.do(func() {
		l.game = g
		if g != nil {
			c := g.Context()
			c.W, c.H, c.Scale = loopW, loopH, 1
		}
	})
}
