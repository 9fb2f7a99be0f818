//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/game/onlinegame"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/online"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestOnlineSocialScreens plays the quick messages and the draw offer at
// the online table against a real server, by taps (mouse and touch), and
// writes the screens in every language and size into SHIFTAGO_SHOTS
// when it is set: the menu with its draw offer and quick messages, the
// phrases, a quick message's bubble by its seat, another seat's card
// tapped (mute, block), a draw offer asked, and the agreed draw.
func TestOnlineSocialScreens(t *testing.T) {
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	ann, bob := guestOf(ctx, t, n.Base, "Ann"), guestOf(ctx, t, n.Base, "Bob")
	g0, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, g0.Invite); err != nil {
		t.Fatal(err)
	}
	b, err := bob.Open(ctx, g0.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	link := linkTo(ctx, t, ann, g0.Game)
	online.SaidFor = time.Hour // the bubble stays while 15 screens are drawn
	defer func() { online.SaidFor = 5 * time.Second }()

	keep := &saves.Memory{}
	script := &inputtest.Script{}
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3, Store: keep,
		Online: app.OnlineOptions{Server: n.Base}}, screens(), script)
	if err != nil {
		t.Fatal(err)
	}
	c := g.Context()
	var table app.Scene
	l.Do(func() {
		c.W, c.H, c.Scale = 1280, 800, 1
		if table, err = onlinegame.New(c, link, func() {}); err != nil {
			t.Fatal(err)
		}
		g.Show(table)
	})
	info := func() map[string]any { return table.(app.PageOnline).PageOnline() }
	// tap taps the point by mouse, or by a finger when touch.
	tap := func(x, y float64, touch bool) {
		l.Do(func() {
			script.Push(input.Input{Pointer: ui.Pointer{X: x, Y: y, Down: true, Pressed: true, Touch: touch}},
				input.Input{Pointer: ui.Pointer{X: x, Y: y, Released: true, Touch: touch}})
			for range 3 { // press, release, and the layout of what the release opened
				_ = g.Update()
			}
		})
	}
	button := func(id string) ui.Info {
		t.Helper()
		var found ui.Info
		l.Do(func() {
			for _, bi := range table.(app.PageButtons).PageButtons() {
				if bi.ID == id {
					found = bi
				}
			}
		})
		if found.ID == "" {
			t.Fatalf("no button %q on the screen", id)
		}
		return found
	}
	tapButton := func(id string, touch bool) {
		t.Helper()
		r := button(id).Rect
		tap(r.X+r.W/2, r.Y+r.H/2, touch)
	}
	// shot writes the screen in the languages and sizes given ("de:phone"):
	// every screen in every language at three sizes is 90 pictures, more
	// than a loaded machine draws in the time, so each screen is shown
	// at each size and in each language at least once across the set.
	sizes := map[string][3]float64{"desktop": {1280, 800, 1}, "tablet": {1640, 2360, 2}, "phone": {1170, 2532, 3}}
	shot := func(name string, which ...string) {
		t.Helper()
		dir := os.Getenv("SHIFTAGO_SHOTS")
		l.Do(func() {
			defer func() { c.SetLanguage("en"); c.W, c.H, c.Scale = 1280, 800, 1; _ = g.Update() }()
			for _, w := range which {
				lg, size, _ := strings.Cut(w, ":")
				sz := sizes[size]
				c.SetLanguage(lg)
				c.W, c.H, c.Scale = sz[0], sz[1], sz[2]
				for range 2 {
					_ = g.Update()
				}
				for _, b := range table.(app.PageButtons).PageButtons() {
					if r := b.Rect; r.X < 0 || r.Y < 0 || r.X+r.W > c.W+0.5 || r.Y+r.H > c.H+0.5 {
						t.Errorf("%s, %s: the button %s (%q) at %+v is off the screen", name, w, b.ID, b.Label, r)
					}
				}
				if dir != "" {
					drawPNG(t, g, int(sz[0]), int(sz[1]), filepath.Join(dir, fmt.Sprintf("%s-%s-%.0fx%.0f.png", name, lg, sz[0], sz[1])))
				}
			}
		})
	}
	tickUntil(ctx, t, l, g, "the game", func() bool { return info()["status"] == "playing" })

	// The menu, by mouse, with the draw and the quick messages.
	tapButton("menu", false)
	if !button("draw").Enabled || !button("say").Enabled {
		t.Fatal("the menu's draw offer or quick messages are off in a game under way")
	}
	shot("social-menu", "en:desktop", "de:phone", "fr:tablet")
	// The phrases, by touch; "Good luck" said from here reaches Bob.
	tapButton("say", true)
	if info()["menuKind"] != 1 {
		t.Fatalf("the quick messages did not open: %v", info())
	}
	shot("social-phrases", "es:phone", "it:desktop")
	tapButton("phrase 1", true)
	for heard := false; !heard; time.Sleep(20 * time.Millisecond) {
		for _, e := range b.Events() {
			heard = heard || e.T == proto.TSaid && e.Phrase == "goodluck" && e.Seat == 0
		}
		if ctx.Err() != nil {
			t.Fatal("Bob never heard Ann's good luck")
		}
	}
	// Bob answers: his bubble by his seat.
	if err := b.Send(proto.Msg{T: proto.TSay, Phrase: "thanks"}); err != nil {
		t.Fatal(err)
	}
	tickUntil(ctx, t, l, g, "Bob's bubble", func() bool { return info()["said"].(int) >= 1 })
	shot("social-bubble", "fr:phone", "en:desktop", "de:tablet", "it:phone")

	// A tap on Bob's card: mute and block. Mute him: his bubble goes.
	var card ui.Info
	l.Do(func() {
		r := table.(app.PageBoard).PageGeometry().Seats[1].Card
		card.Rect = r
	})
	tap(card.Rect.X+card.Rect.W/2, card.Rect.Y+card.Rect.H/2, true)
	if info()["menuKind"] != 2 {
		t.Fatalf("a tap on Bob's card opened no seat menu: %v", info())
	}
	shot("social-seat", "it:tablet", "en:phone")
	tapButton("mute 1", false)
	tickUntil(ctx, t, l, g, "Bob muted", func() bool { // Ann's own bubble stays
		return !slices.ContainsFunc(link.Said(time.Now()), func(s online.Said) bool { return s.Seat == 1 })
	})
	if !link.Muted(1) {
		t.Fatal("Bob is not muted")
	}

	// Bob offers a draw: asked here; accepted by touch, the game ends drawn.
	if err := b.Send(proto.Msg{T: proto.TOffer, Kind: proto.OfferDraw}); err != nil {
		t.Fatal(err)
	}
	tickUntil(ctx, t, l, g, "the draw asked", func() bool { return info()["asked"] == proto.OfferDraw })
	shot("social-draw-asked", "de:desktop")
	tapButton("accept", true)
	tickUntil(ctx, t, l, g, "the agreed draw", func() bool { return info()["status"] == "finished" && info()["why"] == "agreed" })
	tickUntil(ctx, t, l, g, "the words of the end", func() bool { return strings.Contains(info()["mark"].(string), c.T("online.over.draw")) })
	shot("social-drawn", "es:tablet", "fr:phone")
	if dir := os.Getenv("SHIFTAGO_SHOTS"); dir != "" {
		t.Logf("screens in %s", dir)
	}
}
