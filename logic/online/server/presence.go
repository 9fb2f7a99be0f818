//go:build !js

package server

import (
	"log/slog"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/store"
)

// presenceGrace is how long a seat whose last connection to this node
// closed waits before its holder is told away: long enough for another
// node where the holder is still connected (a second tab, another
// device) to answer the store's "left" with "still here" (presence), so
// that the tables never show "(away)" beside a player who is there.
const presenceGrace = time.Second

// leftLater tells the clients here that the holders of seats left, once
// presenceGrace has passed and they are still gone: no connection here
// holds the seat and the store does not say another node's does.
func (g *game) leftLater(seats uint8) {
	if seats == 0 {
		return
	}
	time.AfterFunc(presenceGrace, func() {
		g.srv.toGame(g.id, func(g *game) { g.leftIfGone(seats) })
	})
}

// leftIfGone is leftLater's check, in the game's actor.
func (g *game) leftIfGone(seats uint8) {
	rec, ok := g.storedPresence()
	if !ok {
		return
	}
	here := g.heldHere()
	for _, i := range gamestate.BitsOf(seats) {
		if here&(1<<i) != 0 || i < len(rec.Seats) && rec.Seats[i].Connected {
			continue // back here, or connected to another node
		}
		if i < len(g.t.Rec.Seats) {
			g.t.Rec.Seats[i].Connected = false
		}
		g.broadcast(proto.Msg{T: proto.TSeat, Game: g.id, Ply: g.t.Ply(), Seat: i, What: proto.WhatLeft})
	}
}

// storedPresence reads the game as stored, for whose seats are connected
// on any node; false (logged) when the store cannot say.
func (g *game) storedPresence() (store.Game, bool) {
	ctx, cancel := g.ctx()
	defer cancel()
	rec, err := g.srv.cfg.Store.Game(ctx, g.id)
	if err != nil {
		g.log().Warn("store presence", slog.Any("err", err))
		return store.Game{}, false
	}
	return rec, true
}
