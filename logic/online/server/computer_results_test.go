//go:build !js

package server_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// TestServeResultsAgainstTheComputer: on each engine, Ann (on her phone
// and her desktop, one player linked on two devices) plays to their end
// a game against a level-1 computer from the phone and one against a
// level-2 computer from the desktop, then a casual game of three with
// Bob and a level-1 computer, and a rated game of three with Bob and
// Cid, where Cid resigns at once and a computer takes his seat. The
// profile (GET /api/guests/me?history=1) of each of Ann's devices shows
// one tally: her results against levels 1 and 2, the game of three
// counted pairwise against its computer (ahead of it a win, behind it a
// loss), the rated game not at all (its computer took a seat over: no
// one chose to play it); Bob's shows his game of three only, Cid's
// nothing.
func TestServeResultsAgainstTheComputer(t *testing.T) {
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			dsn := storetest.FreshDSN(t, engine)
			t.Parallel()
			n := startNode(t, "127.0.0.1:0", "--db", dsn, "--workers", "1", "--new-per-addr", "1000", "--new-per-hour", "1000")
			ctx := ctxFor(t, 3*time.Minute)
			resultsAgainstTheComputer(t, ctx, n.Base)
		})
	}
}

func resultsAgainstTheComputer(t *testing.T, ctx context.Context, base string) {
	phone, bob, cid := guest(t, ctx, "Ann", base), guest(t, ctx, "Bob", base), guest(t, ctx, "Cid", base)
	desk := client.New(base)
	lc, err := phone.LinkCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := desk.UseCode(ctx, lc.Code, "Desktop"); err != nil || desk.ID != phone.ID {
		t.Fatalf("linking the desktop: %v (guest %q, want %q)", err, desk.ID, phone.ID)
	}
	r := rand.New(rand.NewPCG(47, 9))
	want := map[string]map[int]*proto.ComputerRecord{phone.ID: {}, bob.ID: {}}
	count := func(guest string, level, outcome int) {
		rec := want[guest][level]
		if rec == nil {
			rec = &proto.ComputerRecord{Level: level}
			want[guest][level] = rec
		}
		rec.Played++
		switch outcome {
		case 1:
			rec.Won++
		case -1:
			rec.Lost++
		default:
			rec.Drawn++
		}
	}
	// playToEnd plays a game out through sessions by seat; the computer
	// plays the others.
	playToEnd := func(bySeat map[int]*client.Session) client.State {
		t.Helper()
		playOut(t, ctx, r, bySeat, 10000)
		for _, s := range bySeat {
			if err := s.Wait(ctx, func(x *client.State) bool { return x.Result != "" }); err != nil {
				t.Fatalf("no result: %v", err)
			}
			return s.Snapshot()
		}
		return client.State{}
	}

	// Against level 1 from the phone, against level 2 from the desktop
	// (the computer moving first).
	for _, g := range []struct {
		dev       *client.Client
		seats     []proto.SeatRequest
		me, level int
	}{
		{phone, []proto.SeatRequest{{Kind: "me"}, {Kind: "computer", Level: 1}}, 0, 1},
		{desk, []proto.SeatRequest{{Kind: "computer", Level: 2}, {Kind: "me"}}, 1, 2},
	} {
		gr, err := g.dev.Create(ctx, proto.CreateRequest{Variant: "express", Seats: g.seats})
		if err != nil {
			t.Fatal(err)
		}
		st := playToEnd(map[int]*client.Session{g.me: open(t, ctx, g.dev, gr.Game)})
		count(phone.ID, g.level, outcome(st, g.me, 1-g.me))
		t.Logf("Ann against level %d: %s after %d moves", g.level, st.Result, st.Ply())
	}

	// Three players, casual: Ann, Bob and a level-1 computer.
	sa, sb := seated(t, ctx, phone, bob, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}, {Kind: "computer", Level: 1}}})
	st := playToEnd(map[int]*client.Session{0: sa, 1: sb})
	count(phone.ID, 1, outcome(st, 0, 2))
	count(bob.ID, 1, outcome(st, 1, 2))
	t.Logf("Ann, Bob and level 1: %s after %d moves, scores %d %d %d", st.Result, st.Ply(), st.Pos.Score(0), st.Pos.Score(1), st.Pos.Score(2))

	// Three players, rated (no computer seat may start one): Cid resigns
	// at once and the computer plays his seat to the end.
	req := proto.CreateRequest{Variant: "express", Rated: true, PerMove: 3600, Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}, {Kind: "open"}}}
	gr, err := phone.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client.Client{bob, cid} {
		if _, err := c.Join(ctx, gr.Invite); err != nil {
			t.Fatal(err)
		}
	}
	sa, sb, sc := open(t, ctx, phone, gr.Game), open(t, ctx, bob, gr.Game), open(t, ctx, cid, gr.Game)
	if err := sc.Wait(ctx, func(x *client.State) bool { return x.Status == "playing" }); err != nil {
		t.Fatal(err)
	}
	if err := sc.Send(proto.Msg{T: proto.TResign, Seat: 2}); err != nil {
		t.Fatal(err)
	}
	if err := sa.Wait(ctx, func(x *client.State) bool { return len(x.Table) == 3 && x.Table[2].Kind == proto.SeatComputer }); err != nil {
		t.Fatalf("Cid's seat never went to the computer: %v", err)
	}
	st = playToEnd(map[int]*client.Session{0: sa, 1: sb})
	t.Logf("the rated game: %s after %d moves", st.Result, st.Ply())

	records := func(guest string) []proto.ComputerRecord {
		var out []proto.ComputerRecord
		for _, rec := range want[guest] {
			out = append(out, *rec)
		}
		slices.SortFunc(out, func(a, b proto.ComputerRecord) int { return a.Level - b.Level })
		return out
	}
	for _, c := range []struct {
		name string
		dev  *client.Client
		want []proto.ComputerRecord
	}{{"Ann's phone", phone, records(phone.ID)}, {"Ann's desktop", desk, records(phone.ID)}, {"Bob", bob, records(bob.ID)}, {"Cid", cid, nil}} {
		p, err := c.dev.Profile(ctx)
		if err != nil || !slices.Equal(p.Computer, c.want) {
			t.Errorf("%s's results against the computer: %+v, %v; want %+v", c.name, p.Computer, err, c.want)
		}
	}
	if me, err := phone.Me(ctx); err != nil || me.Computer != nil {
		t.Errorf("without ?history=1: %+v, %v; want no results against the computer", me.Computer, err)
	}
}

// outcome is seat me's result against seat other in a game that ended
// as st says, told apart here from the server's own ranking: the winner
// is ahead of everyone, a draw ties everyone, else the higher score is
// ahead.
func outcome(st client.State, me, other int) int {
	if st.Result == "draw" {
		return 0
	}
	win := func(i int) bool { return st.Result == "win "+string(st.Pos.SeatColor(i).Letter()) }
	switch a, b := st.Pos.Score(me), st.Pos.Score(other); {
	case win(me) || (!win(other) && a > b):
		return 1
	case win(other) || a < b:
		return -1
	}
	return 0
}
