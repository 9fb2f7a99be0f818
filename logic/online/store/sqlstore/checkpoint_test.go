//go:build !js

package sqlstore_test

import (
	"os"
	"testing"
	"time"

	"shiftago/logic/online/store"
)

// TestCheckpointsBesideTheWriter: SQLite's WAL is copied into the
// database file by the store's checkpointer, not by a commit (the writer's
// auto-checkpoint is off, so that no move waits for the copy): a few
// moves, far below the 1,000 pages of an auto-checkpoint, reach the
// database file soon.
func TestCheckpointsBesideTheWriter(t *testing.T) {
	dsn := fresh(t, store.EngineSQLite)
	ctx, s, ann, _, g := started(t, dsn)
	size := func() int64 {
		fi, err := os.Stat(dsn)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	time.Sleep(600 * time.Millisecond) // the schema and the game checkpointed
	before := size()
	for ply := 1; ply <= 200; ply++ {
		if _, err := s.AppendMove(ctx, store.Append{Game: g.ID, Ply: ply, Move: "Nabcdefghijklmnopqrstuvwxyz0123456789", By: ann.ID, ToMoveSeat: ply % 2}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(eventWait)
	for size() <= before {
		if time.Now().After(deadline) {
			t.Fatalf("200 moves and %v later the database file is still %d bytes: no checkpoint", eventWait, before)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
