//go:build js

package app

import (
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// installRest lets the browser's game rest (restOrWake) through the
// page's window.shiftagoLoop (index.html): while the game rests, the page
// holds back Ebitengine's request for the next animation frame and lets
// it run at the first input event, at a resize, or once a second; the
// game asks for one tick a frame, so that the frame an input event lets
// run has a tick that sees it. Without the page's loop (another page)
// the game does not rest.
//
// Ebitengine's own minimum frame mode was not enough: it keeps asking
// for every animation frame, and each one woke the Go program (about
// 2.5 ms of the page's script a frame at load 60, 40 frames a second)
// only to ask for the next.
func installRest(g *Game) {
	loop := js.Global().Get("shiftagoLoop")
	if loop.Type() != js.TypeObject {
		return
	}
	rest, frame := loop.Get("rest"), loop.Get("frame")
	g.LetRest(func(on bool) {
		if on {
			ebiten.SetTPS(ebiten.SyncWithFPS)
		} else {
			ebiten.SetTPS(ebiten.DefaultTPS)
		}
		rest.Invoke(on)
	}, func() { frame.Invoke() })
}
