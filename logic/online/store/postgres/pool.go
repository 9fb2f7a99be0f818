//go:build !js

package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
)

// poolSize is the pool's open and idle connections.
const poolSize = 16

// Open opens a pool for queries on dsn and names the NOTIFY channel of
// its schema (search_path), so that stores in different schemas of one
// database (parallel tests) do not hear each other.
func Open(ctx context.Context, dsn string) (db *sql.DB, channel string, err error) {
	db, err = sql.Open("pgx", dsn)
	if err != nil {
		return nil, "", err
	}
	db.SetMaxOpenConns(poolSize)
	db.SetMaxIdleConns(poolSize)
	db.SetConnMaxIdleTime(5 * time.Minute)
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		db.Close()
		return nil, "", fmt.Errorf("connecting to PostgreSQL: %w", err)
	}
	channel = "shiftago_events"
	if schema != "public" {
		channel += "_" + schema
	}
	if len(channel) > 63 { // NAMEDATALEN-1: longer names are cut
		channel = channel[:63]
	}
	return db, channel, nil
}

// DropIdle closes db's idle connections. A LISTEN connection found dead
// says the pool's idle connections may be dead as well (the same
// network, the same database): closed, the next queries connect afresh
// instead of each waiting out its time on a silent socket.
func DropIdle(db *sql.DB) { db.SetMaxIdleConns(0); db.SetMaxIdleConns(poolSize) }

// IsUnique says err is a unique or primary key violation.
func IsUnique(err error) bool { return isCode(err, "23505") }

// IsFK says err is a foreign key violation.
func IsFK(err error) bool { return isCode(err, "23503") }

func isCode(err error, code string) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == code
}
