//go:build !js

package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/servetest"
	"shiftago/logic/race"
	"shiftago/scenes/app"
	"shiftago/scenes/looptest"
	"shiftago/scenes/online"
)

// serveForTest builds the server (shiftago-server) and starts it on a free
// port with its data in a temporary folder.
func serveForTest(t *testing.T) *servetest.Node {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "shiftago-server")
	if err := servetest.Build(bin); err != nil {
		t.Fatal(err)
	}
	return servetest.Start(t, bin, "127.0.0.1:0", "--data", t.TempDir(), "--workers", "1", "--quiet")
}

// guestOf is a new guest of the server at base, named name.
func guestOf(ctx context.Context, t *testing.T, base, name string) *client.Client {
	t.Helper()
	c := client.New(base)
	if err := c.NewGuest(ctx, name); err != nil {
		t.Fatal(err)
	}
	return c
}

// linkTo opens c's session of game and its Link, once the game is being
// played; the test's end closes both.
func linkTo(ctx context.Context, t *testing.T, c *client.Client, game string) *online.Link {
	t.Helper()
	return linkWhen(ctx, t, c, game, func(s *client.State) bool { return s.Synced && s.Status == "playing" })
}

// linkWhen is linkTo, once the session's state is ready.
func linkWhen(ctx context.Context, t *testing.T, c *client.Client, game string, ready func(*client.State) bool) *online.Link {
	t.Helper()
	s, err := c.Open(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	link, err := online.NewLink(s, nil)
	if err != nil {
		s.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { link.Close(); s.Close() })
	if err := s.Wait(ctx, ready); err != nil {
		t.Fatal(err)
	}
	return link
}

// TestOnlineTableDrawsOnlyWhatChanges plays an online game at a table in
// the real game loop, as shipped (frames drawn only when something
// changed, in part where only marbles roll), against a real `shiftago
// serve`, and counts the frames drawn:
//   - while the player here is to move and while the other player is,
//     none but the desktop's once-a-second repaint: an idle online table
//     drew every frame in full, which in a browser with software WebGL at
//     DPR 3 took hundreds of milliseconds each and held back the frame
//     that shows the other player's move when it came;
//   - a move from elsewhere, and the other player going away, are drawn;
//   - once the game is over and its ending has played, none either;
//   - every frame drawn in part equals the same frame drawn in full.
func TestOnlineTableDrawsOnlyWhatChanges(t *testing.T) {
	// Reading back and comparing every frame drawn in part is the
	// slowest test of the race step (238 of the root package's 872 s on
	// CI's busy machine); the Link's goroutines it drives are raced in
	// TestFrameNeverWaitsForTheDisk and the online tests beside it.
	race.SkipSlow(t)
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	ann, bob := guestOf(ctx, t, n.Base, "Ann"), guestOf(ctx, t, n.Base, "Bob")
	g0, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, g0.Invite); err != nil {
		t.Fatal(err)
	}
	bs, err := bob.Open(ctx, g0.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { bs.Close() }()
	link := linkTo(ctx, t, ann, g0.Game)

	g, table := shippedTable(t, l, n.Base, link)
	if table == nil {
		return
	}
	online := func() map[string]any { return table.(app.PageOnline).PageOnline() }
	phase := func() string { return table.(app.PageScene).PagePhase() }

	// Every frame drawn in part is drawn again in full over it and the
	// two compared (as TestPartialFramesMatchFullFrames does for a game
	// here); a pixel counts as wrong beyond 8/255.
	a := make([]byte, 4*looptest.W*looptest.H)
	b := make([]byte, len(a))
	var partials, bad int
	g.OnDraw = func(g *app.Game, screen *ebiten.Image) {
		if g.Partials == partials {
			return
		}
		partials = g.Partials
		screen.ReadPixels(a)
		g.DrawFull(screen)
		screen.ReadPixels(b)
		if n, _ := looptest.FrameDiff(a, b, 8); n > 0 {
			bad++
		}
	}
	l.Run(g)
	defer l.Run(nil)

	var frames int
	drawn := func() (n int) { l.Do(func() { n = g.Frames }); return n }
	until := func(what string, cond func() bool) {
		t.Helper()
		if !l.Until(60*60, cond) {
			t.Fatalf("waiting for %s: %v, phase %s", what, online(), phase())
		}
	}
	// idle waits for the table to settle, then counts the frames drawn
	// in 90 ticks: at most one a second (60 ticks), the desktop's repaint
	// of an idle window (app.Game's idleRepaint).
	idle := func(what string) {
		t.Helper()
		l.Wait(20)
		before := drawn()
		l.Wait(90)
		if n := drawn() - before; n > 2 {
			t.Errorf("%s: %d frames drawn in 90 ticks, idle", what, n)
		}
	}

	until("the table, Ann to move", func() bool { return online()["myTurn"] == true && phase() == "playing" })
	idle("Ann to move")

	// Ann moves from her phone (the same guest elsewhere): the table
	// shows it rolling, then waits for Bob.
	phone, err := ann.Open(ctx, g0.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer phone.Close()
	if err := phone.Wait(ctx, func(s *client.State) bool { return s.Synced }); err != nil {
		t.Fatal(err)
	}
	frames = drawn()
	if _, err := phone.Play(ctx, "W1"); err != nil {
		t.Fatal(err)
	}
	until("Ann's move shown", func() bool { return online()["ply"] == 1 && phase() == "thinking" })
	if n := drawn() - frames; n < 5 {
		t.Errorf("Ann's move from elsewhere: %d frames drawn", n)
	}
	idle("waiting for Bob")

	// Bob goes away: his card says so, with nothing else changing.
	frames = drawn()
	bs.Close()
	until("Bob away", func() bool { return strings.Contains(online()["table"].(string), "Bob:away") })
	l.Wait(2)
	if drawn() == frames {
		t.Errorf("Bob's going away was not drawn")
	}

	// Bob comes back and moves: drawn, then Ann is to move, idle.
	if bs, err = bob.Open(ctx, g0.Game); err != nil {
		t.Fatal(err)
	}
	if err := bs.Wait(ctx, func(s *client.State) bool { return s.Synced }); err != nil {
		t.Fatal(err)
	}
	frames = drawn()
	if _, err := bs.Play(ctx, "W7"); err != nil {
		t.Fatal(err)
	}
	until("Bob's move shown", func() bool { return online()["ply"] == 2 && online()["myTurn"] == true && phase() == "playing" })
	if n := drawn() - frames; n < 5 {
		t.Errorf("Bob's move: %d frames drawn", n)
	}
	idle("Ann to move again")

	// Bob resigns: the table ends (the ending's flourish over Ann's
	// marbles), then stands still, however long it stays open.
	frames = drawn()
	if err := bs.Send(proto.Msg{T: proto.TResign, Ply: 2, Seat: 1}); err != nil {
		t.Fatal(err)
	}
	until("the game over", func() bool { return phase() == "over" })
	l.Wait(80) // the ending: 64 ticks
	if n := drawn() - frames; n < 20 {
		t.Errorf("the ending: %d frames drawn", n)
	}
	idle("the game over")

	if partials == 0 {
		t.Errorf("no frame was drawn in part")
	}
	if bad > 0 {
		t.Errorf("%d of %d frames drawn in part differ from the same frames drawn in full", bad, partials)
	}
	t.Logf("%d frames drawn in part, %d in all", partials, drawn())
}
