//go:build !js

package sqlstore_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

// TestComputerResults: a game of 4 (Ann, computers of levels 1 and 2,
// Bob) is due once over, not while playing; Bob leaves and a computer
// of level 3 takes his seat; Ann's results count against the computers
// of the start at their levels, never against the one that took over;
// counting again changes nothing, and the game is due no more. A game
// of computers and hot seats only is never due (nobody's own seat).
func TestComputerResults(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s := ctxT(t), open(t, dsn)
		ann, bob := guest(t, s, "Ann"), guest(t, s, "Bob")
		g := must[store.Game](t)(s.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "expert", Players: 4},
			Seats: []store.Seat{{Guest: ann.ID}, {Kind: store.SeatComputer, Level: 1}, {Kind: store.SeatComputer, Level: 2}, {Guest: bob.ID}}}))
		must[store.Game](t)(s.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "expert", Players: 2},
			Seats: []store.Seat{{Kind: store.SeatHotSeat, Guest: ann.ID}, {Kind: store.SeatComputer, Level: 1}}}))
		due := func(guest string, want ...string) {
			t.Helper()
			got, err := s.ComputerDue(ctx, guest, 0)
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("due for %q: %v, %v; want %v", guest, got, err, want)
			}
		}
		due("")
		g = must[store.Game](t)(s.ReplaceSeat(ctx, g.ID, g.Version, store.Seat{Index: 3, Kind: store.SeatComputer, Level: 3}))
		due(ann.ID)
		must[store.Game](t)(s.SetStatus(ctx, g.ID, g.Version, store.StatusFinished, "win o"))
		due("", g.ID)
		due(ann.ID, g.ID)
		due(bob.ID) // his seat is the computer's now
		rs := []store.ComputerResult{{Guest: ann.ID, Seat: 1, Outcome: 1}, {Guest: ann.ID, Seat: 2, Outcome: -1}, {Guest: ann.ID, Seat: 3, Outcome: 1}}
		for range 2 {
			if err := s.CountComputerResults(ctx, g.ID, rs); err != nil {
				t.Fatal(err)
			}
		}
		want := []store.ComputerTally{{Level: 1, Won: 1}, {Level: 2, Lost: 1}}
		if got := must[[]store.ComputerTally](t)(s.ComputerTally(ctx, ann.ID)); !slices.Equal(got, want) {
			t.Fatalf("Ann's tally %+v, want %+v", got, want)
		}
		if got := must[[]store.ComputerTally](t)(s.ComputerTally(ctx, bob.ID)); len(got) != 0 {
			t.Fatalf("Bob's tally %+v", got)
		}
		due("")
		for _, bad := range [][]store.ComputerResult{{{Guest: "", Seat: 1}}, {{Guest: ann.ID, Seat: 9}}, {{Guest: ann.ID, Seat: 1, Outcome: 2}}} {
			if err := s.CountComputerResults(ctx, g.ID, bad); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("results %+v: %v, want ErrInvalid", bad, err)
			}
		}
	})
}

// TestMigrationStep8: the games stored before step 8 are counted as far
// as the store can tell: a finished game of Ann against a computer is
// due; one where Bob moved and then lost his seat to a computer is not
// (which seat was taken over is the rules' to say); nor one of hot
// seats and a computer only.
func TestMigrationStep8(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		old, err := sqlstore.OpenAtVersion(ctx, dsn, 7)
		if err != nil {
			t.Fatal(err)
		}
		old.Close()
		db := rawDB(t, dsn)
		exec := func(q string, args ...any) {
			t.Helper()
			if e, _, _ := store.ParseDSN(dsn); e == store.EnginePostgres {
				for i := 1; strings.Contains(q, "?"); i++ {
					q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
				}
			}
			if _, err := db.ExecContext(ctx, q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		for _, id := range []string{"ann", "bob"} {
			exec(`INSERT INTO guests (id, name, token_hash, created, seen) VALUES (?, ?, ?, 1, 1)`, id, id, "hash-"+id)
		}
		game := func(id string, seats ...[3]any) {
			exec(`INSERT INTO games (id, code, spectator, creator, setup, status, result, created, updated) VALUES (?, ?, ?, 'ann', ?, ?, 'win o', 1, 1)`,
				id, "code-"+id, "watch-"+id, fmt.Sprintf(`{"variant":"expert","players":%d}`, len(seats)), store.StatusFinished)
			for i, se := range seats {
				exec(`INSERT INTO seats (game, idx, kind, level, guest) VALUES (?, ?, ?, ?, ?)`, id, i, se[0], se[1], se[2])
			}
		}
		game("plain", [3]any{store.SeatRemote, 0, "ann"}, [3]any{store.SeatComputer, 2, ""})
		game("left", [3]any{store.SeatRemote, 0, "ann"}, [3]any{store.SeatComputer, 3, ""}, [3]any{store.SeatComputer, 1, ""})
		exec(`INSERT INTO moves (game, ply, move, by_guest, at) VALUES ('left', 1, 'Na', 'ann', 1), ('left', 2, 'Nb', 'bob', 2)`)
		game("hot", [3]any{store.SeatHotSeat, 0, "ann"}, [3]any{store.SeatComputer, 2, ""})
		s := open(t, dsn)
		if got, err := s.ComputerDue(ctx, "", 0); err != nil || !slices.Equal(got, []string{"plain"}) {
			t.Fatalf("due after step 8: %v, %v; want [plain]", got, err)
		}
	})
}

// TestCountComputerResultsRace: 32 callers on two stores (two nodes on
// one database) count three games of Ann and Bob against level-1
// computers at once, two of them with Bob's seat first: each game
// counts once, and rows written in a fixed order never deadlock.
func TestCountComputerResultsRace(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s := ctxT(t), open(t, dsn)
		ann, bob := guest(t, s, "Ann"), guest(t, s, "Bob")
		var games []string
		for i := range 3 {
			a, b := ann.ID, bob.ID
			if i > 0 {
				a, b = b, a
			}
			g := must[store.Game](t)(s.CreateGame(ctx, store.NewGame{Creator: a, Setup: store.Setup{Variant: "express", Players: 3},
				Seats: []store.Seat{{Guest: a}, {Guest: b}, {Kind: store.SeatComputer, Level: 1}}}))
			must[store.Game](t)(s.SetStatus(ctx, g.ID, g.Version, store.StatusFinished, "win b"))
			games = append(games, g.ID)
		}
		nodes := []store.Store{s, open(t, dsn)}
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make(chan error, 32)
		for i := range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				g := games[i%len(games)]
				rs := []store.ComputerResult{{Guest: ann.ID, Seat: 2, Outcome: -1}, {Guest: bob.ID, Seat: 2, Outcome: -1}}
				if i%len(games) > 0 {
					slices.Reverse(rs)
				}
				if err := nodes[i%2].CountComputerResults(ctx, g, rs); err != nil {
					errs <- err
				}
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		for _, id := range []string{ann.ID, bob.ID} {
			if got, want := must[[]store.ComputerTally](t)(s.ComputerTally(ctx, id)), []store.ComputerTally{{Level: 1, Lost: 3}}; !slices.Equal(got, want) {
				t.Fatalf("after 3 games counted by 32 callers: %+v, want %+v", got, want)
			}
		}
	})
}
