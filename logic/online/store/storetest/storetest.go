//go:build !js

// Package storetest gives tests a fresh, empty database for the store:
// a SQLite file in the test's temp folder, or a PostgreSQL schema of its
// own (dropped at the end), so that test packages running in parallel
// on one PostgreSQL never see each other's rows or events.
//
// PostgreSQL comes from SHIFTAGO_TEST_POSTGRES. Unset, a test that asks
// for it is skipped with a message, except when CI=true: there it fails,
// so that the half of the tests guarding several nodes cannot vanish
// silently.
package storetest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"

	"shiftago/logic/online/store"
)

// EnvPostgres names the variable holding the PostgreSQL DSN to test on.
const EnvPostgres = "SHIFTAGO_TEST_POSTGRES"

// PostgresDSN is the PostgreSQL DSN to test against. Unset, it skips t,
// or fails it when CI=true.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(EnvPostgres)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set, and CI=true: the PostgreSQL tests must run in CI", EnvPostgres)
		}
		t.Skipf("PostgreSQL tests skipped: set %s (e.g. postgres://root:root@127.0.0.1:5432/store_dev?sslmode=disable) to run them", EnvPostgres)
	}
	return dsn
}

// FreshDSN is a DSN for a new, empty database of engine
// (store.EngineSQLite or store.EnginePostgres) that lives as long as t.
// For PostgreSQL it is PostgresDSN with search_path set to a new schema;
// it can be handed to another process (`shiftago-server --db`).
func FreshDSN(t testing.TB, engine string) string {
	t.Helper()
	if engine == store.EngineSQLite {
		return filepath.Join(t.TempDir(), store.DBFile)
	}
	base := PostgresDSN(t)
	b := make([]byte, 6)
	rand.Read(b)
	schema := "storetest_" + hex.EncodeToString(b)
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("creating a schema on %s: %v", EnvPostgres, err)
	}
	t.Cleanup(func() {
		if db, err := sql.Open("pgx", base); err == nil {
			db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			db.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", EnvPostgres, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
