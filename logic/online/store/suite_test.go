//go:build !js

package store_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shiftago/logic/online/store"
)

// The shared suite: every test runs once per engine through each(), on
// a database of its own (a fresh SQLite file, or a fresh PostgreSQL
// schema), so packages and tests running in parallel never collide.

const pgEnv = "SHIFTAGO_TEST_POSTGRES"

// pgBase is the PostgreSQL DSN to test against, or "" after skipping
// (unset outside CI). In CI (CI=true) a missing DSN fails: the half of
// the suite that guards several nodes must not vanish silently.
func pgBase(t testing.TB) string {
	dsn := os.Getenv(pgEnv)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set, and CI=true: the PostgreSQL half of the store's suite must run in CI", pgEnv)
		}
		t.Skipf("PostgreSQL half skipped: set %s (e.g. postgres://root:root@127.0.0.1:5432/store_dev?sslmode=disable) to run it", pgEnv)
	}
	return dsn
}

// fresh is a DSN for a new, empty database of the engine.
func fresh(t testing.TB, engine string) string {
	t.Helper()
	if engine == store.EngineSQLite {
		return filepath.Join(t.TempDir(), "test.db")
	}
	base := pgBase(t)
	b := make([]byte, 6)
	rand.Read(b)
	schema := "storetest_" + hex.EncodeToString(b)
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("creating schema on %s: %v", pgEnv, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err == nil {
			db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			db.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// each runs fn on SQLite and on PostgreSQL, as subtests named after them.
func each(t *testing.T, fn func(t *testing.T, dsn string)) {
	for _, e := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(e, func(t *testing.T) { fn(t, fresh(t, e)) })
	}
}

func open(t testing.TB, dsn string) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), dsn)
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

func must[T any](t testing.TB) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func hasText(s, sub string) bool { return sub != "" && strings.Contains(s, sub) }
