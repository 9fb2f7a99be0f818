//go:build !js

package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestOnlineTableKeepsItsPlace: a game reloaded (the browser's reload,
// a tab closed and opened again, the desktop game started again) while
// its player's online table is open comes back to that table, against a
// real `shiftago serve`; once the player left the table, it opens the
// title again. A phone reloaded while it was its player's move opened
// the title, and nothing said a game was waiting.
func TestOnlineTableKeepsItsPlace(t *testing.T) {
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	ann, bob := guestOf(ctx, t, n.Base, "Ann"), guestOf(ctx, t, n.Base, "Bob")
	g0 := twoSeats(ctx, t, ann, bob, "express", 0)
	// This device is Ann's: her guest kept as the online page keeps it.
	keep := &saves.Memory{}
	kept, _ := json.Marshal(map[string]string{"server": n.Base, "token": ann.Token, "id": ann.ID, "name": "Ann"})
	_ = keep.WriteNoBackup("online-guest", kept)

	var script *inputtest.Script
	start := func(online app.OnlineOptions) *app.Game {
		t.Helper()
		script = &inputtest.Script{}
		online.Server = n.Base
		g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3, Store: keep, Online: online}, screens(), script)
		if err != nil {
			t.Fatal(err)
		}
		l.Run(g)
		return g
	}
	defer l.Run(nil)
	// tableNow is the game whose table is on screen, on the loop's
	// thread (in Until's condition); tableOf from the test's.
	tableNow := func(g *app.Game) string {
		if m := pageOf(g); m["stage"] == "table" {
			game, _ := m["game"].(string)
			return game
		}
		return ""
	}
	tableOf := func(g *app.Game) (game string) {
		l.Do(func() { game = tableNow(g) })
		return game
	}
	atTable := func(g *app.Game, what string) {
		t.Helper()
		if !l.Until(60*60, func() bool { return tableNow(g) == g0.Game }) {
			var on any
			l.Do(func() { on = g.Scene() })
			t.Fatalf("%s: %T on screen, not the game's table", what, on)
		}
	}

	atTable(start(app.OnlineOptions{Game: g0.Game}), "the game opened from My games")
	g := start(app.OnlineOptions{})
	atTable(g, "reloaded while the table was open")

	// Leave, through the table's menu: the next start opens the title.
	tap := func(id string) {
		t.Helper()
		var r, found = struct{ x, y float64 }{}, false
		l.Until(120, func() bool {
			for _, b := range g.Scene().(app.PageButtons).PageButtons() {
				if b.ID == id && b.Enabled {
					r.x, r.y, found = b.Rect.X+b.Rect.W/2, b.Rect.Y+b.Rect.H/2, true
				}
			}
			return found
		})
		if !found {
			t.Fatalf("no %q button on the table", id)
		}
		l.Do(func() { script.Tap(r.x, r.y) })
		l.Wait(4)
	}
	tap("menu")
	tap("leave")
	if game := tableOf(g); game != "" {
		t.Fatal("Leave did not leave the table")
	}
	g = start(app.OnlineOptions{})
	l.Wait(30)
	var phase string
	l.Do(func() { phase = g.Scene().(app.PageScene).PagePhase() })
	if tableOf(g) != "" || phase == "online" {
		t.Fatalf("started again after Leave: %q on screen, want the title", phase)
	}
}
