//go:build !js

package lobby

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/servetest"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/saves"
)

// TestLobbyShowsAPush: the lobby page, its poll a day away, shows a
// public game made after it opened: the real server pushed it. The tick
// that takes the change up is not a still one (its frame is drawn), and
// the page stands still again after. Closed, the page's socket goes: a
// game made then reaches it no more.
func TestLobbyShowsAPush(t *testing.T) {
	l := looptest.Need(t)
	old := lobbyPoll
	lobbyPoll = 24 * time.Hour
	t.Cleanup(func() { lobbyPoll = old })
	bin := filepath.Join(t.TempDir(), "shiftago")
	if err := servetest.Build(bin); err != nil {
		t.Fatal(err)
	}
	n := servetest.Start(t, bin, "127.0.0.1:0", "--data", t.TempDir(), "--quiet")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ann := servetest.Guest(t, ctx, n.Base, "Ann")
	var c *app.Context
	var p *Lobby
	l.Do(func() {
		c = looptest.NewContext(t, i18n.Langs[0], 390, 844, 1)
		c.Opts.Online.Server, c.Opts.Store = n.Base, &saves.Memory{}
		p = NewLobby(c).(*Lobby)
	})
	tick := func() {
		if err := p.Update(c); err != nil {
			t.Error(err)
		}
	}
	if !l.Until(30*60, func() bool { tick(); return p.list != nil }) {
		t.Fatal("the page never had the lists")
	}
	l.Until(10, func() bool { tick(); return p.Still() })
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "expert", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	listed := func() bool {
		for _, it := range p.items {
			if it.game.Watch == g.Watch && it.l2 != "" {
				return true
			}
		}
		return false
	}
	// Within 10 s: the server rereads the lists every 30 s besides
	// (lobbyRefresh), which must not pass for a push.
	still, end := true, time.Now().Add(10*time.Second)
	l.Until(60*60, func() bool { tick(); still = p.Still(); return listed() || time.Now().After(end) })
	if !listed() {
		t.Fatal("the public game did not show on the page within 10 s: it was not pushed")
	}
	if still {
		t.Error("the tick that took up the pushed game stands still: its frame is not drawn")
	}
	if !l.Until(10, func() bool { tick(); return p.Still() }) {
		t.Error("the page never stands still once the game is shown")
	}
	l.Do(func() { p.Closed(c) })
	g2, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	l.Wait(90) // longer than the server's gap between two pushes
	l.Do(func() {
		tick()
		for _, it := range p.items {
			if it.game.Watch == g2.Watch {
				t.Error("a closed page still follows the lists")
			}
		}
	})
}
