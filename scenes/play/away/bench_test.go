//go:build !js

package away

import (
	"fmt"
	"testing"

	"shiftago/logic/remote"
)

// BenchmarkGrandmasterAway is the wall time of a Grandmaster move searched
// away from the frame, with one worker and with two (the e2e test's
// position, past the opening book, and the four-player start): what a
// player waits for on a desktop, ThinkTicks aside.
func BenchmarkGrandmasterAway(b *testing.B) {
	for _, pos := range []string{
		"7/7/g5o/7/7/6g/2go1o1 express og o 19,19 0,0 0,0",
		"7/7/7/7/7/7/7 express ogbw o 22,22,22,22 0,0,0,0 0,0,0,0",
	} {
		p := parsed(b, pos)
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("players=%d/workers=%d", p.Players(), workers), func(b *testing.B) {
				b.ReportAllocs()
				nodes := 0
				for i := 0; b.Loop(); i++ {
					f, _ := Start(remote.Request{ID: i, Pos: p, Level: 5, Seed: uint64(i), Workers: workers})
					rep := waitFar(b, f)
					if rep.Err != "" {
						b.Fatal(rep.Err)
					}
					nodes += rep.Nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/move")
			})
		}
	}
}
