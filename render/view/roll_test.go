package view_test

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/sprites"
	"shiftago/render/view"
	"shiftago/scenes/looptest"
)

// chainPush is a push of W4 into five marbles that scores a line: every
// kind of moving marble (rolled in, pushed, lifted off and flown to the
// tray) on a board that is otherwise busy.
func chainPush(tb testing.TB) (before logic.Position, tr logic.Trace) {
	tb.Helper()
	before, err := logic.ParsePosition("g1b1g1b/1b1g1b1/g5g/oooog2/b5b/1g1b1g1/b1g1b1g expert ogb o 18,12,13 0,0,0 0,0,0")
	if err != nil {
		tb.Fatal(err)
	}
	after := before
	if err := after.PlayString("W4xa4-e4=a4", &tr); err != nil {
		tb.Fatal(err)
	}
	return before, tr
}

// TestRolledOnTheWayTravelled: a marble's orientation is its start
// rolled along its trail, a pushed marble ends one cell's roll (1/0.4
// radians) from where it began about the axis across the row, one that
// stays put keeps its pose, and a frame of the animation allocates
// nothing.
func TestRolledOnTheWayTravelled(t *testing.T) {
	before, tr := chainPush(t)
	g := layout.New(layout.Config{W: 960, H: 640, Players: 3, Scoring: true})
	v := view.Board{Geo: g}
	a := motion.New(tr, before, g, motion.Options{})
	start := sprites.SeedTurn(5)
	for !a.Done() {
		a.Step()
	}
	for i, m := range a.Marbles() {
		if got := v.Rolled(a, i, start); !m.Moving && m.Square.Valid() && got != start {
			t.Errorf("marble %d stayed put on %s but turned: %v", i, m.Square, got)
		}
	}
	// The last marble of the chain, pushed one cell east: one cell's roll
	// about the y axis (the axis across a move to the right).
	slides := tr.Slides()
	last := len(slides) - 1
	idx := -1
	for i, m := range a.Marbles() {
		if m.Square == slides[last].To {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatalf("no marble ends on %s", slides[last].To)
	}
	want := start.Rolled(1, 0, 1/layout.MarbleRatio)
	if got := v.Rolled(a, idx, start); !nearTurn(got, want) {
		t.Errorf("the chain's last marble: %v, want %v (one cell rolled east)", got, want)
	}

	// Counted under the test's own function only: this package's TestMain
	// runs ebiten's loop, whose threads allocate at any time, and a
	// process-wide count (testing.AllocsPerRun) saw them as the frame's
	// (a CI run failed so: "allocates 3 times").
	a = motion.New(tr, before, g, motion.Options{})
	var out sprites.Turn
	frames := func() {
		for range 200 {
			a.Step()
			for i := range a.Marbles() {
				out = v.Rolled(a, i, start)
			}
		}
	}
	frames() // warm: the first Step may size the animation's buffers
	a = motion.New(tr, before, g, motion.Options{})
	count := looptest.StartAllocs("render/view_test.rollFrames")
	rollFrames(frames)
	if n := count.Stop(); n != 0 {
		t.Errorf("rolling 200 frames' marbles allocates %v times", n)
	}
	_ = out
}

// rollFrames runs f; its name is what the allocation count looks for on
// the stack.
//
//go:noinline
func rollFrames(f func()) { f() }

func nearTurn(a, b sprites.Turn) bool {
	d := func(x, y float32) bool { return x-y < 1e-4 && y-x < 1e-4 }
	return d(a.X, b.X) && d(a.Y, b.Y) && d(a.Z, b.Z) && d(a.W, b.W)
}

// BenchmarkAnimationFrame is a frame of the chain push (chainPush) drawn
// as the game draws it: the board, the resting marbles baked, the moving
// ones shaded live in the turn of the way they have rolled, and one pixel
// read back, which waits for the GPU (software GL here). The animation
// steps one tick a round and starts again when it ends.
func BenchmarkAnimationFrame(b *testing.B) { benchFrame(b, false) }

// BenchmarkAnimationFloor is BenchmarkAnimationFrame without the marbles.
func BenchmarkAnimationFloor(b *testing.B) { benchFrame(b, true) }

func benchFrame(b *testing.B, floor bool) {
	l := looptest.Need(b)
	before, tr := chainPush(b)
	g := layout.New(layout.Config{W: looptest.W, H: looptest.H, Players: 3, Scoring: true})
	v := view.Board{Geo: g}
	sp := &sprites.Sprites{}
	base := make([]sprites.Turn, logic.Size*logic.Size+1)
	seeds := make([]uint32, len(base))
	for i := range base {
		seeds[i] = uint32(i + 1)
		base[i] = sprites.SeedTurn(seeds[i])
	}
	anims := []*motion.Animation{motion.New(tr, before, g, motion.Options{}), motion.New(tr, before, g, motion.Options{})}
	var px [4]byte
	l.Do(func() {
		off := ebiten.NewImage(looptest.W, looptest.H)
		defer off.Deallocate()
		one := off.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
		sp.Ensure(int(2 * g.MarbleRadius))
		cur := 0
		b.ReportAllocs()
		for b.Loop() {
			a := anims[cur]
			if a.Done() {
				// The other, made before the timing: no allocation here.
				b.StopTimer()
				anims[cur] = motion.New(tr, before, g, motion.Options{})
				cur = 1 - cur
				a = anims[cur]
				b.StartTimer()
			}
			a.Step()
			v.DrawBoard(off, render.Walnut)
			if !floor {
				v.Animation(off, sp, a, base, seeds)
			}
			one.ReadPixels(px[:])
		}
	})
}

// BenchmarkRolledFrame is the CPU cost Rolled adds to a frame of the
// chain push: every marble's trail and turn, at a tick of the scored
// marbles' flights (the longest trails).
func BenchmarkRolledFrame(b *testing.B) {
	before, tr := chainPush(b)
	g := layout.New(layout.Config{W: 960, H: 640, Players: 3, Scoring: true})
	v := view.Board{Geo: g}
	a := motion.New(tr, before, g, motion.Options{})
	for range int(0.8 * a.Length()) {
		a.Step()
	}
	start := sprites.SeedTurn(5)
	var out sprites.Turn
	b.ReportAllocs()
	for b.Loop() {
		for i := range a.Marbles() {
			out = v.Rolled(a, i, start)
		}
	}
	_ = out
}

// BenchmarkTableTop is the resting layer of a drawn frame: the table
// top with the board on it, one screen-sized copy of their composed
// texture, with a pixel read back. BenchmarkTableTopFill is what it
// replaces: a flat fill and the board.
func BenchmarkTableTop(b *testing.B) { benchBackground(b, false) }

// BenchmarkTableTopFill is the flat fill and the board's copy.
func BenchmarkTableTopFill(b *testing.B) { benchBackground(b, true) }

func benchBackground(b *testing.B, fill bool) {
	l := looptest.Need(b)
	v := view.Board{Geo: layout.New(layout.Config{W: looptest.W, H: looptest.H, Players: 3, Scoring: true})}
	var px [4]byte
	l.Do(func() {
		off := ebiten.NewImage(looptest.W, looptest.H)
		defer off.Deallocate()
		one := off.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
		v.DrawTable(off, render.Walnut) // painted once, before the timing
		b.ReportAllocs()
		for b.Loop() {
			if fill {
				off.Fill(render.Bg)
				v.DrawBoard(off, render.Walnut)
			} else {
				v.DrawTable(off, render.Walnut)
			}
			one.ReadPixels(px[:])
		}
	})
}
