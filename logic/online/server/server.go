//go:build !js

package server

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/netip"
	"runtime"
	"strconv"
	"sync"
	"time"

	"shiftago/logic/ai"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/server/searchpool"
	"shiftago/logic/online/static"
	"shiftago/logic/online/store"
)

// Config is what a Server needs. Store is required; the rest has defaults.
type Config struct {
	Store  store.Store
	Log    *slog.Logger // nil: slog.Default()
	Web    fs.FS        // the web app's folder, served from /; nil: / says how to build it
	Limits guard.Limits // zero: DefaultLimits()
	Caps   guard.Caps   // zero fields: DefaultCaps()'s
	// Workers is the number of computer searches run at once for all
	// games; 0: the number of cores.
	Workers int
	// Nodes is the node budget of a computer's move; 0: its level's own.
	Nodes int
	// TakeoverLevel is the level of a computer that takes the seat of a
	// player who resigned or ran out of time (3 or 4 players); 0: ai.DefaultLevel.
	TakeoverLevel int
	IdleGame      time.Duration    // an actor nobody holds leaves after this; 0: a minute
	Sweep         time.Duration    // how often games past their deadline are looked for; 0: 30 s
	Now           func() time.Time // nil: time.Now
	// Trusted are the reverse proxies whose X-Forwarded-For is believed
	// (guard.ClientAddr); none: every limit counts the peer's address.
	Trusted []netip.Prefix
	// ShedLatency and ShedQueue are admission control's other bounds (package admission):
	// the moving average of the store's move commits, and the commands
	// queued in all games; 0: no bound.
	ShedLatency time.Duration
	ShedQueue   int
	// Features are the HTTP API's parts outside the hub, added by New
	// (hosting adds accounts, matchmaking and standings); none: the hub
	// serves the WebSocket, the metrics and the web app only.
	Features []Feature
	// ShedMove is the target p90 of players' moves that the game cap
	// follows (package admission); 0: no cap.
	ShedMove time.Duration
}

// Server is the game service: an http.Handler for the API, the WebSocket
// and the web app, and the live games' actors.
type Server struct {
	cfg  Config
	log  *slog.Logger
	pool *searchpool.Pool
	addr guard.Addrs
	mux  *http.ServeMux
	ops  *ops // metrics, health, admission (metrics.go, shed.go)

	abuse    *guard.Abuse      // caps on new guests, games and wrong join codes
	refusals *guard.RefusalLog // refusals logged a line a second per kind

	ctx    context.Context // ends at Shutdown: actors finish their queues and leave
	cancel context.CancelFunc
	wg     sync.WaitGroup // actors
	connWG sync.WaitGroup // WebSocket handlers

	node string // this process's name on the bus: its own offers are not news to it

	mu    sync.Mutex
	games map[string]*game
	conns map[*conn]struct{}
	down  bool
}

// New makes a Server and starts listening to the bus. It panics if the
// dispatch does not cover proto's table (commandsCovered): a bug.
func New(cfg Config) *Server {
	if err := commandsCovered(); err != nil {
		panic("server: the dispatch does not cover proto's table: " + err.Error())
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Limits == (guard.Limits{}) {
		cfg.Limits = guard.DefaultLimits()
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.IdleGame <= 0 {
		cfg.IdleGame = time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.TakeoverLevel <= 0 || cfg.TakeoverLevel > ai.MaxLevel {
		cfg.TakeoverLevel = ai.DefaultLevel
	}
	if cfg.Sweep <= 0 {
		cfg.Sweep = 30 * time.Second
	}
	s := &Server{cfg: cfg, log: cfg.Log, pool: searchpool.New(cfg.Workers), games: map[string]*game{}, conns: map[*conn]struct{}{}}
	s.refusals = guard.NewRefusalLog(cfg.Log, cfg.Now)
	s.abuse = guard.NewAbuse(cfg.Caps, cfg.Store, s.refusals)
	s.node = strconv.FormatUint(rand.Uint64(), 36)
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.mux = http.NewServeMux()
	s.initOps()
	s.mux.HandleFunc("GET /api/ws", s.handleWS)
	for _, f := range cfg.Features {
		f(s) // before the bus and the sweeps start: nothing runs yet
	}
	if cfg.Web != nil {
		s.mux.Handle("/", static.Handler(cfg.Web))
	} else {
		s.mux.Handle("/", static.NotBuilt())
	}
	go s.listen()
	go s.sweep()
	return s
}

func (s *Server) now() time.Time { return s.cfg.Now() }

// toGame runs f on the live actor of a game, if this node has one.
func (s *Server) toGame(id string, f func(*game)) {
	s.mu.Lock()
	g := s.games[id]
	s.mu.Unlock()
	if g != nil {
		g.do(func() { f(g) })
	}
}

// ServeHTTP serves the API, the WebSocket and the web app.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Shutdown tells every client to reconnect (bye), closes the sockets,
// lets every game actor finish what it was sent (each acknowledged move
// is stored before its ack is sent, so none is lost) and waits for them.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.down = true
	conns := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.Bye()
	}
	s.cancel()
	done := make(chan struct{})
	go func() { s.wg.Wait(); s.connWG.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// acquire returns the live actor of a game, starting it from the store.
// The caller must release it.
//
// A new actor is put in the table of live games before its game is read
// from the store, never after: an event for a change that the read
// misses then finds the actor (listen) and is applied once the game is
// loaded. Put in after the read, as it once was, the event of a move
// stored by another node meanwhile found no actor and was dropped, and
// the game stayed a move behind on this node for as long as anyone held
// it: its players waited for a move that never came.
func (s *Server) acquire(ctx context.Context, id string) (*game, error) {
	s.mu.Lock()
	if s.down {
		s.mu.Unlock()
		return nil, errors.New("shutting down")
	}
	if g := s.games[id]; g != nil {
		g.refs++
		s.mu.Unlock()
		select {
		case <-g.ready:
		case <-ctx.Done():
			s.release(g)
			return nil, ctx.Err()
		}
		if g.loadErr != nil {
			s.release(g)
			return nil, g.loadErr
		}
		return g, nil
	}
	g := newGame(s, id)
	s.games[id] = g
	s.mu.Unlock()
	t, err := s.loadTable(id)
	s.mu.Lock()
	if err == nil && s.down {
		err = errors.New("shutting down")
	}
	if err != nil {
		if s.games[id] == g {
			delete(s.games, id)
		}
		s.mu.Unlock()
		g.loadErr = err
		close(g.ready)
		return nil, err
	}
	g.t = t
	s.wg.Add(1)
	s.mu.Unlock()
	close(g.ready)
	go g.run(s.ctx)
	return g, nil
}

func (s *Server) release(g *game) {
	s.mu.Lock()
	g.refs--
	s.mu.Unlock()
}

// evict removes an idle actor unless someone holds it.
func (s *Server) evict(g *game) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g.refs > 0 {
		return false
	}
	delete(s.games, g.id)
	return true
}

// listen follows the store's bus: a game changed by another node is
// reloaded here, so its players on this node see the move at once. A
// change this node made itself is known already (the event's version is
// not above the table's). The loop only marks the games (heardVersion,
// mustResync) and never waits for an actor: it keeps up with the bus,
// and a busy actor catches up with all it was told at once.
func (s *Server) listen() {
	for s.ctx.Err() == nil {
		sub := s.cfg.Store.Bus().Subscribe(4096)
		// Events may have been missed before this subscription (or
		// while a dropped one was replaced): every live game rereads
		// the store. A game started after this line reads it anyway.
		s.resyncAll()
		for e := range sub.C() {
			if e.Kind == evRevoke {
				s.closeDevice(e.Game) // a device revoked, perhaps on another node
				continue
			}
			if e.Kind == store.EventResync || e.Game == "*" {
				s.resyncAll()
				continue
			}
			if peerEvents[e.Kind] != nil {
				if e.Origin != s.node {
					s.toGame(e.Game, func(g *game) { g.peer(e) })
				}
				continue
			}
			s.mu.Lock()
			g := s.games[e.Game]
			s.mu.Unlock()
			if g == nil {
				continue // not live here: whoever opens it reads the store
			}
			if e.Version == 0 {
				// Presence, not game state: read back from the store
				// (the store's events do not say the seat; this node's
				// own changes read back as no change).
				if e.Kind == store.EventSeat {
					g.presenceHeard.Store(true)
					g.poke()
				}
				continue
			}
			if e.Kind == store.EventMove && e.Moved != nil {
				g.hearMove(e) // played from the event, no read (applyHeard)
				continue
			}
			g.heardVersion(e.Version)
		}
		if err := sub.Err(); err != nil && s.ctx.Err() == nil {
			s.log.Warn("bus subscription ended", slog.Any("err", err))
			time.Sleep(100 * time.Millisecond)
		}
		sub.Close()
		if s.ctx.Err() != nil || errors.Is(sub.Err(), store.ErrClosed) {
			return
		}
	}
}

// resyncAll has every game of this node, live or being loaded, reread
// the store.
func (s *Server) resyncAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range s.games {
		g.mustResync()
	}
}

// sweep looks for games past their deadline, live or not (a
// correspondence game nobody has open, a game of a node that died), and
// lets their actor end the turn.
func (s *Server) sweep() {
	tick := time.NewTicker(s.cfg.Sweep)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(s.ctx, storeWait)
		games, err := s.cfg.Store.Expired(ctx, s.now(), 100)
		cancel()
		if err != nil {
			continue
		}
		for _, rec := range games {
			g, err := s.acquire(s.ctx, rec.ID)
			if err != nil {
				continue
			}
			ply := rec.Ply
			g.do(func() { g.timeUp(ply) })
			s.release(g)
		}
	}
}

// loadTable reads a game, its moves and its players' names.
func (s *Server) loadTable(id string) (*gamestate.Table, error) {
	ctx, cancel := context.WithTimeout(s.ctx, storeWait)
	defer cancel()
	return gamestate.Load(ctx, s.cfg.Store, id)
}
