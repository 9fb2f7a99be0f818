package game

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/scenes/app"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
)

// BenchmarkTurnedTablet turns a tablet showing a game of two players
// (1152×1536 device pixels at 1.5, and back) every third tick, and
// times the tick that sees the new size with its frame: what the game
// does inside the browser's resize event (the layout, the sprites, the
// collection a new size asks for, the stand-ins drawn, the repaint
// started, or the one under way dropped when the tablet is turned back
// before it ends: the repaint itself runs behind the frames, see
// render's BenchmarkTurnFrames). turn-frame-ms is its mean, worst-ms the
// longest. Run it at GOMAXPROCS=1 to see WebAssembly's one thread.
func BenchmarkTurnedTablet(b *testing.B) {
	l := looptest.Need(b)
	b.ReportAllocs()
	st := play.DefaultSetup()
	st.Players, st.Hints = 2, false
	st.Seats[0] = play.Seat{Color: logic.Orange}
	st.Seats[1] = play.Seat{Color: logic.Green}
	g, _ := testGame(b, st, "")
	sizes := [2][3]float64{{1152, 1536, 1.5}, {1536, 1152, 1.5}}
	var (
		seen   float64
		t0     time.Time
		timing bool
		took   []time.Duration
	)
	l.Resize(sizes[0][0], sizes[0][1], sizes[0][2])
	defer l.Resize(0, 0, 0)
	l.Do(func() {
		g.OnTick = func(g *app.Game) error {
			if c := g.Context(); c.W != seen {
				seen, t0, timing = c.W, time.Now(), true
			}
			return nil
		}
		g.OnDraw = func(*app.Game, *ebiten.Image) {
			if timing {
				took, timing = append(took, time.Since(t0)), false
			}
		}
	})
	l.Run(g)
	defer l.Run(nil)
	// The first frame paints the table at once (nothing to stand in).
	if !l.Until(600, func() bool { return len(took) == 1 }) {
		b.Fatal("no frame at the first size")
	}
	for i := 0; b.Loop(); i++ {
		sz := sizes[(i+1)%2]
		l.Resize(sz[0], sz[1], sz[2])
		if !l.Until(600, func() bool { return len(took) == i+2 }) {
			b.Fatal("no frame at the turned size")
		}
		l.Wait(2)
	}
	var worst, total time.Duration
	for _, d := range took[1:] {
		worst, total = max(worst, d), total+d
	}
	b.ReportMetric(float64(total)/float64(len(took)-1)/1e6, "turn-frame-ms")
	b.ReportMetric(float64(worst)/1e6, "worst-ms")
}
