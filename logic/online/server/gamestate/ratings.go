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
	for i, s := range t.Rec.Seats {
		if s.Kind != store.SeatRemote || s.Guest == "" {
			continue
		}
		guests, places = append(guests, s.Guest), append(places, t.PlaceOf(i))
	}
	return guests, places
}

// PlaceOf is seat i's place in the finishing order of a finished game,
// whoever plays it (a computer's too): 0 for the winner (everyone in a
// draw), else one place behind the winner and every other seat with a
// higher score.
func (t *Table) PlaceOf(i int) int {
	res, _ := Result(t.Rec.Result)
	if res == "draw" {
		return 0
	}
	winner := -1
	if c, ok := strings.CutPrefix(res, "win "); ok && len(c) == 1 {
		for j := range t.Rec.Seats {
			if string(t.Pos.SeatColor(j).Letter()) == c {
				winner = j
			}
		}
	}
	if i == winner {
		return 0
	}
	place := 1
	for j := range t.Rec.Seats {
		if j != winner && j != i && t.Pos.Score(j) > t.Pos.Score(i) {
			place++
		}
	}
	return place
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
