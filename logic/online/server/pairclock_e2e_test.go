//go:build !js

package server_test

import (
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// TestServePairingByClock: on each engine, quick pairing by time
// control. Ann and Bob ask for a rated 5+3 game (on PostgreSQL Bob asks
// on a second node: the queue is the database's), Cy meanwhile for a
// rated 10+5: Ann and Bob are paired into one game whose clock is 5+3
// (the replies, My games and the table's state say so; the first move
// on nobody's clock yet), Cy waits on, alone in his queue. A bad time
// control is refused 400 and changes nothing: Cy's ask still stands.
// An older client's ask (no clock on the wire) pairs as before: a game
// with its time per move and no clock.
func TestServePairingByClock(t *testing.T) {
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			dsn := storetest.FreshDSN(t, engine)
			t.Parallel()
			ctx := ctxFor(t, time.Minute)
			na := startNode(t, "127.0.0.1:0", "--db", dsn)
			nb := na
			if engine == store.EnginePostgres {
				nb = startNode(t, "127.0.0.1:0", "--db", dsn)
			}
			ann, cy := guest(t, ctx, "Ann", na.Base), guest(t, ctx, "Cy", na.Base)
			bob := guest(t, ctx, "Bob", nb.Base)

			blitz := proto.PairRequest{Variant: "express", Players: 2, Clock: 300, Increment: 3, Rated: true}
			rapid := proto.PairRequest{Variant: "express", Players: 2, Clock: 600, Increment: 5, Rated: true}
			if p, err := ann.Pair(ctx, blitz); err != nil || p.Status != proto.PairWaiting || p.Waiting != 1 {
				t.Fatalf("Ann, 5+3: %+v, %v", p, err)
			}
			if p, err := cy.Pair(ctx, rapid); err != nil || p.Status != proto.PairWaiting || p.Waiting != 1 || p.Everyone != 2 {
				t.Fatalf("Cy, 10+5 beside Ann's 5+3: %+v, %v (want alone in his queue, two waiting in all)", p, err)
			}

			// Bad time controls: 400, and Cy's ask stands as it was.
			for _, bad := range []proto.PairRequest{
				{Variant: "express", Players: 2, Clock: 30},
				{Variant: "express", Players: 2, Clock: 4 * 3600},
				{Variant: "express", Players: 2, Increment: 5},
				{Variant: "express", Players: 2, Clock: 300, Increment: 600},
				{Variant: "express", Players: 2, Clock: 300, PerMove: 60},
				{Variant: "express", Players: 2, Clock: 180, Increment: 2, Rated: true},
			} {
				var ae *client.APIError
				if _, err := cy.Pair(ctx, bad); !errors.As(err, &ae) || ae.Status != http.StatusBadRequest || ae.APIError.Error != "bad-game" {
					t.Errorf("ask %+v: %v, want 400 bad-game", bad, err)
				}
			}
			if a := call(t, ctx, http.DefaultClient, "POST", na.Base+"/api/pairing", cy.Token, `{"variant":"express","players":2,"clock":"5+3"}`); a.status != http.StatusBadRequest {
				t.Errorf("a clock in words: %d, want 400", a.status)
			}
			if p, err := cy.PairPoll(ctx); err != nil || p.Status != proto.PairWaiting || p.Waiting != 1 {
				t.Fatalf("Cy's ask after the refusals: %+v, %v", p, err)
			}

			pb, err := bob.Pair(ctx, blitz)
			if err != nil || pb.Status != proto.PairPaired || pb.Game == nil {
				t.Fatalf("Bob, 5+3: %+v, %v", pb, err)
			}
			if g := pb.Game; g.Clock != 300 || g.Increment != 3 || g.PerMove != 0 || !g.Rated || g.Status != "playing" {
				t.Fatalf("the paired game: %+v, want rated 5+3", g)
			}
			pa, err := ann.PairPoll(ctx)
			if err != nil || pa.Status != proto.PairPaired || pa.Game.Game != pb.Game.Game || pa.Game.Clock != 300 || pa.Game.Increment != 3 {
				t.Fatalf("Ann's poll: %+v, %v", pa, err)
			}
			if gs, err := ann.Games(ctx); err != nil || len(gs) != 1 || gs[0].Clock != 300 || gs[0].Increment != 3 {
				t.Fatalf("Ann's games: %+v, %v", gs, err)
			}
			if p, err := cy.PairPoll(ctx); err != nil || p.Status != proto.PairWaiting || p.Waiting != 1 {
				t.Fatalf("Cy after the 5+3 pairing: %+v, %v (want still waiting for 10+5)", p, err)
			}
			sa := open(t, ctx, ann, pa.Game.Game)
			st := sa.Snapshot()
			if st.Clock != 300 || st.Increment != 3 || !slices.Equal(st.Clocks, []int64{300_000, 300_000}) {
				t.Fatalf("the table's clock: %d+%d %v", st.Clock, st.Increment, st.Clocks)
			}
			if left := time.Until(time.UnixMilli(st.Deadline)); left <= 0 || left > proto.ClockFirstMove*time.Second {
				t.Fatalf("the first move is due in %v, want within the first-move time", left)
			}

			// An older client's ask: no clock key at all.
			dan, eve := guest(t, ctx, "Dan", na.Base), guest(t, ctx, "Eve", nb.Base)
			const old = `{"variant":"expert","players":2,"permove":86400,"rated":true}`
			if a := call(t, ctx, http.DefaultClient, "POST", na.Base+"/api/pairing", dan.Token, old); a.status != http.StatusOK {
				t.Fatalf("Dan's old ask: %d %s", a.status, a.body)
			}
			pe, err := eve.Pair(ctx, proto.PairRequest{Variant: "expert", Players: 2, PerMove: 86400, Rated: true})
			if err != nil || pe.Status != proto.PairPaired || pe.Game.PerMove != 86400 || pe.Game.Clock != 0 || !pe.Game.Rated {
				t.Fatalf("Eve with Dan's old ask: %+v, %v", pe, err)
			}
		})
	}
}
