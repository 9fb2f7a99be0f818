//go:build !js

package server_test

import (
	"context"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
	"shiftago/logic/online/store/storetest"
)

// TestServeRatingsSurviveACrash: on each engine, a node is killed
// (SIGKILL, by the test hook SHIFTAGO_TEST_CRASH_BEFORE_RATINGS) right
// after it committed the end of a rated game and before it applied the
// ratings: the game is finished in the database and nobody is rated.
// The node started again on the same database applies them by itself
// (issue 46); without the repair they were lost for good.
func TestServeRatingsSurviveACrash(t *testing.T) {
	// Not parallel: t.Setenv reaches the nodes started here only, while
	// the package's parallel tests wait.
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			dsn := storetest.FreshDSN(t, engine)
			ctx := ctxFor(t, 90*time.Second)
			t.Setenv("SHIFTAGO_TEST_CRASH_BEFORE_RATINGS", "1")
			n := startNode(t, "127.0.0.1:0", "--db", dsn)
			t.Setenv("SHIFTAGO_TEST_CRASH_BEFORE_RATINGS", "")
			two := []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}
			sa, sb, ann, bob := pair(t, ctx, n.Base, proto.CreateRequest{Variant: "express", Rated: true, PerMove: 3600, Seats: two})
			game := sa.Snapshot().Game
			if err := sa.Send(proto.Msg{T: proto.TResign, Seat: 0}); err != nil {
				t.Fatal(err)
			}
			select {
			case <-n.Done:
			case <-ctx.Done():
				t.Fatal("the node did not die at the end of the rated game")
			}
			// Both sessions end before the clients are pointed at the new
			// node: Bob's still read its client's Bases while reconnecting.
			sa.Close()
			sb.Close()

			// What the dead node left: the end committed, no rating.
			st, err := sqlstore.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			g, err := st.Game(ctx, game)
			if err != nil || g.Status != store.StatusFinished {
				t.Fatalf("the game after the crash: %v %v, want finished", g.Status, err)
			}
			for _, c := range []*client.Client{ann, bob} {
				if rs, err := st.RatingsOf(ctx, c.ID); err != nil || len(rs) != 0 {
					t.Fatalf("%s rated before the restart: %+v %v (the hook came too late)", c.Name, rs, err)
				}
			}
			st.Close()

			n2 := startNode(t, "127.0.0.1:0", "--db", dsn)
			for _, c := range []*client.Client{ann, bob} {
				c.Bases = []string{n2.Base}
			}
			winner, loser := ratedAfter(t, ctx, bob, 1), ratedAfter(t, ctx, ann, 1)
			if !(winner.Rating > 1500 && loser.Rating < 1500 && winner.Games == 1 && loser.Games == 1) {
				t.Fatalf("after the repair: Bob (won) %+v, Ann (resigned) %+v", winner, loser)
			}
			// Applied once: the repair's next round changes nothing.
			again, err := client.New(n2.Base).Leaderboard(context.Background(), "express", 2)
			if err != nil || len(again) != 2 || again[0].Games != 1 {
				t.Fatalf("leaderboard %+v %v", again, err)
			}
		})
	}
}
