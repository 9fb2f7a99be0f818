//go:build !js

package online

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/scenes/i18n"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// These tests play the in-game controls of an online game through the
// real server: takeback and rematch offered, accepted and refused,
// resignation, and the seat events that the table follows (who is
// connected, a computer taking a seat).

// noticed reports whether the device was told key.
func (d *device) noticed(key string) bool {
	i := slices.IndexFunc(d.notices, func(m play.Message) bool { return m.Key == key })
	return i >= 0
}

// playUntil plays random moves on the devices until n moves are on the
// server, each shown on every table.
func playUntil(t *testing.T, ctx context.Context, r *rand.Rand, n int, ds ...*device) {
	t.Helper()
	for ds[0].link.Server().Ply() < n {
		until(t, ctx, "a turn", func() bool {
			return slices.ContainsFunc(ds, (*device).canMove)
		}, ds...)
		for _, d := range ds {
			if d.canMove() {
				ply := d.link.Server().Ply()
				d.move(r, "")
				until(t, ctx, "the move on every table", func() bool {
					return !slices.ContainsFunc(ds, func(d *device) bool {
						st := d.link.Server()
						return st.Ply() <= ply || !d.shows(st.Ply()) // a computer may have answered
					})
				}, ds...)
				break
			}
		}
	}
}

// twoDevices is a server, and Ann's two-player game that Bob joined,
// open on a device each.
func twoDevices(t *testing.T) (ctx context.Context, ann, bob *client.Client, g proto.GameReply, a, b *device) {
	t.Helper()
	n := serve(t, "127.0.0.1:0", t.TempDir())
	ctx = ctxFor(t, 60*time.Second)
	ann, bob = guest(t, ctx, "Ann", n.Base), guest(t, ctx, "Bob", n.Base)
	g = newGame(t, ctx, ann, bob)
	a = openDevice(t, ctx, "Ann", ann, g.Game, &saves.Memory{})
	b = openDevice(t, ctx, "Bob", bob, g.Game, &saves.Memory{})
	return ctx, ann, bob, g, a, b
}

// TestLinkTakeback: Ann asks to take back her move; Bob is asked, and
// refuses (Ann is told); she asks again and Bob accepts: both tables go
// back by the moves taken back, shown going back as an undo is (no table
// built again), and the game goes on from there.
func TestLinkTakeback(t *testing.T) {
	t.Parallel()
	ctx, _, _, _, a, b := twoDevices(t)
	r := rand.New(rand.NewPCG(25, 10))
	playUntil(t, ctx, r, 3, a, b) // Ann moved 1 and 3: Bob is to move
	if !b.canMove() {
		t.Fatal("Bob is not to move after three moves")
	}
	if _, ok := a.link.Asked(); ok {
		t.Fatal("Ann is asked before anyone offered")
	}

	if err := a.link.Propose(proto.OfferTakeback); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "Bob asked", func() bool { _, ok := b.link.Asked(); return ok }, a, b)
	o, _ := b.link.Asked()
	if o.Kind != proto.OfferTakeback || !slices.Equal(o.Seats, []int{0}) || o.Ply != 3 {
		t.Fatalf("Bob is asked %+v", o)
	}
	until(t, ctx, "Ann sees her offer", func() bool { return len(a.link.Offers()) == 1 }, a, b)
	if _, ok := a.link.Asked(); ok {
		t.Fatal("Ann is asked to answer her own offer")
	}
	if err := b.link.Refuse(proto.OfferTakeback); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "Ann told of the refusal", func() bool { return a.noticed("online.declined.takeback") }, a, b)
	if len(a.link.Offers())+len(b.link.Offers()) != 0 || a.link.Server().Ply() != 3 {
		t.Fatalf("after the refusal: offers %v / %v, ply %d", a.link.Offers(), b.link.Offers(), a.link.Server().Ply())
	}

	old := a.link.Server().Moves[2]
	before := [2]int{a.played, b.played}
	back := [2]int{a.back, b.back}
	if err := a.link.Propose(proto.OfferTakeback); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "Bob asked again", func() bool { _, ok := b.link.Asked(); return ok }, a, b)
	if err := b.link.Propose(proto.OfferTakeback); err != nil { // Bob accepts
		t.Fatal(err)
	}
	until(t, ctx, "both tables back at move 2", func() bool { return a.shows(2) && b.shows(2) }, a, b)
	for i, d := range []*device{a, b} {
		if d.tables != 1 || d.back-back[i] != 1 || d.played != before[i] || !d.noticed("online.tookback") {
			t.Errorf("%s: %d tables, %d moves shown going back, %d played (was %d), notices %v",
				d.name, d.tables, d.back-back[i], d.played, before[i], d.notices)
		}
	}
	if len(a.link.Offers())+len(b.link.Offers()) != 0 {
		t.Fatalf("offers left after the takeback: %v / %v", a.link.Offers(), b.link.Offers())
	}
	// Ann moves again at ply 3: her new move is sent (not taken for Bob's).
	until(t, ctx, "Ann to move again", a.canMove, a, b)
	a.move(r, old)
	until(t, ctx, "Ann's new move everywhere", func() bool { return a.shows(3) && b.shows(3) }, a, b)
	if a.link.Conflicts()+b.link.Conflicts() != 0 {
		t.Fatal("conflicts after the takeback")
	}
}

// TestLinkResignRematch: Bob resigns (a two-player game ends: Ann wins);
// Ann offers a rematch, Bob is asked and accepts, and both learn the new
// game's id.
func TestLinkResignRematch(t *testing.T) {
	t.Parallel()
	ctx, ann, bob, g, a, b := twoDevices(t)
	r := rand.New(rand.NewPCG(25, 11))
	playUntil(t, ctx, r, 2, a, b)
	if err := a.link.Propose(proto.OfferRematch); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "a rematch refused while playing", func() bool { return a.noticed("online.cannot") }, a, b)
	if err := b.link.Resign(); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "the game over", func() bool {
		return a.link.Server().Status == "finished" && b.link.Server().Status == "finished"
	}, a, b)
	if st := a.link.Server(); st.Result != "win o" || a.link.Playing() {
		t.Fatalf("after Bob resigned: result %q why %q, playing %v", st.Result, st.Why, a.link.Playing())
	}
	if err := a.link.Propose(proto.OfferRematch); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "Bob asked for a rematch", func() bool { o, ok := b.link.Asked(); return ok && o.Kind == proto.OfferRematch }, a, b)
	if err := b.link.Propose(proto.OfferRematch); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "the rematch", func() bool { return a.link.Rematch() != "" && b.link.Rematch() != "" }, a, b)
	if a.link.Rematch() != b.link.Rematch() || a.link.Rematch() == g.Game {
		t.Fatalf("rematch %q and %q of %q", a.link.Rematch(), b.link.Rematch(), g.Game)
	}
	// The new game opens for both with the seats they had.
	a2 := openDevice(t, ctx, "Ann again", ann, a.link.Rematch(), &saves.Memory{})
	b2 := openDevice(t, ctx, "Bob again", bob, b.link.Rematch(), &saves.Memory{})
	until(t, ctx, "the rematch playing", func() bool { return a2.link.Playing() && b2.link.Playing() }, a2, b2)
}

// TestLinkSeats: the table follows the seat events between two states:
// a player who leaves is away on the others' tables and back when they
// return; with three players, one who resigns is replaced by the
// server's computer, and everyone is told who and why.
func TestLinkSeats(t *testing.T) {
	t.Parallel()
	n := serve(t, "127.0.0.1:0", t.TempDir())
	ctx := ctxFor(t, 60*time.Second)
	ann, bob, cid := guest(t, ctx, "Ann", n.Base), guest(t, ctx, "Bob", n.Base), guest(t, ctx, "Cid", n.Base)
	g, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Takeover: 2,
		Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client.Client{bob, cid} {
		if _, err := c.Join(ctx, g.Invite); err != nil {
			t.Fatal(err)
		}
	}
	a := openDevice(t, ctx, "Ann", ann, g.Game, &saves.Memory{})
	b := openDevice(t, ctx, "Bob", bob, g.Game, &saves.Memory{})
	c := openDevice(t, ctx, "Cid", cid, g.Game, &saves.Memory{})
	seat := func(d *device, i int) proto.SeatInfo { return d.link.Server().Table[i] }
	until(t, ctx, "everyone connected on Ann's table", func() bool {
		return seat(a, 1).Connected && seat(a, 2).Connected && a.link.Playing()
	}, a, b, c)
	if s := seat(a, 1); s.Name != "Bob" || s.Kind != proto.SeatHuman {
		t.Fatalf("seat 1 on Ann's table: %+v", s)
	}

	c.close() // Cid closes the app
	until(t, ctx, "Cid away on Ann's table", func() bool { return !seat(a, 2).Connected }, a, b)
	c = openDevice(t, ctx, "Cid again", cid, g.Game, &saves.Memory{})
	until(t, ctx, "Cid back on Ann's table", func() bool { return seat(a, 2).Connected }, a, b, c)
	for i := 0; i < 3; i++ { // Bob's network drops: he is back each time
		b.sess.Drop()
		until(t, ctx, "Bob back", func() bool { return b.link.State() == Connected && seat(a, 1).Connected }, a, b, c)
	}

	r := rand.New(rand.NewPCG(25, 12))
	playUntil(t, ctx, r, 1, a, b, c)
	if err := c.link.Resign(); err != nil {
		t.Fatal(err)
	}
	until(t, ctx, "the computer in Cid's seat on every table", func() bool {
		return seat(a, 2).Kind == proto.SeatComputer && seat(b, 2).Kind == proto.SeatComputer && seat(c, 2).Kind == proto.SeatComputer
	}, a, b, c)
	until(t, ctx, "everyone told", func() bool {
		return a.noticed("online.tookseat.resign") && b.noticed("online.tookseat.resign") && c.noticed("online.tookseat.resign")
	}, a, b, c)
	for _, d := range []*device{a, b} {
		i := slices.IndexFunc(d.notices, func(m play.Message) bool { return m.Key == "online.tookseat.resign" })
		if m := d.notices[i]; len(m.Args) != 3 || m.Args[0] != "Cid" || m.Args[1] != play.LevelName(2) {
			t.Errorf("%s was told %+v", d.name, m)
		}
		// In words, the level as the seat card names it.
		if got, want := play.Say(i18n.New("en"), d.notices[i]), "Cid resigned: the computer (Casual) plays Blue now."; got != want {
			t.Errorf("%s read %q, want %q", d.name, got, want)
		}
	}
	if s := seat(a, 2); s.Level != 2 || s.Connected {
		t.Errorf("Cid's seat on Ann's table: %+v", s)
	}
	if c.link.Mine(2) {
		t.Error("Cid's device still holds the seat the computer took")
	}
	// The game goes on with the computer: it moves when seat 2 is to move.
	ply := a.link.Server().Ply()
	playUntil(t, ctx, r, ply+3, a, b)
}
