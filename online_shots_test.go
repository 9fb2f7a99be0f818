//go:build !js

package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/scenes/app"
	"shiftago/scenes/game/onlinegame"
	"shiftago/scenes/input"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/lobby"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestOnlineScreenshots writes the online screens in every language on
// the desktop, a tablet and a phone, against a real shiftago-server,
// into the folder named by SHIFTAGO_SHOTS (written only with it): the
// Play online page with a name typed, the table's menu, another seat's
// takeback offer asked, and the notice of a computer
// taking the seat of a player who resigned (three players: Ann here, Bob
// and Cid on headless clients).
//
// Every shot, written or not, checks that each button of the screen lies
// on it: on a phone turned while an offer was shown the prompt stood on
// the last orientation's board, its Refuse off the screen.
func TestOnlineScreenshots(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_SHOTS")
	l := looptest.Need(t)
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // 60 screenshots, slow under load
	defer cancel()
	named := func(name string) *client.Client { return guestOf(ctx, t, n.Base, name) }
	ann, bob, cid := named("Ann"), named("Bob"), named("Cid")
	g0, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Takeover: 3,
		Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	sess := map[string]*client.Session{}
	// Bob first, then Cid: each takes the first free seat, and Bob must
	// be seat 1 (the moves below are his). A map's order here left Bob
	// seat 2 in about one run in eight.
	for _, j := range []struct {
		name string
		c    *client.Client
	}{{"bob", bob}, {"cid", cid}} {
		name, c := j.name, j.c
		if _, err := c.Join(ctx, g0.Invite); err != nil {
			t.Fatal(err)
		}
		s, err := c.Open(ctx, g0.Game)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		sess[name] = s
	}
	link := linkTo(ctx, t, ann, g0.Game)

	keep := &saves.Memory{}
	_ = keep.WriteNoBackup("online-name", []byte("Ann"))
	script := &inputtest.Script{}
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3, Store: keep,
		Online: app.OnlineOptions{Server: n.Base}}, screens(), script)
	if err != nil {
		t.Fatal(err)
	}
	c := g.Context()
	const w, h = 1280, 800
	// shot writes the screen as it stands, in every language, on the
	// desktop, a tablet (820×1180 at 2×) and a phone (390×844 at 3×):
	// name-LANG-WxH.png. again, if set, gives the notice shown in the
	// language now (a notice belongs to the language it was given in).
	shot := func(name string, again func() string) {
		t.Helper()
		shotEvery(t, l, g, strings.TrimSuffix(name, ".png"), again)
		l.Do(func() {
			c.SetLanguage("en")
			c.W, c.H, c.Scale = w, h, 1
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		})
	}

	// The page, with the name kept from an earlier game.
	l.Do(func() { c.W, c.H, c.Scale = w, h, 1; g.Show(lobby.NewOnline(c)) })
	shot("online-name", nil)

	var table app.Scene
	l.Do(func() {
		var err error
		if table, err = onlinegame.New(c, link, func() {}); err != nil {
			t.Fatal(err)
		}
		g.Show(table)
	})
	online := func() map[string]any { return table.(app.PageOnline).PageOnline() }
	// Ann moves (from her phone: the same guest on another device), and
	// the table shows it; then the menu.
	phone, err := ann.Open(ctx, g0.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer phone.Close()
	if err := phone.Wait(ctx, func(s *client.State) bool { return s.Synced }); err != nil {
		t.Fatal(err)
	}
	if _, err := phone.Play(ctx, "W1"); err != nil {
		t.Fatal(err)
	}
	tickUntil(ctx, t, l, g, "the move on the table", func() bool {
		return online()["ply"] == 1 && table.(app.PageScene).PagePhase() != "animating"
	})
	coversNoBoard(t, l, g, "the online table")
	l.Do(func() { table.(interface{ OpenMenu() }).OpenMenu(); _ = g.Update() })
	shot("online-menu", nil)
	esc := input.Input{}
	esc.AddKey(ebiten.KeyEscape) // closes the menu
	l.Do(func() { script.Push(esc); _ = g.Update() })

	// Bob moves, then asks to take his move back.
	b := sess["bob"]
	if err := b.Wait(ctx, func(s *client.State) bool { return s.Ply() == 1 }); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Play(ctx, "W7"); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(proto.Msg{T: proto.TOffer, Ply: 2, Kind: proto.OfferTakeback}); err != nil {
		t.Fatal(err)
	}
	tickUntil(ctx, t, l, g, "the offer asked", func() bool { return online()["asked"] == proto.OfferTakeback })
	coversNoBoard(t, l, g, "the online table asked to take back")
	shot("online-offer", nil)
	if err := b.Send(proto.Msg{T: proto.TDecline, Ply: 2, Kind: proto.OfferTakeback}); err != nil {
		t.Fatal(err)
	}
	tickUntil(ctx, t, l, g, "the offer gone", func() bool { return online()["asked"] == "" })
	// The refusal is told on the status line for a while, in the language
	// shown: one chosen while it is told too.
	l.Do(func() {
		en := online()["told"].(string)
		c.SetLanguage("de")
		_ = g.Update()
		de := online()["told"].(string)
		c.SetLanguage("en")
		_ = g.Update()
		if en == "" || de == "" || de == en || online()["mark"] != en {
			t.Errorf("the refusal told %q in English, then %q in German (the status line now %q)", en, de, online()["mark"])
		}
	})

	// Cid resigns: the computer takes the seat, and everyone is told.
	if err := sess["cid"].Send(proto.Msg{T: proto.TResign, Ply: 2, Seat: 2}); err != nil {
		t.Fatal(err)
	}
	tickUntil(ctx, t, l, g, "the notice", func() bool { return strings.Contains(c.Notice(), "Cid") })
	if !strings.Contains(online()["table"].(string), "computer") {
		t.Errorf("the table after Cid resigned: %v", online()["table"])
	}
	shot("online-computer", func() string {
		return c.Say(play.Msg("online.tookseat.resign", "Cid", play.LevelName(3), logic.Blue))
	})

}
