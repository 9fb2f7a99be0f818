//go:build !js

package pgbatch_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/postgres/pgbatch"
	"shiftago/logic/online/store/storetest"
)

// TestCommitter: 60 calls at once, two of them for the same key. Every
// other call's row is stored and answered true, exactly one of the two
// gets the key violation (the statement that failed a batch runs alone,
// the others again together: one bad statement costs them nothing), a
// statement that returns no row answers false, and the calls went in
// fewer transactions than calls (group commit). After Close a call gets
// ErrClosed.
func TestCommitter(t *testing.T) {
	db, err := sql.Open("pgx", storetest.FreshDSN(t, store.EnginePostgres))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE rows (k INTEGER PRIMARY KEY, tx BIGINT NOT NULL DEFAULT txid_current())`); err != nil {
		t.Fatal(err)
	}
	// A row for k >= 0; none (and nothing stored) for a negative k.
	c := pgbatch.New(db, `INSERT INTO rows (k) SELECT $1::integer WHERE $1::integer >= 0 RETURNING k`, 64)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	const n = 60
	type answer struct {
		row bool
		err error
	}
	answers := make([]answer, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := i
			switch i {
			case n - 1:
				k = 7 // the same key as call 7
			case n - 2:
				k = -1 // no row
			}
			row, err := c.Do(ctx, k)
			answers[i] = answer{row, err}
		}()
	}
	wg.Wait()
	dup := 0
	for i, a := range answers {
		switch {
		case i == 7 || i == n-1:
			if a.err != nil {
				dup++
			} else if !a.row {
				t.Errorf("call %d: no row and no error", i)
			}
		case i == n-2:
			if a.row || a.err != nil {
				t.Errorf("the call with no row: %v, %v; want false, nil", a.row, a.err)
			}
		case a.err != nil || !a.row:
			t.Errorf("call %d: %v, %v; want its row", i, a.row, a.err)
		}
	}
	if dup != 1 {
		t.Errorf("%d of the two calls for key 7 failed, want exactly 1", dup)
	}
	var rows, txs int
	if err := db.QueryRow(`SELECT count(*), count(DISTINCT tx) FROM rows`).Scan(&rows, &txs); err != nil {
		t.Fatal(err)
	}
	if rows != n-2 {
		t.Errorf("%d rows stored, want %d", rows, n-2)
	}
	if txs >= rows {
		t.Errorf("%d rows in %d transactions: nothing was grouped", rows, txs)
	}
	t.Logf("%d calls at once: %d rows in %d transactions", n, rows, txs)
	c.Close()
	if _, err := c.Do(ctx, 1000); !errors.Is(err, pgbatch.ErrClosed) {
		t.Fatalf("after Close: %v, want ErrClosed", err)
	}
}
