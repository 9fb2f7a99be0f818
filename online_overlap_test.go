//go:build !js

package main

import (
	"fmt"
	"testing"

	"shiftago/render/layout"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
)

// coversNoBoard is the overlap test (issue 50) for the online table g
// shows, in the state it is in (name says which): on a phone and a
// tablet held either way and on a laptop, in the five languages, no
// control (its menu button, an offer's answers) nor its status line
// covers a cell, an entry point or a tray shown (the cards make room
// for a prompt where nothing else does), and each lies in the window.
// The seats' names on their cards are measured by the table's own
// fitting (scenes/table).
func coversNoBoard(t *testing.T, l *looptest.Loop, g *app.Game, name string) {
	t.Helper()
	c := g.Context()
	l.Do(func() {
		w, h, scale, in, lang := c.W, c.H, c.Scale, c.Inset, c.Lang.Code
		defer func() { c.SetLanguage(lang); c.W, c.H, c.Scale, c.Inset = w, h, scale, in; _ = g.Update() }()
		for _, d := range looptest.Devices {
			for _, lg := range i18n.Langs {
				c.SetLanguage(lg)
				d.Set(c)
				for range 2 { // the second lays out what the first's words changed
					if err := g.Update(); err != nil {
						t.Fatal(err)
					}
				}
				pb, ok := g.Scene().(app.PageBoard)
				if !ok {
					t.Fatalf("%s: the screen %T shows no board", name, g.Scene())
				}
				geo := pb.PageGeometry()
				var ctl []looptest.Control
				if bs, ok := g.Scene().(app.PageButtons); ok {
					ctl = looptest.InfoControls(bs.PageButtons())
				}
				ctl = append(ctl, looptest.Control{Name: "the status line", R: geo.Status})
				if p, ok := g.Scene().(interface{ PromptArea() layout.Rect }); ok {
					ctl = append(ctl, looptest.Control{Name: "the prompt", R: p.PromptArea()})
				}
				hides, _ := g.Scene().(interface{ HidesCards() bool })
				cards := hides == nil || !hides.HidesCards()
				looptest.CheckClear(t, c, fmt.Sprintf("%s, %s", name, d.Name), geo, cards, ctl)
			}
		}
	})
}
