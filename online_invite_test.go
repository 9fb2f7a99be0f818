//go:build !js

package main

import (
	"context"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestOnlineInvitePage opens invite links of a real `shiftago serve` on
// a third device: the invite page says who invited and what game it is
// (it said only the code).
func TestOnlineInvitePage(t *testing.T) {
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	ann := guestOf(ctx, t, n.Base, "Ann")
	open, err := ann.Create(ctx, proto.CreateRequest{Variant: "expert", PerMove: 3 * 24 * 3600, Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	script := &inputtest.Script{}
	invite := func(code string) (*app.Game, func() map[string]any) {
		t.Helper()
		g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, Store: &saves.Memory{},
			Online: app.OnlineOptions{Server: n.Base, Join: code}}, screens(), script)
		if err != nil {
			t.Fatal(err)
		}
		l.Run(g)
		return g, func() map[string]any { return pageOf(g) } // on the loop's thread
	}
	defer l.Run(nil)

	g0, page := invite(open.Invite)
	var st map[string]any
	if !l.Until(60*60, func() bool { st = page(); return st["invitedby"] != nil }) {
		t.Fatalf("the invite page never said who invited: %v", st)
	}
	if st["invitedby"] != "Ann" || st["variant"] != "expert" || st["players"] != 3 || st["permove"] != 3*24*3600 || st["canwatch"] != false {
		t.Errorf("the invite page of Ann's game of expert for 3 with 3 days a move says %v", st)
	}
	shotEvery(t, l, g0, "online-invite", nil)

	// The create page, with its time per move.
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, Store: &saves.Memory{},
		Online: app.OnlineOptions{Server: n.Base, Open: true}}, screens(), script)
	if err != nil {
		t.Fatal(err)
	}
	l.Run(g)
	if !l.Until(600, func() bool { st = pageOf(g); return st["stage"] == "create" }) {
		t.Fatalf("the online page did not open: %v", st)
	}
	shotEvery(t, l, g, "online-create", nil)
}
