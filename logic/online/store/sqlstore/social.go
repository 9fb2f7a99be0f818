//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"shiftago/logic/online/store"
)

func (s *sqlStore) drawIn(ctx context.Context, db querier, game string) (store.Draw, error) {
	var d store.Draw
	var seats, made int64
	err := db.QueryRowContext(ctx, s.q(`SELECT ply, seats, made FROM draw_offers WHERE game = ?`), game).Scan(&d.Ply, &seats, &made)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Draw{}, nil
	}
	d.Seats = uint8(seats & 0xf)
	for i := range d.Made {
		d.Made[i] = int(made>>(4*i)) & 0xf
	}
	return d, err
}

func (s *sqlStore) DrawOf(ctx context.Context, game string) (store.Draw, error) {
	return s.drawIn(ctx, s.r, game)
}

func (s *sqlStore) ChangeDraw(ctx context.Context, game string, change func(d *store.Draw) error) (store.Draw, error) {
	var d store.Draw
	err := s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		// The game's row is the lock (PostgreSQL; SQLite has one
		// writer): two seats answering at once on two nodes both count.
		err := mustOne(tx.ExecContext(ctx, s.q(`UPDATE games SET updated = updated WHERE id = ?`), game))
		if err != nil {
			return err
		}
		if d, err = s.drawIn(ctx, tx, game); err != nil {
			return err
		}
		if err := change(&d); err != nil {
			return err
		}
		var made int64
		for i, n := range d.Made {
			made |= int64(min(max(n, 0), 15)) << (4 * i) // 4 bits a seat
		}
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO draw_offers (game, ply, seats, made) VALUES (?, ?, ?, ?)
			ON CONFLICT (game) DO UPDATE SET ply = excluded.ply, seats = excluded.seats, made = excluded.made`), game, d.Ply, int64(d.Seats&0xf), made)
		return err
	})
	return d, err
}

func (s *sqlStore) SetBlock(ctx context.Context, guest, other string, on bool) error {
	if guest == "" || other == "" || guest == other {
		return fmt.Errorf("%w: a guest blocks another guest", store.ErrInvalid)
	}
	q, args := `DELETE FROM blocks WHERE guest = ? AND blocked = ?`, []any{guest, other}
	if on {
		q, args = `INSERT INTO blocks (guest, blocked, at) VALUES (?, ?, ?) ON CONFLICT (guest, blocked) DO NOTHING`, append(args, store.Millis(s.now()))
	}
	return s.change(ctx, func(tx *sql.Tx, emit func(store.Event)) error {
		_, err := tx.ExecContext(ctx, s.q(q), args...)
		if err != nil && s.isFK(err) {
			return fmt.Errorf("%w: no such guest", store.ErrNotFound)
		}
		return err
	})
}

func (s *sqlStore) BlocksOf(ctx context.Context, guest string) ([]string, error) {
	return s.texts(ctx, `SELECT blocked FROM blocks WHERE guest = ? ORDER BY at`, guest)
}

func (s *sqlStore) Blocked(ctx context.Context, a, b string) (bool, error) {
	var n int
	err := s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM blocks WHERE (guest = ? AND blocked = ?) OR (guest = ? AND blocked = ?)`), a, b, b, a).Scan(&n)
	return n > 0, s.closedErr(err)
}
