//go:build !js

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Options tune Open; the zero value is right for a server.
type Options struct {
	// Node names this process in the events it publishes (Event.Origin);
	// "" draws a random one.
	Node string
	// Now is the clock (tests); nil is time.Now.
	Now func() time.Time
}

// Open opens (creating if need be) the database dsn names (ParseDSN) and
// brings its schema up to date. "" is SQLite in DefaultDir, created with
// mode 0700.
func Open(ctx context.Context, dsn string) (Store, error) {
	return OpenWith(ctx, dsn, Options{})
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, dsn string, o Options) (Store, error) {
	engine, target, err := ParseDSN(dsn)
	if err != nil {
		return nil, err
	}
	if o.Node == "" {
		o.Node = newID()[:8]
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	var s *sqlStore
	if engine == EnginePostgres {
		s, err = openPostgres(ctx, target, o)
	} else {
		s, err = openSQLite(ctx, target, o)
	}
	if err != nil {
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: migrating %s: %w", engine, err)
	}
	return s, nil
}

// sqlitePragmas are set on every connection: WAL so readers never wait
// for the writer; a busy timeout so that a second process (or node
// starting) waits for the lock instead of failing with SQLITE_BUSY;
// synchronous=NORMAL, which in WAL mode keeps every committed transaction
// through a crash of the process (kill -9) and may lose the last ones
// only when the whole machine loses power; foreign keys on; and
// transactions that begin with the write lock (IMMEDIATE), so that a
// read-then-write transaction never fails to upgrade its lock.
const sqlitePragmas = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate"

func openSQLite(ctx context.Context, path string, o Options) (*sqlStore, error) {
	if path == "" {
		dir, err := DefaultDir()
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("store: data folder: %w", err)
		}
		path = filepath.Join(dir, DBFile)
	}
	w, err := sql.Open("sqlite", path+sqlitePragmas)
	if err != nil {
		return nil, err
	}
	// One writer: SQLite takes one write transaction at a time anyway;
	// queueing them in the pool rather than in busy_timeout is fairer and
	// never fails.
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	r, err := sql.Open("sqlite", path+sqlitePragmas+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(4)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	h := newHub()
	s := &sqlStore{
		engine: EngineSQLite, w: w, r: r, hub: h, origin: o.Node, now: o.Now,
		bus: &memBus{hub: h, origin: o.Node},
		isUnique: func(err error) bool {
			return sqliteCode(err, sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
		},
		isFK: func(err error) bool { return sqliteCode(err, sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY) },
	}
	return s, nil
}

func sqliteCode(err error, codes ...int) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	for _, c := range codes {
		if e.Code() == c {
			return true
		}
	}
	return false
}

func pgCode(err error, code string) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == code
}
