//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore/schema"

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
// brings its schema up to date. "" is SQLite in DefaultDir (MakeDataDir:
// 0700). A SQLite file is 0600, and so are its -wal and -shm files.
func Open(ctx context.Context, dsn string) (store.Store, error) {
	return OpenWith(ctx, dsn, Options{})
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, dsn string, o Options) (store.Store, error) {
	return openAt(ctx, dsn, o, SchemaVersion)
}

// openAt opens dsn and brings its schema to version (a test of one
// migration step stops before it).
func openAt(ctx context.Context, dsn string, o Options, version int) (store.Store, error) {
	engine, target, err := store.ParseDSN(dsn)
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
	if engine == store.EnginePostgres {
		s, err = openPostgres(ctx, target, o)
	} else {
		s, err = openSQLite(ctx, target, o)
	}
	if err != nil {
		return nil, err
	}
	if err := s.migrate(ctx, version); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: migrating %s: %w", engine, err)
	}
	return s, nil
}

// sqlitePragmas are set on every connection: a busy timeout so that a
// second process (or node starting) waits for the lock instead of failing
// with SQLITE_BUSY; synchronous=NORMAL, which in WAL mode keeps every
// committed transaction through a crash of the process (kill -9) and may
// lose the last ones only when the whole machine loses power; foreign
// keys on; and transactions that begin with the write lock (IMMEDIATE),
// so that a read-then-write transaction never fails to upgrade its lock.
// WAL (readers never wait for the writer) is not among them: it is
// persistent, set once per file by useWAL.
const sqlitePragmas = "?_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate"

// useWAL switches the database file to WAL mode, once, before any pool
// opens it. Switching takes the exclusive lock from inside a read
// transaction, where SQLite never calls the busy handler: two nodes
// switching a new file at once got an immediate SQLITE_BUSY, busy_timeout
// or not. So the switch is retried here until it succeeds or ctx ends
// (at most 10 s, the busy timeout); a file already in WAL mode returns at
// once.
func useWAL(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", path+sqlitePragmas)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	wait := time.Millisecond
	for {
		var mode string
		err := db.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode)
		switch {
		case err == nil && mode == "wal":
			return nil
		case err == nil:
			return fmt.Errorf("journal mode %q, want wal", mode)
		case !isBusy(err):
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (waited %v)", err, 10*time.Second)
		case <-time.After(wait):
		}
		wait = min(2*wait, 100*time.Millisecond)
	}
}

func openSQLite(ctx context.Context, path string, o Options) (*sqlStore, error) {
	if path == "" {
		dir, err := store.DefaultDir()
		if err != nil {
			return nil, err
		}
		if err := store.MakeDataDir(dir); err != nil {
			return nil, fmt.Errorf("store: data folder: %w", err)
		}
		path = filepath.Join(dir, store.DBFile)
	}
	if err := privateFile(path); err != nil {
		return nil, fmt.Errorf("store: database file: %w", err)
	}
	if err := useWAL(ctx, path); err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	// The writer never checkpoints (wal_autocheckpoint 0): its commit
	// that crossed 1,000 pages of WAL copied them into the database file
	// and waited for the disk, and every move queued behind it. The
	// checkpointer does it beside the writer instead.
	w, err := sql.Open("sqlite", path+sqlitePragmas+"&_pragma=wal_autocheckpoint(0)")
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
	ck, err := sql.Open("sqlite", path+sqlitePragmas)
	if err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	ck.SetMaxOpenConns(1)
	ckCtx, stopCk := context.WithCancel(context.Background())
	ckDone := make(chan struct{})
	go checkpoints(ckCtx, ck, ckDone)
	h := store.NewHub()
	s := &sqlStore{
		engine: store.EngineSQLite, w: w, r: r, hub: h, origin: o.Node, now: o.Now,
		closeFn: func() error {
			stopCk()
			<-ckDone
			return ck.Close()
		},
		bus: &memBus{hub: h, origin: o.Node},
		isUnique: func(err error) bool {
			return sqliteCode(err, sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
		},
		isFK: func(err error) bool { return sqliteCode(err, sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY) },
	}
	return s, nil
}

// checkpointEvery is how often the checkpointer copies the WAL into the
// database file. A passive checkpoint never takes the write lock, so
// commits go on meanwhile; the writer starts the WAL over once a
// checkpoint has copied all of it, which keeps the file small.
const checkpointEvery = 250 * time.Millisecond

// checkpoints runs passive checkpoints on db until ctx ends. A commit's
// time no longer includes the copy and the disk's flush (measured on this
// machine's ext4, 20,000 commits: p99 0.24-1.4 ms instead of 0.43-4.4 ms).
func checkpoints(ctx context.Context, db *sql.DB, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			// A failure (the disk full, say) is tried again at the next
			// tick; the WAL keeps every commit meanwhile.
			db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
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

// isBusy: SQLITE_BUSY, or one of its extended codes (BUSY_RECOVERY,
// BUSY_SNAPSHOT…), whose low byte is SQLITE_BUSY.
func isBusy(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_BUSY
}

// privateFile creates the SQLite file path with mode 0600 if it is not
// there, and makes an existing one (and its -wal and -shm files) 0600.
// SQLite gives the -wal and -shm files it creates the main file's mode,
// so they follow.
func privateFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// SchemaVersion is the newest schema this program knows (schema.Version).
const SchemaVersion = schema.Version
