//go:build !js

// Package pgbatch is group commit for one PostgreSQL statement that many
// goroutines run at once: the calls that wait while a commit is under
// way are sent together as the next one, one pipelined batch that is one
// implicit transaction (one round trip, one commit, one WAL flush).
//
// The store stores each move with a statement that sends its NOTIFY in
// the move's transaction (the event is heard only if the move
// committed). PostgreSQL serialises the commits of all transactions that
// NOTIFY, WAL flush included, on one lock for the whole cluster: one
// move per flush, whatever the number of connections (pgbench here: 16
// clients, 200-235 commits a second with a NOTIFY, 880-1,290 without).
// Many moves in one transaction take the lock once.
package pgbatch

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// batchWait bounds one batch, as the store bounds one call.
const batchWait = 10 * time.Second

// ErrClosed is what a call gets after Close.
var ErrClosed = errors.New("pgbatch: closed")

// Committer runs one statement for its callers, gathered.
type Committer struct {
	db    *sql.DB // a pgx ("github.com/jackc/pgx/v5/stdlib") pool
	query string
	max   int
	reqs  chan *req
	quit  chan struct{}
	done  chan struct{}
}

type req struct {
	ctx  context.Context
	args []any
	res  chan result // buffered: the committer never waits for a caller gone
}

type result struct {
	row bool
	err error
}

// New starts a committer of query on db, at most max calls a batch.
func New(db *sql.DB, query string, max int) *Committer {
	c := &Committer{db: db, query: query, max: max, reqs: make(chan *req), quit: make(chan struct{}), done: make(chan struct{})}
	go c.run()
	return c
}

// Do runs the query with args, in a transaction of its own or with
// others; true if it returned a row. Once Do returns, the transaction
// has committed (or failed: nothing of it was kept, unless the error is
// the caller's ctx, ended while the commit was under way).
func (c *Committer) Do(ctx context.Context, args ...any) (bool, error) {
	r := &req{ctx: ctx, args: args, res: make(chan result, 1)}
	select {
	case c.reqs <- r:
	case <-c.quit:
		return false, ErrClosed
	case <-ctx.Done():
		return false, ctx.Err()
	}
	select {
	case res := <-r.res:
		return res.row, res.err
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// Close stops the committer once its batch under way has ended.
func (c *Committer) Close() {
	close(c.quit)
	<-c.done
}

func (c *Committer) run() {
	defer close(c.done)
	for {
		var batch []*req
		select {
		case r := <-c.reqs:
			batch = append(batch, r)
		case <-c.quit:
			return
		}
	gather: // whoever waits now: no added delay, a commit's time is the window
		for len(batch) < c.max {
			select {
			case r := <-c.reqs:
				batch = append(batch, r)
			default:
				break gather
			}
		}
		live := batch[:0]
		for _, r := range batch {
			if err := r.ctx.Err(); err != nil {
				r.res <- result{err: err}
			} else {
				live = append(live, r)
			}
		}
		c.commit(live)
	}
}

// commit runs a batch and answers every call in it. A statement's error
// rolls the whole batch back: that call runs alone for its own answer,
// and the others go again together. Any other failure (the connection,
// the commit) has each call run alone.
func (c *Committer) commit(batch []*req) {
	if len(batch) == 1 {
		// Here, not beside: the calls that come meanwhile are the next
		// batch (the grouping).
		r := batch[0]
		row, err := c.one(r.ctx, r.args)
		r.res <- result{row, err}
		return
	}
	for len(batch) > 1 {
		bad, err := c.together(batch)
		if err == nil {
			return
		}
		if bad < 0 {
			break
		}
		r := batch[bad]
		go func() {
			row, err := c.one(r.ctx, r.args)
			r.res <- result{row, err}
		}()
		batch = append(batch[:bad:bad], batch[bad+1:]...)
	}
	// After a failed batch, alone, each beside the others (the
	// committer goes back to gathering): run one after another here, a
	// failed batch of 64 would hold every move of the node behind it.
	for _, r := range batch {
		go func() {
			row, err := c.one(r.ctx, r.args)
			r.res <- result{row, err}
		}()
	}
}

func (c *Committer) one(ctx context.Context, args []any) (bool, error) {
	rows, err := c.db.QueryContext(ctx, c.query, args...)
	if err != nil {
		return false, err
	}
	row := rows.Next()
	rows.Close()
	return row, rows.Err()
}

// together runs the batch as one transaction and answers every call, or
// answers none and returns why, with the index of the statement that
// failed (-1 when none did: the connection or the commit).
func (c *Committer) together(batch []*req) (int, error) {
	// The batch's own bound, not a caller's: the oldest caller's
	// deadline, near, would fail the batch for all. A caller whose own
	// ends first has its answer (its ctx's error) from Do.
	ctx, cancel := context.WithTimeout(context.Background(), batchWait)
	defer cancel()
	conn, err := c.db.Conn(ctx)
	if err != nil {
		return -1, err
	}
	defer conn.Close()
	rows := make([]bool, len(batch))
	bad := -1
	err = conn.Raw(func(dc any) error {
		var b pgx.Batch
		for _, r := range batch {
			b.Queue(c.query, r.args...)
		}
		br := dc.(*stdlib.Conn).Conn().SendBatch(ctx, &b)
		for i := range batch {
			rs, err := br.Query()
			if err == nil {
				rows[i] = rs.Next()
				rs.Close()
				err = rs.Err()
			}
			if err != nil {
				if _, ok := errors.AsType[*pgconn.PgError](err); ok {
					bad = i
				}
				br.Close()
				return err
			}
		}
		return br.Close() // the commit's answer
	})
	if err != nil {
		return bad, err
	}
	for i, r := range batch {
		r.res <- result{row: rows[i]}
	}
	return -1, nil
}
