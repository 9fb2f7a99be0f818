//go:build !js

package ratings

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/servetest"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/lobby/kit"
	"shiftago/scenes/looptest"
	"shiftago/scenes/saves"
)

// TestRatingsPagesServe: against a real server, Bob resigns a rated game
// to Ann; Ann's device (her guest kept as the online page keeps it)
// opens her profile, which shows her one rating, provisional, of one
// game, with its one point of history; the leaderboard lists both, Ann
// first and marked; settled only lists nobody yet. Ann resigned a game
// against the level-1 computer too: her profile's table shows it. Bob
// took the name Ann too: on his device the board marks his row, the
// second, not the first Ann's (it matched names and marked hers).
func TestRatingsPagesServe(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "shiftago")
	if err := servetest.Build(bin); err != nil {
		t.Fatal(err)
	}
	n := servetest.Start(t, bin, "127.0.0.1:0", "--data", t.TempDir(), "--quiet")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ann, bob := servetest.Guest(t, ctx, n.Base, "Ann"), servetest.Guest(t, ctx, n.Base, "Ann")
	g, err := bob.Create(ctx, proto.CreateRequest{Variant: "expert", Rated: true, PerMove: 3600, Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ann.Join(ctx, g.Invite); err != nil {
		t.Fatal(err)
	}
	s, err := bob.Open(ctx, g.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Wait(ctx, func(x *client.State) bool { return x.Status == "playing" }); err != nil {
		t.Fatal(err)
	}
	if err := s.Send(proto.Msg{T: proto.TResign, Seat: 0}); err != nil {
		t.Fatal(err)
	}
	for {
		if me, err := ann.Me(ctx); err == nil && len(me.Ratings) == 1 {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("Ann was never rated")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Ann resigns a game against the level-1 computer at once: a loss
	// against it.
	vs, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "computer", Level: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	sv, err := ann.Open(ctx, vs.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	if err := sv.Send(proto.Msg{T: proto.TResign, Seat: 0}); err != nil {
		t.Fatal(err)
	}
	if err := sv.Wait(ctx, func(x *client.State) bool { return x.Result != "" }); err != nil {
		t.Fatal(err)
	}

	// device is a context whose store keeps cl as the online page keeps
	// its guest.
	device := func(cl *client.Client) *app.Context {
		c := looptest.NewContext(t, "en", 640, 480, 1)
		st := &saves.Memory{}
		b, _ := json.Marshal(kit.KeptGuest{Server: n.Base, Token: cl.Token, ID: cl.ID, Name: cl.Name})
		_ = st.WriteNoBackup(kit.GuestFile, b)
		c.Opts.Store, c.Opts.Online.Server = st, n.Base
		c.In = input.Input{}
		return c
	}
	c := device(ann)
	p := NewProfile(c).(*Profile)
	for p.load != nil && ctx.Err() == nil {
		p.Update(c)
		time.Sleep(10 * time.Millisecond)
	}
	r := p.me.Ratings
	if p.status != "" || p.me.Name != "Ann" || len(r) != 1 || r[0].Variant != "expert" || r[0].Games != 1 || !r[0].Provisional ||
		r[0].Rating <= 1500 || len(p.history()) != 1 || len(p.rows.List) != 1 {
		t.Fatalf("Ann's profile: status %q, %+v, history %+v", p.status, p.me, p.history())
	}
	if want := []vsRow{{"Beginner", "1 game", "0–0–1"}}; !slices.Equal(p.vs.rows, want) || p.vs.h == 0 {
		t.Fatalf("Ann's results against the computer: %q, want %q", p.vs.rows, want)
	}
	lb := p.board(c)
	wait := func() {
		for lb.load != nil && ctx.Err() == nil {
			lb.Update(c)
			time.Sleep(10 * time.Millisecond)
		}
	}
	wait()
	if lb.status != "" || len(lb.list) != 2 || lb.list[0].ID != ann.ID || lb.list[1].ID != bob.ID || lb.list[1].Name != "Ann" || lb.mine() != 0 {
		t.Fatalf("the board: status %q, %+v, Ann's row %d", lb.status, lb.list, lb.mine())
	}
	lb.Closed(c)
	cb := device(bob)
	lb = NewLeaderboard(cb).(*Leaderboard)
	lb.choose("expert", 2)
	lb.refetch(cb)
	wait()
	if len(lb.list) != 2 || lb.mine() != 1 {
		t.Fatalf("Bob's board marks row %d of %+v, want his, the second", lb.mine(), lb.list)
	}
	lb.settled = true
	lb.refetch(c)
	wait()
	if lb.status != c.T("leaderboard.empty") || len(lb.list) != 0 {
		t.Fatalf("the settled board: status %q, %+v", lb.status, lb.list)
	}
}
