//go:build !js

package sqlstore_test

import (
	"context"
	"os"
	"testing"

	"shiftago/logic/online/store"
)

// BenchmarkAppendMove is one acknowledged move: the move row and the
// game's new state in one committed transaction. PostgreSQL runs only
// with SHIFTAGO_TEST_POSTGRES set (a benchmark never fails for want of
// it, CI or not).
func BenchmarkAppendMove(b *testing.B) {
	benchEach(b, func(b *testing.B, s store.Store, ann, bob store.Guest) {
		g := twoPlayer(b, s, ann.ID, bob.ID, 0)
		b.ResetTimer()
		for i := range b.N {
			if _, err := s.AppendMove(context.Background(), store.Append{Game: g.ID, Ply: i + 1, Move: "Na", By: ann.ID, ToMoveSeat: (i + 1) % 2}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkGame is one read of a game with its seats, as a server reads
// it to start or reload a game, join a guest or answer a hello naming a
// seat it does not know: one read-only snapshot.
func BenchmarkGame(b *testing.B) {
	benchEach(b, func(b *testing.B, s store.Store, ann, bob store.Guest) {
		g := twoPlayer(b, s, ann.ID, bob.ID, 0)
		ctx := context.Background()
		b.ResetTimer()
		for range b.N {
			if _, err := s.Game(ctx, g.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchEach runs fn on a new store of each engine with two guests.
func benchEach(b *testing.B, fn func(b *testing.B, s store.Store, ann, bob store.Guest)) {
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		b.Run(engine, func(b *testing.B) {
			if engine == store.EnginePostgres && os.Getenv(pgEnv) == "" {
				b.Skipf("set %s to measure PostgreSQL", pgEnv)
			}
			s := open(b, fresh(b, engine))
			b.ReportAllocs()
			fn(b, s, guest(b, s, "Ann"), guest(b, s, "Bob"))
		})
	}
}

// BenchmarkAppendMoveParallel is many games moving at once, as on a busy
// server: each goroutine plays its own game.
func BenchmarkAppendMoveParallel(b *testing.B) {
	benchEach(b, func(b *testing.B, s store.Store, ann, bob store.Guest) {
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			g := twoPlayer(b, s, ann.ID, bob.ID, 0)
			for ply := 1; pb.Next(); ply++ {
				if _, err := s.AppendMove(context.Background(), store.Append{Game: g.ID, Ply: ply, Move: "Na", By: ann.ID, ToMoveSeat: ply % 2}); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}
