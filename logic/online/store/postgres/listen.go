//go:build !js

package postgres

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"shiftago/logic/online/store"
)

// Listener holds the LISTEN connection of a node, hands every event it
// hears to the node's store.Hub, and makes a new connection when the old
// one fails (the database restarted, the network dropped), telling every
// subscriber to resync (store.EventResync) once it is back.
type Listener struct {
	dsn, channel string
	hub          *store.Hub
	lost         func() // the connection was found dead
	wg           sync.WaitGroup
	cancel       context.CancelFunc
}

// Listen LISTENs on channel (Channel) before it returns, so that an
// event committed after Listen is never missed, and then keeps listening
// until Close. lost is called each time the connection is found dead
// (the pool's idle connections may be dead as well).
func Listen(ctx context.Context, dsn, channel string, hub *store.Hub, lost func()) (*Listener, error) {
	l := &Listener{dsn: dsn, channel: channel, hub: hub, lost: lost}
	conn, err := l.connect(ctx)
	if err != nil {
		return nil, err
	}
	lctx, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	l.wg.Add(1)
	go l.run(lctx, conn)
	return l, nil
}

// Close stops listening and waits until the connection is closed.
func (l *Listener) Close() {
	l.cancel()
	l.wg.Wait()
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

func (l *Listener) connect(ctx context.Context) (*pgx.Conn, error) {
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

func (l *Listener) run(ctx context.Context, conn *pgx.Conn) {
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
func (l *Listener) wait(ctx context.Context, conn *pgx.Conn) (*pgconn.Notification, error) {
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

func (l *Listener) listen() string { return "LISTEN " + pgx.Identifier{l.channel}.Sanitize() }
