//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
)

// shotEvery writes the screen g shows, in every language, on the
// desktop, a tablet (820×1180 at 2×) and a phone (390×844 at 3×), into
// the folder SHIFTAGO_SHOTS names (nothing without it), as
// name-LANG-WxH.png; every button must lie on the screen. again, if
// set, gives the notice shown in the language now (a notice belongs to
// the language it was given in).
func shotEvery(t *testing.T, l *looptest.Loop, g *app.Game, name string, again func() string) {
	t.Helper()
	dir := os.Getenv("SHIFTAGO_SHOTS")
	c := g.Context()
	l.Do(func() {
		w, h, scale, lang := c.W, c.H, c.Scale, c.Lang.Code
		defer func() { c.SetLanguage(lang); c.W, c.H, c.Scale = w, h, scale }()
		for _, lg := range i18n.Langs {
			for _, sz := range [][3]float64{{1280, 800, 1}, {1640, 2360, 2}, {1170, 2532, 3}} {
				c.SetLanguage(lg)
				c.W, c.H, c.Scale = sz[0], sz[1], sz[2]
				if again != nil && lg != "en" {
					c.NotifyUntilTap(again())
				}
				for range 2 { // the second lays out what the first's words changed
					if err := g.Update(); err != nil {
						t.Fatal(err)
					}
				}
				if bs, ok := g.Scene().(app.PageButtons); ok {
					for _, b := range bs.PageButtons() {
						if r := b.Rect; r.X < 0 || r.Y < 0 || r.X+r.W > c.W+0.5 || r.Y+r.H > c.H+0.5 {
							t.Errorf("%s, %s, %.0f×%.0f: the button %s (%q) at %+v is off the screen", name, lg, c.W, c.H, b.ID, b.Label, r)
						}
					}
				}
				if dir != "" {
					if err := os.MkdirAll(dir, 0o755); err != nil {
						t.Fatal(err)
					}
					drawPNG(t, g, int(sz[0]), int(sz[1]), filepath.Join(dir, fmt.Sprintf("%s-%s-%.0fx%.0f.png", name, lg, sz[0], sz[1])))
				}
			}
		}
	})
}

// twoSeats is a new game of ann's of variant with perMove seconds a move
// (0: live): Ann holds the first seat, bob (unless nil) takes the other.
func twoSeats(ctx context.Context, t *testing.T, ann, bob *client.Client, variant string, perMove int) proto.GameReply {
	t.Helper()
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: variant, PerMove: perMove, Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if bob != nil {
		if _, err := bob.Join(ctx, g.Invite); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// pageOf is the page API's online state of the screen g shows (nil on
// a screen that has none), read on the loop's thread.
func pageOf(g *app.Game) (m map[string]any) {
	if p, ok := g.Scene().(app.PageOnline); ok {
		m = p.PageOnline()
	}
	return m
}

// tickUntil runs g's frames on the loop's thread until cond holds; when
// ctx ends first it fails, saying what it waited for and what the page
// said.
func tickUntil(ctx context.Context, t *testing.T, l *looptest.Loop, g *app.Game, what string, cond func() bool) {
	t.Helper()
	for {
		ok := false
		l.Do(func() {
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
			ok = cond()
		})
		if ok {
			return
		}
		if ctx.Err() != nil {
			var st map[string]any
			l.Do(func() { st = pageOf(g) })
			t.Fatalf("waiting for %s: %T %v", what, g.Scene(), st)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
