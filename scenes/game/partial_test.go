package game

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"shiftago/logic/record"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/race"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// crowded is a crowded Expert board with three seats: every move pushes
// a chain, and lines score.
const crowded = "o2b3/1g1o1g1/2b1o2/g1obgb1/2o1g2/1b1o1b1/3g3 expert ogb o 16,16,16 2,0,0 0,0,0"

// computersOn is a game of three computers of level on the crowded
// board: Beginners answer at once, so nearly every frame shows a move
// rolling; Masters think some forty frames a move.
func computersOn(t *testing.T, level int) *app.Game {
	st := play.DefaultSetup()
	st.Variant, st.Players = logic.Expert, 3
	for i, col := range []logic.Color{logic.Orange, logic.Green, logic.Blue} {
		st.Seats[i] = play.Seat{Color: col, Player: record.Player{Kind: record.Computer, Level: level}}
	}
	g, _ := testGame(t, st, crowded)
	return g
}

// asShipped runs the loop as main runs the game: the screen kept between
// frames, idle frames skipped, rolling marbles redrawn in part.
func asShipped(l *looptest.Loop, g *app.Game) func() {
	l.Do(func() {
		ebiten.SetScreenClearedEveryFrame(false)
		g.SkipIdleDraws = true
	})
	return func() { l.Do(func() { ebiten.SetScreenClearedEveryFrame(true) }) }
}

// TestPartialFramesMatchFullFrames draws every frame the game draws in
// part a second time in full, and compares the two pixel for pixel: a
// partial frame may leave nothing stale outside the rectangle it redrew (a
// card, the status line, a marble's old place or shadow). Software GL
// rounds a few pixels of the same drawing a level or three apart when the
// drawing is clipped differently; a stale marble or shadow is tens of
// levels off, so a pixel counts as wrong beyond 8/255.
func TestPartialFramesMatchFullFrames(t *testing.T) {
	// The frames are drawn and compared on the loop's goroutine; the
	// computers' searches beside them are TestPlayAFullGameAgainstTheComputer's
	// and TestHintOnRequest's under -race.
	race.SkipSlow(t)
	t.Run("rolling", func(t *testing.T) { partialFrames(t, 1, 12) })
	t.Run("thinking", func(t *testing.T) { partialFrames(t, 4, 3) })
}

// partialFrames runs computers of level for n moves and compares each
// frame drawn in part with a full drawing.
func partialFrames(t *testing.T, level, n int) {
	const tolerance = 8
	l := looptest.Need(t)
	g := computersOn(t, level)
	defer asShipped(l, g)()
	a := make([]byte, 4*looptest.W*looptest.H)
	b := make([]byte, len(a))
	var compared, bad, worst, most int
	last := 0
	g.OnDraw = func(g *app.Game, screen *ebiten.Image) {
		if g.Partials == last {
			return
		}
		last = g.Partials
		// What the partial frame left on the screen, then the same frame
		// drawn in full over it (on the screen itself: an offscreen image
		// blends a few highlights differently).
		screen.ReadPixels(a)
		g.DrawFull(screen)
		screen.ReadPixels(b)
		compared++
		n, m := looptest.FrameDiff(a, b, tolerance)
		most = max(most, m)
		if n > 0 {
			if bad == 0 {
				t.Logf("frame %d is the first to differ: %d bytes", l.Frames(), n)
				writeDiff(t, a, b, tolerance)
			}
			bad++
			worst = max(worst, n)
		}
	}
	l.Run(g)
	defer l.Run(nil)
	moves := func() int { return len(g.Scene().(*Screen).Table().Match().Moves) }
	if !l.Until(3000, func() bool { return moves() >= n || g.Scene().(*Screen).Table().Ctl.Phase() == play.Over }) {
		t.Fatalf("the computers played %d moves", moves())
	}
	l.Do(func() { g.OnDraw = nil })
	t.Logf("%d moves: %d frames drawn in part; the largest difference from a full drawing %d/255", moves(), compared, most)
	if compared < 20 {
		t.Fatalf("only %d frames were drawn in part: the rolling marbles are redrawn in full", compared)
	}
	if bad > 0 {
		t.Errorf("%d of %d frames drawn in part differ from a full drawing (worst: %d bytes over %d/255)", bad, compared, worst, tolerance)
	}
}

// writeDiff writes the partial frame, the full one and where they differ
// as PNGs into $SHIFTAGO_PARTIAL, when it is set: to look at a failure.
func writeDiff(t *testing.T, a, b []byte, tolerance int) {
	dir := os.Getenv("SHIFTAGO_PARTIAL")
	if dir == "" {
		return
	}
	diff := make([]byte, len(a))
	for i := 0; i < len(a); i += 4 {
		diff[i+3] = 255
		for j := range 3 {
			if d := int(a[i+j]) - int(b[i+j]); d > tolerance || d < -tolerance {
				diff[i], diff[i+1], diff[i+2] = 255, 255, 255
			}
		}
	}
	for name, px := range map[string][]byte{"partial.png": a, "full.png": b, "diff.png": diff} {
		img := image.NewRGBA(image.Rect(0, 0, looptest.W, looptest.H))
		copy(img.Pix, px)
		looptest.WritePNG(t, filepath.Join(dir, name), img)
	}
}

// TestFrameRateAndAllocations measures the game while moves roll, run as
// main runs it, against an empty scene that fills its window every frame,
// and the allocations per frame inside the game's own Update and Draw.
func TestFrameRateAndAllocations(t *testing.T) {
	race.SkipSlow(t) // its figures mean nothing under the race detector
	l := looptest.Need(t)
	defer l.WholeWindow()() // the empty scene fills a window of the screen's size, as main's
	n := 240
	measure := func(game *app.Game) (fps float64, allocs float64) {
		l.Run(game)
		l.Wait(120) // warm up: caches, sprites
		var m0, m1 runtime.MemStats
		var t0 time.Time
		l.Do(func() { runtime.ReadMemStats(&m0); t0 = time.Now() })
		l.Wait(n)
		var el time.Duration
		l.Do(func() { el = time.Since(t0); runtime.ReadMemStats(&m1) })
		return float64(n) / el.Seconds(), float64(m1.Mallocs-m0.Mallocs) / float64(n)
	}
	emptyFPS, emptyAllocs := measure(nil)
	g := computersOn(t, 1)
	restore := asShipped(l, g)
	// Partials is the loop's: read it on the loop's thread.
	partials := func() (n int) { l.Do(func() { n = g.Partials }); return n }
	p0 := partials()
	gameFPS, gameAllocs := measure(g)
	partial := partials() - p0
	// The game's own share, measured apart (recording every allocation
	// slows those frames, so not in the same window).
	var count *looptest.Allocs
	l.Do(func() { count = looptest.StartAllocs("scenes/app.(*Game).Update", "scenes/app.(*Game).Draw") })
	l.Wait(n)
	var own float64
	l.Do(func() { own = float64(count.Stop()) / float64(n) })
	l.Run(nil)
	restore()
	msg := fmt.Sprintf("frames per second at %dx%d: empty scene %.1f, the game while moves roll %.1f (%.0f%%; %d of %d frames drawn in part); allocations per frame, all of the process: empty %.1f, game %.1f; inside the game's Update and Draw: %.2f",
		loopW, loopH, emptyFPS, gameFPS, 100*gameFPS/emptyFPS, partial, n, emptyAllocs, gameAllocs, own)
	t.Log(msg)
	fmt.Println("game:", msg)
	// The figures are reported, not asserted: speed and memory goals are
	// read from runs like this one and from benchmarks, never from a test
	// that could flake on a busy machine.
}

// TestRollingFramesAllocateNothing counts the allocations of the frames
// of one long push rolling along its row (a human's move in a hot-seat
// game at half speed, as shipped: drawn in part), after the marble's
// carry from the tray and before the end: the frames themselves allocate
// nothing. (What a move costs
// once, its status line's words and first glyphs, a new search, is in
// TestFrameRateAndAllocations's figure.)
func TestRollingFramesAllocateNothing(t *testing.T) {
	l := looptest.Need(t)
	st := play.DefaultSetup()
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green}
	st.Normalize(nil)
	g, err := app.New(app.Options{Setup: st, Position: "7/7/7/ogogog1/7/7/7 express og o 19,19 0,0 0,0", StartGame: true, NoAudio: true,
		Seed: 7, AnimSpeed: 0.5, RecordPath: filepath.Join(t.TempDir(), "record.txt")}, testScreens(), &inputtest.Script{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	defer asShipped(l, g)()
	l.Run(g)
	defer l.Run(nil)
	l.Wait(10)
	tb := g.Scene().(*Screen).Table()
	l.Do(func() {
		if !tb.Ctl.Commit(logic.NewEntry(logic.West, 3)) {
			t.Fatal("W4 was refused")
		}
	})
	if !l.Until(60, tb.Animating) {
		t.Fatal("the push never began to roll")
	}
	// The marble carried from the tray round the board to its entry point.
	if !l.Until(400, func() bool { a := tb.Animation(); return a != nil && a.Carried() }) {
		t.Fatal("the marble was never set down at its entry point")
	}
	l.Wait(4)
	// Up to three windows of 12 frames: an allocation made once (a lazily
	// filled runtime cache, a scratch buffer of ebiten's growing to a
	// frame with more vertices than any before) shows in one window only,
	// while one made per frame shows in all, which is what this test is
	// for. Under -race on a busy machine such a one-off fell in the second
	// window too; the third, then, has to be clean.
	const frames, windows = 12, 3
	var n int64 = -1
	var rolling bool
	var where []string
	for w := 0; w < windows && n != 0; w++ {
		var a *looptest.Allocs
		var p0, p1 int
		l.Do(func() {
			p0, a = g.Partials, looptest.StartAllocs("scenes/app.(*Game).Update", "scenes/app.(*Game).Draw")
		})
		l.Wait(frames)
		l.Do(func() { n, rolling, p1 = a.Stop(), tb.Animating(), g.Partials })
		if !rolling {
			t.Fatal("the push stopped rolling before the count ended: measure a longer one")
		}
		t.Logf("window %d: %d frames of a rolling push, %d drawn in part: %d allocations", w, frames, p1-p0, n)
		where = append(where, a.Where()...)
	}
	if n != 0 {
		t.Errorf("all %d windows of %d frames of a rolling push allocated (the last %d times), at:\n%s", windows, frames, n, strings.Join(where, "\n"))
	}
}
