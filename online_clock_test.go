//go:build !js

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/online/client"
	"shiftago/scenes/app"
	"shiftago/scenes/game/onlinegame"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/online"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestOnlineTableClocksEverySeat opens a game with a time per move of a
// real `shiftago serve` at Ann's table, as shipped (frames drawn only
// when something changed): every seat's card shows its time, the mover
// the time it has left and the other the time it will have (only the
// mover's showed one), and the mover's goes down second by second,
// drawn once a second, not in every frame.
func TestOnlineTableClocksEverySeat(t *testing.T) {
	const perMove = 59 // under a minute: the words change every second
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	ann, bob := guestOf(ctx, t, n.Base, "Ann"), guestOf(ctx, t, n.Base, "Bob")
	// Bob joins only once Ann's table stands, waiting for him: her 59 s
	// start at his join, and a starved machine took longer than that to
	// open the table (at load ~90 a table stood 77 s after the game
	// began, dfd61d9; here Ann's time ran out first and the table never
	// showed her move).
	g0 := twoSeats(ctx, t, ann, nil, "express", perMove)
	link := linkWhen(ctx, t, ann, g0.Game, func(s *client.State) bool { return s.Synced })

	g, table := shippedTable(t, l, n.Base, link)
	if table == nil {
		return
	}
	c := g.Context()
	l.Run(g)
	defer l.Run(nil)
	if !l.Until(60*60, func() bool { return g.Frames > 0 && table.(app.PageScene).PagePhase() == "thinking" }) {
		t.Fatal("the table never stood waiting for Bob")
	}
	if _, err := bob.Join(ctx, g0.Invite); err != nil {
		t.Fatal(err)
	}
	cards := seatCards(t, l, table)
	a0, b0 := cards()
	full := c.F("online.left.s", perMove) // Bob's next move's time: "Bob (away) · 59 s left"
	if !strings.Contains(a0, "Ann · ") || !strings.Contains(b0, "Bob") || !strings.HasSuffix(b0, " · "+full) {
		t.Fatalf("the cards say %q and %q: want Ann's time left and Bob's %q", a0, b0, full)
	}
	var frames, ticks int
	var start time.Time
	l.Do(func() { frames, ticks, start = g.Frames, c.Tick, time.Now() })
	time.Sleep(3 * time.Second)
	var drawn, ticked int
	var took time.Duration
	l.Do(func() { drawn, ticked, took = g.Frames-frames, c.Tick-ticks, time.Since(start) })
	a1, b1 := cards()
	t.Logf("%v: %d ticks, %d frames drawn; Ann's card %q → %q, Bob's %q", took.Round(time.Millisecond), ticked, drawn, a0, a1, b1)
	if a1 == a0 || b1 != b0 {
		t.Errorf("in %v Ann's clock went %q → %q (want it down), Bob's %q → %q (want it still)", took, a0, a1, b0, b1)
	}
	// Drawn once a second of the clock (and once every 60 ticks, the
	// idle window's repaint), counted in seconds that passed, not in
	// ticks: a starved loop ticks a few times a second, where a bound of
	// a quarter of the ticks failed a table that drew only its clock.
	// A table drawing every tick fails it whenever the loop ticks more
	// than about twice a second.
	if most := int(took/time.Second) + 2 + ticked/60; drawn < 2 || drawn > most {
		t.Errorf("in %v (%d ticks) the table drew %d frames: want its clock drawn once a second, not every frame (2 to %d)", took, ticked, drawn, most)
	}
}

// shippedTable is link's table in a game of its own on the loop, as
// shipped (idle frames skipped, the screen kept between frames, which
// the test's end undoes); table is nil when it could not open (said).
func shippedTable(t *testing.T, l *looptest.Loop, server string, link *online.Link) (g *app.Game, table app.Scene) {
	t.Helper()
	g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3, Store: &saves.Memory{},
		Online: app.OnlineOptions{Server: server}}, screens(), &inputtest.Script{})
	if err != nil {
		t.Fatal(err)
	}
	l.Do(func() {
		ebiten.SetScreenClearedEveryFrame(false)
		g.SkipIdleDraws = true
		if table, err = onlinegame.New(g.Context(), link, func() {}); err != nil {
			t.Error(err)
			return
		}
		g.Show(table)
	})
	t.Cleanup(func() { l.Do(func() { ebiten.SetScreenClearedEveryFrame(true) }) })
	return g, table
}

// seatCards waits for the player's move at a shipped table, then gives
// what reads its two seats' cards (the page API's names: "Ann · …").
func seatCards(t *testing.T, l *looptest.Loop, table app.Scene) func() (ann, bob string) {
	t.Helper()
	if !l.Until(60*60, func() bool { return table.(app.PageScene).PagePhase() == "playing" }) {
		t.Fatal("never Ann's move")
	}
	l.Wait(30)
	return func() (ann, bob string) {
		l.Do(func() {
			names, _ := table.(app.PageOnline).PageOnline()["names"].(string)
			ann, bob, _ = strings.Cut(names, "|")
		})
		return ann, bob
	}
}
