//go:build !js

package postgres

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/postgres/pgbatch"
)

// Mover stores moves in their usual case (the game playing at the ply
// before the move) in one statement that is its own transaction, its
// NOTIFY included: one round trip and one commit instead of six. The
// moves a node's games store at once commit together (pgbatch: group
// commit, for NOTIFY's cluster-wide commit lock).
type Mover struct {
	batch   *pgbatch.Committer
	channel string
}

// NewMover is a Mover on db that notifies channel.
func NewMover(db *sql.DB, channel string) *Mover {
	return &Mover{batch: pgbatch.New(db, appendMove, 64), channel: channel}
}

// Append stores move a, made at at, with the game's state after it (the
// game's row updated at now), and sends e with the game's new version.
// False when the usual case does not hold (nothing was changed then):
// the caller's transaction finds out what does.
func (m *Mover) Append(ctx context.Context, a store.Append, at, now time.Time, e store.Event) (bool, error) {
	payload, err := payload(e)
	if err != nil {
		return false, err
	}
	var status any
	if a.Status != store.StatusNone {
		status = int(a.Status)
	}
	stored, err := m.batch.Do(ctx, a.Game, a.Ply, a.ToMoveSeat, store.Millis(a.Deadline), store.Millis(now),
		status, a.Result, int(store.StatusPlaying), a.Move, a.By, store.Millis(at), m.channel, payload)
	switch {
	case errors.Is(err, pgbatch.ErrClosed):
		return false, store.ErrClosed
	case err != nil && IsUnique(err):
		return false, nil // the ply is stored already: the caller's transaction tells which move
	}
	// No row: not at the ply before, not playing, or no such game.
	return stored, err
}

// Close ends the batches: a call after Close gets store.ErrClosed.
func (m *Mover) Close() { m.batch.Close() }

// appendMove is AppendMove's usual case in one statement: the game's
// row is changed only if it is playing at the ply before ($2 - 1; the
// UPDATE locks the row, and a change committed meanwhile is checked
// again against the row as it is now), the move is inserted only if the
// row was, and the event is sent with the new version only then. One
// statement is one transaction: committed (and durable) before the
// answer, or nothing at all (a key violation undoes the UPDATE).
const appendMove = `WITH u AS (
	UPDATE games SET ply = $2::integer, to_move_seat = $3::integer, deadline = $4::bigint, version = version + 1,
		updated = $5::bigint, status = COALESCE($6::integer, status), result = CASE WHEN $6::integer IS NULL THEN result ELSE $7::text END
	WHERE id = $1::text AND ply = $2::integer - 1 AND status = $8::integer
	RETURNING version
), i AS (
	INSERT INTO moves (game, ply, move, by_guest, at) SELECT $1::text, $2::integer, $9::text, $10::text, $11::bigint FROM u RETURNING ply
)
SELECT u.version, pg_notify($12::text, ($13::jsonb || jsonb_build_object('v', u.version))::text)::text FROM u CROSS JOIN i`
