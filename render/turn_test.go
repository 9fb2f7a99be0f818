package render

import (
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/race"
	"shiftago/render/drawtest"
	"shiftago/render/layout"
)

// A tablet turned four times at 1.5 times its CSS size (1152×1536 and
// 1536×1152 device pixels; the browser test turns one at twice it): the
// table, the board and the seats' cards repainted for each size. The Go heap that
// stays live afterwards is what WebAssembly memory (which never shrinks)
// has to hold on top of the next repaint's scratch, so it must not grow
// with the turns, nor stay megabytes above what it was before the first
// paint. It did (issue 29): every texture painted on the CPU went up in
// one write through Ebitengine's pool of upload buffers, which keeps up
// to 31 released buffers of any size, so the pool kept a board-sized
// buffer for each orientation, the table top's and the cards' (in the
// browser, 34 MiB live after two turns, from 1.6 before; upload writes
// in bands now).
func TestTurnsKeepTheHeap(t *testing.T) {
	race.SkipSlow(t) // and the heap it measures is not the one -race builds
	l := drawtest.Need(t)
	const turns = 4
	sizes := [2][2]float64{{1152, 1536}, {1536, 1152}}
	var (
		board BoardCache
		table TableCache
		cards [4]SeatCardCache
		th    = Walnut
	)
	target := ebiten.NewImage(1536, 1536)
	defer target.Deallocate()
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	l.Frame(func(*ebiten.Image) {})
	before := heap()
	live := make([]uint64, 0, turns+1)
	for turn := range turns + 1 {
		sz := sizes[turn%2]
		g := layout.New(layout.Config{W: sz[0], H: sz[1], Scale: 1.5, Players: 4, Scoring: true})
		l.Frame(func(*ebiten.Image) {
			table.Draw(target, &g, &board, th)
			for s := range 4 {
				cards[s].Draw(target, &g, s, th)
			}
		})
		// Two frames more: the uploads are done and their buffers back
		// in Ebitengine's pool.
		l.Frame(func(*ebiten.Image) {})
		l.Frame(func(*ebiten.Image) {})
		live = append(live, heap())
	}
	t.Logf("live heap before painting %.1f MiB, after each turn (MiB): %v", float64(before)/(1<<20), mib(live))
	// What painting may leave live: the canvases the caches paint in
	// (kept for the next paint), the caches' small state and
	// Ebitengine's pool of small upload buffers (31 × 16 KiB at most),
	// not the pictures' pixels once more (without the bands: 13 MiB more
	// here).
	canvases := uint64(board.scratch.held() + table.scratch.held())
	if last := live[turns]; last > before+canvases+8<<20 {
		t.Errorf("after %d turns the live heap is %.1f MiB, %.1f more than before the first paint and the canvases (%.1f; at most 8)",
			turns, float64(last)/(1<<20), float64(last-before-canvases)/(1<<20), float64(canvases)/(1<<20))
	}
	// The canvases grow to the biggest size painted, then stay.
	if first := live[1]; live[turns] > first+first/10 {
		t.Errorf("the live heap grew from %.1f MiB after the first turn to %.1f after %d", float64(first)/(1<<20), float64(live[turns])/(1<<20), turns)
	}
}

func mib(v []uint64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x*10/(1<<20)) / 10
	}
	return out
}

// held is how many bytes the canvases hold.
func (s *Canvases) held() int {
	n := 0
	for _, p := range s.pix {
		n += cap(p)
	}
	return n
}
