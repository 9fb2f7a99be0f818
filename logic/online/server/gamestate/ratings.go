//go:build !js

package gamestate

import (
	"context"
	"log/slog"
	"strings"

	"shiftago/logic/online/store"
)

// Places is the finishing order of the people still holding seats of a
// finished game (a player who left a game of 3 or 4 gave the seat to a
// computer): the winner first, the others after by their scores, ties
// equal; a draw ties everyone.
func (t *Table) Places() (guests []string, places []int) {
	res, _ := Result(t.Rec.Result)
	winner := -1
	if c, ok := strings.CutPrefix(res, "win "); ok && len(c) == 1 {
		for i := range t.Rec.Seats {
			if string(t.Pos.SeatColor(i).Letter()) == c {
				winner = i
			}
		}
	}
	for i, s := range t.Rec.Seats {
		if s.Kind != store.SeatRemote || s.Guest == "" {
			continue
		}
		place := 0
		if res != "draw" && i != winner {
			// Behind the winner; among the others, one place behind
			// every seat with a higher score.
			place = 1
			for j := range t.Rec.Seats {
				if j != winner && j != i && t.Pos.Score(j) > t.Pos.Score(i) {
					place++
				}
			}
		}
		guests, places = append(guests, s.Guest), append(places, place)
	}
	return guests, places
}

// ApplyRatings applies the ratings of t's finished rated game into st (nobody's
// when fewer than two people still hold its seats: the store then only
// clears it from RatingsDue).
func ApplyRatings(ctx context.Context, st store.Store, t *Table, log *slog.Logger) error {
	rec := t.Rec
	guests, places := t.Places()
	if len(guests) < 2 {
		guests, places = nil, nil
	}
	out, err := st.ApplyRatings(ctx, store.RatedGame{Game: rec.ID, Variant: rec.Setup.Variant, Players: rec.Setup.Players,
		Guests: guests, Places: places})
	if err != nil {
		log.Error("apply ratings", slog.Any("err", err))
		return err
	}
	for _, r := range out {
		log.Info("rated", slog.String("guest", r.Guest), slog.Float64("rating", r.Rating), slog.Float64("rd", r.RD))
	}
	return nil
}
