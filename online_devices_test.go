//go:build !js

package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/lobby"
	"shiftago/scenes/lobby/devices"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestOnlineDevices is issue 47's "done when" on the desktop game's own
// code path, in the real game loop against a real shiftago-server: a
// player's phone (a headless client) makes a link code; the desktop game
// opened with it (--link, as the browser's ?link= opens it) becomes the
// phone's player on its Devices page and keeps its own new token; a
// second browser is linked too; a move is played from each; the
// desktop's Devices page revokes the browser (two taps), which then can
// no longer act while the desktop plays on. With SHIFTAGO_SHOTS set it
// writes the Devices page, its recovery code and its link view, in every
// language and on the desktop, a tablet and a phone.
func TestOnlineDevices(t *testing.T) {
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	phone, bob := guestOf(ctx, t, n.Base, "Ann"), guestOf(ctx, t, n.Base, "Bob")
	g0, err := phone.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, g0.Invite); err != nil {
		t.Fatal(err)
	}
	lc, err := phone.LinkCode(ctx)
	if err != nil {
		t.Fatal(err)
	}

	keep := &saves.Memory{}
	_ = keep.WriteNoBackup("online-name", []byte("Desk"))
	script := &inputtest.Script{}
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, Store: keep,
		Online: app.OnlineOptions{Server: n.Base, Link: lc.Code}}, screens(), script)
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
	l.Do(func() { c.W, c.H, c.Scale = 1280, 800, 1 })
	tickUntil(ctx, t, l, g, "the desktop linked", func() bool { p := page(); return p["stage"] == "devices" && p["count"] == 2 })

	// The desktop keeps a token of its own, the phone's player's.
	var kept struct{ Token, ID, Name string }
	if b, err := keep.Read("online-guest"); err != nil || json.Unmarshal(b, &kept) != nil {
		t.Fatalf("the desktop kept no player: %v", err)
	}
	if kept.ID != phone.ID || kept.Token == "" || kept.Token == phone.Token {
		t.Fatalf("the desktop is %q (token new: %v), want the phone's player %q with a token of its own", kept.ID, kept.Token != phone.Token, phone.ID)
	}
	if b, _ := keep.Read("online-name"); string(b) != "Ann" {
		t.Fatalf("the desktop's name is %q, want the player's, Ann", b)
	}
	desk := client.New(n.Base)
	desk.Token, desk.ID, desk.Name = kept.Token, kept.ID, kept.Name

	// A second browser, linked with another code.
	lc2, err := phone.LinkCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tab := client.New(n.Base)
	if err := tab.UseCode(ctx, lc2.Code, "Chromium on Android"); err != nil {
		t.Fatal(err)
	}

	// A move from each: the desktop, Bob, the browser, Bob.
	sessions := map[string]*client.Session{}
	for name, cl := range map[string]*client.Client{"desk": desk, "tab": tab, "bob": bob} {
		s, err := cl.Open(ctx, g0.Game)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		sessions[name] = s
	}
	move := func(who string) {
		t.Helper()
		s := sessions[who]
		if err := s.Wait(ctx, func(x *client.State) bool { return x.MyTurn() }); err != nil {
			t.Fatalf("%s: %v", who, err)
		}
		if _, err := s.Play(ctx, firstMove(s.Snapshot().Pos)); err != nil {
			t.Fatalf("%s's move: %v", who, err)
		}
	}
	move("desk")
	move("bob")
	move("tab")
	move("bob")

	// The desktop's Devices page lists three; two taps on the browser's
	// Revoke revoke it.
	l.Do(func() { g.Show(devices.NewDevices(c)) })
	tickUntil(ctx, t, l, g, "three devices", func() bool { return page()["count"] == 3 })
	names := strings.Split(page()["devices"].(string), ",")
	row := -1
	for i, nm := range names {
		if nm == "Chromium on Android" {
			row = i
		}
	}
	if row < 0 {
		t.Fatalf("no row of the browser in %v", names)
	}
	shotEvery(t, l, g, "devices", nil)
	for range 2 {
		tap(t, l, g, script, "revoke", row)
	}
	tickUntil(ctx, t, l, g, "the browser revoked", func() bool { return page()["count"] == 2 && page()["busy"] == false })
	var ae *client.APIError
	if _, err := tab.Games(ctx); !errors.As(err, &ae) || ae.Status != http.StatusUnauthorized {
		t.Fatalf("the revoked browser's games: %v, want 401", err)
	}
	short, cancelShort := context.WithTimeout(ctx, 2*time.Second)
	defer cancelShort()
	if _, err := sessions["tab"].Play(short, firstMove(sessions["tab"].Snapshot().Pos)); err == nil {
		t.Fatal("the revoked browser played a move")
	}
	move("desk")
	if ply := sessions["desk"].Snapshot().Ply(); ply != 5 {
		t.Fatalf("the game is at ply %d after the desktop's move, want 5", ply)
	}

	// The recovery code, shown once, and the link view.
	tap(t, l, g, script, "recovery", 0)
	tickUntil(ctx, t, l, g, "the recovery code", func() bool { return page()["recovery"] != "" })
	shotEvery(t, l, g, "devices-recovery", nil)
	tap(t, l, g, script, "link", 0)
	tickUntil(ctx, t, l, g, "the link code", func() bool { return page()["stage"] == "link" })
	shotEvery(t, l, g, "devices-link", nil)
	if os.Getenv("SHIFTAGO_SHOTS") != "" {
		l.Do(func() { g.Show(lobby.NewOnline(c)) })
		shotEvery(t, l, g, "devices-online", nil)
	}
}

// tap taps the button id (with arg, when it has one) of the scene shown.
func tap(t *testing.T, l *looptest.Loop, g *app.Game, script *inputtest.Script, act string, arg int) {
	t.Helper()
	l.Do(func() {
		c := g.Context()
		c.W, c.H, c.Scale = 1280, 800, 1
		for range 2 {
			_ = g.Update()
		}
		for _, b := range g.Scene().(app.PageButtons).PageButtons() {
			if b.ID == act && arg == 0 || b.ID == act+" "+strconv.Itoa(arg) {
				script.Tap(b.Rect.X+b.Rect.W/2, b.Rect.Y+b.Rect.H/2)
				for script.Len() > 0 {
					_ = g.Update()
				}
				return
			}
		}
		t.Fatalf("no button %s %d on %T", act, arg, g.Scene())
	})
}

// firstMove is the first legal move of p.
func firstMove(p logic.Position) string {
	var buf [logic.MaxMoves]logic.Move
	return p.Moves(buf[:0])[0].String()
}
