//go:build !js

package sqlstore

import (
	"context"
	"strings"
)

// Quick pairing never seats together two guests one of whom blocked
// the other (issue 47): the blocks among a queue's waiting asks are read
// in the pairing's transaction, and an ask that one of a table's guests
// blocked, or that blocked one of them, waits for another table.

// blocksAmong is the set of blocks (blocker, blocked) between the guests
// of rows, both ways.
func (s *sqlStore) blocksAmong(ctx context.Context, db querier, rows []pairRow) (map[[2]string]bool, error) {
	if len(rows) < 2 {
		return nil, nil
	}
	in := map[string]bool{}
	args := make([]any, 0, len(rows))
	for _, r := range rows {
		in[r.guest] = true
		args = append(args, r.guest)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")
	res, err := db.QueryContext(ctx, s.q(`SELECT guest, blocked FROM blocks WHERE guest IN (`+marks+`)`), args...)
	if err != nil {
		return nil, s.closedErr(err)
	}
	defer res.Close()
	out := map[[2]string]bool{}
	for res.Next() {
		var a, b string
		if err := res.Scan(&a, &b); err != nil {
			return nil, err
		}
		if in[b] {
			out[[2]string{a, b}] = true
		}
	}
	return out, res.Err()
}

// apart says whether r may sit at a table with group: no block either
// way between r and any of its guests.
func apart(blocks map[[2]string]bool, group []pairRow, r pairRow) bool {
	for _, x := range group {
		if blocks[[2]string{x.guest, r.guest}] || blocks[[2]string{r.guest, x.guest}] {
			return false
		}
	}
	return true
}
