//go:build !js

package gamestate

import (
	"context"
	"errors"
	"time"

	"shiftago/logic/online/store"
)

// Load reads a game, its moves and its players' names.
func Load(ctx context.Context, db store.Store, id string) (*Table, error) {
	rec, err := db.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	moves, err := db.Moves(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, st := range rec.Seats {
		if st.Guest != "" && names[st.Guest] == "" {
			if gu, err := db.Guest(ctx, st.Guest); err == nil {
				names[st.Guest] = gu.Name
			}
		}
	}
	return New(rec, moves, names)
}

// Rematch creates the next game of the table, or finds the one another
// player (perhaps on another node) created first: same seats, the next
// seat starts; now starts the clock of its first move.
func Rematch(ctx context.Context, db store.Store, old store.Game, now time.Time) (string, error) {
	setup := old.Setup
	setup.Starter = (old.Setup.Starter + 1) % setup.Players
	start, err := StartOf(setup)
	if err != nil {
		return "", err
	}
	seats := make([]store.Seat, len(old.Seats))
	for i, st := range old.Seats {
		seats[i] = store.Seat{Index: i, Kind: st.Kind, Level: st.Level, Guest: st.Guest}
	}
	ng := store.NewGame{Creator: old.Creator, Setup: setup, Seats: seats, ToMoveSeat: start.ToMoveSeat(), RematchOf: old.ID}
	if setup.FirstMoveTime() > 0 {
		ng.Deadline = now.Add(setup.FirstMoveTime())
	}
	g, err := db.CreateGame(ctx, ng)
	if errors.Is(err, store.ErrRematchExists) {
		g, err = db.RematchOf(ctx, old.ID)
	}
	return g.ID, err
}

// SameSeats says whether two records of a game seat the same players
// (kind, guest and level of every seat).
func SameSeats(a, b store.Game) bool {
	if len(a.Seats) != len(b.Seats) {
		return false
	}
	for i := range a.Seats {
		x, y := a.Seats[i], b.Seats[i]
		if x.Kind != y.Kind || x.Guest != y.Guest || x.Level != y.Level {
			return false
		}
	}
	return true
}

// BitsOf lists the seats of a set of seats (bits), lowest first.
func BitsOf(b uint8) []int {
	var out []int
	for i := 0; i < 4; i++ {
		if b&(1<<i) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// Seed spreads a game id into a seed (FNV-1a): two games in the same
// position do not play the same computer moves.
func Seed(s string) uint64 {
	var h uint64 = 14695981039346656037
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}
