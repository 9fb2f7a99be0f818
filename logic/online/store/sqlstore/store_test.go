//go:build !js

package sqlstore_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

func TestGuestsAndTokens(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s := open(t, dsn)
		g, token, err := s.CreateGuest(ctx, "Ann")
		if err != nil {
			t.Fatal(err)
		}
		raw, err := base64.RawURLEncoding.DecodeString(token)
		if err != nil || len(raw)*8 < 128 {
			t.Fatalf("token %q: %d bits (%v), want at least 128", token, len(raw)*8, err)
		}
		got, err := s.GuestByToken(ctx, token)
		if err != nil || got != g {
			t.Fatalf("GuestByToken = %+v, %v; want %+v", got, err, g)
		}
		for _, bad := range []string{"", token[:len(token)-1], token + "x", g.ID} {
			if _, err := s.GuestByToken(ctx, bad); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("GuestByToken(%q) = %v, want ErrNotFound", bad, err)
			}
		}
		_, token2, _ := s.CreateGuest(ctx, "Bob")
		if token2 == token {
			t.Fatal("two guests got the same token")
		}

		// No plaintext in the database: read every guest column back.
		db := rawDB(t, dsn)
		rows, err := db.Query(`SELECT id, name, token_hash FROM guests`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var id, name, hash string
			if err := rows.Scan(&id, &name, &hash); err != nil {
				t.Fatal(err)
			}
			for _, col := range []string{id, name, hash} {
				if hasText(col, token) || hasText(col, token2) {
					t.Fatalf("a token is stored in plain text: %q", col)
				}
			}
			if id == g.ID {
				want := sha256.Sum256([]byte(token))
				if hash != hex.EncodeToString(want[:]) {
					t.Fatalf("token_hash %q is not the token's SHA-256", hash)
				}
			}
			n++
		}
		if n != 2 {
			t.Fatalf("%d guests stored, want 2", n)
		}

		for _, name := range []string{"", "  ", "a\nb", "\x1b[31mred", string(make([]byte, 65))} {
			if _, _, err := s.CreateGuest(ctx, name); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("CreateGuest(%q) = %v, want ErrInvalid", name, err)
			}
		}
		r, err := s.RenameGuest(ctx, g.ID, "Annie")
		if err != nil || r.Name != "Annie" {
			t.Fatalf("RenameGuest = %+v, %v", r, err)
		}
		if _, err := s.RenameGuest(ctx, "nobody", "X"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("RenameGuest(unknown) = %v, want ErrNotFound", err)
		}
	})
}

func TestGameRoundTripAndSeats(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s := open(t, dsn)
		ann := guest(t, s, "Ann")
		setup := store.Setup{Variant: "extreme", Players: 4, Colors: "ogbw", SitOuts: []int{0, 2, 0, 1}, Starter: 1, MoveTime: 24 * time.Hour}
		g, err := s.CreateGame(ctx, store.NewGame{
			Creator: ann.ID, Setup: setup, ToMoveSeat: 1,
			Seats: []store.Seat{{Guest: ann.ID}, {}, {Kind: store.SeatHotSeat, Guest: ann.ID}, {Kind: store.SeatComputer, Level: 5}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != store.StatusOpen || g.Ply != 0 || g.Version != 1 || !g.Deadline.IsZero() {
			t.Fatalf("new game with a free seat: %+v", g)
		}
		if len(g.Code) != store.CodeLength || len(g.ID) < 26 || len(g.Spectator) < 26 || g.ID == g.Spectator {
			t.Fatalf("ids: id %q code %q spectator %q", g.ID, g.Code, g.Spectator)
		}
		for name, find := range map[string]func() (store.Game, error){
			"Game":             func() (store.Game, error) { return s.Game(ctx, g.ID) },
			"GameByCode":       func() (store.Game, error) { return s.GameByCode(ctx, g.Code) },
			"GameByCode lower": func() (store.Game, error) { return s.GameByCode(ctx, " "+toLower(g.Code)+" ") },
			"GameBySpectator":  func() (store.Game, error) { return s.GameBySpectator(ctx, g.Spectator) },
		} {
			got, err := find()
			if err != nil || !reflect.DeepEqual(got, g) {
				t.Fatalf("%s = %+v, %v\nwant %+v", name, got, err, g)
			}
		}
		for _, code := range []string{"", "ABC", g.Code + "X", g.ID} {
			if _, err := s.GameByCode(ctx, code); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("GameByCode(%q) = %v, want ErrNotFound", code, err)
			}
		}
		if _, err := s.Game(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Game(unknown) = %v", err)
		}

		// Eight guests race for the one free seat: one gets it.
		const racers = 8
		guests := make([]store.Guest, racers)
		for i := range guests {
			guests[i] = guest(t, s, fmt.Sprint("racer ", i))
		}
		var wg sync.WaitGroup
		errs := make([]error, racers)
		for i := range guests {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.TakeSeat(ctx, g.ID, 1, guests[i].ID)
			}()
		}
		wg.Wait()
		winner := -1
		for i, err := range errs {
			switch {
			case err == nil && winner >= 0:
				t.Fatalf("racers %d and %d both took the seat", winner, i)
			case err == nil:
				winner = i
			case !errors.Is(err, store.ErrSeatTaken):
				t.Fatalf("racer %d: %v, want ErrSeatTaken", i, err)
			}
		}
		if winner < 0 {
			t.Fatal("nobody took the free seat")
		}
		g2 := must[store.Game](t)(s.Game(ctx, g.ID))
		if g2.Seats[1].Guest != guests[winner].ID || g2.Status != store.StatusPlaying || g2.Version != 2 {
			t.Fatalf("after the race: %+v", g2)
		}
		if d := g2.Deadline.Sub(time.Now()); d < 23*time.Hour || d > 25*time.Hour {
			t.Fatalf("deadline %v from now, want the time per move (24h)", d)
		}
		for _, seat := range []int{0, 2, 3, 4, -1} {
			if _, err := s.TakeSeat(ctx, g.ID, seat, ann.ID); !errors.Is(err, store.ErrSeatTaken) {
				t.Errorf("TakeSeat(%d) = %v, want ErrSeatTaken", seat, err)
			}
		}

		// Presence does not change the version; a seat replaced by a
		// computer does, and only from the version it was decided on.
		if err := s.SetConnected(ctx, g.ID, 1, true); err != nil {
			t.Fatal(err)
		}
		if err := s.SetConnected(ctx, g.ID, 9, true); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("SetConnected(seat 9) = %v", err)
		}
		g3 := must[store.Game](t)(s.Game(ctx, g.ID))
		if !g3.Seats[1].Connected || g3.Version != g2.Version {
			t.Fatalf("after SetConnected: %+v", g3)
		}
		comp := store.Seat{Index: 1, Kind: store.SeatComputer, Level: 4}
		if _, err := s.ReplaceSeat(ctx, g.ID, g3.Version-1, comp); !errors.Is(err, store.ErrStale) {
			t.Fatalf("ReplaceSeat(stale) = %v, want ErrStale", err)
		}
		g4, err := s.ReplaceSeat(ctx, g.ID, g3.Version, comp)
		if err != nil || g4.Seats[1] != comp || g4.Version != g3.Version+1 {
			t.Fatalf("ReplaceSeat = %+v, %v", g4.Seats, err)
		}

		g5, err := s.SetStatus(ctx, g.ID, g4.Version, store.StatusFinished, "o resigned")
		if err != nil || g5.Status != store.StatusFinished || g5.Result != "o resigned" || g5.ToMoveSeat != -1 || !g5.Deadline.IsZero() {
			t.Fatalf("SetStatus = %+v, %v", g5, err)
		}
		if _, err := s.SetStatus(ctx, g.ID, g4.Version, store.StatusAbandoned, ""); !errors.Is(err, store.ErrStale) {
			t.Fatalf("SetStatus(stale) = %v", err)
		}
	})
}

func toLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func TestCreateGameRefusesBadInput(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s := open(t, dsn)
		ann := guest(t, s, "Ann")
		ok := store.Setup{Variant: "express", Players: 2}
		for _, c := range []struct {
			name string
			ng   store.NewGame
		}{
			{"bad variant", store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "blitz", Players: 2}, Seats: make([]store.Seat, 2)}},
			{"seats do not match players", store.NewGame{Creator: ann.ID, Setup: ok, Seats: make([]store.Seat, 3)}},
			{"computer without level", store.NewGame{Creator: ann.ID, Setup: ok, Seats: []store.Seat{{}, {Kind: store.SeatComputer}}}},
			{"hot seat without device owner", store.NewGame{Creator: ann.ID, Setup: ok, Seats: []store.Seat{{}, {Kind: store.SeatHotSeat}}}},
			{"unknown kind", store.NewGame{Creator: ann.ID, Setup: ok, Seats: []store.Seat{{}, {Kind: 7}}}},
			{"to move out of range", store.NewGame{Creator: ann.ID, Setup: ok, Seats: make([]store.Seat, 2), ToMoveSeat: 2}},
			{"unknown creator", store.NewGame{Creator: "ghost", Setup: ok, Seats: make([]store.Seat, 2)}},
			{"rematch of nothing", store.NewGame{Creator: ann.ID, Setup: ok, Seats: make([]store.Seat, 2), RematchOf: "ghost"}},
		} {
			if g, err := s.CreateGame(ctx, c.ng); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("%s: CreateGame = %+v, %v; want ErrInvalid", c.name, g, err)
			}
		}
		var n int
		if err := rawDB(t, dsn).QueryRow(`SELECT COUNT(*) FROM games`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("refused games left %d rows (%v)", n, err)
		}
	})
}

func TestAppendMoveAndResend(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, g := started(t, dsn)
		deadline := time.Now().Add(time.Hour).Truncate(time.Millisecond).UTC()
		a := store.Append{Game: g.ID, Ply: 1, Move: "Na", By: ann.ID, ToMoveSeat: 1, Deadline: deadline}
		m, err := s.AppendMove(ctx, a)
		if err != nil || !m.Same(a) {
			t.Fatalf("AppendMove = %+v, %v", m, err)
		}
		g1 := must[store.Game](t)(s.Game(ctx, g.ID))
		if g1.Ply != 1 || g1.Version != g.Version+1 || g1.ToMoveSeat != 1 || !g1.Deadline.Equal(deadline) {
			t.Fatalf("game after a move: %+v", g1)
		}

		// The same move again (its acknowledgement was lost): ErrPlyTaken
		// with the stored move, which is Same.
		again, err := s.AppendMove(ctx, a)
		if !errors.Is(err, store.ErrPlyTaken) || !again.Same(a) || !again.At.Equal(m.At) {
			t.Fatalf("resend: %+v, %v; want ErrPlyTaken and the same move", again, err)
		}
		// Another move, or another mover, at that ply is not Same.
		other := a
		other.Move, other.By = "Sb", bob.ID
		stored, err := s.AppendMove(ctx, other)
		if !errors.Is(err, store.ErrPlyTaken) || stored.Same(other) || !stored.Same(a) {
			t.Fatalf("rival at a taken ply: %+v, %v", stored, err)
		}
		if g2 := must[store.Game](t)(s.Game(ctx, g.ID)); g2.Version != g1.Version || g2.Ply != 1 {
			t.Fatalf("a refused move changed the game: %+v", g2)
		}

		gap := store.Append{Game: g.ID, Ply: 3, Move: "Ea", By: bob.ID}
		if _, err := s.AppendMove(ctx, gap); !errors.Is(err, store.ErrPlyGap) {
			t.Fatalf("ply 3 after 1: %v, want ErrPlyGap", err)
		}
		if _, err := s.AppendMove(ctx, store.Append{Game: "ghost", Ply: 1, Move: "Na"}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown game: %v", err)
		}
		for _, bad := range []store.Append{
			{Game: g.ID, Ply: 0, Move: "Na"},
			{Game: g.ID, Ply: 2, Move: ""},
			{Game: g.ID, Ply: 2, Move: string(make([]byte, 65))},
			{Game: g.ID, Ply: 2, Move: "Na", Status: 9},
		} {
			if _, err := s.AppendMove(ctx, bad); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("AppendMove(%+v) = %v, want ErrInvalid", bad, err)
			}
		}

		// The move that ends the game ends it in the same transaction; its
		// resend is still acknowledged, and no move comes after it.
		last := store.Append{Game: g.ID, Ply: 2, Move: "Wc", By: bob.ID, ToMoveSeat: -1, Status: store.StatusFinished, Result: "win g"}
		if _, err := s.AppendMove(ctx, last); err != nil {
			t.Fatal(err)
		}
		g3 := must[store.Game](t)(s.Game(ctx, g.ID))
		if g3.Status != store.StatusFinished || g3.Result != "win g" || g3.Ply != 2 || !g3.Deadline.IsZero() {
			t.Fatalf("after the last move: %+v", g3)
		}
		if m, err := s.AppendMove(ctx, last); !errors.Is(err, store.ErrPlyTaken) || !m.Same(last) {
			t.Fatalf("resend of the last move: %+v, %v", m, err)
		}
		if _, err := s.AppendMove(ctx, store.Append{Game: g.ID, Ply: 3, Move: "Na", By: ann.ID}); !errors.Is(err, store.ErrNotPlaying) {
			t.Fatalf("a move after the end: %v, want ErrNotPlaying", err)
		}
		moves := must[[]store.Move](t)(s.Moves(ctx, g.ID, 0))
		if len(moves) != 2 || moves[0].Move != "Na" || moves[1].Move != "Wc" {
			t.Fatalf("Moves = %+v", moves)
		}
		if ms := must[[]store.Move](t)(s.Moves(ctx, g.ID, 1)); len(ms) != 1 || ms[0].Ply != 2 {
			t.Fatalf("Moves after 1 = %+v", ms)
		}
		if _, err := s.Moves(ctx, "ghost", 0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Moves(unknown) = %v", err)
		}
	})
}

// TestOnePlyOneMove races N appenders for each ply, half of them through
// a second Store on the same database (a second node): exactly one wins
// each ply, and every loser is told the winner's move.
func TestOnePlyOneMove(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, _, g := started(t, dsn)
		nodes := []store.Store{s, open(t, dsn)} // two nodes on one database
		const racers, plies = 8, 5
		for ply := 1; ply <= plies; ply++ {
			var wg sync.WaitGroup
			type out struct {
				m   store.Move
				err error
			}
			outs := make([]out, racers)
			for i := range racers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					a := store.Append{Game: g.ID, Ply: ply, Move: fmt.Sprintf("m%d", i), By: ann.ID, ToMoveSeat: ply % 2}
					m, err := nodes[i%2].AppendMove(ctx, a)
					outs[i] = out{m, err}
				}()
			}
			wg.Wait()
			winner := ""
			for i, o := range outs {
				if o.err == nil {
					if winner != "" {
						t.Fatalf("ply %d: two winners, %s and %s", ply, winner, o.m.Move)
					}
					winner = o.m.Move
				} else if !errors.Is(o.err, store.ErrPlyTaken) {
					t.Fatalf("ply %d racer %d: %v, want ErrPlyTaken", ply, i, o.err)
				}
			}
			if winner == "" {
				t.Fatalf("ply %d: nobody won", ply)
			}
			for i, o := range outs {
				if o.err != nil && o.m.Move != winner {
					t.Fatalf("ply %d racer %d was told %q, the winner is %q", ply, i, o.m.Move, winner)
				}
			}
		}
		moves := must[[]store.Move](t)(nodes[1].Moves(ctx, g.ID, 0))
		if len(moves) != plies {
			t.Fatalf("%d moves stored, want %d", len(moves), plies)
		}
		if g2 := must[store.Game](t)(nodes[1].Game(ctx, g.ID)); g2.Ply != plies || g2.Version != g.Version+plies {
			t.Fatalf("game after the races: ply %d version %d", g2.Ply, g2.Version)
		}
	})
}

func TestTakeback(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, g := started(t, dsn)
		for ply := 1; ply <= 4; ply++ {
			by := []string{ann.ID, bob.ID}[(ply-1)%2]
			if _, err := s.AppendMove(ctx, store.Append{Game: g.ID, Ply: ply, Move: fmt.Sprint("m", ply), By: by, ToMoveSeat: ply % 2}); err != nil {
				t.Fatal(err)
			}
		}
		agreed := must[store.Game](t)(s.Game(ctx, g.ID))
		// A move lands after the players agreed: their takeback is stale.
		if _, err := s.AppendMove(ctx, store.Append{Game: g.ID, Ply: 5, Move: "m5", By: ann.ID, ToMoveSeat: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Takeback(ctx, store.Takeback{Game: g.ID, Version: agreed.Version, Ply: 2, ToMoveSeat: 0}); !errors.Is(err, store.ErrStale) {
			t.Fatalf("stale takeback: %v, want ErrStale", err)
		}
		if ms := must[[]store.Move](t)(s.Moves(ctx, g.ID, 0)); len(ms) != 5 {
			t.Fatalf("a refused takeback deleted moves: %d left", len(ms))
		}
		now := must[store.Game](t)(s.Game(ctx, g.ID))
		for _, bad := range []store.Takeback{
			{Game: g.ID, Version: now.Version, Ply: 6},
			{Game: g.ID, Version: now.Version, Ply: -1},
		} {
			if _, err := s.Takeback(ctx, bad); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("Takeback(%+v) = %v, want ErrInvalid", bad, err)
			}
		}
		if _, err := s.Takeback(ctx, store.Takeback{Game: "ghost", Version: 1, Ply: 0}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Takeback(unknown) = %v", err)
		}
		back, err := s.Takeback(ctx, store.Takeback{Game: g.ID, Version: now.Version, Ply: 3, ToMoveSeat: 1})
		if err != nil || back.Ply != 3 || back.ToMoveSeat != 1 || back.Version != now.Version+1 {
			t.Fatalf("Takeback = %+v, %v", back, err)
		}
		if ms := must[[]store.Move](t)(s.Moves(ctx, g.ID, 0)); len(ms) != 3 || ms[2].Move != "m3" {
			t.Fatalf("moves after taking back to 3: %+v", ms)
		}
		// Play goes on from ply 4.
		if _, err := s.AppendMove(ctx, store.Append{Game: g.ID, Ply: 4, Move: "n4", By: bob.ID}); err != nil {
			t.Fatalf("the move after a takeback: %v", err)
		}
	})
}

func TestGamesOfOrderAndExpired(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s := open(t, dsn)
		ann, bob := guest(t, s, "Ann"), guest(t, s, "Bob")
		now := time.Now().UTC().Truncate(time.Millisecond)
		mk := func() store.Game { return twoPlayer(t, s, ann.ID, bob.ID, 0) }
		move := func(g store.Game, toMove int, deadline time.Time) {
			t.Helper()
			if _, err := s.AppendMove(ctx, store.Append{Game: g.ID, Ply: 1, Move: "Na", By: ann.ID, ToMoveSeat: toMove, Deadline: deadline}); err != nil {
				t.Fatal(err)
			}
		}
		finished := mk()
		must[store.Game](t)(s.SetStatus(ctx, finished.ID, finished.Version, store.StatusFinished, "draw"))
		open, err := s.CreateGame(ctx, store.NewGame{Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 2}, Seats: []store.Seat{{Guest: ann.ID}, {}}})
		if err != nil {
			t.Fatal(err)
		}
		bobsTurn := mk()
		move(bobsTurn, 1, now.Add(-time.Minute)) // expired, but Bob's
		annLate := mk()
		move(annLate, 0, now.Add(2*time.Hour))
		annNone := mk()
		move(annNone, 0, time.Time{})
		annSoon := mk()
		move(annSoon, 0, now.Add(time.Hour))
		other := twoPlayer(t, s, bob.ID, guest(t, s, "Cy").ID, 0) // not Ann's

		list := must[[]store.Game](t)(s.GamesOf(ctx, ann.ID, 0))
		var got []string
		for _, g := range list {
			got = append(got, g.ID)
		}
		want := []string{annSoon.ID, annLate.ID, annNone.ID, bobsTurn.ID, open.ID, finished.ID}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("GamesOf(Ann) =\n%v\nwant (her turn by deadline, Bob's turn, open, finished)\n%v", got, want)
		}
		if l := must[[]store.Game](t)(s.GamesOf(ctx, ann.ID, 2)); len(l) != 2 || l[0].ID != annSoon.ID {
			t.Fatalf("GamesOf limit 2: %d games", len(l))
		}
		if l := must[[]store.Game](t)(s.GamesOf(ctx, bob.ID, 0)); len(l) != 6 || l[0].ID != bobsTurn.ID || l[1].ID != other.ID {
			t.Fatalf("GamesOf(Bob): %d games, first %v", len(l), l[0].ID)
		}
		if l := must[[]store.Game](t)(s.GamesOf(ctx, "nobody", 0)); len(l) != 0 {
			t.Fatalf("GamesOf(nobody) = %d games", len(l))
		}

		exp := must[[]store.Game](t)(s.Expired(ctx, now, 0))
		if len(exp) != 1 || exp[0].ID != bobsTurn.ID {
			t.Fatalf("Expired(now) = %d games, want Bob's late one", len(exp))
		}
		exp = must[[]store.Game](t)(s.Expired(ctx, now.Add(3*time.Hour), 0))
		var ids []string
		for _, g := range exp {
			ids = append(ids, g.ID)
		}
		if want := []string{bobsTurn.ID, annSoon.ID, annLate.ID}; !reflect.DeepEqual(ids, want) {
			t.Fatalf("Expired(+3h) = %v, want earliest first %v", ids, want)
		}
	})
}

func TestRematch(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, old := started(t, dsn)
		ng := store.NewGame{Creator: bob.ID, Setup: old.Setup, Seats: []store.Seat{{Guest: bob.ID}, {Guest: ann.ID}}, RematchOf: old.ID}
		// Both ask at once: one new game.
		var wg sync.WaitGroup
		games := make([]store.Game, 2)
		errs := make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); games[i], errs[i] = s.CreateGame(ctx, ng) }()
		}
		wg.Wait()
		var made store.Game
		switch {
		case errs[0] == nil && errors.Is(errs[1], store.ErrRematchExists):
			made = games[0]
		case errs[1] == nil && errors.Is(errs[0], store.ErrRematchExists):
			made = games[1]
		default:
			t.Fatalf("two rematch requests: %v, %v; want one game and ErrRematchExists", errs[0], errs[1])
		}
		found, err := s.RematchOf(ctx, old.ID)
		if err != nil || found.ID != made.ID || found.RematchOf != old.ID {
			t.Fatalf("RematchOf = %+v, %v", found, err)
		}
		if _, err := s.RematchOf(ctx, made.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("RematchOf(no rematch yet) = %v", err)
		}
	})
}

// TestReopen closes a store and opens its database again: everything is
// there, and opening twice more (the schema already current) is harmless.
func TestReopen(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, err := sqlstore.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		ann, token, _ := s.CreateGuest(ctx, "Ann")
		g := twoPlayer(t, s, ann.ID, guest(t, s, "Bob").ID, 0)
		must[store.Move](t)(s.AppendMove(ctx, store.Append{Game: g.ID, Ply: 1, Move: "Na", By: ann.ID, ToMoveSeat: 1}))
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Game(ctx, g.ID); err == nil {
			t.Fatal("a closed store still answers")
		}
		for range 2 {
			s2 := open(t, dsn)
			if got, err := s2.GuestByToken(ctx, token); err != nil || got.ID != ann.ID {
				t.Fatalf("guest after reopening: %+v, %v", got, err)
			}
			if ms, err := s2.Moves(ctx, g.ID, 0); err != nil || len(ms) != 1 {
				t.Fatalf("moves after reopening: %+v, %v", ms, err)
			}
			s2.Close()
		}
		schemaAppliedOnce(t, dsn)
	})
}

// schemaAppliedOnce checks that each migration step is recorded once.
func schemaAppliedOnce(t *testing.T, dsn string) {
	t.Helper()
	var versions int
	if err := rawDB(t, dsn).QueryRow(`SELECT COUNT(*) FROM schema_version`).Scan(&versions); err != nil || versions != sqlstore.SchemaVersion {
		t.Fatalf("schema_version has %d rows (%v), want %d", versions, err, sqlstore.SchemaVersion)
	}
}

// TestConcurrentOpen starts eight nodes on one new database at once, a few
// times over: the schema is applied once and every node works. (SQLite
// once failed here with SQLITE_BUSY: two nodes switching a new file to
// WAL at the same moment.)
func TestConcurrentOpen(t *testing.T) {
	// Rounds catch the SQLite race (1 round in ~20 before the fix);
	// PostgreSQL serialises migrations with a lock, and each round there
	// costs eight pools of connections.
	rounds := map[string]int{store.EngineSQLite: 10, store.EnginePostgres: 2}
	for _, e := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(e, func(t *testing.T) {
			for round := range rounds[e] {
				openAtOnce(t, round, fresh(t, e))
			}
		})
	}
}

// openAtOnce opens eight stores on dsn at once, uses each, and closes
// them.
func openAtOnce(t *testing.T, round int, dsn string) {
	t.Helper()
	ctx := ctxT(t)
	const nodes = 8
	stores := make([]store.Store, nodes)
	errs := make([]error, nodes)
	var wg sync.WaitGroup
	for i := range nodes {
		wg.Add(1)
		go func() { defer wg.Done(); stores[i], errs[i] = sqlstore.Open(ctx, dsn) }()
	}
	wg.Wait()
	defer func() {
		for _, s := range stores {
			if s != nil {
				s.Close()
			}
		}
	}()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("round %d, node %d: %v", round, i, err)
		}
		if _, _, err := stores[i].CreateGuest(ctx, fmt.Sprint("n", i)); err != nil {
			t.Fatalf("round %d, node %d: %v", round, i, err)
		}
	}
	schemaAppliedOnce(t, dsn)
}

// TestLastSeatsTakenAtOnce: two guests take the last two free seats at
// the same moment, through two stores (nodes). Both get their seat and
// the game starts: neither may think the other's seat is still free.
func TestLastSeatsTakenAtOnce(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		nodes := []store.Store{open(t, dsn), open(t, dsn)}
		for round := range 10 {
			ann := guest(t, nodes[0], "Ann")
			g, err := nodes[0].CreateGame(ctx, store.NewGame{
				Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 3, MoveTime: time.Hour},
				Seats: []store.Seat{{Guest: ann.ID}, {}, {}},
			})
			if err != nil {
				t.Fatal(err)
			}
			takers := []store.Guest{guest(t, nodes[0], "Bob"), guest(t, nodes[0], "Cy")}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i := range 2 {
				wg.Add(1)
				go func() { defer wg.Done(); _, errs[i] = nodes[i].TakeSeat(ctx, g.ID, i+1, takers[i].ID) }()
			}
			wg.Wait()
			if errs[0] != nil || errs[1] != nil {
				t.Fatalf("round %d: taking two different free seats: %v, %v", round, errs[0], errs[1])
			}
			got := must[store.Game](t)(nodes[1].Game(ctx, g.ID))
			if got.Status != store.StatusPlaying || got.Deadline.IsZero() || got.Seats[1].Guest != takers[0].ID || got.Seats[2].Guest != takers[1].ID || got.Version != 3 {
				t.Fatalf("round %d: every seat taken, yet %v, deadline %v, seats %+v, version %d", round, got.Status, got.Deadline, got.Seats, got.Version)
			}
		}
	})
}

// TestReadsNeverTorn: a game read while its seats are being taken is
// one state of it, never two: every seat held means the game is
// playing, and the version counts the seats taken. A game's row and its
// seats are two queries; read apart, a server saw the last seat taken
// while the game was still "open", and never told its players the game
// had started. The same for the list of a guest's games.
func TestReadsNeverTorn(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		w, r := open(t, dsn), open(t, dsn)
		ann := guest(t, w, "Ann")
		reads := 0
		for round := range 20 {
			g, err := w.CreateGame(ctx, store.NewGame{
				Creator: ann.ID, Setup: store.Setup{Variant: "express", Players: 4},
				Seats: []store.Seat{{Guest: ann.ID}, {}, {}, {}},
			})
			if err != nil {
				t.Fatal(err)
			}
			takers := []store.Guest{guest(t, w, "Bob"), guest(t, w, "Cy"), guest(t, w, "Di")}
			done := make(chan struct{})
			go func() {
				defer close(done)
				for i, tk := range takers {
					if _, err := w.TakeSeat(ctx, g.ID, i+1, tk.ID); err != nil {
						t.Errorf("round %d: seat %d: %v", round, i+1, err)
					}
				}
			}()
			check := func(x store.Game) {
				taken := int64(0)
				for _, se := range x.Seats[1:] {
					if se.Guest != "" {
						taken++
					}
				}
				if want := taken == 3; (x.Status == store.StatusPlaying) != want || x.Version != g.Version+taken {
					<-done // the seats' writer reports to t too
					t.Fatalf("round %d: a torn read: %d seats taken, %v, version %d (created at %d)", round, taken, x.Status, x.Version, g.Version)
				}
			}
			for running := true; running; {
				select {
				case <-done:
					running = false
				default:
				}
				check(must[store.Game](t)(r.Game(ctx, g.ID)))
				for _, x := range must[[]store.Game](t)(r.GamesOf(ctx, ann.ID, 100)) {
					if x.ID == g.ID {
						check(x)
					}
				}
				reads++
			}
		}
		t.Logf("%d reads", reads)
	})
}

// TestNewerSchemaRefused: a database written by a newer program is not
// opened (its tables may mean something this program does not know).
func TestNewerSchemaRefused(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		open(t, dsn).Close()
		if _, err := rawDB(t, dsn).Exec(`INSERT INTO schema_version (version, applied) VALUES (99, 0)`); err != nil {
			t.Fatal(err)
		}
		s, err := sqlstore.Open(ctxT(t), dsn)
		if err == nil {
			s.Close()
			t.Fatal("opened a database of schema version 99")
		}
		if !strings.Contains(err.Error(), "newer") {
			t.Fatalf("error %q does not say the database is newer", err)
		}
	})
}

// TestMovesAndTakebacksRace: movers on two nodes append the next ply as
// they see it while a third takes moves back, all at once. Every call
// either succeeds or is refused with one of the store's errors, and
// afterwards the moves are exactly plies 1..Game.Ply: no hole, none
// beyond, none left over from a takeback.
func TestMovesAndTakebacksRace(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, _, g := started(t, dsn)
		nodes := []store.Store{s, open(t, dsn)} // two nodes on one database
		var wg sync.WaitGroup
		var mu sync.Mutex
		counts := map[string]int{}
		note := func(err error) {
			mu.Lock()
			defer mu.Unlock()
			for _, known := range []error{nil, store.ErrPlyTaken, store.ErrPlyGap, store.ErrStale} {
				if errors.Is(err, known) {
					counts[fmt.Sprint(known)]++
					return
				}
			}
			t.Errorf("unexpected error: %v", err)
		}
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := nodes[w%2]
				for range 25 {
					cur, err := s.Game(ctx, g.ID)
					if err != nil {
						t.Error(err)
						return
					}
					_, err = s.AppendMove(ctx, store.Append{Game: g.ID, Ply: cur.Ply + 1, Move: fmt.Sprintf("w%d", w), By: ann.ID})
					note(err)
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 15 {
				cur, err := nodes[1].Game(ctx, g.ID)
				if err != nil {
					t.Error(err)
					return
				}
				_, err = nodes[1].Takeback(ctx, store.Takeback{Game: g.ID, Version: cur.Version, Ply: max(cur.Ply-2, 0)})
				note(err)
			}
		}()
		wg.Wait()
		final := must[store.Game](t)(nodes[0].Game(ctx, g.ID))
		moves := must[[]store.Move](t)(nodes[1].Moves(ctx, g.ID, 0))
		if len(moves) != final.Ply {
			t.Fatalf("game at ply %d with %d moves stored", final.Ply, len(moves))
		}
		for i, m := range moves {
			if m.Ply != i+1 {
				t.Fatalf("move %d has ply %d", i+1, m.Ply)
			}
		}
		t.Logf("%s: final ply %d, outcomes %v", nodes[0].Engine(), final.Ply, counts)
	})
}
