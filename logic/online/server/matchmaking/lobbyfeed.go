//go:build !js

package matchmaking

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/socket"
	"shiftago/logic/online/store"
)

// The lobby's push (issue 47; PROTOCOL.md, "WebSocket: the lobby").
// A page showing the lists once polled GET /api/lobby every 3 s: each
// open page read the database every 3 s, and a game made public showed
// up to 3 s late. Now each node reads the lists once for a batch of the
// changes it hears on the store's bus (every node's, through PostgreSQL's
// NOTIFY), diffs them with what it sent last and writes one frame to all
// its lobby sockets: the database's load follows the changes and the
// nodes, not the pages open.
const (
	// lobbyGap is the least time between two reads of the lists on a
	// node: changes coming faster go together into one frame.
	lobbyGap = 500 * time.Millisecond
	// lobbyRefresh rereads the lists for what no event says: a join
	// code that expired, a creator who renamed themselves, a creator's
	// rating (applied after a game's end, publishing nothing).
	lobbyRefresh = 30 * time.Second
	// lobbyIdle closes a socket silent this long (its client pings every
	// 20 s), lobbyStrikes one refused this often.
	lobbyIdle    = 60 * time.Second
	lobbyStrikes = 20
	// lobbyRetry is the wait before a read that failed is tried again.
	lobbyRetry = 2 * time.Second
)

// feed is a node's lobby sockets and the lists it last sent them.
type feed struct {
	api
	kick  chan struct{} // a change may touch the lists: read them
	addrs guard.Addrs   // lobby sockets per address

	mu   sync.Mutex
	subs map[*lobbySock]struct{}
	down bool // the hub stops: no new socket
	// warm: open and live are the lists at the last read and every
	// socket not fresh holds them. With no socket the lists are not
	// read, so they go cold.
	warm       bool
	open, live []proto.LobbyGame
	listed     map[string]bool // the listed games' ids (a move of one changes its entry)
	liveFull   bool            // the live list is at its size: a move of any game may bring it in
}

// lobbySock is one lobby socket; fresh until it got the whole lists.
type lobbySock struct {
	*socket.Conn
	fresh bool
}

// newFeed starts the node's feed; it stops with the hub.
func newFeed(a api) *feed {
	f := &feed{api: a, kick: make(chan struct{}, 1), subs: map[*lobbySock]struct{}{}}
	go f.run(a.Context())
	go f.listen(a.Context())
	return f
}

func (f *feed) poke() {
	select {
	case f.kick <- struct{}{}:
	default:
	}
}

// handleWS serves GET /api/lobby/ws: the whole lists at once (or at the
// next read, when the node holds none), then each change.
func (f *feed) handleWS(w http.ResponseWriter, r *http.Request) {
	if f.ShedConn(w) {
		return
	}
	addr := f.ClientAddr(r)
	if !f.addrs.Open(addr, f.Abuse().Caps.LobbyPerAddr) {
		f.Refuse(w, r, string(proto.CodeRate), &guard.Refusal{Why: "too many lobby connections from this address", Wait: 5 * time.Second})
		return
	}
	defer f.addrs.Close(addr)
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(proto.MaxFrame)
	c := &lobbySock{Conn: socket.New(ws)}
	go c.Write()
	if f.add(c) {
		f.read(r.Context(), c)
	}
	f.remove(c)
	c.Close(websocket.StatusNormalClosure, "")
	<-c.Finished()
}

// add subscribes a socket: a warm node sends it the lists it holds at
// once, under the lock that orders it before the next change.
func (f *feed) add(c *lobbySock) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		c.Bye()
		return false
	}
	f.subs[c] = struct{}{}
	if f.warm {
		c.SendRaw(proto.Encode(proto.Msg{T: proto.TLobby, Open: f.open, Live: f.live}))
		return true
	}
	c.fresh = true
	f.poke()
	return true
}

func (f *feed) remove(c *lobbySock) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.subs, c)
	if len(f.subs) == 0 {
		f.warm = false
	}
}

// read answers pings and refuses everything else, closing a socket
// refused too often (or silent too long).
func (f *feed) read(ctx context.Context, c *lobbySock) {
	var b guard.Bucket
	strikes := 0
	for {
		rctx, cancel := context.WithTimeout(ctx, lobbyIdle)
		typ, data, err := c.WS.Read(rctx)
		cancel()
		if err != nil {
			return
		}
		l := f.Limits()
		refuse := func(code proto.Code, why string) {
			strikes++
			c.SendRaw(proto.Encode(proto.Refuse(0, "", code, why)))
		}
		switch m, err := proto.Decode(data); {
		case !b.Take(f.Now(), l.MsgsPerSec, l.MsgBurst):
			refuse(proto.CodeRate, "too many messages: slow down")
		case typ != websocket.MessageText:
			refuse(proto.CodeBadMessage, "binary frames are not spoken: send JSON text")
		case err != nil:
			refuse(proto.CodeBadMessage, err.Error())
		case m.T != proto.TPing:
			refuse(proto.CodeBadMessage, "the lobby's socket takes ping only")
		default:
			c.SendRaw(proto.Encode(proto.Msg{T: proto.TPong, Ply: m.Ply}))
		}
		if strikes > lobbyStrikes {
			c.Close(websocket.StatusPolicyViolation, "too many refused messages")
			return
		}
	}
}

// listen pokes the feed for each event of the bus that may change the
// lists, and after a subscription lost (events may have been missed).
func (f *feed) listen(ctx context.Context) {
	for ctx.Err() == nil {
		sub := f.Store().Bus().Subscribe(1024)
		f.poke()
		for e := range sub.C() {
			if f.touches(e) {
				f.poke()
			}
		}
		sub.Close()
		if errors.Is(sub.Err(), store.ErrClosed) {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// touches says whether an event may change the lists: a game made, a
// seat taken, a status changed, a takeback, a resync; a move of a listed
// game (its ply and order), or of any while the live list is full (a
// public game beyond it moves up). Presence (a seat's event without a
// version) and the server's own kinds never do.
func (f *feed) touches(e store.Event) bool {
	switch e.Kind {
	case store.EventCreated, store.EventStatus, store.EventTakeback, store.EventResync:
		return true
	case store.EventSeat:
		return e.Version != 0
	case store.EventMove:
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.listed[e.Game] || f.liveFull
	}
	return e.Game == "*"
}

// run reads the lists when poked (at most once a lobbyGap) and every
// lobbyRefresh, while the node has lobby sockets; at the hub's end it
// says bye to them.
func (f *feed) run(ctx context.Context) {
	tick := time.NewTicker(lobbyRefresh)
	defer tick.Stop()
	var last time.Time
	for {
		select {
		case <-ctx.Done():
			f.stop()
			return
		case <-f.kick:
		case <-tick.C:
		}
		if !f.anyone() {
			continue
		}
		if wait := lobbyGap - time.Since(last); wait > 0 {
			select {
			case <-ctx.Done():
				f.stop()
				return
			case <-time.After(wait):
			}
		}
		select { // the changes heard while waiting are in this read
		case <-f.kick:
		default:
		}
		last = time.Now()
		if err := f.refresh(ctx); err != nil && ctx.Err() == nil {
			f.Log().Warn("lobby: read the lists", slog.Any("err", err))
			time.AfterFunc(lobbyRetry, f.poke)
		}
	}
}

func (f *feed) anyone() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.subs) > 0
}

func (f *feed) stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = true
	for c := range f.subs {
		c.Bye()
	}
}

// refresh reads the lists once and hands every socket what it lacks: a
// fresh one (or all, when the node held no lists) the whole lists, the
// others the change, one frame encoded once.
func (f *feed) refresh(ctx context.Context) error {
	rctx, cancel := context.WithTimeout(ctx, server.StoreWait)
	open, live, err := f.Store().PublicGames(rctx, lobbySize)
	cancel()
	if err != nil {
		return err
	}
	po, pl := lobbyGames(open, true), lobbyGames(live, false)
	listed := make(map[string]bool, len(open)+len(live))
	for _, g := range slices.Concat(open, live) {
		listed[g.ID] = true
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var whole, change []byte
	if f.warm {
		if m := lobbyDiff(f.open, f.live, po, pl); m.Open != nil || m.Live != nil || m.Gone != nil {
			change = proto.Encode(m)
		}
	}
	for c := range f.subs {
		switch {
		case c.fresh || !f.warm:
			if whole == nil {
				whole = proto.Encode(proto.Msg{T: proto.TLobby, Open: po, Live: pl})
			}
			c.SendRaw(whole)
			c.fresh = false
		case change != nil:
			c.SendRaw(change)
		}
	}
	f.open, f.live, f.listed, f.liveFull, f.warm = po, pl, listed, len(live) >= lobbySize, len(f.subs) > 0
	return nil
}

// lobbyDiff is the listed frame that takes a client from the lists it
// holds to the new ones: the entries new to a list or changed, and the
// games gone from both.
func lobbyDiff(oldOpen, oldLive, open, live []proto.LobbyGame) proto.Msg {
	index := func(gs []proto.LobbyGame) map[string]proto.LobbyGame {
		m := make(map[string]proto.LobbyGame, len(gs))
		for _, g := range gs {
			m[g.Watch] = g
		}
		return m
	}
	wasOpen, wasLive := index(oldOpen), index(oldLive)
	changed := func(gs []proto.LobbyGame, was map[string]proto.LobbyGame) []proto.LobbyGame {
		var out []proto.LobbyGame
		for _, g := range gs {
			if old, ok := was[g.Watch]; !ok || !reflect.DeepEqual(old, g) {
				out = append(out, g)
			}
		}
		return out
	}
	m := proto.Msg{T: proto.TListed, Open: changed(open, wasOpen), Live: changed(live, wasLive)}
	now := index(append(append([]proto.LobbyGame(nil), open...), live...))
	for _, gs := range [][]proto.LobbyGame{oldOpen, oldLive} {
		for _, g := range gs {
			if _, ok := now[g.Watch]; !ok {
				m.Gone = append(m.Gone, g.Watch)
				now[g.Watch] = g // once, though it was in both
			}
		}
	}
	return m
}
