//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/lobby"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestLobbyDesktopJoins (issue 47): the desktop game, in its real loop
// against a real shiftago-server, opens the Lobby page, sees a stranger's
// public game with the stranger's provisional rating and a rated game
// under way, and joins the public game by a tap on its Join: its table
// opens with a seat of its own. On the way, the page is drawn in English
// and German at the desktop, tablet and phone sizes into SHIFTAGO_SHOTS
// (when set), with the waiting state of quick pairing; every button lies
// on the screen.
func TestLobbyDesktopJoins(t *testing.T) {
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	bob, cy, dan := guestOf(ctx, t, n.Base, "Bob"), guestOf(ctx, t, n.Base, "Cy"), guestOf(ctx, t, n.Base, "Dan")
	// Bob gets a rating: a rated game paired with Cy, which Cy resigns.
	rated := proto.PairRequest{Variant: "express", Players: 2, PerMove: 60, Rated: true}
	if _, err := bob.Pair(ctx, rated); err != nil {
		t.Fatal(err)
	}
	pc, err := cy.Pair(ctx, rated)
	if err != nil || pc.Game == nil {
		t.Fatalf("Cy paired: %+v, %v", pc, err)
	}
	s, err := cy.Open(ctx, pc.Game.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Send(proto.Msg{T: proto.TResign, Seat: pc.Game.Seats[0]}); err != nil {
		t.Fatal(err)
	}
	for me, err := bob.Me(ctx); len(me.Ratings) == 0; me, err = bob.Me(ctx) {
		if err != nil || ctx.Err() != nil {
			t.Fatalf("Bob's rating never came: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	pub, err := bob.Create(ctx, proto.CreateRequest{Variant: "express", PerMove: 24 * 3600, Public: true,
		Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	// A game under way, to watch: Cy and Dan, paired.
	live := proto.PairRequest{Variant: "expert", Players: 2}
	if _, err := cy.Pair(ctx, live); err != nil {
		t.Fatal(err)
	}
	if _, err := dan.Pair(ctx, live); err != nil {
		t.Fatal(err)
	}

	keep := &saves.Memory{}
	_ = keep.WriteNoBackup("online-name", []byte("Ann"))
	script := &inputtest.Script{}
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3, Store: keep,
		Online: app.OnlineOptions{Server: n.Base}}, screens(), script)
	if err != nil {
		t.Fatal(err)
	}
	c := g.Context()
	page := func() map[string]any {
		if p, ok := g.Scene().(app.PageOnline); ok {
			return p.PageOnline()
		}
		return nil
	}
	shot := func(name string) {
		t.Helper()
		dir := os.Getenv("SHIFTAGO_SHOTS")
		l.Do(func() {
			defer func() { c.SetLanguage("en"); c.W, c.H, c.Scale = 1280, 800, 1 }()
			for _, lg := range []string{"en", "de"} {
				for _, sz := range [][3]float64{{1280, 800, 1}, {1640, 2360, 2}, {1170, 2532, 3}} {
					c.SetLanguage(lg)
					c.W, c.H, c.Scale = sz[0], sz[1], sz[2]
					for range 2 {
						if err := g.Update(); err != nil {
							t.Fatal(err)
						}
					}
					for _, b := range g.Scene().(app.PageButtons).PageButtons() {
						if r := b.Rect; r.X < 0 || r.Y < 0 || r.X+r.W > c.W+0.5 || r.Y+r.H > c.H+0.5 || r.H < 44*sz[2]-0.5 {
							t.Errorf("%s, %s, %.0f×%.0f: the button %s (%q) at %+v is off the screen or under 44 px", name, lg, c.W, c.H, b.ID, b.Label, r)
						}
					}
					if dir != "" {
						drawPNG(t, g, int(sz[0]), int(sz[1]), filepath.Join(dir, fmt.Sprintf("%s-%s-%.0fx%.0f.png", name, lg, sz[0], sz[1])))
					}
				}
			}
		})
	}

	// The online page with a friend's seat: private or public.
	l.Do(func() { c.W, c.H, c.Scale = 1280, 800, 1; g.Show(lobby.NewOnline(c)) })
	shot("lobby-create")

	l.Do(func() { g.Show(lobby.NewLobby(c)) })
	tickUntil(ctx, t, l, g, "the lists", func() bool { p := page(); return p["open"] == 1 && p["live"] == 1 })
	shot("lobby-list")

	// Quick pairing: Ann waits alone for a 4-player game.
	tap := func(id string) {
		t.Helper()
		l.Do(func() {
			if err := g.Update(); err != nil { // laid out for the size now
				t.Fatal(err)
			}
			for _, b := range g.Scene().(app.PageButtons).PageButtons() {
				if (b.ID == id || strings.HasPrefix(b.ID, id+" ")) && b.Enabled {
					script.Tap(b.Rect.X+b.Rect.W/2, b.Rect.Y+b.Rect.H/2)
					return
				}
			}
			t.Fatalf("no button %s on %T", id, g.Scene())
		})
	}
	tap("players 4")
	tap("find")
	tickUntil(ctx, t, l, g, "the waiting state", func() bool { return page()["waiting"] == true && page()["queue"] == 1 })
	shot("lobby-waiting")
	tap("cancel")
	tickUntil(ctx, t, l, g, "the cancel", func() bool { return page()["waiting"] == false && page()["busy"] == false })

	// The desktop joins Bob's public game in one tap.
	tap("join")
	tickUntil(ctx, t, l, g, "the table", func() bool { p := page(); return p != nil && p["stage"] == "table" && p["game"] == pub.Game })
	got, err := bob.Games(ctx)
	if err != nil || len(got) == 0 || got[0].Status != "playing" {
		t.Fatalf("Bob's games after the desktop joined: %+v, %v", got, err)
	}
	if p := page(); p["watching"] != false {
		t.Fatalf("the desktop watches instead of playing: %v", p)
	}
}
