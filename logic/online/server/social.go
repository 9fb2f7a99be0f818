//go:build !js

package server

import (
	"fmt"
	"log/slog"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/store"
)

// Quick messages and blocks. A phrase travels as its id (proto.Phrases)
// and each client words it in its player's language: there is no text to
// moderate. A block is the store's (the pairing asks it too); a game
// keeps the blocks of the guests connected to it, so that a message is
// filtered without a read.

// A game's state for quick messages (its blocks and rates) is
// gamestate.Social, g.soc.

// Events between nodes: evSaid carries a quick message
// (gamestate.SaidData); evBlock the guest whose blocks changed (each
// node reads them back).
const (
	evSaid  store.EventKind = "said"
	evBlock store.EventKind = "block"
)

func init() {
	gameCommands[proto.TSay] = (*game).say
	gameCommands[proto.TBlock] = func(g *game, c *conn, m proto.Msg) { g.block(c, m, true) }
	gameCommands[proto.TUnblock] = func(g *game, c *conn, m proto.Msg) { g.block(c, m, false) }
	peerEvents[evSaid] = func(g *game, e store.Event) {
		if seat, phrase, from, ok := gamestate.ParseSaid(e.Data); ok {
			g.said(seat, phrase, from)
		}
	}
	peerEvents[evBlock] = func(g *game, e store.Event) {
		if g.soc.Known(e.Data) {
			g.loadBlocks(e.Data, true)
		}
	}
}

// greet tells a client that has just had its state what else is on the
// table: the draw offer, and the seats its guest blocked.
func (g *game) greet(c *conn) {
	g.tellDraw(c, false)
	if c.guest == "" {
		return
	}
	g.loadBlocks(c.guest, false)
	if seats := g.soc.BlockedSeats(c.guest, g.t.Rec.Seats); seats != nil {
		c.send(proto.Msg{T: proto.TBlocked, Game: g.id, Ply: g.t.Ply(), Seats: seats})
	}
}

// loadBlocks reads a guest's blocks (again, when again).
func (g *game) loadBlocks(guest string, again bool) {
	if g.soc.Known(guest) && !again {
		return
	}
	ctx, cancel := g.ctx()
	defer cancel()
	list, err := g.srv.cfg.Store.BlocksOf(ctx, guest)
	if err != nil {
		g.log().Warn("store blocks", slog.Any("err", err))
		return
	}
	g.soc.SetBlocks(guest, list)
}

// say sends a quick message from the first seat c holds.
func (g *game) say(c *conn, m proto.Msg) {
	seats := g.subs[c]
	if seats == 0 || c.guest == "" {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNotYourSeat, "only a player says a quick message"))
		return
	}
	if !g.soc.Allow(c.guest, g.srv.now()) {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeRate, fmt.Sprintf("at most %d quick messages in a row, then one every %.0f s", gamestate.SayBurst, 1/gamestate.SayRate)))
		return
	}
	seat := gamestate.BitsOf(seats)[0]
	g.said(seat, m.Phrase, c.guest)
	g.tellPeers(evSaid, gamestate.SaidData(seat, m.Phrase, c.guest))
}

// said tells the clients here, but those whose guest blocked from, that
// seat said phrase.
func (g *game) said(seat int, phrase, from string) {
	b := proto.Encode(proto.Msg{T: proto.TSaid, Game: g.id, Ply: g.t.Ply(), Seat: seat, Phrase: phrase})
	for c := range g.subs {
		if !g.soc.Blocks(c.guest, from) {
			c.SendRaw(b)
		}
	}
}

// block records that c's guest blocks (or no longer blocks) the holder
// of seat m.Seat, and tells the guest's clients here.
func (g *game) block(c *conn, m proto.Msg, on bool) {
	if g.subs[c] == 0 || c.guest == "" {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNotYourSeat, "only a player blocks another"))
		return
	}
	if m.Seat >= len(g.t.Rec.Seats) {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeBadMessage, fmt.Sprintf("the game has no seat %d", m.Seat)))
		return
	}
	other := g.t.Rec.Seats[m.Seat]
	if other.Guest == "" || other.Kind == store.SeatComputer || other.Guest == c.guest {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNotYourSeat, fmt.Sprintf("seat %d holds no other player", m.Seat)))
		return
	}
	ctx, cancel := g.ctx()
	defer cancel()
	if err := g.srv.cfg.Store.SetBlock(ctx, c.guest, other.Guest, on); err != nil {
		g.log().Error("store block", slog.Any("err", err))
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeBusy, "the block could not be stored: send it again"))
		return
	}
	g.loadBlocks(c.guest, false)
	g.soc.Block(c.guest, other.Guest, on) // what was just stored holds, even if the read failed
	msg := proto.Msg{T: proto.TBlocked, Game: g.id, Ply: g.t.Ply(), Seats: g.soc.BlockedSeats(c.guest, g.t.Rec.Seats)}
	for x := range g.subs {
		if x.guest == c.guest {
			x.send(msg)
		}
	}
	g.tellPeers(evBlock, c.guest)
}
