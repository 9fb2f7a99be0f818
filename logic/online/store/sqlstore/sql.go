//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore/schema"
)

// sqlStore is the Store of both engines: one set of queries, written with
// "?" and rebound to "$n" for PostgreSQL, over database/sql.
type sqlStore struct {
	engine string
	w      *sql.DB // changes; for SQLite a pool of one connection: one writer
	r      *sql.DB // reads; for PostgreSQL the same pool as w
	hub    *store.Hub
	bus    store.Bus
	origin string
	// notify, when set (PostgreSQL), sends events inside the transaction
	// that made them (NOTIFY is delivered at commit, never for a
	// rollback); else they go to the hub after the commit.
	notify func(ctx context.Context, tx *sql.Tx, e store.Event) error
	// appendOne, when set (PostgreSQL), stores a move in the usual case
	// (the game playing at the ply before it) in one statement that is
	// its own transaction, its NOTIFY included: one round trip and one
	// commit instead of six round trips. False when the usual case does
	// not hold (nothing was changed then): the transaction in
	// AppendMove finds out what does.
	appendOne func(ctx context.Context, a store.Append, at time.Time, e store.Event) (bool, error)
	isUnique  func(error) bool // a unique or primary key violation
	isFK      func(error) bool // a foreign key violation
	closeOnce sync.Once
	closeFn   func() error // stops the listener, if any
	now       func() time.Time
}

const maxNameLen, maxMoveLen, maxResultLen = 64, 64, 200

// q rebinds a query's "?" to "$1", "$2"… for PostgreSQL. No query here
// has a "?" inside a string literal.
func (s *sqlStore) q(query string) string {
	if s.engine != store.EnginePostgres {
		return query
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// forUpdate locks the rows a SELECT reads until the transaction ends.
func (s *sqlStore) forUpdate() string {
	if s.engine == store.EnginePostgres {
		return " FOR UPDATE"
	}
	return ""
}

// migrate brings the schema to version to (SchemaVersion but in a test), in one transaction that
// other nodes starting at the same moment wait for (SQLite: BEGIN
// IMMEDIATE takes the write lock; PostgreSQL: an advisory lock), so each
// step is applied exactly once.
func (s *sqlStore) migrate(ctx context.Context, to int) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if s.engine == store.EnginePostgres {
		// 0x5348494654 is "SHIFT": one lock for the database, which also
		// serialises migrations of different schemas; they are short.
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(357895506516)"); err != nil {
			return fmt.Errorf("migration lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)`); err != nil {
		return err
	}
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return err
	}
	if have > SchemaVersion {
		return fmt.Errorf("the database's schema is version %d, newer than this program's %d: run a newer shiftago", have, SchemaVersion)
	}
	for v := have + 1; v <= to; v++ {
		for _, stmt := range strings.Split(schema.Steps[v], ";") {
			if strings.TrimSpace(stmt) == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("schema version %d: %w", v, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_version (version, applied) VALUES (?, ?)`), v, store.Millis(s.now())); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// change runs fn in a write transaction and publishes the events fn
// emitted once it is committed.
func (s *sqlStore) change(ctx context.Context, fn func(tx *sql.Tx, emit func(store.Event)) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return s.closedErr(err)
	}
	defer tx.Rollback()
	var events []store.Event
	if err := fn(tx, func(e store.Event) { e.Origin = s.origin; events = append(events, e) }); err != nil {
		return err
	}
	if s.notify != nil {
		for _, e := range events {
			if err := s.notify(ctx, tx, e); err != nil {
				return err
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if s.notify == nil {
		for _, e := range events {
			s.hub.Deliver(e)
		}
	}
	return nil
}

func (s *sqlStore) closedErr(err error) error {
	if err != nil && strings.Contains(err.Error(), "database is closed") {
		return errors.Join(store.ErrClosed, err)
	}
	return err
}

func checkName(name string) error {
	if strings.TrimSpace(name) == "" || len(name) > maxNameLen || strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return fmt.Errorf("%w: a display name is 1 to %d bytes of printable text", store.ErrInvalid, maxNameLen)
	}
	return nil
}

func (s *sqlStore) CreateGuest(ctx context.Context, name string) (store.Guest, string, error) {
	if err := checkName(name); err != nil {
		return store.Guest{}, "", err
	}
	now := store.FromMillis(store.Millis(s.now()))
	g := store.Guest{ID: newID(), Name: name, Created: now, Seen: now}
	token := newToken()
	err := s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO guests (id, name, token_hash, created, seen) VALUES (?, ?, ?, ?, ?)`),
			g.ID, g.Name, hashToken(token), store.Millis(g.Created), store.Millis(g.Seen))
		if err != nil {
			return err
		}
		g.Device, err = s.addDevice(ctx, tx, g.ID, token, "")
		return err
	})
	if err != nil {
		return store.Guest{}, "", err
	}
	return g, token, nil
}

func (s *sqlStore) guestWhere(ctx context.Context, where string, arg string) (store.Guest, error) {
	var g store.Guest
	var created, seen int64
	err := s.r.QueryRowContext(ctx, s.q(`SELECT id, name, created, seen FROM guests WHERE `+where), arg).Scan(&g.ID, &g.Name, &created, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Guest{}, store.ErrNotFound
	}
	if err != nil {
		return store.Guest{}, s.closedErr(err)
	}
	g.Created, g.Seen = store.FromMillis(created), store.FromMillis(seen)
	return g, nil
}

func (s *sqlStore) GuestByToken(ctx context.Context, token string) (store.Guest, error) {
	if token == "" || len(token) > 256 {
		return store.Guest{}, store.ErrNotFound
	}
	var g store.Guest
	var created, seen, devSeen int64
	err := s.r.QueryRowContext(ctx, s.q(`SELECT g.id, g.name, g.created, g.seen, d.id, d.seen FROM devices d JOIN guests g ON g.id = d.guest
		WHERE d.token_hash = ?`), hashToken(token)).Scan(&g.ID, &g.Name, &created, &seen, &g.Device, &devSeen)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Guest{}, store.ErrNotFound // no such token, or its device was revoked
	}
	if err != nil {
		return store.Guest{}, s.closedErr(err)
	}
	g.Created, g.Seen = store.FromMillis(created), store.FromMillis(seen)
	s.deviceSeen(ctx, g.Device, store.FromMillis(devSeen))
	// The token was used: the guest is seen, and kept from PurgeGuests.
	// Written at most once a SeenEvery, so that the hot path (every API
	// request, every hello) stays a read.
	now := s.now()
	if now.Sub(g.Seen) >= store.SeenEvery {
		g.Seen = store.FromMillis(store.Millis(now))
		// A failed write only leaves the guest looking older; the
		// lookup itself succeeded.
		_, _ = s.w.ExecContext(ctx, s.q(`UPDATE guests SET seen = ? WHERE id = ? AND seen < ?`), store.Millis(g.Seen), g.ID, store.Millis(g.Seen))
	}
	return g, nil
}

// PurgeGuests deletes, at most limit at a time, the guests not seen
// since before that hold no seat in any game and created none: a guest
// made by a visit that never played, or a flood of them. A guest who
// plays keeps its seats, so it is never purged.
func (s *sqlStore) PurgeGuests(ctx context.Context, before time.Time, limit int) (int, error) {
	var n int64
	err := s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		// The outer seen < ? is checked again on the row being deleted
		// (PostgreSQL rereads a row updated meanwhile), so a guest whose
		// token is used while this runs stays.
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM guests WHERE seen < ? AND id IN (
			SELECT id FROM guests g WHERE g.seen < ? AND g.created < ?
			AND NOT EXISTS (SELECT 1 FROM seats WHERE seats.guest = g.id)
			AND NOT EXISTS (SELECT 1 FROM games WHERE games.creator = g.id)
			LIMIT ?)`), store.Millis(before), store.Millis(before), store.Millis(before), limitOf(limit))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

func (s *sqlStore) Guest(ctx context.Context, id string) (store.Guest, error) {
	return s.guestWhere(ctx, "id = ?", id)
}

func (s *sqlStore) RenameGuest(ctx context.Context, id, name string) (store.Guest, error) {
	if err := checkName(name); err != nil {
		return store.Guest{}, err
	}
	err := s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		return mustOne(tx.ExecContext(ctx, s.q(`UPDATE guests SET name = ? WHERE id = ?`), name, id))
	})
	if err != nil {
		return store.Guest{}, err
	}
	return s.Guest(ctx, id)
}

// texts reads the one text column of a query's rows (ids, mostly).
func (s *sqlStore) texts(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.r.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, s.closedErr(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// mustOne turns "no row changed" into ErrNotFound.
func mustOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

const gameCols = `id, code, code_expires, spectator, creator, setup, status, result, ply, version, to_move_seat, deadline, COALESCE(rematch_of, ''), created, updated`

type scanner interface{ Scan(...any) error }

func scanGame(row scanner) (store.Game, error) {
	var g store.Game
	var setup string
	var deadline, created, updated, codeExpires int64
	err := row.Scan(&g.ID, &g.Code, &codeExpires, &g.Spectator, &g.Creator, &setup, &g.Status, &g.Result, &g.Ply, &g.Version,
		&g.ToMoveSeat, &deadline, &g.RematchOf, &created, &updated)
	if err != nil {
		return store.Game{}, err
	}
	if g.Setup, err = store.ParseSetup(setup); err != nil {
		return store.Game{}, fmt.Errorf("game %s: stored %w", g.ID, err)
	}
	g.Deadline, g.Created, g.Updated, g.CodeExpires = store.FromMillis(deadline), store.FromMillis(created), store.FromMillis(updated), store.FromMillis(codeExpires)
	return g, nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// snapshot runs read on one consistent view of the database. A game's
// row and its seats are two queries, and read apart they can straddle a
// write: the last seat taken in the seats but the game still "open" in
// its row, at its old version (a server that trusted such a read never
// told its players the game had started). SQLite's deferred read
// transaction sees the database as of its first read (WAL); PostgreSQL
// needs REPEATABLE READ for that, its default giving each statement its
// own snapshot.
func (s *sqlStore) snapshot(ctx context.Context, read func(tx *sql.Tx) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.engine == store.EnginePostgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.r.BeginTx(ctx, opts)
	if err != nil {
		return s.closedErr(err)
	}
	defer tx.Rollback() // read-only: nothing to commit
	return read(tx)
}

// gameOne reads one game and its seats in one snapshot.
func (s *sqlStore) gameOne(ctx context.Context, where string, args ...any) (g store.Game, err error) {
	err = s.snapshot(ctx, func(tx *sql.Tx) error {
		g, err = s.gameWhere(ctx, tx, where, args...)
		return err
	})
	return g, err
}

// gameWhere reads one game and its seats through db (a transaction, or a
// pool when a torn read does not matter).
func (s *sqlStore) gameWhere(ctx context.Context, db querier, where string, args ...any) (store.Game, error) {
	g, err := scanGame(db.QueryRowContext(ctx, s.q(`SELECT `+gameCols+` FROM games WHERE `+where), args...))
	if errors.Is(err, sql.ErrNoRows) {
		return store.Game{}, store.ErrNotFound
	}
	if err != nil {
		return store.Game{}, s.closedErr(err)
	}
	gs := []*store.Game{&g}
	if err := s.loadSeats(ctx, db, gs); err != nil {
		return store.Game{}, err
	}
	return g, nil
}

// loadSeats fills in the seats of games, in one query.
func (s *sqlStore) loadSeats(ctx context.Context, db querier, games []*store.Game) error {
	if len(games) == 0 {
		return nil
	}
	byID := make(map[string]*store.Game, len(games))
	args := make([]any, len(games))
	for i, g := range games {
		byID[g.ID] = g
		args[i] = g.ID
		g.Seats = g.Seats[:0]
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(games)), ", ")
	rows, err := db.QueryContext(ctx, s.q(`SELECT game, idx, kind, level, guest, connected FROM seats WHERE game IN (`+marks+`) ORDER BY game, idx`), args...)
	if err != nil {
		return s.closedErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var st store.Seat
		var conn int
		if err := rows.Scan(&id, &st.Index, &st.Kind, &st.Level, &st.Guest, &conn); err != nil {
			return err
		}
		st.Connected = conn != 0
		byID[id].Seats = append(byID[id].Seats, st)
	}
	return rows.Err()
}

func (s *sqlStore) Game(ctx context.Context, id string) (store.Game, error) {
	return s.gameOne(ctx, "id = ?", id)
}

func (s *sqlStore) GameByCode(ctx context.Context, code string) (store.Game, error) {
	code = store.NormalizeCode(code)
	if !store.ValidCode(code) {
		return store.Game{}, store.ErrNotFound
	}
	// A code past its time opens nothing: the fewer live codes, the less
	// a guess can hit. A game that filled keeps its code until then (its
	// seats are held: a join gets none), so that its invite, opened late,
	// can offer to watch it; the guess arithmetic (README) counts every
	// code of a day's games already.
	return s.gameOne(ctx, "code = ? AND code_expires > ?", code, store.Millis(s.now()))
}

func (s *sqlStore) GameBySpectator(ctx context.Context, spectator string) (store.Game, error) {
	return s.gameOne(ctx, "spectator = ?", spectator)
}

func (s *sqlStore) RematchOf(ctx context.Context, old string) (store.Game, error) {
	return s.gameOne(ctx, "rematch_of = ?", old)
}

// checkSeats refuses seats that do not fit the setup.
func checkSeats(st store.Setup, seats []store.Seat) error {
	if len(seats) != st.Players {
		return fmt.Errorf("%w: %d seats for %d players", store.ErrInvalid, len(seats), st.Players)
	}
	for i, se := range seats {
		switch {
		case se.Kind > store.SeatComputer:
			return fmt.Errorf("%w: seat %d: unknown kind %d", store.ErrInvalid, i, se.Kind)
		case se.Kind == store.SeatComputer && (se.Level < 1 || se.Level > 99 || se.Guest != ""):
			return fmt.Errorf("%w: seat %d: a computer seat needs a level 1 to 99 and no guest", store.ErrInvalid, i)
		case se.Kind == store.SeatHotSeat && se.Guest == "":
			return fmt.Errorf("%w: seat %d: a hot-seat seat belongs to the guest whose device it is on", store.ErrInvalid, i)
		case len(se.Guest) > 64:
			return fmt.Errorf("%w: seat %d: guest id too long", store.ErrInvalid, i)
		}
	}
	return nil
}

// openRemote counts remote seats nobody holds yet.
func openRemote(seats []store.Seat) int {
	n := 0
	for _, se := range seats {
		if se.Kind == store.SeatRemote && se.Guest == "" {
			n++
		}
	}
	return n
}

func (s *sqlStore) CreateGame(ctx context.Context, ng store.NewGame) (store.Game, error) {
	if err := ng.Setup.Validate(); err != nil {
		return store.Game{}, err
	}
	if err := checkSeats(ng.Setup, ng.Seats); err != nil {
		return store.Game{}, err
	}
	if ng.ToMoveSeat < 0 || ng.ToMoveSeat >= ng.Setup.Players {
		return store.Game{}, fmt.Errorf("%w: seat to move %d of %d", store.ErrInvalid, ng.ToMoveSeat, ng.Setup.Players)
	}
	now := store.FromMillis(store.Millis(s.now()))
	g := store.Game{
		ID: newID(), Spectator: newID(), Creator: ng.Creator, Setup: ng.Setup,
		Status: store.StatusOpen, Version: 1, ToMoveSeat: ng.ToMoveSeat, Deadline: store.FromMillis(store.Millis(ng.Deadline)),
		RematchOf: ng.RematchOf, Created: now, Updated: now,
	}
	for i, se := range ng.Seats {
		se.Index, se.Connected = i, false
		g.Seats = append(g.Seats, se)
	}
	if openRemote(g.Seats) == 0 {
		g.Status = store.StatusPlaying
		if g.Deadline.IsZero() && g.Setup.FirstMoveTime() > 0 {
			g.Deadline = now.Add(g.Setup.FirstMoveTime())
		}
	} else {
		// Only a game with a free seat has a code that opens anything.
		ttl := ng.CodeTTL
		if ttl <= 0 {
			ttl = store.DefaultCodeTTL
		}
		g.CodeExpires = now.Add(ttl)
	}
	var rematch any // NULL when none: the unique key allows many NULLs
	if g.RematchOf != "" {
		rematch = g.RematchOf
	}
	for attempt := 0; ; attempt++ {
		g.Code = newCode()
		err := s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
			return s.insertGame(ctx, tx, emit, g, rematch)
		})
		switch {
		case err == nil:
			return g, nil
		case s.isFK(err):
			return store.Game{}, fmt.Errorf("%w: no such creator guest or rematch game", store.ErrInvalid)
		case s.isUnique(err) && g.RematchOf != "" && s.rematchExists(ctx, g.RematchOf):
			return store.Game{}, store.ErrRematchExists
		case s.isUnique(err) && attempt < 5:
			continue // a join code drawn twice: draw again
		}
		return store.Game{}, err
	}
}

// insertGame writes a new game and its seats in tx.
func (s *sqlStore) insertGame(ctx context.Context, tx *sql.Tx, emit func(store.Event), g store.Game, rematch any) error {
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, code, code_expires, spectator, creator, setup, status, result, ply, version, to_move_seat, deadline, rematch_of, created, updated, public)
		VALUES (?, ?, ?, ?, ?, ?, ?, '', 0, 1, ?, ?, ?, ?, ?, ?)`),
		g.ID, g.Code, store.Millis(g.CodeExpires), g.Spectator, g.Creator, g.Setup.JSON(), g.Status, g.ToMoveSeat, store.Millis(g.Deadline), rematch, store.Millis(g.Created), store.Millis(g.Created), boolInt(g.Setup.Public))
	if err != nil {
		return err
	}
	if g.Setup.Rated { // ratings_due: RatingsDue
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO ratings_due (game) VALUES (?)`), g.ID); err != nil {
			return err
		}
	}
	for _, se := range g.Seats {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO seats (game, idx, kind, level, guest, connected) VALUES (?, ?, ?, ?, ?, 0)`),
			g.ID, se.Index, se.Kind, se.Level, se.Guest); err != nil {
			return err
		}
	}
	if err := s.markComputerSeats(ctx, tx, g); err != nil { // computer_due: ComputerDue
		return err
	}
	emit(store.Event{Game: g.ID, Kind: store.EventCreated, Version: 1})
	return nil
}

func (s *sqlStore) rematchExists(ctx context.Context, old string) bool {
	_, err := s.RematchOf(ctx, old)
	return err == nil
}

// bumpVersion moves a game to its next version if it is still at
// version, and reports ErrStale or ErrNotFound if not.
func (s *sqlStore) bumpVersion(ctx context.Context, tx *sql.Tx, game string, version int64, set string, args ...any) error {
	all := append(args, store.Millis(s.now()), game, version)
	err := mustOne(tx.ExecContext(ctx, s.q(`UPDATE games SET `+set+`version = version + 1, updated = ? WHERE id = ? AND version = ?`), all...))
	if errors.Is(err, store.ErrNotFound) {
		var v int64
		if e := tx.QueryRowContext(ctx, s.q(`SELECT version FROM games WHERE id = ?`), game).Scan(&v); e == nil {
			return store.ErrStale
		}
	}
	return err
}

func (s *sqlStore) TakeSeat(ctx context.Context, game string, seat int, guest string) (store.Game, error) {
	if guest == "" || len(guest) > 64 {
		return store.Game{}, fmt.Errorf("%w: no guest", store.ErrInvalid)
	}
	var g store.Game
	err := s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		var err error
		// Lock the game's row (PostgreSQL; SQLite's IMMEDIATE transaction
		// holds the whole database already): two guests taking the last
		// two seats at once must each see the other's seat taken, or
		// neither would start the game.
		if g, err = s.gameWhere(ctx, tx, "id = ?"+s.forUpdate(), game); err != nil {
			return err
		}
		if g.Status != store.StatusOpen || seat < 0 || seat >= len(g.Seats) {
			return store.ErrSeatTaken
		}
		// The WHERE is the guard between two guests racing: the second
		// UPDATE finds the seat held and changes nothing.
		err = mustOne(tx.ExecContext(ctx, s.q(`UPDATE seats SET guest = ? WHERE game = ? AND idx = ? AND kind = ? AND guest = ''`),
			guest, game, seat, store.SeatRemote))
		if errors.Is(err, store.ErrNotFound) {
			return store.ErrSeatTaken
		}
		if err != nil {
			return err
		}
		g.Seats[seat].Guest = guest
		set, args := "", []any(nil)
		if openRemote(g.Seats) == 0 {
			// Full: the code opens no seat any more, but still finds the
			// game until it expires (GameByCode), for a late invite.
			g.Status = store.StatusPlaying
			set, args = "status = ?, ", []any{store.StatusPlaying}
			if g.Deadline.IsZero() && g.Setup.FirstMoveTime() > 0 {
				g.Deadline = store.FromMillis(store.Millis(s.now().Add(g.Setup.FirstMoveTime())))
				set, args = set+"deadline = ?, ", append(args, store.Millis(g.Deadline))
			}
		}
		if err := s.bumpVersion(ctx, tx, game, g.Version, set, args...); err != nil {
			return err
		}
		g.Version++
		emit(store.Event{Game: game, Kind: store.EventSeat, Ply: g.Ply, Version: g.Version})
		return nil
	})
	if err != nil {
		return store.Game{}, err
	}
	return s.Game(ctx, game)
}

func (s *sqlStore) ReplaceSeat(ctx context.Context, game string, version int64, se store.Seat) (store.Game, error) {
	if err := checkSeats(store.Setup{Players: 1}, []store.Seat{se}); err != nil {
		return store.Game{}, err
	}
	err := s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		if err := s.bumpVersion(ctx, tx, game, version, ""); err != nil {
			return err
		}
		err := mustOne(tx.ExecContext(ctx, s.q(`UPDATE seats SET kind = ?, level = ?, guest = ?, connected = ? WHERE game = ? AND idx = ?`),
			se.Kind, se.Level, se.Guest, boolInt(se.Connected), game, se.Index))
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("%w: no seat %d", store.ErrInvalid, se.Index)
		}
		emit(store.Event{Game: game, Kind: store.EventSeat, Version: version + 1})
		return err
	})
	if err != nil {
		return store.Game{}, err
	}
	return s.Game(ctx, game)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *sqlStore) SetConnected(ctx context.Context, game string, seat int, connected bool) error {
	return s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		err := mustOne(tx.ExecContext(ctx, s.q(`UPDATE seats SET connected = ? WHERE game = ? AND idx = ?`), boolInt(connected), game, seat))
		emit(store.Event{Game: game, Kind: store.EventSeat})
		return err
	})
}

func (s *sqlStore) SetStatus(ctx context.Context, game string, version int64, st store.Status, result string) (store.Game, error) {
	if st == store.StatusNone || st > store.StatusAbandoned || len(result) > maxResultLen {
		return store.Game{}, fmt.Errorf("%w: status %d with a result of %d bytes", store.ErrInvalid, st, len(result))
	}
	err := s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		set := "status = ?, result = ?, "
		args := []any{st, result}
		if st == store.StatusFinished || st == store.StatusAbandoned {
			set += "to_move_seat = -1, deadline = 0, "
		}
		if err := s.bumpVersion(ctx, tx, game, version, set, args...); err != nil {
			return err
		}
		emit(store.Event{Game: game, Kind: store.EventStatus, Version: version + 1})
		return nil
	})
	if err != nil {
		return store.Game{}, err
	}
	return s.Game(ctx, game)
}

func (s *sqlStore) AppendMove(ctx context.Context, a store.Append) (store.Move, error) {
	if a.Ply < 1 || a.Move == "" || len(a.Move) > maxMoveLen || len(a.By) > 64 || len(a.Result) > maxResultLen || a.Status > store.StatusAbandoned {
		return store.Move{}, fmt.Errorf("%w: move %q at ply %d", store.ErrInvalid, a.Move, a.Ply)
	}
	at := a.At
	if at.IsZero() {
		at = s.now()
	}
	m := store.Move{Game: a.Game, Ply: a.Ply, Move: a.Move, By: a.By, At: store.FromMillis(store.Millis(at))}
	ev := store.Event{Game: a.Game, Kind: store.EventMove, Ply: a.Ply, Origin: s.origin, Moved: movedOf(a, m.At)}
	if s.appendOne != nil {
		ok, err := s.appendOne(ctx, a, m.At, ev)
		if err != nil {
			return store.Move{}, s.closedErr(err)
		}
		if ok {
			return m, nil
		}
	}
	var stored store.Move
	raced := false // lost the insert to another node's (PostgreSQL)
	err := s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		var ply int
		var st store.Status
		var version int64
		// Lock the game's row (PostgreSQL; SQLite's IMMEDIATE transaction
		// holds the whole database already). Without it, under READ
		// COMMITTED every statement sees its own snapshot: a takeback
		// committing between this SELECT and moveAt below deleted the
		// move the SELECT's ply promised, and a resent move got
		// ErrNotFound instead of its stored copy.
		err := tx.QueryRowContext(ctx, s.q(`SELECT ply, status, version FROM games WHERE id = ?`+s.forUpdate()), a.Game).Scan(&ply, &st, &version)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		switch {
		case a.Ply <= ply:
			// Read the stored move in this transaction: after it, a
			// takeback could delete it.
			if stored, err = s.moveAt(ctx, tx, a.Game, a.Ply); err != nil {
				return err
			}
			return store.ErrPlyTaken
		case a.Ply > ply+1:
			return fmt.Errorf("%w: ply %d after %d", store.ErrPlyGap, a.Ply, ply)
		case st != store.StatusPlaying:
			return store.ErrNotPlaying
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO moves (game, ply, move, by_guest, at) VALUES (?, ?, ?, ?, ?)`),
			a.Game, a.Ply, a.Move, a.By, store.Millis(m.At)); err != nil {
			if s.isUnique(err) {
				raced = true
				return store.ErrPlyTaken
			}
			return err
		}
		set := "ply = ?, to_move_seat = ?, deadline = ?, version = version + 1, updated = ?"
		args := []any{a.Ply, a.ToMoveSeat, store.Millis(a.Deadline), store.Millis(s.now())}
		if a.Status != store.StatusNone {
			set += ", status = ?, result = ?"
			args = append(args, a.Status, a.Result)
		}
		// "AND ply = ?" keeps a takeback that committed between the SELECT
		// and the INSERT from being overwritten.
		args = append(args, a.Game, ply)
		err = mustOne(tx.ExecContext(ctx, s.q(`UPDATE games SET `+set+` WHERE id = ? AND ply = ?`), args...))
		if errors.Is(err, store.ErrNotFound) {
			return store.ErrStale
		}
		if err != nil {
			return err
		}
		ev.Version = version + 1
		emit(ev)
		return nil
	})
	if raced {
		// PostgreSQL aborts the transaction on the key violation: read
		// the winner's move afresh. Gone already, it was taken back.
		var rerr error
		if stored, rerr = s.moveAt(ctx, s.r, a.Game, a.Ply); errors.Is(rerr, store.ErrNotFound) {
			return store.Move{}, store.ErrStale
		} else if rerr != nil {
			return store.Move{}, rerr
		}
	}
	if errors.Is(err, store.ErrPlyTaken) {
		return stored, err
	}
	if err != nil {
		return store.Move{}, err
	}
	return m, nil
}

func (s *sqlStore) moveAt(ctx context.Context, db querier, game string, ply int) (store.Move, error) {
	ms, err := s.moves(ctx, db, `game = ? AND ply = ?`, game, ply)
	if err != nil {
		return store.Move{}, err
	}
	if len(ms) == 0 {
		return store.Move{}, store.ErrNotFound
	}
	return ms[0], nil
}

func (s *sqlStore) moves(ctx context.Context, db querier, where string, args ...any) ([]store.Move, error) {
	rows, err := db.QueryContext(ctx, s.q(`SELECT game, ply, move, by_guest, at FROM moves WHERE `+where+` ORDER BY ply`), args...)
	if err != nil {
		return nil, s.closedErr(err)
	}
	defer rows.Close()
	var out []store.Move
	for rows.Next() {
		var m store.Move
		var at int64
		if err := rows.Scan(&m.Game, &m.Ply, &m.Move, &m.By, &at); err != nil {
			return nil, err
		}
		m.At = store.FromMillis(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

func (s *sqlStore) Moves(ctx context.Context, game string, after int) ([]store.Move, error) {
	out, err := s.moves(ctx, s.r, `game = ? AND ply > ?`, game, after)
	if err == nil && len(out) == 0 {
		if _, err := s.Game(ctx, game); err != nil {
			return nil, err
		}
	}
	return out, err
}

func (s *sqlStore) Takeback(ctx context.Context, t store.Takeback) (store.Game, error) {
	if t.Ply < 0 || t.ToMoveSeat < -1 || t.ToMoveSeat > 3 {
		return store.Game{}, fmt.Errorf("%w: takeback to ply %d", store.ErrInvalid, t.Ply)
	}
	err := s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		var ply int
		// Locked like AppendMove's, so the ply checked is the ply changed.
		err := tx.QueryRowContext(ctx, s.q(`SELECT ply FROM games WHERE id = ?`+s.forUpdate()), t.Game).Scan(&ply)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if t.Ply > ply {
			return fmt.Errorf("%w: takeback to ply %d of %d", store.ErrInvalid, t.Ply, ply)
		}
		if err := s.bumpVersion(ctx, tx, t.Game, t.Version, "ply = ?, to_move_seat = ?, deadline = ?, ", t.Ply, t.ToMoveSeat, store.Millis(t.Deadline)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM moves WHERE game = ? AND ply > ?`), t.Game, t.Ply); err != nil {
			return err
		}
		emit(store.Event{Game: t.Game, Kind: store.EventTakeback, Ply: t.Ply, Version: t.Version + 1})
		return nil
	})
	if err != nil {
		return store.Game{}, err
	}
	return s.Game(ctx, t.Game)
}

// games reads a list of games and their seats in one snapshot.
func (s *sqlStore) games(ctx context.Context, query string, args ...any) (out []store.Game, err error) {
	err = s.snapshot(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.q(query), args...)
		if err != nil {
			return s.closedErr(err)
		}
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				rows.Close()
				return err
			}
			out = append(out, g)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		ptrs := make([]*store.Game, len(out))
		for i := range out {
			ptrs[i] = &out[i]
		}
		return s.loadSeats(ctx, tx, ptrs)
	})
	return out, err
}

func limitOf(n int) int {
	if n <= 0 || n > 1000 {
		return 100
	}
	return n
}

func (s *sqlStore) GamesOf(ctx context.Context, guest string, limit int) ([]store.Game, error) {
	// grp: 0 the guest's turn, 1 other playing games, 2 open, 3 the rest.
	return s.games(ctx, `SELECT `+gameCols+` FROM (
		SELECT g.*, CASE
			WHEN g.status = ? AND EXISTS (SELECT 1 FROM seats t WHERE t.game = g.id AND t.idx = g.to_move_seat AND t.guest = ?) THEN 0
			WHEN g.status = ? THEN 1
			WHEN g.status = ? THEN 2
			ELSE 3 END AS grp
		FROM games g WHERE g.id IN (SELECT game FROM seats WHERE guest = ?)) x
		ORDER BY grp, CASE WHEN grp = 0 AND deadline > 0 THEN deadline ELSE 9223372036854775807 END, updated DESC, id
		LIMIT ?`,
		store.StatusPlaying, guest, store.StatusPlaying, store.StatusOpen, guest, limitOf(limit))
}

func (s *sqlStore) Expired(ctx context.Context, now time.Time, limit int) ([]store.Game, error) {
	return s.games(ctx, `SELECT `+gameCols+` FROM games WHERE status = ? AND deadline > 0 AND deadline <= ? ORDER BY deadline, id LIMIT ?`,
		store.StatusPlaying, store.Millis(now), limitOf(limit))
}

// Ping asks the read pool (never the writer: for SQLite a ping queued
// behind the one writer's commits would measure them, not whether the
// database answers) for SELECT 1, a real round trip on PostgreSQL.
func (s *sqlStore) Ping(ctx context.Context) error {
	var one int
	return s.closedErr(s.r.QueryRowContext(ctx, "SELECT 1").Scan(&one))
}

func (s *sqlStore) Bus() store.Bus { return s.bus }
func (s *sqlStore) Engine() string { return s.engine }

func (s *sqlStore) Close() error {
	var err error
	s.closeOnce.Do(func() {
		if s.closeFn != nil {
			err = s.closeFn()
		}
		s.hub.Close()
		err = errors.Join(err, s.w.Close())
		if s.r != s.w {
			err = errors.Join(err, s.r.Close())
		}
	})
	return err
}

// movedOf is what an EventMove tells of the move a stored at at.
func movedOf(a store.Append, at time.Time) *store.Moved {
	return &store.Moved{Move: a.Move, By: a.By, At: store.Millis(at), ToMoveSeat: a.ToMoveSeat, Deadline: store.Millis(a.Deadline), Status: a.Status, Result: a.Result}
}
