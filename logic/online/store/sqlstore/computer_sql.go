//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"shiftago/logic/online/store"
)

// markComputerSeats marks, as a game is stored, the computer seats it
// starts with for ComputerDue: only a game with a person's own seat (a
// remote one, held or free) has anyone to count them for.
func (s *sqlStore) markComputerSeats(ctx context.Context, tx *sql.Tx, g store.Game) error {
	person := slices.ContainsFunc(g.Seats, func(se store.Seat) bool { return se.Kind == store.SeatRemote })
	for _, se := range g.Seats {
		if !person || se.Kind != store.SeatComputer {
			continue
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO computer_due (game, idx, level) VALUES (?, ?, ?)`), g.ID, se.Index, se.Level); err != nil {
			return err
		}
	}
	return nil
}

func (s *sqlStore) ComputerDue(ctx context.Context, guest string, limit int) ([]string, error) {
	where, args := ``, []any{store.StatusOpen, store.StatusPlaying}
	if guest != "" {
		// The guest's seats (seats_guest) first: the marks of games
		// still open or playing are many beside one player's.
		where, args = ` AND d.game IN (SELECT game FROM seats WHERE guest = ? AND kind = ?)`, append(args, guest, store.SeatRemote)
	}
	return s.texts(ctx, `SELECT d.game FROM computer_due d JOIN games g ON g.id = d.game
		WHERE g.status <> ? AND g.status <> ?`+where+` GROUP BY d.game ORDER BY MIN(g.updated), d.game LIMIT ?`, append(args, limitOf(limit))...)
}

// maxComputerResults bounds a game's results: the pairs of a person and
// a computer among 4 seats are 4 at most (two and two).
const maxComputerResults = 16

func (s *sqlStore) CountComputerResults(ctx context.Context, game string, rs []store.ComputerResult) error {
	if game == "" || len(game) > 64 || len(rs) > maxComputerResults {
		return fmt.Errorf("%w: %d computer results of game %q", store.ErrInvalid, len(rs), game)
	}
	for _, r := range rs {
		if r.Guest == "" || len(r.Guest) > 64 || r.Seat < 0 || r.Seat > 3 || r.Outcome < -1 || r.Outcome > 1 {
			return fmt.Errorf("%w: computer result %+v", store.ErrInvalid, r)
		}
	}
	return s.change(ctx, func(tx *sql.Tx, _ func(store.Event)) error {
		// The marks' rows are the lock (PostgreSQL; SQLite has one
		// writer): of two nodes counting a game at once, the second
		// finds them gone and counts nothing.
		rows, err := tx.QueryContext(ctx, s.q(`SELECT idx, level FROM computer_due WHERE game = ?`+s.forUpdate()), game)
		if err != nil {
			return err
		}
		level := map[int]int{}
		for rows.Next() {
			var idx, lv int
			if err := rows.Scan(&idx, &lv); err != nil {
				rows.Close()
				return err
			}
			level[idx] = lv
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(level) == 0 {
			return nil // counted already, or nothing to count
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM computer_due WHERE game = ?`), game); err != nil {
			return err
		}
		type key struct {
			guest string
			level int
		}
		add := map[key]*store.ComputerTally{}
		var keys []key
		for _, r := range rs {
			lv, ok := level[r.Seat]
			if !ok {
				continue // not a computer from the start
			}
			k := key{r.Guest, lv}
			if add[k] == nil {
				add[k] = &store.ComputerTally{Level: lv}
				keys = append(keys, k)
			}
			switch r.Outcome {
			case 1:
				add[k].Won++
			case -1:
				add[k].Lost++
			default:
				add[k].Drawn++
			}
		}
		// Rows are written in the order of their keys, so that two games
		// of the same players counted at once cannot deadlock.
		slices.SortFunc(keys, func(a, b key) int {
			if c := cmpStr(a.guest, b.guest); c != 0 {
				return c
			}
			return a.level - b.level
		})
		for _, k := range keys {
			t := add[k]
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO computer_tally (guest, level, won, lost, drawn) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (guest, level) DO UPDATE SET won = computer_tally.won + excluded.won,
				lost = computer_tally.lost + excluded.lost, drawn = computer_tally.drawn + excluded.drawn`),
				k.guest, k.level, t.Won, t.Lost, t.Drawn); err != nil {
				if s.isFK(err) {
					return fmt.Errorf("%w: no guest %q", store.ErrInvalid, k.guest)
				}
				return err
			}
		}
		return nil
	})
}

func (s *sqlStore) ComputerTally(ctx context.Context, guest string) ([]store.ComputerTally, error) {
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT level, won, lost, drawn FROM computer_tally WHERE guest = ? ORDER BY level`), guest)
	if err != nil {
		return nil, s.closedErr(err)
	}
	defer rows.Close()
	var out []store.ComputerTally
	for rows.Next() {
		var t store.ComputerTally
		if err := rows.Scan(&t.Level, &t.Won, &t.Lost, &t.Drawn); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
