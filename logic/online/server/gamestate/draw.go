//go:build !js

package gamestate

import (
	"errors"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// The draw rules' refusals, from inside the store's ChangeDraw
// transaction.
var (
	ErrDrawLimit = errors.New("a seat's draw offers are used up")
	ErrNoDraw    = errors.New("no draw offer on the table")
)

// DrawResult is the stored result of an agreed draw.
const DrawResult = "draw; agreed"

// OfferDraw changes the stored draw offer d as seats offer a draw at ply,
// or accept the one on the table: a new offer (the last was made before
// a move, or refused) counts against each seat's proto.MaxDrawOffers.
func OfferDraw(d *store.Draw, seats uint8, ply int) error {
	for _, seat := range BitsOf(seats) { // a hot-seat device agrees for each of its seats
		if !d.On(ply) {
			if d.Made[seat] >= proto.MaxDrawOffers {
				return ErrDrawLimit
			}
			d.Made[seat]++
			d.Ply, d.Seats = ply, 0
		}
		d.Seats |= 1 << seat
	}
	return nil
}

// DeclineDraw takes the draw offer made at ply off the table, for every
// seat.
func DeclineDraw(d *store.Draw, ply int) error {
	if !d.On(ply) {
		return ErrNoDraw
	}
	d.Seats = 0
	return nil
}
