//go:build !js

package main

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/scenes/app"
	"shiftago/scenes/input/inputtest"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// TestOnlineTableSaysWhoAndWhen opens two games of a real `shiftago
// serve` at the table as a spectator:
//   - a game played to its end by Ann and Bob: the table says who won by
//     name ("Ann wins!", where it said "Orange wins!"), and that this
//     device watches; a drag on the board says why nothing moves (it
//     was ignored without a word);
//   - a game with a day per move: the card of the seat to move shows the
//     time it has left (only My games showed it).
func TestOnlineTableSaysWhoAndWhen(t *testing.T) {
	l := looptest.Need(t)
	n := serveForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	ann, bob := guestOf(ctx, t, n.Base, "Ann"), guestOf(ctx, t, n.Base, "Bob")
	over := twoSeats(ctx, t, ann, bob, "express", 0)
	sa, err := ann.Open(ctx, over.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer sa.Close()
	sb, err := bob.Open(ctx, over.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	r := rand.New(rand.NewPCG(47, 7))
	var winner string
	for {
		if err := sa.Wait(ctx, func(x *client.State) bool { return x.Synced && x.Status != "open" }); err != nil {
			t.Fatal(err)
		}
		st := sa.Snapshot()
		if res := st.Pos.Result(); st.Pos.Over() {
			if res.State != logic.Won {
				t.Fatal("the game was drawn: choose another seed")
			}
			winner = [...]string{"Ann", "Bob"}[st.Pos.SeatOf(res.Winner)]
			break
		}
		s := map[int]*client.Session{0: sa, 1: sb}[st.Pos.ToMoveSeat()]
		if err := s.Wait(ctx, func(x *client.State) bool { return x.Ply() == st.Ply() }); err != nil {
			t.Fatal(err)
		}
		var buf [logic.MaxMoves]logic.Move
		moves := st.Pos.Moves(buf[:0])
		if _, err := s.Play(ctx, moves[r.IntN(len(moves))].String()); err != nil {
			t.Fatal(err)
		}
		if err := sa.Wait(ctx, func(x *client.State) bool { return x.Ply() > st.Ply() }); err != nil {
			t.Fatal(err)
		}
	}
	clocked := twoSeats(ctx, t, ann, bob, "express", 24*3600)

	script := &inputtest.Script{}
	watch := func(code string) (*app.Game, func() map[string]any) {
		t.Helper()
		g, err := app.New(app.Options{Setup: play.DefaultSetup(), NoAudio: true, Seed: 7, AnimSpeed: 3, Store: &saves.Memory{},
			Online: app.OnlineOptions{Server: n.Base, Watch: code}}, screens(), script)
		if err != nil {
			t.Fatal(err)
		}
		l.Run(g)
		return g, func() map[string]any { return pageOf(g) } // on the loop's thread: in Until's condition
	}
	defer l.Run(nil)

	g, online := watch(over.Watch)
	var status string
	ok := l.Until(60*60, func() bool {
		p, isTable := g.Scene().(app.PageStatus)
		if isTable {
			status = p.PageStatus()
		}
		return isTable && strings.Contains(status, winner)
	})
	if !ok {
		t.Fatalf("the finished game's table says %q, not who won (%s)", status, winner)
	}
	c := g.Context()
	if want := c.F("status.wins", winner); !strings.Contains(status, want) || !strings.Contains(status, c.T("online.watching")) {
		t.Errorf("a spectator's table of a game %s won says %q, want %q and %q", winner, status, want, c.T("online.watching"))
	}
	var watching any
	l.Do(func() { watching = online()["watching"] })
	if watching != true {
		t.Error("the page API does not say the table is watched")
	}
	var board struct{ x, y float64 }
	l.Do(func() {
		b := g.Scene().(app.PageBoard).PageGeometry().Board
		board.x, board.y = b.X+b.W/2, b.Y+b.H/2
		script.Drag(board.x-30, board.y, board.x+30, board.y, 6)
	})
	var notice string
	l.Until(60, func() bool { notice = c.Notice(); return notice != "" })
	if notice != c.T("online.watchonly") {
		t.Errorf("a spectator's drag on the board: notice %q, want %q", notice, c.T("online.watchonly"))
	}
	shotEvery(t, l, g, "online-watching-won", nil)

	g, online = watch(clocked.Watch)
	var names string
	ok = l.Until(60*60, func() bool {
		m := online()
		names, _ = m["names"].(string)
		return m["stage"] == "table" && strings.Contains(names, "|")
	})
	left := "23 h" // "23 h 59 min left", or less on a slow machine
	if first, _, _ := strings.Cut(names, "|"); !ok || !strings.Contains(first, "Ann") || !strings.Contains(first, left) {
		t.Errorf("a game with a day per move, Ann to move: the cards say %q, want Ann's to say %q", names, left)
	}
	shotEvery(t, l, g, "online-clock", nil)
}
