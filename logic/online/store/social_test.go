//go:build !js

package store_test

import (
	"errors"
	"testing"

	"shiftago/logic/online/store"
)

// TestDrawOffers: an offer and its acceptances add up at one ply; a
// move (another ply) or a decline makes the next offer a new one; each
// seat starts at most max; and it all survives reopening the database.
func TestDrawOffers(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx, s, _, _, g := started(t, dsn)
		if d := must[store.Draw](t)(s.DrawOf(ctx, g.ID)); d.On(0) || d != (store.Draw{}) {
			t.Fatalf("a new game has a draw offer: %+v", d)
		}
		d := must[store.Draw](t)(s.OfferDraw(ctx, g.ID, 4, 0, 2))
		if !d.On(4) || d.Seats != 1 || d.Made != [4]int{1} {
			t.Fatalf("offer: %+v", d)
		}
		d = must[store.Draw](t)(s.OfferDraw(ctx, g.ID, 4, 1, 2)) // Bob accepts: not a start of his
		if d.Seats != 3 || d.Made != [4]int{1} {
			t.Fatalf("accepted: %+v", d)
		}
		if d.On(5) {
			t.Fatal("an offer holds after a move")
		}
		d = must[store.Draw](t)(s.OfferDraw(ctx, g.ID, 5, 0, 2)) // after a move: new
		if d.Seats != 1 || d.Made[0] != 2 {
			t.Fatalf("offer at the next ply: %+v", d)
		}
		if ok := must[bool](t)(s.DeclineDraw(ctx, g.ID, 5)); !ok {
			t.Fatal("decline found no offer")
		}
		if ok := must[bool](t)(s.DeclineDraw(ctx, g.ID, 5)); ok {
			t.Fatal("declined twice")
		}
		if _, err := s.OfferDraw(ctx, g.ID, 5, 0, 2); !errors.Is(err, store.ErrLimit) {
			t.Fatalf("a third offer of seat 0 with a limit of 2: %v", err)
		}
		if _, err := s.OfferDraw(ctx, "nosuchgame", 0, 0, 2); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an offer in no game: %v", err)
		}
		if _, err := s.OfferDraw(ctx, g.ID, 5, 4, 2); !errors.Is(err, store.ErrInvalid) {
			t.Fatalf("seat 4: %v", err)
		}
		s.Close()
		s = open(t, dsn)
		if d := must[store.Draw](t)(s.DrawOf(ctx, g.ID)); d.Seats != 0 || d.Ply != 5 || d.Made != [4]int{2} {
			t.Fatalf("after reopening: %+v", d)
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
