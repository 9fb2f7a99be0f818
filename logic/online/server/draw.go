//go:build !js

package server

import (
	"errors"
	"fmt"
	"log/slog"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/store"
)

// A draw offer lives in the store, not in the actor's memory as the
// other offers do: it must outlast a restart and hold across nodes, and
// its limit (proto.MaxDrawOffers a seat) must count every offer. The
// store's row lock makes two seats agreeing at once on two nodes count
// both; the game's version makes the end happen once.

// evDraw tells the other nodes that a game's draw offer changed: they
// read it back from the store.
const evDraw store.EventKind = "draw"

func init() {
	peerEvents[evDraw] = func(g *game, e store.Event) { g.tellDraw(nil, true) }
}

// offerDraw: the seats of c offer a draw, or accept the one on the table.
func (g *game) offerDraw(c *conn, seats uint8) {
	if g.t.Over() || g.t.Rec.Status != store.StatusPlaying {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNoOffer, "a draw is offered in a game under way"))
		return
	}
	ctx, cancel := g.ctx()
	defer cancel()
	ply := g.t.Ply()
	d, err := g.srv.cfg.Store.ChangeDraw(ctx, g.id, func(d *store.Draw) error { return gamestate.OfferDraw(d, seats, ply) })
	switch {
	case errors.Is(err, gamestate.ErrDrawLimit):
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNoOffer, fmt.Sprintf("a seat may offer a draw %d times a game", proto.MaxDrawOffers)))
		return
	case err != nil:
		g.log().Error("store draw offer", slog.Any("err", err))
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeBusy, "the offer could not be stored: offer again"))
		return
	}
	if h := g.t.Humans(); d.Seats&h != h {
		g.broadcast(drawOffered(g, d))
		g.tellPeers(evDraw, "")
		return
	}
	rec, err := g.srv.cfg.Store.SetStatus(ctx, g.id, g.t.Rec.Version, store.StatusFinished, gamestate.DrawResult)
	if err != nil {
		if !errors.Is(err, store.ErrStale) {
			g.log().Error("store agreed draw", slog.Any("err", err))
		}
		g.reload() // a move came first (the offer is void), or another node ended it
		return
	}
	g.t.Rec = rec
	res, why := gamestate.Result(rec.Result)
	g.broadcast(proto.Msg{T: proto.TOver, Game: g.id, Ply: g.t.Ply(), Result: res, Why: why})
	g.rate()
	g.afterChange()
}

func drawOffered(g *game, d store.Draw) proto.Msg {
	return proto.Msg{T: proto.TOffered, Game: g.id, Ply: d.Ply, Kind: proto.OfferDraw, Seats: gamestate.BitsOf(d.Seats)}
}

// declineDraw takes the draw offer off the table, for every seat.
func (g *game) declineDraw(c *conn) {
	ctx, cancel := g.ctx()
	defer cancel()
	ply := g.t.Ply()
	_, err := g.srv.cfg.Store.ChangeDraw(ctx, g.id, func(d *store.Draw) error { return gamestate.DeclineDraw(d, ply) })
	switch {
	case errors.Is(err, gamestate.ErrNoDraw):
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNoOffer, "no draw offer to decline"))
	case err != nil:
		g.log().Error("store draw decline", slog.Any("err", err))
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeBusy, "the refusal could not be stored: send it again"))
	default:
		g.broadcast(proto.Msg{T: proto.TDeclined, Game: g.id, Ply: g.t.Ply(), Kind: proto.OfferDraw})
		g.tellPeers(evDraw, "")
	}
}

// tellDraw reads the draw offer back from the store and tells c (nil:
// every client here) of it: offered while it holds; declined, when all
// is true, if one made at this ply was taken off the table.
func (g *game) tellDraw(c *conn, all bool) {
	if g.t.Over() {
		return
	}
	ctx, cancel := g.ctx()
	defer cancel()
	d, err := g.srv.cfg.Store.DrawOf(ctx, g.id)
	if err != nil {
		g.log().Warn("store draw read", slog.Any("err", err))
		return
	}
	send := g.broadcast
	if c != nil {
		send = c.send
	}
	switch {
	case d.On(g.t.Ply()):
		send(drawOffered(g, d))
	case all && d.Ply == g.t.Ply() && d.Seats == 0:
		send(proto.Msg{T: proto.TDeclined, Game: g.id, Ply: g.t.Ply(), Kind: proto.OfferDraw})
	}
}
