//go:build !js

package postgres

import (
	"context"
	"database/sql"
	"encoding/json"

	"shiftago/logic/online/store"
)

// Execer runs a statement: a *sql.Tx (NOTIFY is delivered at its
// commit, never for a rollback) or a *sql.DB (at once).
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Notify sends e to every node listening on channel (Listener).
func Notify(ctx context.Context, db Execer, channel string, e store.Event) error {
	payload, err := payload(e)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, channel, payload)
	return err
}

// payload is an event as NOTIFY carries it.
func payload(e store.Event) (string, error) {
	b, err := json.Marshal(e)
	return string(b), err
}
