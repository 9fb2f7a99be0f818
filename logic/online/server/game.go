//go:build !js

package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/store"
)

// game is the actor of one live game: a single goroutine runs every
// function sent to in, so moves are checked, stored and told in order with
// no lock on the table.
type game struct {
	id   string
	srv  *Server
	in   chan func()
	t    *gamestate.Table
	subs map[*conn]uint8 // connected clients and the seats each holds
	refs int             // holders outside the actor (guarded by srv.mu)

	thinking int // the ply a computer search runs for, -1 for none
	timer    *time.Timer
	timerFor time.Time // the deadline the timer is set for

	// ready is closed once t is loaded (or loadErr says why not); the
	// actor runs only then.
	ready   chan struct{}
	loadErr error

	// What the bus said of the game, for the actor to catch up with
	// (catchUp). The bus's reader only sets these and pokes kick, which
	// holds one wake-up: it never waits for the actor and nothing it
	// heard is lost to a full queue, as a reload sent through in could be.
	heard         atomic.Int64 // the highest version another node's change gave the game
	resync        atomic.Bool  // events may have been missed: reread the game whatever its version
	presenceHeard atomic.Bool  // a seat's presence changed in the store
	kick          chan struct{}
	// movesHeard are the moves the bus told as stored (EventMove with
	// its move), for catchUp to play without reading the store when
	// they follow the table's version: with the players of a game on
	// two nodes, that read (the game, its seats, every move, the names)
	// was most of a move's cost on the node that did not store it.
	// At most maxMovesHeard wait; past that the reread has the rest.
	heardMu    sync.Mutex
	movesHeard []store.Event

	soc gamestate.Social // quick messages and blocks (social.go)
}

const maxMovesHeard = 64

func newGame(s *Server, id string) *game {
	return &game{id: id, srv: s, in: make(chan func(), gameInbox), subs: map[*conn]uint8{}, refs: 1, thinking: -1,
		ready: make(chan struct{}), kick: make(chan struct{}, 1)}
}

const gameInbox = 256

// storeWait bounds one call to the store.
const storeWait = 10 * time.Second

// reloadRetry is how long a game whose reread failed waits to try again.
const reloadRetry = time.Second

// run is the actor's loop. It leaves when nobody has held the game for a
// while, or when the server stops (after running what is queued, so that
// every move sent in before the stop is stored and acknowledged).
func (g *game) run(ctx context.Context) {
	idle := time.NewTicker(g.srv.cfg.IdleGame)
	defer idle.Stop()
	defer g.srv.wg.Done()
	g.afterChange()
	for {
		select {
		case f := <-g.in:
			f()
		case <-g.kick:
			g.catchUp()
		case <-idle.C:
			if len(g.subs) == 0 && g.thinking < 0 && g.srv.evict(g) {
				g.stopTimer()
				return
			}
		case <-ctx.Done():
			for {
				select {
				case f := <-g.in:
					f()
				default:
					g.stopTimer()
					return
				}
			}
		}
	}
}

// do runs f on the actor; false if its queue is full (the caller refuses
// with busy rather than block a reader).
func (g *game) do(f func()) bool {
	select {
	case g.in <- f:
		return true
	default:
		return false
	}
}

func (g *game) broadcast(m proto.Msg) {
	b := proto.Encode(m)
	for c := range g.subs {
		c.SendRaw(b)
	}
}

func (g *game) log() *slog.Logger { return g.srv.log.With(slog.String("game", g.id)) }

func (g *game) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), storeWait)
}

// attach adds a connection, greets it and sends what it missed after ply.
func (g *game) attach(c *conn, ply int) {
	g.fresh()
	seats := g.t.Held(c.guest)
	if c.guest != "" && seats == 0 {
		// The game's id alone grants nothing: a guest without a seat
		// watches with the spectator code.
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNotYourSeat, "you hold no seat in this game: watch it with its spectator code"))
		c.Close(websocket.StatusPolicyViolation, "no seat")
		return
	}
	first := seats &^ g.heldHere()
	g.subs[c] = seats
	g.present(first, true)
	c.send(proto.Msg{T: proto.TWelcome, Game: g.id, Ply: g.t.Ply(), V: proto.Version, Seats: gamestate.BitsOf(seats)})
	c.send(g.stateFor(ply))
	g.greet(c)
	for _, s := range gamestate.BitsOf(seats) {
		g.broadcast(proto.Msg{T: proto.TSeat, Game: g.id, Ply: g.t.Ply(), Seat: s, What: proto.WhatConnected})
	}
}

// fresh rereads the game if the store has a newer version of it than
// this actor: a hello never answers an older state than the store's. The
// bus tells every change, but its event may come after the hello (a
// join written by the HTTP handler or another node, and the player's
// hello right after it; a move stored by another node a moment ago).
// It costs a hello one read, and a whole reload only when the game did
// change.
func (g *game) fresh() {
	ctx, cancel := g.ctx()
	defer cancel()
	rec, err := g.srv.cfg.Store.Game(ctx, g.id)
	if err != nil {
		if errors.Is(err, store.ErrClosed) || g.srv.ctx.Err() != nil {
			return
		}
		// The hello is answered with what the actor has, which may be
		// behind a change whose event came before the actor was here
		// to mark it: reread the game once the store answers again.
		g.log().Warn("store read", slog.Any("err", err))
		g.rereadLater()
		return
	}
	if rec.Version > g.t.Rec.Version {
		g.reload()
	}
}

// poke wakes the actor to catch up with what the bus said (catchUp);
// one pending wake-up stands for any number.
func (g *game) poke() {
	select {
	case g.kick <- struct{}{}:
	default:
	}
}

// heardVersion records that another node changed the game to version v.
func (g *game) heardVersion(v int64) {
	for {
		old := g.heard.Load()
		if v <= old || g.heard.CompareAndSwap(old, v) {
			break
		}
	}
	g.poke()
}

// hearMove keeps a move event for catchUp to apply (applyHeard), and
// records its version.
func (g *game) hearMove(e store.Event) {
	g.heardMu.Lock()
	if len(g.movesHeard) < maxMovesHeard {
		g.movesHeard = append(g.movesHeard, e)
	}
	g.heardMu.Unlock()
	g.heardVersion(e.Version)
}

// rereadLater has the actor reread the game after reloadRetry: a read
// failed, and no event may come to say the game is behind the store.
func (g *game) rereadLater() {
	g.resync.Store(true)
	time.AfterFunc(reloadRetry, g.poke)
}

// mustResync records that this node may have missed events of the game.
func (g *game) mustResync() {
	g.resync.Store(true)
	g.poke()
}

// catchUp rereads the game when the bus said another node changed it
// past the version this actor has, or when events may have been missed
// (the bus's LISTEN connection was made again, or this node's
// subscription was dropped as too slow); and the seats' presence when it
// changed. The flags are cleared before the read: a change heard during
// it wakes the actor again.
func (g *game) catchUp() {
	g.applyHeard()
	if g.resync.Swap(false) || g.heard.Load() > g.t.Rec.Version {
		g.reload()
	}
	if g.presenceHeard.Swap(false) {
		g.presence()
	}
}

// applyHeard plays the moves other nodes stored, as the bus told them,
// while each is the next change of the table (its version one above the
// table's): the event was sent in the move's transaction, so it is what
// the store holds at that version. A move of this node's own, or one the
// table has from a read, is below the table's version and skipped; a
// move after a change the table has not had leaves the version heard
// above the table's, and catchUp rereads the game.
func (g *game) applyHeard() {
	g.heardMu.Lock()
	evs := g.movesHeard
	g.movesHeard = nil
	g.heardMu.Unlock()
	if len(evs) == 0 {
		return
	}
	slices.SortFunc(evs, func(a, b store.Event) int { return cmp.Compare(a.Version, b.Version) })
	played := false
	for _, e := range evs {
		if e.Version != g.t.Rec.Version+1 || e.Ply != g.t.Ply()+1 || g.t.Over() {
			continue
		}
		m, a, ok := e.StoredMove()
		if !ok {
			continue
		}
		if err := g.t.Apply(m, a, ""); err != nil {
			g.log().Error("apply heard move", slog.Int("ply", e.Ply), slog.Any("err", err))
			g.resync.Store(true)
			break
		}
		played = true
		// As reload tells another node's move: no command id (it was
		// not this node's client's), no rating (the storing node rates).
		g.broadcast(g.t.Moved(m.Ply, ""))
		if g.t.Over() {
			res, why := gamestate.Result(g.t.Rec.Result)
			g.broadcast(proto.Msg{T: proto.TOver, Game: g.id, Ply: g.t.Ply(), Result: res, Why: why})
		}
	}
	if played {
		g.afterChange()
	}
}

// heldHere is the seats some connection to this node holds.
func (g *game) heldHere() uint8 {
	var all uint8
	for _, seats := range g.subs {
		all |= seats
	}
	return all
}

// present writes to the store that the holders of seats connected (or
// left this node), so that the other nodes know it: presence is shared
// state, not only this node's connections. A failed write is logged and
// costs only the other nodes' view of presence.
func (g *game) present(seats uint8, on bool) {
	if seats == 0 {
		return
	}
	ctx, cancel := g.ctx()
	defer cancel()
	for _, i := range gamestate.BitsOf(seats) {
		err := g.srv.cfg.Store.SetConnected(ctx, g.id, i, on)
		switch {
		case err == nil:
			if i < len(g.t.Rec.Seats) {
				g.t.Rec.Seats[i].Connected = on
			}
		case !errors.Is(err, store.ErrClosed) && g.srv.ctx.Err() == nil:
			g.log().Warn("store presence", slog.Int("seat", i), slog.Any("err", err))
		}
	}
}

// presence follows the stored presence after another node changed it:
// a seat whose holder connected to (or left) another node is told to the
// clients here, unless a connection here holds it anyway.
func (g *game) presence() {
	rec, ok := g.storedPresence()
	if !ok {
		return
	}
	here := g.heldHere()
	for i, s := range rec.Seats {
		if i >= len(g.t.Rec.Seats) || g.t.Rec.Seats[i].Connected == s.Connected {
			continue
		}
		g.t.Rec.Seats[i].Connected = s.Connected
		if here&(1<<i) != 0 {
			if !s.Connected {
				// The seat's holder left another node but is still
				// connected here (a second device): say so again.
				g.present(1<<i, true)
			}
			continue
		}
		what := proto.WhatLeft
		if s.Connected {
			what = proto.WhatConnected
		}
		g.broadcast(proto.Msg{T: proto.TSeat, Game: g.id, Ply: g.t.Ply(), Seat: i, What: what})
	}
}

func (g *game) stateFor(ply int) proto.Msg {
	st := g.t.State(ply)
	for i, s := range g.t.Rec.Seats { // connected to another node
		if i < len(st.Table) && s.Connected && s.Kind != store.SeatComputer {
			st.Table[i].Connected = true
		}
	}
	for _, seats := range g.subs {
		for _, i := range gamestate.BitsOf(seats) {
			if i < len(st.Table) {
				st.Table[i].Connected = true
			}
		}
	}
	return st
}

func (g *game) detach(c *conn) {
	seats, ok := g.subs[c]
	if !ok {
		return
	}
	delete(g.subs, c)
	gone := seats &^ g.heldHere() // another tab here still holds the rest
	g.present(gone, false)
	g.leftLater(gone)
}

// move handles a client's move command: check, store, acknowledge, tell.
// The ack is sent only once the store has committed the move, so an
// acknowledged move survives a crash of this process.
func (g *game) move(c *conn, m proto.Msg) {
	if g.t.Late(g.srv.now()) {
		g.timeUp(g.t.Ply()) // the time ran out before the move came: it is refused below
	}
	mv, dup, ref := g.t.CheckMove(c.guest, g.subs[c], m)
	switch {
	case ref != nil:
		c.send(*ref)
		if ref.Code == proto.CodeStalePly {
			c.send(g.stateFor(min(m.Ply-1, g.t.Ply())))
		}
		return
	case dup:
		c.send(proto.Msg{T: proto.TAck, Game: g.id, Ply: m.Ply, ID: m.ID, Move: g.t.Moves[m.Ply-1].Move})
		return
	}
	a := g.t.AppendFor(mv, c.guest, g.srv.now())
	if g.store(a, m.ID) {
		c.send(proto.Msg{T: proto.TAck, Game: g.id, Ply: a.Ply, ID: m.ID, Move: a.Move})
		g.played(a.Ply)
		return
	}
	// Not stored by us: another node took the ply (the reload has told
	// everyone), or the store failed.
	if a.Ply <= g.t.Ply() && g.t.Moves[a.Ply-1].By == c.guest && g.t.Moves[a.Ply-1].Move == a.Move {
		c.send(proto.Msg{T: proto.TAck, Game: g.id, Ply: a.Ply, ID: m.ID, Move: a.Move})
		return
	}
	if a.Ply <= g.t.Ply() {
		c.send(proto.Refuse(g.t.Ply(), m.ID, proto.CodeStalePly, "another move took this ply"))
		c.send(g.stateFor(a.Ply - 1))
		return
	}
	c.send(proto.Refuse(g.t.Ply(), m.ID, proto.CodeBusy, "the move could not be stored: send it again"))
}

// store writes a move; true if this call stored it. On a lost race the
// game is reloaded from the store, which has the last word.
func (g *game) store(a store.Append, id string) bool {
	ctx, cancel := g.ctx()
	defer cancel()
	m, err := g.srv.cfg.Store.AppendMove(ctx, a)
	if err != nil {
		if !errors.Is(err, store.ErrPlyTaken) && !errors.Is(err, store.ErrNotPlaying) && !errors.Is(err, store.ErrStale) {
			g.log().Error("store move", slog.Int("ply", a.Ply), slog.Any("err", err))
		}
		g.reload()
		return false
	}
	if err := g.t.Apply(m, a, id); err != nil {
		g.log().Error("apply stored move", slog.Int("ply", a.Ply), slog.Any("err", err))
		g.reload()
		return false
	}
	return true
}

// played tells everyone of the move at ply, which the table has.
func (g *game) played(ply int) {
	g.broadcast(g.t.Moved(ply, g.t.IDs[ply]))
	if g.t.Over() {
		res, why := gamestate.Result(g.t.Rec.Result)
		g.broadcast(proto.Msg{T: proto.TOver, Game: g.id, Ply: g.t.Ply(), Result: res, Why: why})
		g.rate()
	}
	g.afterChange()
}

// reload reads the game again from the store (another node changed it,
// or a write lost a race) and tells the clients what changed: the new
// moves, or a whole state when the change is not a plain continuation.
func (g *game) reload() {
	t, err := g.srv.loadTable(g.id)
	if err != nil {
		if g.srv.ctx.Err() != nil {
			return // stopping: the next node to load the game reads it whole
		}
		// The game may now be behind the store, with no event to come
		// that would say so: read it again in a while.
		g.log().Error("reload", slog.Any("err", err))
		g.rereadLater()
		return
	}
	old := g.t
	prefix := t.Ply() >= old.Ply()
	for i := 0; prefix && i < old.Ply(); i++ {
		x, y := t.Moves[i], old.Moves[i]
		prefix = x.Ply == y.Ply && x.Move == y.Move && x.By == y.By
	}
	for p, id := range old.IDs {
		if p <= t.Ply() && prefix {
			t.IDs[p] = id
		}
	}
	g.t = t
	for c := range g.subs {
		g.subs[c] = t.Held(c.guest)
	}
	switch {
	case prefix && gamestate.SameSeats(old.Rec, t.Rec) && (old.Rec.Status == t.Rec.Status || t.Over()):
		// Only moves (and perhaps the end, told below): the clients
		// follow them. A change of seats or of status (the last seat
		// taken starts the game) needs the whole state.
		for p := old.Ply() + 1; p <= t.Ply(); p++ {
			g.broadcast(t.Moved(p, ""))
		}
	case prefix:
		for i, s := range t.Rec.Seats {
			o := old.Rec.Seats[i]
			switch {
			case s.Kind == store.SeatComputer && o.Kind != store.SeatComputer:
				g.broadcast(proto.Msg{T: proto.TSeat, Game: g.id, Ply: old.Ply(), Seat: i, What: proto.WhatComputer})
			case o.Guest == "" && s.Guest != "":
				g.broadcast(proto.Msg{T: proto.TSeat, Game: g.id, Ply: old.Ply(), Seat: i, What: proto.WhatJoined, Why: t.Names[s.Guest]})
			}
		}
		for c := range g.subs {
			c.send(g.stateFor(old.Ply()))
		}
	default:
		if t.Ply() < old.Ply() {
			g.broadcast(proto.Msg{T: proto.TUndone, Game: g.id, Ply: t.Ply()})
		}
		for c := range g.subs {
			c.send(g.stateFor(0))
		}
	}
	if t.Over() && !old.Over() {
		res, why := gamestate.Result(t.Rec.Result)
		g.broadcast(proto.Msg{T: proto.TOver, Game: g.id, Ply: t.Ply(), Result: res, Why: why})
	}
	g.afterChange()
}

// afterChange starts what the new state asks for: a computer's search
// when a computer is to move, the clock of the seat to move.
func (g *game) afterChange() {
	if g.t.Over() || g.t.Rec.Status != store.StatusPlaying || g.t.Pos.Over() {
		g.stopTimer()
		return
	}
	seat := g.t.Pos.ToMoveSeat()
	if g.t.Rec.Seats[seat].Kind == store.SeatComputer {
		g.stopTimer()
		if g.thinking != g.t.Ply() {
			g.think(seat)
		}
		return
	}
	if dl := g.t.Rec.Deadline; !dl.IsZero() && !dl.Equal(g.timerFor) {
		g.stopTimer()
		g.timerFor = dl
		ply := g.t.Ply()
		g.timer = time.AfterFunc(time.Until(dl), func() {
			g.do(func() { g.timeUp(ply) })
		})
	}
}

func (g *game) stopTimer() {
	if g.timer != nil {
		g.timer.Stop()
		g.timer = nil
	}
	g.timerFor = time.Time{}
}

// think asks the search pool for the computer's move. The answer comes
// back to the actor and is played only if the game is still at that ply.
func (g *game) think(seat int) {
	ply := g.t.Ply()
	g.thinking = ply
	cfg := ai.Config{Level: g.t.Rec.Seats[seat].Level, Seed: gamestate.Seed(g.id) ^ uint64(ply), Workers: 1, MaxNodes: g.srv.cfg.Nodes}
	g.srv.pool.Submit(g.t.Pos, cfg, func(mv logic.Move) {
		// The actor may have a full queue for a moment: wait for room
		// rather than lose the move (the game would wait for ever).
		select {
		case g.in <- func() { g.computerMove(ply, seat, mv) }:
		case <-g.srv.ctx.Done():
		}
	})
}

func (g *game) computerMove(ply, seat int, mv logic.Move) {
	if g.thinking == ply {
		g.thinking = -1
	}
	if g.t.Ply() != ply || g.t.Over() || g.t.Pos.ToMoveSeat() != seat || g.t.Rec.Seats[seat].Kind != store.SeatComputer {
		g.afterChange()
		return
	}
	a := g.t.AppendFor(mv, "", g.srv.now())
	if g.store(a, "") {
		g.played(a.Ply)
	}
}

// timeUp ends a seat's time if it is still that seat's turn at ply and
// the deadline has passed.
func (g *game) timeUp(ply int) {
	g.timerFor = time.Time{}
	dl := g.t.Rec.Deadline
	if g.t.Ply() != ply || g.t.Over() || g.t.Rec.Status != store.StatusPlaying || dl.IsZero() || g.srv.now().Before(dl) {
		g.afterChange()
		return
	}
	if g.t.Rec.Seats[g.t.Pos.ToMoveSeat()].Kind == store.SeatComputer {
		g.afterChange() // a computer waiting for the pool is not out of time: its move comes
		return
	}
	g.leave(g.t.Pos.ToMoveSeat(), "time")
}

// takeoverLevel is the level of a computer taking a seat: the game's
// choice, else the server's.
func (g *game) takeoverLevel() int {
	if l := g.t.Rec.Setup.Takeover; l > 0 {
		return l
	}
	return g.srv.cfg.TakeoverLevel
}

// leave ends a seat's part: resignation or time. Two players: the other
// wins. Three or four: a computer plays on in the seat.
func (g *game) leave(seat int, why string) {
	ctx, cancel := g.ctx()
	defer cancel()
	var rec store.Game
	var err error
	if st, res := g.t.Leave(seat, why); st != store.StatusNone {
		rec, err = g.srv.cfg.Store.SetStatus(ctx, g.id, g.t.Rec.Version, st, res)
	} else {
		rec, err = g.srv.cfg.Store.ReplaceSeat(ctx, g.id, g.t.Rec.Version, store.Seat{Index: seat, Kind: store.SeatComputer, Level: g.takeoverLevel()})
	}
	if err != nil {
		if !errors.Is(err, store.ErrStale) {
			g.log().Error("leave", slog.Int("seat", seat), slog.Any("err", err))
		}
		g.reload() // another node changed the game first: its word stands
		return
	}
	if rec.Ply != g.t.Ply() {
		g.reload()
		return
	}
	g.t.Rec = rec
	for c := range g.subs {
		g.subs[c] = g.t.Held(c.guest)
	}
	if g.t.Over() {
		res, w := gamestate.Result(rec.Result)
		g.broadcast(proto.Msg{T: proto.TOver, Game: g.id, Ply: g.t.Ply(), Result: res, Why: w, Seat: seat, Status: rec.Status.Wire()})
		g.rate()
	} else {
		g.broadcast(proto.Msg{T: proto.TSeat, Game: g.id, Ply: g.t.Ply(), Seat: seat, What: proto.WhatComputer, Why: why, Level: g.takeoverLevel()})
	}
	g.afterChange()
}

func (g *game) resign(c *conn, m proto.Msg) {
	if g.subs[c]&(1<<m.Seat) == 0 {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNotYourSeat, fmt.Sprintf("seat %d is not yours", m.Seat)))
		return
	}
	if g.t.Over() || g.t.Rec.Status != store.StatusPlaying {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeOver, "the game is not being played"))
		return
	}
	g.leave(m.Seat, "resign")
}

// offer handles a takeback or rematch offer (or its acceptance: the same
// command from the other side). Agreed when every person's seat said so.
func (g *game) offer(c *conn, m proto.Msg) {
	seats := g.subs[c]
	if seats == 0 {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNotYourSeat, "a spectator cannot offer"))
		return
	}
	if m.Ply != g.t.Ply() {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeStalePly, "the offer is about another ply"))
		return
	}
	if m.Kind == proto.OfferDraw {
		g.offerDraw(c, seats)
		return
	}
	agreed, why := g.t.Offer(seats, m.Kind)
	if no := g.t.TakebackRefused(); m.Kind == proto.OfferTakeback && no != "" {
		agreed, why = false, no
	}
	if why != "" {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNoOffer, why))
		return
	}
	// The players of this game on other nodes hear of it on the bus.
	g.tellPeers(evOffer, fmt.Sprintf("%s:%d", m.Kind, g.t.Offers[m.Kind]))
	g.settle(c, m.Kind, agreed)
}

// Events this server publishes on the store's bus for the other nodes:
// offers live in the actors' memory, not in the store.
const (
	evOffer   store.EventKind = "offer"   // Data: "kind:seats (bits)"
	evDecline store.EventKind = "decline" // Data: kind
	evRematch store.EventKind = "rematch" // Data: the new game's id
)

// tellPeers publishes an offer, a refusal or a rematch to the other nodes.
func (g *game) tellPeers(kind store.EventKind, data string) {
	ctx, cancel := g.ctx()
	defer cancel()
	e := store.Event{Game: g.id, Kind: kind, Version: g.t.Rec.Version, Ply: g.t.Ply(), Origin: g.srv.node, Data: data}
	if err := g.srv.cfg.Store.Bus().Publish(ctx, e); err != nil {
		g.log().Warn("publish", slog.String("kind", string(kind)), slog.Any("err", err))
	}
}

// peer applies what another node's players did (offers, and what the
// features' files add to peerEvents).
func (g *game) peer(e store.Event) {
	if h := peerEvents[e.Kind]; h != nil {
		h(g, e)
	}
}

// peerEvents are the handlers of the events the servers publish to each
// other on the store's bus (tellPeers), keyed by kind; the bus's reader
// hands the game those of other nodes. A feature's file adds its own in
// init.
var peerEvents = map[store.EventKind]func(g *game, e store.Event){
	evOffer: func(g *game, e store.Event) {
		kind, bits, _ := strings.Cut(e.Data, ":")
		b, err := strconv.Atoi(bits)
		if err != nil || e.Version != g.t.Rec.Version || (kind != proto.OfferTakeback && kind != proto.OfferRematch) {
			return // about another state of the game: void
		}
		agreed, why := g.t.Offer(uint8(b)&0xf, kind)
		if why == "" {
			g.settle(nil, kind, agreed)
		}
	},
	evDecline: func(g *game, e store.Event) {
		if g.t.Offers[e.Data] != 0 {
			delete(g.t.Offers, e.Data)
			g.broadcast(proto.Msg{T: proto.TDeclined, Game: g.id, Ply: g.t.Ply(), Kind: e.Data})
		}
	},
	evRematch: func(g *game, e store.Event) {
		clear(g.t.Offers)
		g.tellRematch(e.Data)
	},
}

// settle tells an offer, or carries it out once agreed. Two nodes may
// both see the agreement: the store's version (takeback) and its unique
// rematch key make it happen once.
func (g *game) settle(c *conn, kind string, agreed bool) {
	refuse := func(code proto.Code, why string) {
		if c != nil {
			c.send(proto.Refuse(g.t.Ply(), "", code, why))
		}
	}
	if !agreed {
		g.broadcast(proto.Msg{T: proto.TOffered, Game: g.id, Ply: g.t.Ply(), Kind: kind, Seats: gamestate.BitsOf(g.t.Offers[kind])})
		return
	}
	clear(g.t.Offers)
	ctx, cancel := g.ctx()
	defer cancel()
	switch kind {
	case proto.OfferTakeback:
		to := g.t.TakebackTo()
		p := g.t.PositionAt(to)
		tb := store.Takeback{Game: g.id, Version: g.t.Rec.Version, Ply: to, ToMoveSeat: p.ToMoveSeat()}
		if g.t.Rec.Setup.MoveTime > 0 {
			tb.Deadline = g.srv.now().Add(g.t.Rec.Setup.MoveTime)
		}
		rec, err := g.srv.cfg.Store.Takeback(ctx, tb)
		if err != nil {
			refuse(proto.CodeStalePly, "the game changed: offer again")
			g.reload()
			return
		}
		t, err := gamestate.New(rec, g.t.Moves[:to], g.t.Names)
		if err != nil {
			g.log().Error("takeback replay", slog.Any("err", err))
			g.reload()
			return
		}
		g.t, g.thinking = t, -1
		g.stopTimer()
		g.broadcast(proto.Msg{T: proto.TUndone, Game: g.id, Ply: to})
		for c := range g.subs {
			c.send(g.stateFor(0))
		}
		g.afterChange()
	case proto.OfferRematch:
		id, err := gamestate.Rematch(ctx, g.srv.cfg.Store, g.t.Rec, g.srv.now())
		if err != nil {
			g.log().Error("rematch", slog.Any("err", err))
			refuse(proto.CodeBusy, "the rematch could not be created")
			return
		}
		g.tellRematch(id)
		g.tellPeers(evRematch, id)
	}
}

// tellRematch gives the players (not the spectators: the new game's id is
// theirs) the rematch.
func (g *game) tellRematch(id string) {
	b := proto.Encode(proto.Msg{T: proto.TRematch, Game: id, Ply: g.t.Ply()})
	for c, seats := range g.subs {
		if seats != 0 {
			c.SendRaw(b)
		}
	}
}

func (g *game) decline(c *conn, m proto.Msg) {
	if m.Kind == proto.OfferDraw && g.subs[c] != 0 {
		g.declineDraw(c)
		return
	}
	if g.subs[c] == 0 || g.t.Offers[m.Kind] == 0 {
		c.send(proto.Refuse(g.t.Ply(), "", proto.CodeNoOffer, "no such offer to decline"))
		return
	}
	delete(g.t.Offers, m.Kind)
	g.broadcast(proto.Msg{T: proto.TDeclined, Game: g.id, Ply: g.t.Ply(), Kind: m.Kind})
	g.tellPeers(evDecline, m.Kind)
}
