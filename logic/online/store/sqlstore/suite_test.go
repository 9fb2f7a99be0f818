//go:build !js

package sqlstore_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
	"shiftago/logic/online/store/storetest"
)

// The shared suite: every test runs once per engine through each(), on
// a database of its own (a fresh SQLite file, or a fresh PostgreSQL
// schema), so packages and tests running in parallel never collide.

const pgEnv = storetest.EnvPostgres

func fresh(t testing.TB, engine string) string {
	t.Helper()
	return storetest.FreshDSN(t, engine)
}

// each runs fn on SQLite and on PostgreSQL, as subtests named after them.
func each(t *testing.T, fn func(t *testing.T, dsn string)) {
	for _, e := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(e, func(t *testing.T) { fn(t, fresh(t, e)) })
	}
}

func open(t testing.TB, dsn string) store.Store {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// rawDB opens the database under a store, to look at what it really
// keeps.
func rawDB(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	engine, target, err := store.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	driver := "sqlite"
	if engine == store.EnginePostgres {
		driver = "pgx"
	}
	db, err := sql.Open(driver, target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func guest(t testing.TB, s store.Store, name string) store.Guest {
	t.Helper()
	g, _, err := s.CreateGuest(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// twoPlayer is a 2-player game between a and b, playing, a to move.
func twoPlayer(t testing.TB, s store.Store, a, b string, moveTime time.Duration) store.Game {
	t.Helper()
	g, err := s.CreateGame(context.Background(), store.NewGame{
		Creator: a,
		Setup:   store.Setup{Variant: "expert", Players: 2, MoveTime: moveTime},
		Seats:   []store.Seat{{Guest: a}, {Guest: b}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != store.StatusPlaying {
		t.Fatalf("a game with every seat held is %v, want playing", g.Status)
	}
	return g
}

// started opens a store on dsn with Ann and Bob playing a game, Ann to
// move: where most tests begin.
func started(t *testing.T, dsn string) (context.Context, store.Store, store.Guest, store.Guest, store.Game) {
	t.Helper()
	s := open(t, dsn)
	ann, bob := guest(t, s, "Ann"), guest(t, s, "Bob")
	return ctxT(t), s, ann, bob, twoPlayer(t, s, ann.ID, bob.ID, 0)
}

func must[T any](t testing.TB) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// ctxT bounds a store test's calls so that a hang fails with a message,
// not a whole package's timeout. Two minutes, not thirty seconds: 120
// concurrent pairings on PostgreSQL (TestPairMany) took longer than 30 s
// with the CPU starved (-cpu 1, busy loops, load ~90), though 9 s idle.
func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func hasText(s, sub string) bool { return sub != "" && strings.Contains(s, sub) }
