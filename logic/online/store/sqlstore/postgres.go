//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/postgres"
)

// openPostgres opens a pool for queries and one more connection that
// LISTENs for the events of every node (NOTIFY), on the channel of the
// DSN's schema (package postgres).
func openPostgres(ctx context.Context, dsn string, o Options) (*sqlStore, error) {
	db, channel, err := postgres.Open(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	h := store.NewHub()
	s := &sqlStore{
		engine: store.EnginePostgres, w: db, r: db, hub: h, origin: o.Node, now: o.Now,
		isUnique: postgres.IsUnique, isFK: postgres.IsFK,
	}
	s.notify = func(ctx context.Context, tx *sql.Tx, e store.Event) error {
		return postgres.Notify(ctx, tx, channel, e)
	}
	moves := postgres.NewMover(db, channel)
	s.appendOne = func(ctx context.Context, a store.Append, at time.Time, e store.Event) (bool, error) {
		return moves.Append(ctx, a, at, s.now(), e)
	}
	l, err := postgres.Listen(ctx, dsn, channel, h, func() { postgres.DropIdle(db) })
	if err != nil {
		moves.Close()
		db.Close()
		return nil, fmt.Errorf("store: LISTEN: %w", err)
	}
	s.closeFn = func() error {
		moves.Close()
		l.Close()
		return nil
	}
	s.bus = &pgBus{s: s, channel: channel}
	return s, nil
}

// pgBus publishes with NOTIFY and receives through the listener.
type pgBus struct {
	s       *sqlStore
	channel string
}

func (b *pgBus) Publish(ctx context.Context, e store.Event) error {
	if err := e.Stamp(b.s.origin); err != nil {
		return err
	}
	return b.s.closedErr(postgres.Notify(ctx, b.s.w, b.channel, e))
}

func (b *pgBus) Subscribe(buffer int) *store.Subscription { return b.s.hub.Subscribe(buffer) }
