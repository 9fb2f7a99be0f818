//go:build !js

package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// sqlStore is the Store of both engines: one set of queries, written with
// "?" and rebound to "$n" for PostgreSQL, over database/sql.
type sqlStore struct {
	engine string
	w      *sql.DB // changes; for SQLite a pool of one connection: one writer
	r      *sql.DB // reads; for PostgreSQL the same pool as w
	hub    *hub
	bus    Bus
	origin string
	// notify, when set (PostgreSQL), sends events inside the transaction
	// that made them (NOTIFY is delivered at commit, never for a
	// rollback); else they go to the hub after the commit.
	notify func(ctx context.Context, tx *sql.Tx, e Event) error
	// appendOne, when set (PostgreSQL), stores a move in the usual case
	// (the game playing at the ply before it) in one statement that is
	// its own transaction, its NOTIFY included: one round trip and one
	// commit instead of six round trips. False when the usual case does
	// not hold (nothing was changed then): the transaction in
	// AppendMove finds out what does.
	appendOne func(ctx context.Context, a Append, at time.Time, e Event) (bool, error)
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
	if s.engine != EnginePostgres {
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
	if s.engine == EnginePostgres {
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
	if s.engine == EnginePostgres {
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
		for _, stmt := range strings.Split(migrations[v], ";") {
			if strings.TrimSpace(stmt) == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("schema version %d: %w", v, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_version (version, applied) VALUES (?, ?)`), v, ms(s.now())); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// change runs fn in a write transaction and publishes the events fn
// emitted once it is committed.
func (s *sqlStore) change(ctx context.Context, fn func(tx *sql.Tx, emit func(Event)) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return s.closedErr(err)
	}
	defer tx.Rollback()
	var events []Event
	if err := fn(tx, func(e Event) { e.Origin = s.origin; events = append(events, e) }); err != nil {
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
			s.hub.deliver(e)
		}
	}
	return nil
}

func (s *sqlStore) closedErr(err error) error {
	if err != nil && strings.Contains(err.Error(), "database is closed") {
		return errors.Join(ErrClosed, err)
	}
	return err
}

func checkName(name string) error {
	if strings.TrimSpace(name) == "" || len(name) > maxNameLen || strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return fmt.Errorf("%w: a display name is 1 to %d bytes of printable text", ErrInvalid, maxNameLen)
	}
	return nil
}

func (s *sqlStore) CreateGuest(ctx context.Context, name string) (Guest, string, error) {
	if err := checkName(name); err != nil {
		return Guest{}, "", err
	}
	now := fromMS(ms(s.now()))
	g := Guest{ID: newID(), Name: name, Created: now, Seen: now}
	token := newToken()
	err := s.change(ctx, func(tx *sql.Tx, _ func(Event)) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO guests (id, name, token_hash, created, seen) VALUES (?, ?, ?, ?, ?)`),
			g.ID, g.Name, hashToken(token), ms(g.Created), ms(g.Seen))
		if err != nil {
			return err
		}
		g.Device, err = s.addDevice(ctx, tx, g.ID, token, "")
		return err
	})
	if err != nil {
		return Guest{}, "", err
	}
	return g, token, nil
}

func (s *sqlStore) guestWhere(ctx context.Context, where string, arg string) (Guest, error) {
	var g Guest
	var created, seen int64
	err := s.r.QueryRowContext(ctx, s.q(`SELECT id, name, created, seen FROM guests WHERE `+where), arg).Scan(&g.ID, &g.Name, &created, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return Guest{}, ErrNotFound
	}
	if err != nil {
		return Guest{}, s.closedErr(err)
	}
	g.Created, g.Seen = fromMS(created), fromMS(seen)
	return g, nil
}

func (s *sqlStore) GuestByToken(ctx context.Context, token string) (Guest, error) {
	if token == "" || len(token) > 256 {
		return Guest{}, ErrNotFound
	}
	var g Guest
	var created, seen, devSeen int64
	err := s.r.QueryRowContext(ctx, s.q(`SELECT g.id, g.name, g.created, g.seen, d.id, d.seen FROM devices d JOIN guests g ON g.id = d.guest
		WHERE d.token_hash = ?`), hashToken(token)).Scan(&g.ID, &g.Name, &created, &seen, &g.Device, &devSeen)
	if errors.Is(err, sql.ErrNoRows) {
		return Guest{}, ErrNotFound // no such token, or its device was revoked
	}
	if err != nil {
		return Guest{}, s.closedErr(err)
	}
	g.Created, g.Seen = fromMS(created), fromMS(seen)
	s.deviceSeen(ctx, g.Device, fromMS(devSeen))
	// The token was used: the guest is seen, and kept from PurgeGuests.
	// Written at most once a SeenEvery, so that the hot path (every API
	// request, every hello) stays a read.
	now := s.now()
	if now.Sub(g.Seen) >= SeenEvery {
		g.Seen = fromMS(ms(now))
		// A failed write only leaves the guest looking older; the
		// lookup itself succeeded.
		_, _ = s.w.ExecContext(ctx, s.q(`UPDATE guests SET seen = ? WHERE id = ? AND seen < ?`), ms(g.Seen), g.ID, ms(g.Seen))
	}
	return g, nil
}

// PurgeGuests deletes, at most limit at a time, the guests not seen
// since before that hold no seat in any game and created none: a guest
// made by a visit that never played, or a flood of them. A guest who
// plays keeps its seats, so it is never purged.
func (s *sqlStore) PurgeGuests(ctx context.Context, before time.Time, limit int) (int, error) {
	var n int64
	err := s.change(ctx, func(tx *sql.Tx, _ func(Event)) error {
		// The outer seen < ? is checked again on the row being deleted
		// (PostgreSQL rereads a row updated meanwhile), so a guest whose
		// token is used while this runs stays.
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM guests WHERE seen < ? AND id IN (
			SELECT id FROM guests g WHERE g.seen < ? AND g.created < ?
			AND NOT EXISTS (SELECT 1 FROM seats WHERE seats.guest = g.id)
			AND NOT EXISTS (SELECT 1 FROM games WHERE games.creator = g.id)
			LIMIT ?)`), ms(before), ms(before), ms(before), limitOf(limit))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

func (s *sqlStore) Guest(ctx context.Context, id string) (Guest, error) {
	return s.guestWhere(ctx, "id = ?", id)
}

func (s *sqlStore) RenameGuest(ctx context.Context, id, name string) (Guest, error) {
	if err := checkName(name); err != nil {
		return Guest{}, err
	}
	err := s.change(ctx, func(tx *sql.Tx, _ func(Event)) error {
		return mustOne(tx.ExecContext(ctx, s.q(`UPDATE guests SET name = ? WHERE id = ?`), name, id))
	})
	if err != nil {
		return Guest{}, err
	}
	return s.Guest(ctx, id)
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
		return ErrNotFound
	}
	return nil
}

const gameCols = `id, code, code_expires, spectator, creator, setup, status, result, ply, version, to_move_seat, deadline, COALESCE(rematch_of, ''), created, updated`

type scanner interface{ Scan(...any) error }

func scanGame(row scanner) (Game, error) {
	var g Game
	var setup string
	var deadline, created, updated, codeExpires int64
	err := row.Scan(&g.ID, &g.Code, &codeExpires, &g.Spectator, &g.Creator, &setup, &g.Status, &g.Result, &g.Ply, &g.Version,
		&g.ToMoveSeat, &deadline, &g.RematchOf, &created, &updated)
	if err != nil {
		return Game{}, err
	}
	if g.Setup, err = ParseSetup(setup); err != nil {
		return Game{}, fmt.Errorf("game %s: stored %w", g.ID, err)
	}
	g.Deadline, g.Created, g.Updated, g.CodeExpires = fromMS(deadline), fromMS(created), fromMS(updated), fromMS(codeExpires)
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
	if s.engine == EnginePostgres {
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
func (s *sqlStore) gameOne(ctx context.Context, where string, args ...any) (g Game, err error) {
	err = s.snapshot(ctx, func(tx *sql.Tx) error {
		g, err = s.gameWhere(ctx, tx, where, args...)
		return err
	})
	return g, err
}

// gameWhere reads one game and its seats through db (a transaction, or a
// pool when a torn read does not matter).
func (s *sqlStore) gameWhere(ctx context.Context, db querier, where string, args ...any) (Game, error) {
	g, err := scanGame(db.QueryRowContext(ctx, s.q(`SELECT `+gameCols+` FROM games WHERE `+where), args...))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, s.closedErr(err)
	}
	gs := []*Game{&g}
	if err := s.loadSeats(ctx, db, gs); err != nil {
		return Game{}, err
	}
	return g, nil
}

// loadSeats fills in the seats of games, in one query.
func (s *sqlStore) loadSeats(ctx context.Context, db querier, games []*Game) error {
	if len(games) == 0 {
		return nil
	}
	byID := make(map[string]*Game, len(games))
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
		var st Seat
		var conn int
		if err := rows.Scan(&id, &st.Index, &st.Kind, &st.Level, &st.Guest, &conn); err != nil {
			return err
		}
		st.Connected = conn != 0
		byID[id].Seats = append(byID[id].Seats, st)
	}
	return rows.Err()
}

func (s *sqlStore) Game(ctx context.Context, id string) (Game, error) {
	return s.gameOne(ctx, "id = ?", id)
}

func (s *sqlStore) GameByCode(ctx context.Context, code string) (Game, error) {
	code = NormalizeCode(code)
	if !ValidCode(code) {
		return Game{}, ErrNotFound
	}
	// A code past its time, or of a game that filled, opens nothing: the
	// fewer live codes, the less a guess can hit.
	return s.gameOne(ctx, "code = ? AND code_expires > ?", code, ms(s.now()))
}

func (s *sqlStore) GameBySpectator(ctx context.Context, spectator string) (Game, error) {
	return s.gameOne(ctx, "spectator = ?", spectator)
}

func (s *sqlStore) RematchOf(ctx context.Context, old string) (Game, error) {
	return s.gameOne(ctx, "rematch_of = ?", old)
}

// checkSeats refuses seats that do not fit the setup.
func checkSeats(st Setup, seats []Seat) error {
	if len(seats) != st.Players {
		return fmt.Errorf("%w: %d seats for %d players", ErrInvalid, len(seats), st.Players)
	}
	for i, se := range seats {
		switch {
		case se.Kind > SeatComputer:
			return fmt.Errorf("%w: seat %d: unknown kind %d", ErrInvalid, i, se.Kind)
		case se.Kind == SeatComputer && (se.Level < 1 || se.Level > 99 || se.Guest != ""):
			return fmt.Errorf("%w: seat %d: a computer seat needs a level 1 to 99 and no guest", ErrInvalid, i)
		case se.Kind == SeatHotSeat && se.Guest == "":
			return fmt.Errorf("%w: seat %d: a hot-seat seat belongs to the guest whose device it is on", ErrInvalid, i)
		case len(se.Guest) > 64:
			return fmt.Errorf("%w: seat %d: guest id too long", ErrInvalid, i)
		}
	}
	return nil
}

// openRemote counts remote seats nobody holds yet.
func openRemote(seats []Seat) int {
	n := 0
	for _, se := range seats {
		if se.Kind == SeatRemote && se.Guest == "" {
			n++
		}
	}
	return n
}

func (s *sqlStore) CreateGame(ctx context.Context, ng NewGame) (Game, error) {
	if err := ng.Setup.Validate(); err != nil {
		return Game{}, err
	}
	if err := checkSeats(ng.Setup, ng.Seats); err != nil {
		return Game{}, err
	}
	if ng.ToMoveSeat < 0 || ng.ToMoveSeat >= ng.Setup.Players {
		return Game{}, fmt.Errorf("%w: seat to move %d of %d", ErrInvalid, ng.ToMoveSeat, ng.Setup.Players)
	}
	now := fromMS(ms(s.now()))
	g := Game{
		ID: newID(), Spectator: newID(), Creator: ng.Creator, Setup: ng.Setup,
		Status: StatusOpen, Version: 1, ToMoveSeat: ng.ToMoveSeat, Deadline: fromMS(ms(ng.Deadline)),
		RematchOf: ng.RematchOf, Created: now, Updated: now,
	}
	for i, se := range ng.Seats {
		se.Index, se.Connected = i, false
		g.Seats = append(g.Seats, se)
	}
	if openRemote(g.Seats) == 0 {
		g.Status = StatusPlaying
		if g.Deadline.IsZero() && g.Setup.MoveTime > 0 {
			g.Deadline = now.Add(g.Setup.MoveTime)
		}
	} else {
		// Only a game with a free seat has a code that opens anything.
		ttl := ng.CodeTTL
		if ttl <= 0 {
			ttl = DefaultCodeTTL
		}
		g.CodeExpires = now.Add(ttl)
	}
	var rematch any // NULL when none: the unique key allows many NULLs
	if g.RematchOf != "" {
		rematch = g.RematchOf
	}
	for attempt := 0; ; attempt++ {
		g.Code = newCode()
		err := s.change(ctx, func(tx *sql.Tx, emit func(Event)) error {
			return s.insertGame(ctx, tx, emit, g, rematch)
		})
		switch {
		case err == nil:
			return g, nil
		case s.isFK(err):
			return Game{}, fmt.Errorf("%w: no such creator guest or rematch game", ErrInvalid)
		case s.isUnique(err) && g.RematchOf != "" && s.rematchExists(ctx, g.RematchOf):
			return Game{}, ErrRematchExists
		case s.isUnique(err) && attempt < 5:
			continue // a join code drawn twice: draw again
		}
		return Game{}, err
	}
}

// insertGame writes a new game and its seats in tx.
func (s *sqlStore) insertGame(ctx context.Context, tx *sql.Tx, emit func(Event), g Game, rematch any) error {
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, code, code_expires, spectator, creator, setup, status, result, ply, version, to_move_seat, deadline, rematch_of, created, updated, public)
		VALUES (?, ?, ?, ?, ?, ?, ?, '', 0, 1, ?, ?, ?, ?, ?, ?)`),
		g.ID, g.Code, ms(g.CodeExpires), g.Spectator, g.Creator, g.Setup.JSON(), g.Status, g.ToMoveSeat, ms(g.Deadline), rematch, ms(g.Created), ms(g.Created), boolInt(g.Setup.Public))
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
	emit(Event{Game: g.ID, Kind: EventCreated, Version: 1})
	return nil
}

func (s *sqlStore) rematchExists(ctx context.Context, old string) bool {
	_, err := s.RematchOf(ctx, old)
	return err == nil
}

// bumpVersion moves a game to its next version if it is still at
// version, and reports ErrStale or ErrNotFound if not.
func (s *sqlStore) bumpVersion(ctx context.Context, tx *sql.Tx, game string, version int64, set string, args ...any) error {
	all := append(args, ms(s.now()), game, version)
	err := mustOne(tx.ExecContext(ctx, s.q(`UPDATE games SET `+set+`version = version + 1, updated = ? WHERE id = ? AND version = ?`), all...))
	if errors.Is(err, ErrNotFound) {
		var v int64
		if e := tx.QueryRowContext(ctx, s.q(`SELECT version FROM games WHERE id = ?`), game).Scan(&v); e == nil {
			return ErrStale
		}
	}
	return err
}

func (s *sqlStore) TakeSeat(ctx context.Context, game string, seat int, guest string) (Game, error) {
	if guest == "" || len(guest) > 64 {
		return Game{}, fmt.Errorf("%w: no guest", ErrInvalid)
	}
	var g Game
	err := s.change(ctx, func(tx *sql.Tx, emit func(Event)) error {
		var err error
		// Lock the game's row (PostgreSQL; SQLite's IMMEDIATE transaction
		// holds the whole database already): two guests taking the last
		// two seats at once must each see the other's seat taken, or
		// neither would start the game.
		if g, err = s.gameWhere(ctx, tx, "id = ?"+s.forUpdate(), game); err != nil {
			return err
		}
		if g.Status != StatusOpen || seat < 0 || seat >= len(g.Seats) {
			return ErrSeatTaken
		}
		// The WHERE is the guard between two guests racing: the second
		// UPDATE finds the seat held and changes nothing.
		err = mustOne(tx.ExecContext(ctx, s.q(`UPDATE seats SET guest = ? WHERE game = ? AND idx = ? AND kind = ? AND guest = ''`),
			guest, game, seat, SeatRemote))
		if errors.Is(err, ErrNotFound) {
			return ErrSeatTaken
		}
		if err != nil {
			return err
		}
		g.Seats[seat].Guest = guest
		set, args := "", []any(nil)
		if openRemote(g.Seats) == 0 {
			// Full: the code opens nothing any more.
			g.Status, g.CodeExpires = StatusPlaying, time.Time{}
			set, args = "status = ?, code_expires = 0, ", []any{StatusPlaying}
			if g.Deadline.IsZero() && g.Setup.MoveTime > 0 {
				g.Deadline = fromMS(ms(s.now().Add(g.Setup.MoveTime)))
				set, args = set+"deadline = ?, ", append(args, ms(g.Deadline))
			}
		}
		if err := s.bumpVersion(ctx, tx, game, g.Version, set, args...); err != nil {
			return err
		}
		g.Version++
		emit(Event{Game: game, Kind: EventSeat, Ply: g.Ply, Version: g.Version})
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	return s.Game(ctx, game)
}

func (s *sqlStore) ReplaceSeat(ctx context.Context, game string, version int64, se Seat) (Game, error) {
	if err := checkSeats(Setup{Players: 1}, []Seat{se}); err != nil {
		return Game{}, err
	}
	err := s.change(ctx, func(tx *sql.Tx, emit func(Event)) error {
		if err := s.bumpVersion(ctx, tx, game, version, ""); err != nil {
			return err
		}
		err := mustOne(tx.ExecContext(ctx, s.q(`UPDATE seats SET kind = ?, level = ?, guest = ?, connected = ? WHERE game = ? AND idx = ?`),
			se.Kind, se.Level, se.Guest, boolInt(se.Connected), game, se.Index))
		if errors.Is(err, ErrNotFound) {
			return fmt.Errorf("%w: no seat %d", ErrInvalid, se.Index)
		}
		emit(Event{Game: game, Kind: EventSeat, Version: version + 1})
		return err
	})
	if err != nil {
		return Game{}, err
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
	return s.change(ctx, func(tx *sql.Tx, emit func(Event)) error {
		err := mustOne(tx.ExecContext(ctx, s.q(`UPDATE seats SET connected = ? WHERE game = ? AND idx = ?`), boolInt(connected), game, seat))
		emit(Event{Game: game, Kind: EventSeat})
		return err
	})
}

func (s *sqlStore) SetStatus(ctx context.Context, game string, version int64, st Status, result string) (Game, error) {
	if st == StatusNone || st > StatusAbandoned || len(result) > maxResultLen {
		return Game{}, fmt.Errorf("%w: status %d with a result of %d bytes", ErrInvalid, st, len(result))
	}
	err := s.change(ctx, func(tx *sql.Tx, emit func(Event)) error {
		set := "status = ?, result = ?, "
		args := []any{st, result}
		if st == StatusFinished || st == StatusAbandoned {
			set += "to_move_seat = -1, deadline = 0, "
		}
		if err := s.bumpVersion(ctx, tx, game, version, set, args...); err != nil {
			return err
		}
		emit(Event{Game: game, Kind: EventStatus, Version: version + 1})
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	return s.Game(ctx, game)
}

func (s *sqlStore) AppendMove(ctx context.Context, a Append) (Move, error) {
	if a.Ply < 1 || a.Move == "" || len(a.Move) > maxMoveLen || len(a.By) > 64 || len(a.Result) > maxResultLen || a.Status > StatusAbandoned {
		return Move{}, fmt.Errorf("%w: move %q at ply %d", ErrInvalid, a.Move, a.Ply)
	}
	at := a.At
	if at.IsZero() {
		at = s.now()
	}
	m := Move{Game: a.Game, Ply: a.Ply, Move: a.Move, By: a.By, At: fromMS(ms(at))}
	ev := Event{Game: a.Game, Kind: EventMove, Ply: a.Ply, Origin: s.origin, Moved: movedOf(a, m.At)}
	if s.appendOne != nil {
		ok, err := s.appendOne(ctx, a, m.At, ev)
		if err != nil {
			return Move{}, s.closedErr(err)
		}
		if ok {
			return m, nil
		}
	}
	var stored Move
	raced := false // lost the insert to another node's (PostgreSQL)
	err := s.change(ctx, func(tx *sql.Tx, emit func(Event)) error {
		var ply int
		var st Status
		var version int64
		// Lock the game's row (PostgreSQL; SQLite's IMMEDIATE transaction
		// holds the whole database already). Without it, under READ
		// COMMITTED every statement sees its own snapshot: a takeback
		// committing between this SELECT and moveAt below deleted the
		// move the SELECT's ply promised, and a resent move got
		// ErrNotFound instead of its stored copy.
		err := tx.QueryRowContext(ctx, s.q(`SELECT ply, status, version FROM games WHERE id = ?`+s.forUpdate()), a.Game).Scan(&ply, &st, &version)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
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
			return ErrPlyTaken
		case a.Ply > ply+1:
			return fmt.Errorf("%w: ply %d after %d", ErrPlyGap, a.Ply, ply)
		case st != StatusPlaying:
			return ErrNotPlaying
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO moves (game, ply, move, by_guest, at) VALUES (?, ?, ?, ?, ?)`),
			a.Game, a.Ply, a.Move, a.By, ms(m.At)); err != nil {
			if s.isUnique(err) {
				raced = true
				return ErrPlyTaken
			}
			return err
		}
		set := "ply = ?, to_move_seat = ?, deadline = ?, version = version + 1, updated = ?"
		args := []any{a.Ply, a.ToMoveSeat, ms(a.Deadline), ms(s.now())}
		if a.Status != StatusNone {
			set += ", status = ?, result = ?"
			args = append(args, a.Status, a.Result)
		}
		// "AND ply = ?" keeps a takeback that committed between the SELECT
		// and the INSERT from being overwritten.
		args = append(args, a.Game, ply)
		err = mustOne(tx.ExecContext(ctx, s.q(`UPDATE games SET `+set+` WHERE id = ? AND ply = ?`), args...))
		if errors.Is(err, ErrNotFound) {
			return ErrStale
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
		if stored, rerr = s.moveAt(ctx, s.r, a.Game, a.Ply); errors.Is(rerr, ErrNotFound) {
			return Move{}, ErrStale
		} else if rerr != nil {
			return Move{}, rerr
		}
	}
	if errors.Is(err, ErrPlyTaken) {
		return stored, err
	}
	if err != nil {
		return Move{}, err
	}
	return m, nil
}

func (s *sqlStore) moveAt(ctx context.Context, db querier, game string, ply int) (Move, error) {
	ms, err := s.moves(ctx, db, `game = ? AND ply = ?`, game, ply)
	if err != nil {
		return Move{}, err
	}
	if len(ms) == 0 {
		return Move{}, ErrNotFound
	}
	return ms[0], nil
}

func (s *sqlStore) moves(ctx context.Context, db querier, where string, args ...any) ([]Move, error) {
	rows, err := db.QueryContext(ctx, s.q(`SELECT game, ply, move, by_guest, at FROM moves WHERE `+where+` ORDER BY ply`), args...)
	if err != nil {
		return nil, s.closedErr(err)
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var m Move
		var at int64
		if err := rows.Scan(&m.Game, &m.Ply, &m.Move, &m.By, &at); err != nil {
			return nil, err
		}
		m.At = fromMS(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

func (s *sqlStore) Moves(ctx context.Context, game string, after int) ([]Move, error) {
	out, err := s.moves(ctx, s.r, `game = ? AND ply > ?`, game, after)
	if err == nil && len(out) == 0 {
		if _, err := s.Game(ctx, game); err != nil {
			return nil, err
		}
	}
	return out, err
}

func (s *sqlStore) Takeback(ctx context.Context, t Takeback) (Game, error) {
	if t.Ply < 0 || t.ToMoveSeat < -1 || t.ToMoveSeat > 3 {
		return Game{}, fmt.Errorf("%w: takeback to ply %d", ErrInvalid, t.Ply)
	}
	err := s.change(ctx, func(tx *sql.Tx, emit func(Event)) error {
		var ply int
		// Locked like AppendMove's, so the ply checked is the ply changed.
		err := tx.QueryRowContext(ctx, s.q(`SELECT ply FROM games WHERE id = ?`+s.forUpdate()), t.Game).Scan(&ply)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if t.Ply > ply {
			return fmt.Errorf("%w: takeback to ply %d of %d", ErrInvalid, t.Ply, ply)
		}
		if err := s.bumpVersion(ctx, tx, t.Game, t.Version, "ply = ?, to_move_seat = ?, deadline = ?, ", t.Ply, t.ToMoveSeat, ms(t.Deadline)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM moves WHERE game = ? AND ply > ?`), t.Game, t.Ply); err != nil {
			return err
		}
		emit(Event{Game: t.Game, Kind: EventTakeback, Ply: t.Ply, Version: t.Version + 1})
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	return s.Game(ctx, t.Game)
}

// games reads a list of games and their seats in one snapshot.
func (s *sqlStore) games(ctx context.Context, query string, args ...any) (out []Game, err error) {
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
		ptrs := make([]*Game, len(out))
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

func (s *sqlStore) GamesOf(ctx context.Context, guest string, limit int) ([]Game, error) {
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
		StatusPlaying, guest, StatusPlaying, StatusOpen, guest, limitOf(limit))
}

func (s *sqlStore) Expired(ctx context.Context, now time.Time, limit int) ([]Game, error) {
	return s.games(ctx, `SELECT `+gameCols+` FROM games WHERE status = ? AND deadline > 0 AND deadline <= ? ORDER BY deadline, id LIMIT ?`,
		StatusPlaying, ms(now), limitOf(limit))
}

// Ping asks the read pool (never the writer: for SQLite a ping queued
// behind the one writer's commits would measure them, not whether the
// database answers) for SELECT 1, a real round trip on PostgreSQL.
func (s *sqlStore) Ping(ctx context.Context) error {
	var one int
	return s.closedErr(s.r.QueryRowContext(ctx, "SELECT 1").Scan(&one))
}

func (s *sqlStore) Bus() Bus       { return s.bus }
func (s *sqlStore) Engine() string { return s.engine }

func (s *sqlStore) Close() error {
	var err error
	s.closeOnce.Do(func() {
		if s.closeFn != nil {
			err = s.closeFn()
		}
		s.hub.close()
		err = errors.Join(err, s.w.Close())
		if s.r != s.w {
			err = errors.Join(err, s.r.Close())
		}
	})
	return err
}

// eventJSON is an event as NOTIFY carries it.
func eventJSON(e Event) (string, error) {
	b, err := json.Marshal(e)
	return string(b), err
}
