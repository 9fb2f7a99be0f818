//go:build js

package app

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// installRest lets the browser's game rest (restOrWake): Ebitengine's
// minimum frame mode, in which a frame runs only at an input event or
// when asked (ScheduleFrame), with one tick a frame, so that the input
// event's frame runs a tick that sees it; and a beat that asks for a
// frame every restBeat while the game rests.
func installRest(g *Game) {
	g.rest = func(on bool) {
		if on {
			ebiten.SetTPS(ebiten.SyncWithFPS)
			ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //nolint:staticcheck // the mode that runs no frame at idle
			return
		}
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOn) //nolint:staticcheck // as main's loop starts
		ebiten.SetTPS(ebiten.DefaultTPS)
	}
	g.frameNow = ebiten.ScheduleFrame //nolint:staticcheck // the minimum mode's own
	go func() {
		for {
			time.Sleep(restBeat)
			if g.resting.Load() {
				ebiten.ScheduleFrame() //nolint:staticcheck
			}
		}
	}()
}
