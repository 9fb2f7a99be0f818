package render

import (
	"bytes"
	"image"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render/drawtest"
	"shiftago/render/layout"
)

// sliced runs paint a slice at a time to its end, and reports its
// picture and how many slices it took.
func sliced(paint func(pa pause) *image.RGBA) (img *image.RGBA, slices int) {
	j := newJob(func(pa pause) { img = paint(pa) })
	defer j.stop()
	for {
		if _, more := j.next(); !more {
			return img, slices
		}
		slices++
	}
}

// abandoned starts paint and drops it after n slices: the next paint
// into the same canvases must not show what it left.
func abandoned(n int, paint func(pa pause) *image.RGBA) {
	j := newJob(func(pa pause) {
		if img := paint(pa); img != nil {
			panic("an abandoned paint finished")
		}
	})
	for range n {
		j.next()
	}
	j.stop()
}

func samePixels(t *testing.T, name string, got, want *image.RGBA) {
	t.Helper()
	if got == nil || want == nil {
		t.Fatalf("%s: no picture (sliced %v, whole %v)", name, got != nil, want != nil)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("%s: sliced picture %v, whole %v", name, got.Bounds(), want.Bounds())
	}
	for y := got.Rect.Min.Y; y < got.Rect.Max.Y; y++ {
		g, w := got.Pix[got.PixOffset(got.Rect.Min.X, y):][:4*got.Rect.Dx()], want.Pix[want.PixOffset(want.Rect.Min.X, y):][:4*want.Rect.Dx()]
		if !bytes.Equal(g, w) {
			for x := 0; x < len(g); x += 4 {
				if !bytes.Equal(g[x:x+4], w[x:x+4]) {
					t.Fatalf("%s: pixel (%d, %d) sliced %v, whole %v", name, got.Rect.Min.X+x/4, y, g[x:x+4], w[x:x+4])
				}
			}
		}
	}
}

// TestSlicedPaintIsWhole: the board, the table top and a seat's card
// painted a slice at a time (as a turned phone repaints them, a few
// milliseconds a frame) are the pictures painted in one go, pixel for
// pixel; also in canvases that a bigger paint and an abandoned one used
// before (their pixels must not show through), and the work is cut into
// many slices.
func TestSlicedPaintIsWhole(t *testing.T) {
	w := Walnut.Wood
	var s Canvases
	const c = 36
	one := paintTable(c, w, nil, whole)
	paintTable(c+9, Classic.Wood, &s, whole)
	abandoned(40, func(pa pause) *image.RGBA { return paintTable(c+3, Classic.Wood, &s, pa) })
	img, n := sliced(func(pa pause) *image.RGBA { return paintTable(c, w, &s, pa) })
	samePixels(t, "board", img, one)
	if n < 50 {
		t.Errorf("the board at %d px a cell was painted in %d slices, want many", c, n)
	}

	lamp := layout.Point{X: 200, Y: 260}
	top := paintTableTop(400, 560, lamp, 40, Walnut.Table, nil, whole)
	var ts Canvases
	paintTableTop(560, 400, lamp, 40, Classic.Table, &ts, whole)
	abandoned(10, func(pa pause) *image.RGBA { return paintTableTop(420, 500, lamp, 30, Classic.Table, &ts, pa) })
	img, n = sliced(func(pa pause) *image.RGBA { return paintTableTop(400, 560, lamp, 40, Walnut.Table, &ts, pa) })
	samePixels(t, "table top", img, top)
	if n < 20 {
		t.Errorf("the table top was painted in %d slices, want many", n)
	}

	g := layout.New(layout.Config{W: 800, H: 1100, Scale: 1, Players: 4, Scoring: true})
	pl := testPlan(&g, 1)
	card := PaintSeatCard(&pl)
	img, n = sliced(func(pa pause) *image.RGBA { return paintSeatCard(&pl, pa) })
	samePixels(t, "seat card", img, card)
	if n < 10 {
		t.Errorf("the card was painted in %d slices, want many", n)
	}
}

// testPlan is the plan of seat's card as g lays it out.
func testPlan(g *layout.Geometry, seat int) SeatPlan {
	st := &g.Seats[seat]
	o := layout.Point{X: st.Card.X, Y: st.Card.Y}
	rel := func(r layout.Rect) layout.Rect { return layout.Rect{X: r.X - o.X, Y: r.Y - o.Y, W: r.W, H: r.H} }
	pl := SeatPlan{W: int(st.Card.W), H: int(st.Card.H), Label: rel(st.Label), Tray: rel(st.Tray), CupR: g.TrayRadius(seat),
		Seed: 42, Wood: Walnut.Wood, Nameplate: Walnut.Nameplate}
	for i := range 22 {
		pl.Cups = append(pl.Cups, g.TraySlot(seat, i).Sub(o))
	}
	return pl
}

// TestTurnRepaintsInSlices turns a tablet with the caches repainting
// behind the frames: the first frame at the new size shows the old
// pictures stretched to it, and once the repaint is done the frame is
// the one caches that never saw the old size draw, pixel for pixel.
func TestTurnRepaintsInSlices(t *testing.T) {
	l := drawtest.Need(t)
	var (
		slicer       = Slicer{Budget: 2 * time.Millisecond}
		board, fresh BoardCache
		table, ftab  TableCache
		cards, fcard [4]SeatCardCache
		th           = Walnut
	)
	board.Slicer, table.Slicer = &slicer, &slicer
	for i := range cards {
		cards[i].Slicer = &slicer
	}
	const W, H = 480, 640
	target := ebiten.NewImage(H, H)
	defer target.Deallocate()
	draw := func(g *layout.Geometry, b *BoardCache, tc *TableCache, cs *[4]SeatCardCache) {
		target.Clear()
		tc.Draw(target, g, b, th)
		for s := range 4 {
			cs[s].Draw(target, g, s, th)
		}
	}
	portrait := layout.New(layout.Config{W: W, H: H, Scale: 1, Players: 4, Scoring: true})
	landscape := layout.New(layout.Config{W: H, H: W, Scale: 1, Players: 4, Scoring: true})
	l.Frame(func(*ebiten.Image) {
		slicer.Frame()
		draw(&portrait, &board, &table, &cards)
	})
	if slicer.Pending() {
		t.Fatal("the first paint was left pending: with nothing to show, it is painted at once")
	}
	// A turn, and back before the repaint can end: it is abandoned.
	l.Frame(func(*ebiten.Image) {
		slicer.Frame()
		draw(&landscape, &board, &table, &cards)
		if !slicer.Pending() || board.pic.key.cell == int(landscape.Cell) || table.top.key.w == H {
			t.Error("the first frame after the turn shows a picture of the new size: not a stand-in")
		}
		slicer.Frame()
		draw(&portrait, &board, &table, &cards)
		if slicer.Pending() {
			t.Error("turned back, the table still repaints")
		}
		slicer.Frame()
		draw(&landscape, &board, &table, &cards)
	})
	// Frames drawn off screen, many to one of the loop's (a loop's frame
	// is slow under xvfb), until the repaint is done.
	frames, end := 0, time.Now().Add(time.Minute)
	for slicer.Pending() {
		l.Frame(func(*ebiten.Image) {
			for k := 0; k < 32 && slicer.Pending(); k++ {
				time.Sleep(time.Millisecond)
				slicer.Frame()
				draw(&landscape, &board, &table, &cards)
				frames++
			}
		})
		if time.Now().After(end) {
			t.Fatal("the repaint never ends")
		}
	}
	t.Logf("the repaint took %d frames", frames)
	got := make([]byte, 4*H*H)
	want := make([]byte, 4*H*H)
	l.Frame(func(*ebiten.Image) { target.ReadPixels(got) })
	l.Frame(func(*ebiten.Image) {
		draw(&landscape, &fresh, &ftab, &fcard)
		target.ReadPixels(want)
	})
	if !bytes.Equal(got, want) {
		for i := 0; i < len(got); i += 4 {
			if !bytes.Equal(got[i:i+4], want[i:i+4]) {
				t.Fatalf("after the sliced repaint, pixel (%d, %d) is %v; drawn afresh %v", i/4%H, i/4/H, got[i:i+4], want[i:i+4])
			}
		}
	}
}

// BenchmarkTurnFrames turns a tablet (1152×1536 device pixels, and back)
// with the table, the board and four cards drawn each frame until the
// repaint is done, and reports the longest frame's work on this
// goroutine (worst-frame-ms: what holds the page's one thread in
// WebAssembly) and the frames a turn took, for the repaint at once and
// behind the frames (8 ms slices, as the game screen has it). Run it at
// GOMAXPROCS=1 to see WebAssembly's single thread.
func BenchmarkTurnFrames(b *testing.B) {
	l := drawtest.Need(b)
	for _, mode := range []struct {
		name   string
		budget time.Duration
	}{{"at-once", 0}, {"sliced", 8 * time.Millisecond}} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			slicer := &Slicer{Budget: mode.budget}
			var (
				board BoardCache
				table TableCache
				cards [4]SeatCardCache
			)
			if mode.budget > 0 {
				board.Slicer, table.Slicer = slicer, slicer
				for i := range cards {
					cards[i].Slicer = slicer
				}
			}
			target := ebiten.NewImage(1536, 1536)
			defer target.Deallocate()
			sizes := [2]layout.Geometry{
				layout.New(layout.Config{W: 1152, H: 1536, Scale: 1.5, Players: 4, Scoring: true}),
				layout.New(layout.Config{W: 1536, H: 1152, Scale: 1.5, Players: 4, Scoring: true}),
			}
			frame := func(g *layout.Geometry) time.Duration {
				var d time.Duration
				l.Frame(func(*ebiten.Image) {
					t0 := time.Now()
					slicer.Frame()
					table.Draw(target, g, &board, Walnut)
					for s := range 4 {
						cards[s].Draw(target, g, s, Walnut)
					}
					d = time.Since(t0)
				})
				return d
			}
			frame(&sizes[0])
			var worst time.Duration
			frames := 0
			for i := 0; b.Loop(); i++ {
				g := &sizes[(i+1)%2]
				worst = max(worst, frame(g))
				frames++
				for slicer.Pending() {
					time.Sleep(2 * time.Millisecond) // the time between frames
					worst = max(worst, frame(g))
					frames++
				}
			}
			b.ReportMetric(float64(worst)/1e6, "worst-frame-ms")
			b.ReportMetric(float64(frames)/float64(b.N), "frames/turn")
		})
	}
}

// TestPaintsBehindTakeTurns starts four paints behind the frames of one
// Slicer, as a turned tablet repaints its board, table top and cards:
// one slice runs at a time, and a rest of sliceRest, in which none runs,
// follows each (in WebAssembly, Go gives the thread back to the browser
// only once every goroutine waits: side by side, each paint resting
// after its own slice, they held it for hundreds of milliseconds). A
// paint abandoned while it waits for its turn returns at once, and the
// others end with their pictures.
func TestPaintsBehindTakeTurns(t *testing.T) {
	s := &Slicer{Budget: time.Millisecond}
	type span struct{ from, to time.Time }
	var (
		mu      sync.Mutex
		spans   []span
		running atomic.Int32
		most    atomic.Int32
	)
	paint := func(slices int) func(pa pause) *image.RGBA {
		return func(pa pause) *image.RGBA {
			for i := range slices {
				from := time.Now()
				most.Store(max(most.Load(), running.Add(1)))
				for time.Since(from) < s.Budget+s.Budget/2 {
					runtime.Gosched() // the others may run, if the turns let them
				}
				running.Add(-1)
				mu.Lock()
				spans = append(spans, span{from, time.Now()})
				mu.Unlock()
				if i < slices-1 && !pa() { // the last slice ends the paint
					return nil
				}
			}
			return image.NewRGBA(image.Rect(0, 0, 1, 1))
		}
	}
	var bgs []*background
	for range 4 {
		bgs = append(bgs, paintBehind(paint(6), s))
	}
	gone := paintBehind(paint(6), s)
	gone.abandon()
	if gone.img != nil {
		t.Error("an abandoned paint gave a picture")
	}
	for i, b := range bgs {
		<-b.done
		if b.img == nil {
			t.Errorf("paint %d ended with no picture", i)
		}
	}
	if m := most.Load(); m != 1 {
		t.Errorf("%d slices ran at once, want 1", m)
	}
	slices.SortFunc(spans, func(a, b span) int { return a.from.Compare(b.from) })
	for i := 1; i < len(spans); i++ {
		if gap := spans[i].from.Sub(spans[i-1].to); gap < sliceRest {
			t.Fatalf("slice %d began %v after the one before ended, want a rest of %v at least", i, gap, sliceRest)
		}
	}
	if len(spans) < 24 {
		t.Errorf("%d slices ran, want the 24 of the four paints", len(spans))
	}
}
