//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"shiftago/logic/online/store"
)

func (s *sqlStore) PublicGames(ctx context.Context, limit int) (open, live []store.LobbyGame, err error) {
	list := func(where, order string, args ...any) ([]store.LobbyGame, error) {
		gs, err := s.games(ctx, `SELECT `+gameCols+` FROM games WHERE public = 1 AND `+where+` ORDER BY `+order+` LIMIT ?`, append(args, limitOf(limit))...)
		if err != nil {
			return nil, err
		}
		out := make([]store.LobbyGame, len(gs))
		for i, g := range gs {
			out[i].Game = g
		}
		return out, s.creators(ctx, out)
	}
	if open, err = list(`status = ? AND code_expires > ?`, `created DESC, spectator`, store.StatusOpen, store.Millis(s.now())); err != nil {
		return nil, nil, err
	}
	live, err = list(`status = ?`, `updated DESC, spectator`, store.StatusPlaying)
	return open, live, err
}

// pairedKept is how long the answer of a paired ask is kept for its
// guest's poll.
const pairedKept = time.Hour

// creators fills in the names and ratings of the games' creators, in two
// queries.
func (s *sqlStore) creators(ctx context.Context, gs []store.LobbyGame) error {
	if len(gs) == 0 {
		return nil
	}
	args := make([]any, len(gs))
	for i, g := range gs {
		args[i] = g.Creator
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(gs)), ", ")
	names := map[string]string{}
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT id, name FROM guests WHERE id IN (`+marks+`)`), args...)
	if err != nil {
		return s.closedErr(err)
	}
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			return err
		}
		names[id] = name
	}
	rows.Close()
	rs, err := s.ratings(ctx, `r.guest IN (`+marks+`)`, ``, args...)
	if err != nil {
		return err
	}
	for i := range gs {
		g := &gs[i]
		g.CreatorName = names[g.Creator]
		for j, r := range rs {
			if r.Guest == g.Creator && r.Variant == g.Setup.Variant && r.Players == g.Setup.Players {
				g.Rating = &rs[j]
			}
		}
	}
	return nil
}

// pairRow is a guest's row of the pairing table.
type pairRow struct {
	guest, queue, game string
	fill, level        int
	asked, seen        int64
}

func (s *sqlStore) pairRows(ctx context.Context, db querier, where string, args ...any) ([]pairRow, error) {
	rows, err := db.QueryContext(ctx, s.q(`SELECT guest, queue, game, fill, level, asked, seen FROM pairing WHERE `+where), args...)
	if err != nil {
		return nil, s.closedErr(err)
	}
	defer rows.Close()
	var out []pairRow
	for rows.Next() {
		var r pairRow
		if err := rows.Scan(&r.guest, &r.queue, &r.game, &r.fill, &r.level, &r.asked, &r.seen); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (s *sqlStore) Pair(ctx context.Context, a store.PairAsk) (store.Pairing, error) {
	if a.Guest == "" || len(a.Guest) > 64 || a.Fill < 0 || a.Fill > time.Hour || a.Level < 0 || a.Level > 99 {
		return store.Pairing{}, fmt.Errorf("%w: pairing ask", store.ErrInvalid)
	}
	queue := ""
	if a.Setup != nil {
		if err := a.Setup.Validate(); err != nil {
			return store.Pairing{}, err
		}
		if a.Fill > 0 && (a.Level < 1 || a.Setup.Players < 3) {
			return store.Pairing{}, fmt.Errorf("%w: computers fill 3 or 4 players' tables, at a level", store.ErrInvalid)
		}
		queue = a.Setup.JSON()
	} else {
		mine, err := s.pairRows(ctx, s.r, `guest = ?`, a.Guest)
		if err != nil || len(mine) == 0 || mine[0].game != "" {
			return s.pairingOf(ctx, a.Guest, mine, err)
		}
		queue = mine[0].queue
	}
	now := store.Millis(s.now())
	// The guest's own row first, committed before the queue is locked:
	// of two asks, the one that takes the lock second sees the other's.
	err := s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		if a.Setup == nil {
			return mustOne(tx.ExecContext(ctx, s.q(`UPDATE pairing SET seen = ? WHERE guest = ? AND game = ''`), now, a.Guest))
		}
		// A new ask replaces the guest's earlier one.
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM pairing WHERE guest = ?`), a.Guest); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO pairing (guest, queue, fill, level, asked, seen) VALUES (?, ?, ?, ?, ?, ?)`),
			a.Guest, queue, a.Fill.Milliseconds()/1000, a.Level, now, now)
		if s.isFK(err) {
			return fmt.Errorf("%w: no guest %q", store.ErrInvalid, a.Guest)
		}
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return s.pairingOf(ctx, a.Guest, nil, nil) // paired or withdrawn meanwhile
	}
	if err != nil {
		return store.Pairing{}, err
	}
	if a.Setup == nil {
		// A poll locks the queue only when it may pair: enough asks
		// (one revived after a silence), or its computers are due.
		p, err := s.pairingOf(ctx, a.Guest, nil, nil)
		if err != nil || p.State != store.PairWaiting || (p.Waiting < p.Setup.Players && (p.Fill == 0 || s.now().Sub(p.Asked) < p.Fill)) {
			return p, err
		}
	}
	err = s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		// The queue's row is the lock every pairing of the queue takes
		// (PostgreSQL; SQLite's IMMEDIATE transaction holds the whole
		// database): asks of one queue are paired one after the other
		// on every node, each seeing the asks committed before it, so
		// none is paired twice and none waits while a partner does.
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO pairing_queues (queue) VALUES (?) ON CONFLICT DO NOTHING`), queue); err != nil {
			return err
		}
		var q string
		if err := tx.QueryRowContext(ctx, s.q(`SELECT queue FROM pairing_queues WHERE queue = ?`+s.forUpdate()), queue).Scan(&q); err != nil {
			return err
		}
		// The queue's asks gone stale, and its answers kept long enough,
		// go (only this queue's: its lock covers them).
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM pairing WHERE queue = ? AND ((game = '' AND seen < ?) OR (game <> '' AND seen < ?))`),
			queue, now-store.PairFresh.Milliseconds(), now-pairedKept.Milliseconds()); err != nil {
			return err
		}
		// Locked: a cancel or a new ask of one of them waits for this
		// pairing to commit, and then finds the ask paired.
		waiting, err := s.pairRows(ctx, tx, `queue = ? AND game = '' ORDER BY asked, guest`+s.forUpdate(), queue)
		if err != nil {
			return err
		}
		return s.match(ctx, tx, emit, queue, a.Guest, waiting)
	})
	if err != nil {
		return store.Pairing{}, err
	}
	return s.pairingOf(ctx, a.Guest, nil, nil)
}

// match makes a game of the asks waiting in a queue when they fill its
// table, the guest's ask (me) with the longest waiting others; or, when
// the guest's wait for computers is over, of the guest and the others
// waiting who allow computers too, computers in the seats left.
func (s *sqlStore) match(ctx context.Context, tx *sql.Tx, emit func(store.Event), queue, me string, waiting []pairRow) error {
	setup, err := store.ParseSetup(queue)
	if err != nil {
		return err
	}
	var mine *pairRow
	for i := range waiting {
		if waiting[i].guest == me {
			mine = &waiting[i]
		}
	}
	if mine == nil {
		return nil
	}
	blocks, err := s.blocksAmong(ctx, tx, waiting)
	if err != nil {
		return err
	}
	group := []pairRow{*mine}
	for _, r := range waiting {
		if r.guest != me && len(group) < setup.Players && apart(blocks, group, r) {
			group = append(group, r)
		}
	}
	level := 0
	if len(group) < setup.Players {
		if mine.fill == 0 || store.Millis(s.now())-mine.asked < int64(mine.fill)*1000 {
			return nil // wait for more players
		}
		group, level = group[:1], mine.level
		for _, r := range waiting {
			if r.guest != me && r.fill > 0 && apart(blocks, group, r) {
				group = append(group, r)
			}
		}
	}
	// Seats by lot: the first to ask does not always move first.
	rand.Shuffle(len(group), func(i, j int) { group[i], group[j] = group[j], group[i] })
	now := store.FromMillis(store.Millis(s.now()))
	g := store.Game{ID: newID(), Code: newCode(), Spectator: newID(), Creator: me, Setup: setup, Status: store.StatusPlaying,
		Version: 1, ToMoveSeat: setup.Starter, Created: now, Updated: now}
	if setup.FirstMoveTime() > 0 {
		g.Deadline = now.Add(setup.FirstMoveTime())
	}
	for i := range setup.Players {
		se := store.Seat{Index: i, Kind: store.SeatComputer, Level: level}
		if i < len(group) {
			se = store.Seat{Index: i, Kind: store.SeatRemote, Guest: group[i].guest}
		}
		g.Seats = append(g.Seats, se)
	}
	if err := s.insertGame(ctx, tx, emit, g, nil); err != nil {
		return err
	}
	for _, r := range group {
		if err := mustOne(tx.ExecContext(ctx, s.q(`UPDATE pairing SET game = ?, seen = ? WHERE guest = ? AND game = ''`), g.ID, store.Millis(now), r.guest)); err != nil {
			return fmt.Errorf("pairing %s: %w", r.guest, err)
		}
	}
	return nil
}

// pairingOf describes a guest's ask (rows: its row, read already).
func (s *sqlStore) pairingOf(ctx context.Context, guest string, rows []pairRow, err error) (store.Pairing, error) {
	if err == nil && rows == nil {
		rows, err = s.pairRows(ctx, s.r, `guest = ?`, guest)
	}
	if err != nil || len(rows) == 0 {
		return store.Pairing{}, err
	}
	r := rows[0]
	p := store.Pairing{State: store.PairWaiting, Game: r.game, Asked: store.FromMillis(r.asked), Fill: time.Duration(r.fill) * time.Second}
	if r.game != "" {
		p.State = store.PairPaired
	}
	if p.Setup, err = store.ParseSetup(r.queue); err != nil {
		return store.Pairing{}, err
	}
	fresh := store.Millis(s.now()) - store.PairFresh.Milliseconds()
	err = s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*), COALESCE(SUM(CASE WHEN queue = ? THEN 1 ELSE 0 END), 0) FROM pairing WHERE game = '' AND seen >= ?`),
		r.queue, fresh).Scan(&p.Everyone, &p.Waiting)
	return p, s.closedErr(err)
}

func (s *sqlStore) CancelPairing(ctx context.Context, guest string) (store.Pairing, error) {
	// A pairing that holds the row commits first: the game is then set
	// and the row stays, to be answered.
	err := s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM pairing WHERE guest = ? AND game = ''`), guest)
		return err
	})
	if err != nil {
		return store.Pairing{}, err
	}
	return s.pairingOf(ctx, guest, nil, nil)
}
