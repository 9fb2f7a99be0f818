//go:build !js

package lobby

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/servetest"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/online"
	"shiftago/scenes/pages"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestLateInviteOffersToWatch: Ann invites to her two-player game, and
// Cid opens the invite; before he taps Join, Bob takes the seat. Against
// a real server, Cid's Join is refused, and the page says the game is
// full and offers to watch it (it said "No game has this code" and only
// refused: a full game's code opens nothing any more); a tap on Watch
// opens the game's table as a spectator. Dan opens the invite only
// after the game filled: his page offers to watch at once.
func TestLateInviteOffersToWatch(t *testing.T) {
	l := looptest.Need(t)
	bin := filepath.Join(t.TempDir(), "shiftago")
	if err := servetest.Build(bin); err != nil {
		t.Fatal(err)
	}
	n := servetest.Start(t, bin, "127.0.0.1:0", "--data", t.TempDir(), "--quiet")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ann, bob := servetest.Guest(t, ctx, n.Base, "Ann"), servetest.Guest(t, ctx, n.Base, "Bob")
	g0, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	opened := make(chan *online.Link, 1)
	page := func() (*app.Game, *inputtest.Script) {
		script := &inputtest.Script{}
		g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, Store: &saves.Memory{},
			Online: app.OnlineOptions{Server: n.Base, Join: g0.Invite}}, app.Screens{Title: pages.NewSetup, Online: NewOnline,
			OnlineGame: func(c *app.Context, lk *online.Link, leave func()) (app.Scene, error) {
				t.Cleanup(leave)
				opened <- lk
				return pages.NewSetup(c), nil
			}}, script)
		if err != nil {
			t.Fatal(err)
		}
		l.Run(g)
		return g, script
	}
	defer l.Run(nil)
	// offered waits for the page to offer Watch and taps it; the table
	// opened must be the game's, watched.
	offered := func(what string, g *app.Game, script *inputtest.Script, stage int) {
		t.Helper()
		var watch ui.Button[onlineAct]
		var o *Online
		ok := l.Until(60*60, func() bool {
			o, _ = g.Scene().(*Online)
			if o == nil || o.stage != stage {
				return false
			}
			for _, b := range o.bs.List {
				if b.Act == actOWatch {
					watch = b
					return true
				}
			}
			return false
		})
		if !ok {
			st, why, inv := -1, "", proto.GameReply{}
			l.Do(func() {
				if o != nil {
					st, why = o.stage, o.why
					if o.inv != nil {
						inv = *o.inv
					}
				}
			})
			t.Fatalf("%s: no offer to watch (stage %d, want %d; %q; the invite %+v)", what, st, stage, why, inv)
		}
		l.Do(func() { script.Tap(watch.X+watch.W/2, watch.Y+watch.H/2) })
		select {
		case lk := <-opened:
			if st := lk.Server(); lk.Game() != g0.Game || len(st.Seats) != 0 || st.Status != "playing" {
				t.Errorf("%s: Watch opened game %s holding seats %v (%s), want game %s watched", what, lk.Game(), st.Seats, st.Status, g0.Game)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s: Watch opened no table", what)
		}
	}

	// The invite page opens while a seat is free: it offers the seat.
	g, script := page()
	if !l.Until(60*60, func() bool {
		o, _ := g.Scene().(*Online)
		return o != nil && o.stage == stageJoin && o.inv != nil && o.inv.Invite != ""
	}) {
		t.Fatal("the invite page never described the game")
	}
	if _, err := bob.Join(ctx, g0.Invite); err != nil {
		t.Fatal(err)
	}
	l.Do(func() { g.Scene().(*Online).startJoin(g.Context()) }) // Join, tapped after Bob took the seat
	offered("a join refused", g, script, stageFailed)

	// The invite opened after the game filled (CI's browser said "No game
	// has this code": a full game's code found nothing): the page says
	// every seat is taken and offers to watch, before any tap.
	g, script = page()
	offered("an invite opened late", g, script, stageJoin)
}
