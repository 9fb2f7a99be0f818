//go:build !js

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"time"

	"shiftago/logic/online/store"
)

func (s *sqlStore) Count(ctx context.Context, name string, window time.Time, limit int, add bool) (int, bool, error) {
	if limit <= 0 {
		limit = math.MaxInt32
	}
	var n int
	var err error
	if add {
		// The increment and the limit's check are one statement: nodes
		// counting at once never pass the limit together.
		err = s.w.QueryRowContext(ctx, s.q(`INSERT INTO service_counts (name, slot, n) VALUES (?, ?, 1)
			ON CONFLICT (name, slot) DO UPDATE SET n = service_counts.n + 1 WHERE service_counts.n < ? RETURNING n`),
			name, store.Millis(window), limit).Scan(&n)
		if errors.Is(err, sql.ErrNoRows) { // at the limit: nothing changed
			return limit, false, nil
		}
		return n, err == nil, s.closedErr(err)
	}
	err = s.r.QueryRowContext(ctx, s.q(`SELECT n FROM service_counts WHERE name = ? AND slot = ?`), name, store.Millis(window)).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		err = nil
	}
	return n, err == nil && n < limit, s.closedErr(err)
}

func (s *sqlStore) DropCounts(ctx context.Context, before time.Time) error {
	_, err := s.w.ExecContext(ctx, s.q(`DELETE FROM service_counts WHERE slot < ?`), store.Millis(before))
	return s.closedErr(err)
}
