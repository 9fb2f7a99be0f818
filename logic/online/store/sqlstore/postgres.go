//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/pgbatch"
)

// openPostgres opens a pool for queries and one more connection that
// LISTENs for the events of every node (NOTIFY). The channel is named
// after the schema (search_path), so that stores in different schemas of
// one database (parallel tests) do not hear each other.
func openPostgres(ctx context.Context, dsn string, o Options) (*sqlStore, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	db.SetConnMaxIdleTime(5 * time.Minute)
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connecting to PostgreSQL: %w", err)
	}
	channel := "shiftago_events"
	if schema != "public" {
		channel += "_" + schema
	}
	if len(channel) > 63 { // NAMEDATALEN-1: longer names are cut
		channel = channel[:63]
	}
	h := store.NewHub()
	s := &sqlStore{
		engine: store.EnginePostgres, w: db, r: db, hub: h, origin: o.Node, now: o.Now,
		isUnique: func(err error) bool { return pgCode(err, "23505") },
		isFK:     func(err error) bool { return pgCode(err, "23503") },
	}
	s.notify = func(ctx context.Context, tx *sql.Tx, e store.Event) error {
		payload, err := eventJSON(e)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, channel, payload)
		return err
	}
	// Moves stored at once by this node's games commit together
	// (pgbatch: group commit, for NOTIFY's cluster-wide commit lock).
	moves := pgbatch.New(db, pgAppendMove, 64)
	s.appendOne = func(ctx context.Context, a store.Append, at time.Time, e store.Event) (bool, error) {
		payload, err := eventJSON(e)
		if err != nil {
			return false, err
		}
		var status any
		if a.Status != store.StatusNone {
			status = int(a.Status)
		}
		stored, err := moves.Do(ctx, a.Game, a.Ply, a.ToMoveSeat, store.Millis(a.Deadline), store.Millis(s.now()),
			status, a.Result, int(store.StatusPlaying), a.Move, a.By, store.Millis(at), channel, payload)
		switch {
		case errors.Is(err, pgbatch.ErrClosed):
			return false, store.ErrClosed
		case err != nil && pgCode(err, "23505"):
			return false, nil // the ply is stored already: AppendMove's transaction tells which move
		}
		// No row: not at the ply before, not playing, or no such game.
		return stored, err
	}
	// A LISTEN connection found dead says the pool's idle connections
	// may be dead as well (the same network, the same database): they
	// are closed, so that the next queries connect afresh instead of
	// each waiting out its time on a silent socket.
	lost := func() { db.SetMaxIdleConns(0); db.SetMaxIdleConns(16) }
	l := &pgListener{dsn: dsn, channel: channel, hub: h, lost: lost}
	// The first LISTEN happens before Open returns, so that an event
	// committed after Open is never missed.
	conn, err := l.connect(ctx)
	if err != nil {
		moves.Close()
		db.Close()
		return nil, fmt.Errorf("store: LISTEN: %w", err)
	}
	lctx, cancel := context.WithCancel(context.Background())
	l.wg.Add(1)
	go l.run(lctx, conn)
	s.closeFn = func() error {
		moves.Close()
		cancel()
		l.wg.Wait()
		return nil
	}
	s.bus = &pgBus{s: s, channel: channel}
	return s, nil
}

// pgAppendMove is AppendMove's usual case in one statement: the game's
// row is changed only if it is playing at the ply before ($2 - 1; the
// UPDATE locks the row, and a change committed meanwhile is checked
// again against the row as it is now), the move is inserted only if the
// row was, and the event is sent with the new version only then. One
// statement is one transaction: committed (and durable) before the
// answer, or nothing at all (a key violation undoes the UPDATE).
const pgAppendMove = `WITH u AS (
	UPDATE games SET ply = $2::integer, to_move_seat = $3::integer, deadline = $4::bigint, version = version + 1,
		updated = $5::bigint, status = COALESCE($6::integer, status), result = CASE WHEN $6::integer IS NULL THEN result ELSE $7::text END
	WHERE id = $1::text AND ply = $2::integer - 1 AND status = $8::integer
	RETURNING version
), i AS (
	INSERT INTO moves (game, ply, move, by_guest, at) SELECT $1::text, $2::integer, $9::text, $10::text, $11::bigint FROM u RETURNING ply
)
SELECT u.version, pg_notify($12::text, ($13::jsonb || jsonb_build_object('v', u.version))::text)::text FROM u CROSS JOIN i`

// pgBus publishes with NOTIFY and receives through the listener.
type pgBus struct {
	s       *sqlStore
	channel string
}

func (b *pgBus) Publish(ctx context.Context, e store.Event) error {
	if err := e.Stamp(b.s.origin); err != nil {
		return err
	}
	payload, err := eventJSON(e)
	if err != nil {
		return err
	}
	_, err = b.s.w.ExecContext(ctx, `SELECT pg_notify($1, $2)`, b.channel, payload)
	return b.s.closedErr(err)
}

func (b *pgBus) Subscribe(buffer int) *store.Subscription { return b.s.hub.Subscribe(buffer) }

// pgListener holds the LISTEN connection, and makes a new one when the
// old one fails (the database restarted, the network dropped).
type pgListener struct {
	dsn, channel string
	hub          *store.Hub
	lost         func() // the connection was found dead
	wg           sync.WaitGroup
}

// The LISTEN connection's checks. A socket to the database can die in
// silence (a network drop, a database host that stopped answering): no
// close and no reset ever comes, and a LISTEN that waited on it for ever
// would hear no event again while every query succeeded on fresh pool
// connections, leaving this node's games behind the store for good. So
// a listener that heard nothing for listenIdle asks the database, and a
// connection that does not answer within listenPing is made again (and
// every game resyncs, as after any reconnect). Connecting is bounded
// too: a database that takes connections without answering must not
// hold the reconnect loop.
const (
	listenIdle    = 5 * time.Second
	listenPing    = 5 * time.Second
	listenConnect = 10 * time.Second
)

func (l *pgListener) connect(ctx context.Context) (*pgx.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, listenConnect)
	defer cancel()
	conn, err := pgx.Connect(ctx, l.dsn)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, l.listen()); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	return conn, nil
}

func (l *pgListener) run(ctx context.Context, conn *pgx.Conn) {
	defer l.wg.Done()
	backoff := 100 * time.Millisecond
	for {
		for conn != nil {
			n, err := l.wait(ctx, conn)
			if err != nil {
				conn.Close(context.Background())
				conn = nil
				if ctx.Err() == nil {
					l.lost()
				}
				break
			}
			if n == nil {
				continue // quiet, and the connection answered
			}
			var e store.Event
			if json.Unmarshal([]byte(n.Payload), &e) == nil && e.Game != "" {
				l.hub.Deliver(e)
			}
		}
		if ctx.Err() != nil {
			return
		}
		for conn == nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(backoff):
			}
			var err error
			if conn, err = l.connect(ctx); err != nil {
				backoff = min(2*backoff, 5*time.Second)
				continue
			}
			backoff = 100 * time.Millisecond
			l.hub.Deliver(store.Event{Game: "*", Kind: store.EventResync})
		}
	}
}

// wait waits for the next notification; nil with no error when none came
// for listenIdle and the connection still answers a check.
func (l *pgListener) wait(ctx context.Context, conn *pgx.Conn) (*pgconn.Notification, error) {
	wctx, cancel := context.WithTimeout(ctx, listenIdle)
	n, err := conn.WaitForNotification(wctx)
	cancel()
	if err == nil || ctx.Err() != nil || !pgconn.Timeout(err) {
		return n, err
	}
	// The check says LISTEN again (a no-op on a live connection), so
	// that pg_stat_activity still shows the connection as the listener.
	pctx, cancel := context.WithTimeout(ctx, listenPing)
	defer cancel()
	_, err = conn.Exec(pctx, l.listen())
	return nil, err
}

func (l *pgListener) listen() string { return "LISTEN " + pgx.Identifier{l.channel}.Sanitize() }
