//go:build !js

package sqlstore_test

import (
	"errors"
	"testing"

	"shiftago/logic/online/store"
)

// TestChangeDraw: a change is stored with each seat's count (packed)
// and read back after reopening; a change's error writes nothing; a
// game that does not exist is ErrNotFound.
func TestChangeDraw(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, _, _, g := started(t, dsn)
		if d := must[store.Draw](t)(s.DrawOf(ctx, g.ID)); d.On(0) || d != (store.Draw{}) {
			t.Fatalf("a new game has a draw offer: %+v", d)
		}
		want := store.Draw{Ply: 4, Seats: 0b101, Made: [4]int{1, 0, 3, 15}}
		d := must[store.Draw](t)(s.ChangeDraw(ctx, g.ID, func(d *store.Draw) error { *d = want; return nil }))
		if d != want || !d.On(4) || d.On(5) {
			t.Fatalf("changed to %+v, want %+v", d, want)
		}
		refused := errors.New("no")
		if _, err := s.ChangeDraw(ctx, g.ID, func(d *store.Draw) error { d.Seats = 0; return refused }); !errors.Is(err, refused) {
			t.Fatalf("a refusing change: %v", err)
		}
		if _, err := s.ChangeDraw(ctx, "nosuchgame", func(*store.Draw) error { return nil }); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a change in no game: %v", err)
		}
		s.Close()
		s = open(t, dsn)
		if d := must[store.Draw](t)(s.DrawOf(ctx, g.ID)); d != want {
			t.Fatalf("after reopening: %+v, want %+v", d, want)
		}
	})
}

// TestBlocks: a block is one-way, kept, idempotent, and lifted.
func TestBlocks(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, ann, bob, _ := started(t, dsn)
		for range 2 {
			if err := s.SetBlock(ctx, ann.ID, bob.ID, true); err != nil {
				t.Fatal(err)
			}
		}
		if got := must[[]string](t)(s.BlocksOf(ctx, ann.ID)); len(got) != 1 || got[0] != bob.ID {
			t.Fatalf("Ann's blocks: %v", got)
		}
		if got := must[[]string](t)(s.BlocksOf(ctx, bob.ID)); len(got) != 0 {
			t.Fatalf("Bob's blocks: %v", got)
		}
		for _, pair := range [][2]string{{ann.ID, bob.ID}, {bob.ID, ann.ID}} {
			if !must[bool](t)(s.Blocked(ctx, pair[0], pair[1])) {
				t.Fatalf("Blocked%v is false", pair)
			}
		}
		if err := s.SetBlock(ctx, ann.ID, ann.ID, true); !errors.Is(err, store.ErrInvalid) {
			t.Fatalf("blocking oneself: %v", err)
		}
		if err := s.SetBlock(ctx, ann.ID, "nobody", true); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("blocking nobody: %v", err)
		}
		if err := s.SetBlock(ctx, ann.ID, bob.ID, false); err != nil {
			t.Fatal(err)
		}
		if must[bool](t)(s.Blocked(ctx, ann.ID, bob.ID)) {
			t.Fatal("still blocked after unblock")
		}
	})
}
