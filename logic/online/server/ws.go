//go:build !js

package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/socket"
	"shiftago/logic/online/store"
)

// Timings of a WebSocket connection.
const (
	helloWait  = 5 * time.Second  // the first message, hello, must come by then
	readIdle   = 60 * time.Second // a client pings every 3 s (timers in a background tab run late); silence this long is a dead peer
	maxStrikes = 20               // refused commands tolerated before the socket is closed
)

// conn is one client's WebSocket. A reader goroutine decodes commands and
// hands them to the game's actor; a writer goroutine (package socket)
// sends the queued events. The actor never blocks on a client: a full queue drops it (it
// reconnects and resumes), as coder/websocket's chat example does.
type conn struct {
	*socket.Conn // the writer's side: the queue of frames, the close
	srv          *Server
	addr         string
	named        string // the upgrade's ?game= (sameGame, below)
	guest        string
	g            *game

	device string // the token's device: revoking it closes the socket (Revoked)
	// revoked is set by the first closeDevice that tells this socket its
	// device was revoked: the node that revokes closes it at once and
	// then hears its own revoke on the bus, and must not say it twice.
	revoked atomic.Bool
}

func (c *conn) send(m proto.Msg) {
	if m.T == proto.TRefused {
		c.srv.ops.refused(string(m.Code))
	}
	c.SendRaw(proto.Encode(m))
}

func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	if s.shedWS(w, r) {
		return
	}
	addr := s.ClientAddr(r)
	if !s.addr.Open(addr, s.cfg.Limits.ConnsPerAddr) {
		s.ops.refused("conns")
		s.refusals.Warn("too many connections", slog.String("addr", addr))
		writeErr(w, http.StatusTooManyRequests, string(proto.CodeRate), "too many connections from this address")
		return
	}
	defer s.addr.Close(addr)
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered the request
	}
	ws.SetReadLimit(proto.MaxFrame)
	c := &conn{Conn: socket.New(ws), srv: s, addr: addr, named: r.URL.Query().Get("game")}
	s.mu.Lock()
	if s.down {
		s.mu.Unlock()
		ws.Close(websocket.StatusServiceRestart, "restarting: reconnect")
		return
	}
	s.conns[c] = struct{}{}
	s.connWG.Add(1)
	s.mu.Unlock()
	defer s.connWG.Done()
	go c.Write()
	c.serve(r.Context())
	c.Close(websocket.StatusNormalClosure, "")
	<-c.Finished()
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
	if c.g != nil {
		g := c.g
		if !g.do(func() { g.detach(c) }) {
			// A full queue: detach later rather than leave a dead
			// subscriber (which also keeps the game from being evicted,
			// so the actor is there to take it), unless the server stops:
			// then the actor may be gone and nobody would ever take it.
			go func() {
				select {
				case g.in <- func() { g.detach(c) }:
				case <-g.srv.ctx.Done():
				}
			}()
		}
		s.release(g)
	}
}

// read reads one command, waiting at most d; ok false ends the connection.
func (c *conn) read(ctx context.Context, d time.Duration) (proto.Msg, error, bool) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	typ, b, err := c.WS.Read(ctx)
	if err != nil {
		if websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
			c.srv.refusals.Warn("frame too large", slog.String("addr", c.addr))
		}
		return proto.Msg{}, nil, false
	}
	if typ != websocket.MessageText {
		return proto.Msg{}, errors.New("binary frames are not spoken: send JSON text"), true
	}
	m, err := proto.Decode(b)
	return m, err, true
}

func (c *conn) serve(ctx context.Context) {
	s := c.srv
	// The reads are not cancelled when the connection is to end (c.quit):
	// a cancelled read closes the socket at once, and the writer must
	// first send what is queued (a bye, the last acks). The writer's Close
	// ends the read instead.
	quitCtx := ctx
	m, err, ok := c.read(quitCtx, helloWait)
	if !ok {
		return
	}
	if err != nil || m.T != proto.THello {
		why := "the first message must be hello"
		if err != nil {
			why = err.Error()
		}
		c.send(proto.Refuse(0, "", proto.CodeBadMessage, why))
		c.Close(websocket.StatusPolicyViolation, "hello first")
		return
	}
	if !c.hello(quitCtx, m) {
		return
	}
	var b guard.Bucket
	strikes := 0
	for {
		m, err, ok := c.read(quitCtx, readIdle)
		if !ok {
			return
		}
		now := s.now()
		if !b.Take(now, s.cfg.Limits.MsgsPerSec, s.cfg.Limits.MsgBurst) || !s.addr.Allow(c.addr, now, s.cfg.Limits) {
			strikes++
			c.send(proto.Refuse(0, m.ID, proto.CodeRate, "too many messages: slow down"))
		} else if err != nil {
			strikes++
			c.send(proto.Refuse(0, "", proto.CodeBadMessage, err.Error()))
		} else {
			strikes += c.dispatch(m)
		}
		if strikes > maxStrikes {
			s.refusals.Warn("client closed after refusals", slog.String("addr", c.addr), slog.Int("strikes", strikes))
			c.Close(websocket.StatusPolicyViolation, "too many refused messages")
			return
		}
	}
}

// hello authenticates the connection and attaches it to its game.
func (c *conn) hello(ctx context.Context, m proto.Msg) bool {
	s := c.srv
	if m.V != proto.Version {
		c.send(proto.Refuse(0, "", proto.CodeVersion, proto.VersionRefusal()))
		c.Close(websocket.StatusPolicyViolation, "version")
		return false
	}
	// The request's context never ends while the socket is open: bound
	// the hello's reads as every store call is, or a database socket
	// that went silent holds the handler for as long as the client waits.
	ctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	gameID := m.Game
	if m.Token != "" {
		gu, err := s.cfg.Store.GuestByToken(ctx, m.Token)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return c.storeDown("read the guest", err)
		}
		if err != nil {
			c.send(proto.Refuse(0, "", proto.CodeAuth, "unknown token"))
			c.Close(websocket.StatusPolicyViolation, "auth")
			return false
		}
		c.guest, c.device = gu.ID, gu.Device
	} else {
		rec, err := s.cfg.Store.GameBySpectator(ctx, m.Watch)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return c.storeDown("read the game", err)
		}
		if err != nil {
			c.send(proto.Refuse(0, "", proto.CodeNoGame, "no game has this spectator code"))
			c.Close(websocket.StatusPolicyViolation, "no game")
			return false
		}
		gameID = rec.ID
	}
	if !c.sameGame(gameID) {
		return false
	}
	g, err := s.acquire(ctx, gameID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return c.storeDown("open the game", err)
	}
	if err != nil {
		c.send(proto.Refuse(0, "", proto.CodeNoGame, "the game cannot be opened"))
		c.Close(websocket.StatusPolicyViolation, "no game")
		return false
	}
	c.g = g
	if !g.do(func() { g.attach(c, m.Ply) }) {
		c.send(proto.Refuse(0, "", proto.CodeBusy, "the game is busy: reconnect"))
		c.Close(websocket.StatusTryAgainLater, "busy")
		return false
	}
	return true
}

// connCommands are the commands the connection answers itself (proto's
// table marks them Conn); each returns 1 for a refusal that counts
// against the client.
var connCommands = map[proto.Type]func(c *conn, m proto.Msg) int{
	proto.TPing: func(c *conn, m proto.Msg) int {
		c.send(proto.Msg{T: proto.TPong, Ply: m.Ply})
		return 0
	},
	proto.THello: func(c *conn, m proto.Msg) int {
		c.send(proto.Refuse(0, "", proto.CodeBadMessage, "hello was said"))
		return 1
	},
}

// gameCommands are the game's handlers of the other commands of proto's
// table, run on the game's actor. New checks that the two maps cover
// the table (commandsCovered); a feature's file adds its own in init.
var gameCommands = map[proto.Type]func(g *game, c *conn, m proto.Msg){
	proto.TSnapshot: func(g *game, c *conn, m proto.Msg) { c.send(g.stateFor(m.Ply)) },
	proto.TMove:     (*game).move,
	proto.TResign:   (*game).resign,
	proto.TOffer:    (*game).offer,
	proto.TDecline:  (*game).decline,
}

// commandsCovered is the server's check, at New (after every feature
// file's init has added its handlers), that its dispatch derives from
// proto's table: every command has exactly one handler, the
// connection's for the table's Conn commands and the game's for the
// others, and no handler serves a type the table lacks. A gap is a bug
// the server refuses to start with, rather than a refusal a player
// meets at the table.
var commandsCovered = sync.OnceValue(func() error { return coverCommands(connCommands, gameCommands) })

func coverCommands[C, G any](conn map[proto.Type]C, game map[proto.Type]G) error {
	var errs []error
	for _, typ := range proto.Types(proto.Command) {
		sp, _ := proto.SpecOf(typ)
		_, c := conn[typ]
		_, g := game[typ]
		switch {
		case c && g:
			errs = append(errs, fmt.Errorf("%s is handled twice", typ))
		case sp.Conn && !c:
			errs = append(errs, fmt.Errorf("%s is the connection's (Conn) but connCommands lacks it", typ))
		case !sp.Conn && !g:
			errs = append(errs, fmt.Errorf("%s has no handler in gameCommands", typ))
		}
	}
	for typ := range conn {
		if sp, ok := proto.SpecOf(typ); !ok || sp.Dir != proto.Command || !sp.Conn {
			errs = append(errs, fmt.Errorf("connCommands serves %s, not a Conn command of proto's table", typ))
		}
	}
	for typ := range game {
		if sp, ok := proto.SpecOf(typ); !ok || sp.Dir != proto.Command || sp.Conn {
			errs = append(errs, fmt.Errorf("gameCommands serves %s, not a game command of proto's table", typ))
		}
	}
	return errors.Join(errs...)
}

// storeDown refuses a hello that the store could not answer (a database
// slow or refusing connections for a while) as busy, which a client
// takes as "come back", never as a bad token or a missing game, which it
// would take as final and so leave its game for good.
func (c *conn) storeDown(what string, err error) bool {
	if c.srv.ctx.Err() == nil && !errors.Is(err, store.ErrClosed) {
		c.srv.refusals.Warn("hello: store", slog.String("what", what), slog.Any("err", err))
	}
	c.send(proto.Refuse(0, "", proto.CodeBusy, "the server cannot read its database now: reconnect"))
	c.Close(websocket.StatusTryAgainLater, "busy")
	return false
}

// dispatch hands a command to the game; it returns 1 for a refusal that
// counts against the client.
func (c *conn) dispatch(m proto.Msg) int {
	if h := connCommands[m.T]; h != nil {
		return h(c, m)
	}
	h := gameCommands[m.T]
	if h == nil { // a command of the table no handler serves: a bug, said as one
		c.send(proto.Refuse(m.Ply, m.ID, proto.CodeBadMessage, "this server does not serve "+string(m.T)))
		return 1
	}
	g, read := c.g, time.Now()
	f := func() { h(g, c, m) }
	if m.T == proto.TMove { // the move latency metric
		f = func() { h(g, c, m); c.srv.ops.moved(time.Since(read)) }
	}
	if !g.do(f) {
		c.send(proto.Refuse(m.Ply, m.ID, proto.CodeBusy, "the game is busy: send it again"))
	}
	return 0
}

// sameGame refuses (wrong-game) and closes a connection whose hello names
// another game than its upgrade's ?game=. A proxy hashes on ?game= to put
// the players of one game on one node (deploy/nginx.conf), and a full node
// lets in the connections to the games it has live by it (shedWS): a
// client naming one game there and another in its hello would be carried
// past admission, to a node that has not got its game, by a URL that
// lies. A connection with no ?game= is any game's.
func (c *conn) sameGame(game string) bool {
	if c.named == "" || c.named == game {
		return true
	}
	c.send(proto.Refuse(0, "", proto.CodeWrongGame, "the hello names another game than the ?game= of the connection: connect with the hello's game"))
	c.Close(websocket.StatusPolicyViolation, "wrong game")
	return false
}
