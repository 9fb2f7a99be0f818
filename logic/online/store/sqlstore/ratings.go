//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"shiftago/logic/online/rating"
	"shiftago/logic/online/store"
)

func checkRated(rg store.RatedGame) error {
	if rg.Game == "" || len(rg.Game) > 64 || rg.Variant == "" || len(rg.Variant) > 16 || rg.Players < 2 || rg.Players > 4 {
		return fmt.Errorf("%w: rated game %q, %q for %d", store.ErrInvalid, rg.Game, rg.Variant, rg.Players)
	}
	if len(rg.Guests) == 1 || len(rg.Guests) > rg.Players || len(rg.Places) != len(rg.Guests) {
		return fmt.Errorf("%w: %d rated players with %d places", store.ErrInvalid, len(rg.Guests), len(rg.Places))
	}
	seen := map[string]bool{}
	for i, g := range rg.Guests {
		if g == "" || seen[g] || rg.Places[i] < 0 {
			return fmt.Errorf("%w: rated player %d (%q, place %d)", store.ErrInvalid, i, g, rg.Places[i])
		}
		seen[g] = true
	}
	return nil
}

func (s *sqlStore) ApplyRatings(ctx context.Context, rg store.RatedGame) ([]store.Rating, error) {
	if err := checkRated(rg); err != nil {
		return nil, err
	}
	at := rg.At
	if at.IsZero() {
		at = s.now()
	}
	err := s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		// The game's row is the lock of its ratings (PostgreSQL; SQLite
		// has one writer): two nodes applying the same game at once run
		// one after the other, and the second finds the history written.
		var one int
		err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM games WHERE id = ?`+s.forUpdate()), rg.Game).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM ratings_due WHERE game = ?`), rg.Game); err != nil {
			return err
		}
		var done int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM rating_history WHERE game = ?`), rg.Game).Scan(&done); err != nil {
			return err
		}
		if done > 0 || len(rg.Guests) == 0 {
			return nil // applied already (a resend, or another node), or nobody to rate
		}
		// Rows are made and locked in the order of guest ids, so that two
		// games of the same players applied at once cannot deadlock.
		order := make([]int, len(rg.Guests))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int { return cmpStr(rg.Guests[a], rg.Guests[b]) })
		before := make([]rating.Rating, len(rg.Guests))
		games := make([]int, len(rg.Guests))
		n := rating.New()
		for _, i := range order {
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO ratings (guest, variant, players, rating, rd, volatility, games, updated)
				VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING`),
				rg.Guests[i], rg.Variant, rg.Players, n.Rating, n.RD, n.Vol, store.Millis(at)); err != nil {
				if s.isFK(err) {
					return fmt.Errorf("%w: no guest %q", store.ErrInvalid, rg.Guests[i])
				}
				return err
			}
			b := &before[i]
			if err := tx.QueryRowContext(ctx, s.q(`SELECT rating, rd, volatility, games FROM ratings WHERE guest = ? AND variant = ? AND players = ?`+s.forUpdate()),
				rg.Guests[i], rg.Variant, rg.Players).Scan(&b.Rating, &b.RD, &b.Vol, &games[i]); err != nil {
				return err
			}
		}
		after := rating.Game(before, rg.Places, rating.DefaultTau)
		for _, i := range order {
			a := after[i]
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE ratings SET rating = ?, rd = ?, volatility = ?, games = games + 1, updated = ?
				WHERE guest = ? AND variant = ? AND players = ?`),
				a.Rating, a.RD, a.Vol, store.Millis(at), rg.Guests[i], rg.Variant, rg.Players); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO rating_history (game, guest, variant, players, rating, rd, at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
				rg.Game, rg.Guests[i], rg.Variant, rg.Players, a.Rating, a.RD, store.Millis(at)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]store.Rating, len(rg.Guests))
	for i, g := range rg.Guests {
		rs, err := s.ratings(ctx, `r.guest = ? AND r.variant = ? AND r.players = ?`, ``, g, rg.Variant, rg.Players)
		if err != nil {
			return nil, err
		}
		if len(rs) != 1 {
			return nil, fmt.Errorf("rating of %s: %d rows", g, len(rs))
		}
		out[i] = rs[0]
	}
	return out, nil
}

// RatingsDue: a rated game is marked in ratings_due by CreateGame and
// unmarked by ApplyRatings, in their transactions.
func (s *sqlStore) RatingsDue(ctx context.Context, limit int) ([]string, error) {
	return s.texts(ctx, `SELECT d.game FROM ratings_due d JOIN games g ON g.id = d.game
		WHERE g.status = ? ORDER BY g.updated LIMIT ?`, store.StatusFinished, limitOf(limit))
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (s *sqlStore) ratings(ctx context.Context, where, order string, args ...any) ([]store.Rating, error) {
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT r.guest, g.name, r.variant, r.players, r.rating, r.rd, r.volatility, r.games, r.updated
		FROM ratings r JOIN guests g ON g.id = r.guest WHERE `+where+order), args...)
	if err != nil {
		return nil, s.closedErr(err)
	}
	defer rows.Close()
	var out []store.Rating
	for rows.Next() {
		var r store.Rating
		var upd int64
		if err := rows.Scan(&r.Guest, &r.Name, &r.Variant, &r.Players, &r.Rating, &r.RD, &r.Vol, &r.Games, &upd); err != nil {
			return nil, err
		}
		r.Updated = store.FromMillis(upd)
		out = append(out, r)
	}
	return out, rows.Err()
}

func (s *sqlStore) RatingsOf(ctx context.Context, guest string) ([]store.Rating, error) {
	return s.ratings(ctx, `r.guest = ?`, ` ORDER BY r.games DESC, r.variant, r.players`, guest)
}

func (s *sqlStore) Leaderboard(ctx context.Context, variant string, players int, settledOnly bool, limit int) ([]store.Rating, error) {
	where := `r.variant = ? AND r.players = ? AND r.games > 0`
	args := []any{variant, players}
	if settledOnly {
		where += ` AND r.rd <= ?`
		args = append(args, float64(rating.ProvisionalRD))
	}
	args = append(args, float64(rating.ProvisionalRD), limitOf(limit))
	return s.ratings(ctx, where, ` ORDER BY CASE WHEN r.rd <= ? THEN 0 ELSE 1 END, r.rating DESC, r.guest LIMIT ?`, args...)
}

func (s *sqlStore) RatingHistory(ctx context.Context, guest string, limit int) ([]store.Rating, error) {
	// The latest limit, newest first in the query, turned oldest first.
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT variant, players, rating, rd, at FROM rating_history
		WHERE guest = ? ORDER BY at DESC, game DESC LIMIT ?`), guest, limitOf(limit))
	if err != nil {
		return nil, s.closedErr(err)
	}
	defer rows.Close()
	var out []store.Rating
	for rows.Next() {
		r := store.Rating{Guest: guest}
		var at int64
		if err := rows.Scan(&r.Variant, &r.Players, &r.Rating, &r.RD, &at); err != nil {
			return nil, err
		}
		r.Updated = store.FromMillis(at)
		out = append(out, r)
	}
	slices.Reverse(out)
	return out, rows.Err()
}
