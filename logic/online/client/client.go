package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/proto"
)

// Client talks to one server (or to several nodes of one service: Bases
// holds their addresses, and a session that loses its node reconnects to
// the next).
type Client struct {
	Bases []string    // http://host:port of each node, the first tried first
	HTTP  *HTTPClient // off the browser an *http.Client (nil: one with a 10 s timeout); in the browser unused
	Token string      // the guest's token (NewGuest sets it)
	ID    string      // the guest's id
	Name  string
}

// New is a client of the nodes at bases.
func New(bases ...string) *Client {
	return &Client{Bases: bases, HTTP: newHTTPClient()}
}

// APIError is a refusal of the HTTP API.
type APIError struct {
	Status int
	// RetryAfter is the server's Retry-After (a 503 of a full server, a
	// 429): come back no sooner. 0 when it said none.
	RetryAfter time.Duration
	proto.APIError
}

// RetryError is a WebSocket upgrade refused for now (503: the server is
// full; 429: too many connections from this address). A session waits
// After (and a random share more) before it tries again.
type RetryError struct {
	Status int
	After  time.Duration
}

func (e *RetryError) Error() string {
	return fmt.Sprintf("the server answered %d: retry after %v", e.Status, e.After)
}

// parseRetryAfter reads Retry-After in seconds (the form this server
// sends; an HTTP date is not followed: 0).
func parseRetryAfter(v string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 {
		return 0
	}
	return min(time.Duration(n)*time.Second, maxRetryAfter)
}

// maxRetryAfter caps a server's Retry-After: a wrong header must not park
// a session for hours.
const maxRetryAfter = time.Minute

func (e *APIError) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.APIError.Error, e.Why) }

func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			return err
		}
	}
	status, resp, retry, err := roundTrip(ctx, c.HTTP, method, strings.TrimRight(c.Bases[0], "/")+path, c.Token, b)
	if err != nil {
		return err
	}
	if status >= 300 {
		e := &APIError{Status: status, RetryAfter: parseRetryAfter(retry)}
		_ = json.Unmarshal(resp, &e.APIError)
		return e
	}
	return json.Unmarshal(resp, out)
}

// NewGuest creates a guest and keeps its token.
func (c *Client) NewGuest(ctx context.Context, name string) error {
	var rep proto.GuestReply
	if err := c.do(ctx, "POST", "/api/guests", proto.GuestRequest{Name: name}, &rep); err != nil {
		return err
	}
	c.Token, c.ID, c.Name = rep.Token, rep.ID, rep.Name
	return nil
}

// Rename changes the guest's display name.
func (c *Client) Rename(ctx context.Context, name string) error {
	var rep proto.GuestReply
	if err := c.do(ctx, "PATCH", "/api/guests/me", proto.GuestRequest{Name: name}, &rep); err != nil {
		return err
	}
	c.Name = rep.Name
	return nil
}

// Create creates a game.
func (c *Client) Create(ctx context.Context, req proto.CreateRequest) (proto.GameReply, error) {
	var rep proto.GameReply
	err := c.do(ctx, "POST", "/api/games", req, &rep)
	return rep, err
}

// Join takes a free seat of the game an invite code names.
func (c *Client) Join(ctx context.Context, code string) (proto.GameReply, error) {
	var rep proto.GameReply
	err := c.do(ctx, "POST", "/api/join", proto.JoinRequest{Code: code}, &rep)
	return rep, err
}

// Me is the guest's name and ratings.
func (c *Client) Me(ctx context.Context) (proto.MeReply, error) {
	var rep proto.MeReply
	err := c.do(ctx, "GET", "/api/guests/me", nil, &rep)
	return rep, err
}

// Profile is the guest's name and ratings with their rating history.
func (c *Client) Profile(ctx context.Context) (proto.MeReply, error) {
	var rep proto.MeReply
	err := c.do(ctx, "GET", "/api/guests/me?history=1", nil, &rep)
	return rep, err
}

// Leaderboard lists the best ratings of a variant and player count.
func (c *Client) Leaderboard(ctx context.Context, variant string, players int) ([]proto.RatingInfo, error) {
	return c.LeaderboardOf(ctx, variant, players, false)
}

// LeaderboardOf lists the best ratings of a variant and player count,
// only the settled (not provisional) ones when settled.
func (c *Client) LeaderboardOf(ctx context.Context, variant string, players int, settled bool) ([]proto.RatingInfo, error) {
	var rep []proto.RatingInfo
	q := fmt.Sprintf("/api/leaderboard?variant=%s&players=%d", url.QueryEscape(variant), players)
	if settled {
		q += "&settled=1"
	}
	err := c.do(ctx, "GET", q, nil, &rep)
	return rep, err
}

// Invite describes the game an invite code names: its variant, players,
// seats' holders (the first invited), time per move and spectator code.
// No guest is needed.
func (c *Client) Invite(ctx context.Context, code string) (proto.GameReply, error) {
	var rep proto.GameReply
	err := c.do(ctx, "GET", "/api/invites/"+url.PathEscape(code), nil, &rep)
	return rep, err
}

// Games lists the guest's games, theirs to move first.
func (c *Client) Games(ctx context.Context) ([]proto.GameReply, error) {
	var rep []proto.GameReply
	err := c.do(ctx, "GET", "/api/games", nil, &rep)
	return rep, err
}

// State is what a session knows of its game: the one truth of it on
// this device. The table, the Link and the menus read it (a Snapshot at a
// version) and keep no other copy of the game to reconcile.
type State struct {
	Game  string
	Seats []int    // the seats this client holds
	Moves []string // in notation, as the wire carries them
	// Parsed are Moves as the session parsed and checked them once, when
	// they came: the table takes them as they are, never parsing again.
	Parsed   []logic.Move
	Pos      logic.Position // after Moves
	Status   proto.Status
	Result   string
	Why      string
	Table    []proto.SeatInfo
	Deadline int64 // Unix ms by which the seat to move must move; 0: no clock
	PerMove  int   // the game's seconds per move; 0: no clock
	Synced   bool  // a state has come since the last (re)connect
	// SignedOut: the server refused this device's token (its device was
	// revoked); the session has stopped for good (signedout.go).
	SignedOut bool
	Events    int // the events received so far (Session.EventsSince counts the same)
	// Ver counts the changes to the state: a reader that saw version v
	// has seen everything until the state's Ver differs from v.
	Ver uint64

	// Clock and Increment are the game clock's seconds (0: none), Clocks
	// each seat's time left in ms as of the last move: the seat to
	// move's runs down to Deadline (PROTOCOL.md "Game clock").
	Clock, Increment int
	Clocks           []int64
}

// clockRestarted starts the next mover's time after a move, as the
// server does: the moved event does not carry the deadline, and the
// next state (a reconnect) puts the server's own in its place.
func (s *Session) clockRestarted() {
	if s.st.PerMove > 0 && s.st.Deadline > 0 {
		s.st.Deadline = time.Now().Add(time.Duration(s.st.PerMove) * time.Second).UnixMilli()
	}
}

// clockMoved takes the game clock a moved event carries, once the
// session has its move (our own move's ack came before it, and carries
// no clock); under s.mu.
func (s *Session) clockMoved(m proto.Msg) {
	if m.Clocks != nil && m.Ply == len(s.st.Moves) {
		s.st.Clock, s.st.Increment, s.st.Clocks, s.st.Deadline = m.Clock, m.Increment, m.Clocks, m.Deadline
	}
}

// Ply is the number of moves played.
func (s State) Ply() int { return len(s.Moves) }

// MyTurn says whether a seat of this client is to move.
func (s State) MyTurn() bool {
	if s.Status != proto.StatusPlaying || s.Pos.Over() {
		return false
	}
	for _, x := range s.Seats {
		if x == s.Pos.ToMoveSeat() {
			return true
		}
	}
	return false
}

// Session is a live connection to one game that survives losing it.
type Session struct {
	c     *Client
	hello proto.Msg

	mu      sync.Mutex
	st      State
	changed chan struct{} // closed and replaced at every change
	pending map[string]*pending
	events  []proto.Msg // seat, over, offered, declined, undone, rematch, refused, bye
	evCount int         // the events ever received: events holds the last of them
	// base is the position of the last state (at ply baseFrom), from
	// which a takeback rebuilds the position without a round trip.
	basePos  logic.Position
	baseFrom int
	conns    int // connections made
	ws       conn
	base     int

	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}
}

type pending struct {
	ply  int
	move string
	done chan error
	ack  proto.Msg
}

// maxEvents bounds the events a session keeps (EventsSince).
const maxEvents = 1000

// retryAfter is how long a move refused as busy or too fast waits
// before it is sent again.
const retryAfter = 250 * time.Millisecond

// ErrRefused wraps a server's refusal of a command.
type ErrRefused struct{ Msg proto.Msg }

func (e *ErrRefused) Error() string { return fmt.Sprintf("refused (%s): %s", e.Msg.Code, e.Msg.Why) }

// Open connects to a game the guest plays in.
func (c *Client) Open(ctx context.Context, game string) (*Session, error) {
	return c.open(ctx, proto.Msg{T: proto.THello, V: proto.Version, Token: c.Token, Game: game})
}

// Watch connects to a game as a spectator, by its spectator code.
func (c *Client) Watch(ctx context.Context, code string) (*Session, error) {
	return c.open(ctx, proto.Msg{T: proto.THello, V: proto.Version, Watch: code})
}

func (c *Client) open(ctx context.Context, hello proto.Msg) (*Session, error) {
	if err := eventsCovered(); err != nil {
		return nil, fmt.Errorf("client: the handler does not cover proto's table: %w", err)
	}
	s := &Session{c: c, hello: hello, changed: make(chan struct{}), pending: map[string]*pending{}, done: make(chan struct{})}
	s.st.Game = hello.Game
	s.ctx, s.cancel = context.WithCancel(context.Background())
	first := make(chan error, 1)
	go s.run(first)
	select {
	case err := <-first:
		if err != nil {
			s.Close()
			return nil, err
		}
	case <-ctx.Done():
		s.Close()
		return nil, ctx.Err()
	}
	if err := s.Wait(ctx, func(st *State) bool { return st.Synced }); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Close ends the session.
func (s *Session) Close() {
	s.cancel()
	<-s.done
}

// Conns is the number of connections the session has made (1 + reconnects).
func (s *Session) Conns() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

// Drop cuts the connection as a network would (no close frame); the
// session reconnects by itself. For tests of the resume.
func (s *Session) Drop() {
	s.mu.Lock()
	ws := s.ws
	s.mu.Unlock()
	if ws != nil {
		ws.CloseNow()
	}
}

// Snapshot is a copy of the session's state.
func (s *Session) Snapshot() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.st
	st.Moves = append([]string(nil), s.st.Moves...)
	st.Parsed = append([]logic.Move(nil), s.st.Parsed...)
	st.Seats = append([]int(nil), s.st.Seats...)
	st.Table = append([]proto.SeatInfo(nil), s.st.Table...)
	st.Clocks = append([]int64(nil), s.st.Clocks...)
	return st
}

// Events are the events other than moves received so far (seat, over,
// offers, refusals, bye), oldest first.
func (s *Session) Events() []proto.Msg {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]proto.Msg(nil), s.events...)
}

// EventsSince is the events received after the first n of the session
// (n: the count a previous call returned), and the count now. The
// session keeps the last maxEvents: a caller that fell further behind
// gets those it keeps.
func (s *Session) EventsSince(n int) ([]proto.Msg, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	first := s.evCount - len(s.events) // the count of the oldest kept
	from := max(n, first) - first
	if from > len(s.events) {
		from = len(s.events) // a count from another session: nothing new
	}
	return append([]proto.Msg(nil), s.events[from:]...), s.evCount
}

// Client is the client the session was opened with (its guest).
func (s *Session) Client() *Client { return s.c }

// Wait blocks until cond holds for the state (called under the session's
// lock: it must not call the session).
func (s *Session) Wait(ctx context.Context, cond func(*State) bool) error {
	for {
		s.mu.Lock()
		ok, ch := cond(&s.st), s.changed
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		case <-s.done:
			return errors.New("session closed")
		}
	}
}

func (s *Session) notify() {
	s.st.Ver++
	close(s.changed)
	s.changed = make(chan struct{})
}

// rebuild is the position after the session's moves, replayed from the
// last state's; false when the moves no longer reach back to it (the
// state the server sends next puts it right).
func (s *Session) rebuild() (logic.Position, bool) {
	p := s.basePos
	if len(s.st.Moves) < s.baseFrom {
		return p, false
	}
	for _, mv := range s.st.Parsed[s.baseFrom:] {
		if p.Play(mv, nil) != nil {
			return p, false
		}
	}
	return p, true
}

// Play sends a move for the next ply and waits for its acknowledgement,
// across reconnects: the move is sent again, with the same id, on every
// new connection until the server answers. It returns the move's ply.
func (s *Session) Play(ctx context.Context, move string) (int, error) {
	s.mu.Lock()
	ply := len(s.st.Moves) + 1
	s.mu.Unlock()
	return s.PlayAt(ctx, ply, move)
}

// PlayAt is Play for a move meant for ply (the game's ply + 1 when it was
// chosen): if another move took that ply meanwhile, it is refused as
// stale instead of being played at a later ply the player never saw.
func (s *Session) PlayAt(ctx context.Context, ply int, move string) (int, error) {
	s.mu.Lock()
	p := &pending{ply: ply, move: move, done: make(chan error, 1)}
	id := proto.NewID()
	s.pending[id] = p
	ws := s.ws
	s.mu.Unlock()
	msg := proto.Msg{T: proto.TMove, Ply: p.ply, ID: id, Move: move}
	if ws != nil {
		_ = s.write(ws, msg) // a failed write is resent after the reconnect
	}
	select {
	case err := <-p.done:
		return p.ply, err
	case <-ctx.Done():
		s.mu.Lock()
		delete(s.pending, id)
		s.mu.Unlock()
		return p.ply, ctx.Err()
	}
}

// Send sends any command as it is (resign, offer, decline; and, for the
// tests of a hostile client, anything at all).
func (s *Session) Send(m proto.Msg) error {
	s.mu.Lock()
	ws := s.ws
	s.mu.Unlock()
	if ws == nil {
		return errors.New("not connected")
	}
	return s.write(ws, m)
}

// SendRaw sends a frame as it is.
func (s *Session) SendRaw(b []byte) error {
	s.mu.Lock()
	ws := s.ws
	s.mu.Unlock()
	if ws == nil {
		return errors.New("not connected")
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	return ws.Write(ctx, b)
}

func (s *Session) write(ws conn, m proto.Msg) error {
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	return ws.Write(ctx, proto.Encode(m))
}

// run connects, reads, and reconnects until the session is closed. The
// first connection's outcome goes to first.
func (s *Session) run(first chan<- error) {
	defer close(s.done)
	backoff := minBackoff
	for s.ctx.Err() == nil {
		err := s.connect()
		if ref := (*ErrRefused)(nil); first == nil && errors.As(err, &ref) && ref.Msg.Code == proto.CodeAuth {
			s.mu.Lock()
			s.signOut()
			s.mu.Unlock()
			return // the token is dead (its device was revoked): no reconnect can help
		}
		if first != nil {
			if err != nil {
				// A refusal is final (a bad token, no such game),
				// unless it says "not now": a node busy or unable to
				// read its database for a moment. Open then tries
				// again, as a reconnect does, until its context ends;
				// given up, the game would wait for this player for
				// ever.
				var ref *ErrRefused
				if errors.As(err, &ref) && ref.Msg.Code != proto.CodeBusy && ref.Msg.Code != proto.CodeRate {
					first <- err
					return
				}
			}
			if err == nil {
				first <- nil
				first = nil
			}
		}
		if err == nil {
			backoff = minBackoff
			s.read()
		}
		s.mu.Lock()
		s.ws, s.st.Synced = nil, false
		s.base = (s.base + 1) % len(s.c.Bases) // the next node, if there are several
		s.notify()
		out := s.st.SignedOut
		s.mu.Unlock()
		if out {
			return // told on the socket that this device was revoked
		}
		// Full jitter (a random wait up to the back-off, which doubles
		// up to maxBackoff): the clients of a node that died, or that a
		// full node refused together, come back spread out instead of
		// all at once, each wave adding to the load that refused them.
		// A Retry-After is waited in full first.
		wait := rand.N(backoff)
		var re *RetryError
		if errors.As(err, &re) {
			wait += re.After
		}
		select {
		case <-time.After(wait):
		case <-s.ctx.Done():
			return
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// The reconnect back-off's bounds.
const (
	minBackoff = 100 * time.Millisecond
	maxBackoff = 2 * time.Second
)

func wsURL(base string) string {
	base = strings.TrimRight(base, "/")
	switch {
	case strings.HasPrefix(base, "https://"):
		base = "wss://" + strings.TrimPrefix(base, "https://")
	case strings.HasPrefix(base, "http://"):
		base = "ws://" + strings.TrimPrefix(base, "http://")
	}
	return base + "/api/ws"
}

// connect dials, says hello with the ply the session has and resends the
// unacknowledged moves.
func (s *Session) connect() error {
	s.mu.Lock()
	base := s.c.Bases[s.base]
	hello := s.hello
	hello.Ply = len(s.st.Moves)
	if s.st.Game != "" {
		hello.Game = s.st.Game
	}
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	u := wsURL(base)
	if hello.Game != "" {
		// The game, so that a full node still lets in the players of the
		// games it has admitted (PROTOCOL.md).
		u += "?game=" + url.QueryEscape(hello.Game)
	}
	ws, err := dial(ctx, u, s.c.HTTP)
	if err != nil {
		return err
	}
	if err := ws.Write(ctx, proto.Encode(hello)); err != nil {
		ws.CloseNow()
		return err
	}
	// The answer: welcome, or a refusal (a bad token, no such game).
	b, err := ws.Read(ctx)
	if err != nil {
		ws.CloseNow()
		return err
	}
	m, err := proto.DecodeEvent(b)
	if err != nil {
		ws.CloseNow()
		return err
	}
	if m.T == proto.TRefused {
		ws.CloseNow()
		return &ErrRefused{Msg: m}
	}
	s.mu.Lock()
	s.ws = ws
	s.conns++
	s.handle(m)
	resend := make([]proto.Msg, 0, len(s.pending))
	for id, p := range s.pending {
		resend = append(resend, proto.Msg{T: proto.TMove, Ply: p.ply, ID: id, Move: p.move})
	}
	s.mu.Unlock()
	for _, m := range resend {
		if s.write(ws, m) != nil {
			break
		}
	}
	return nil
}

// The heartbeat. A session pings every pingEvery. The server answers at
// once, and keeps an idle connection while pings come (it drops one
// silent for a minute). A ping with nothing heard since for pongWait
// means the connection is dead without anything having said so: a phone
// in a lift or a tunnel, a laptop whose Wi-Fi went, where no close and
// no reset ever arrives and the socket would look connected for minutes.
// The session then drops it and reconnects, and the game says
// "Reconnecting…" within pingEvery+pongWait of the silence.
const (
	pingEvery = 3 * time.Second
	pongWait  = 5 * time.Second
)

// read handles events until the connection ends, with the heartbeat
// beside it.
func (s *Session) read() {
	s.mu.Lock()
	ws := s.ws
	s.mu.Unlock()
	var heard atomic.Int64 // when the last frame came, in Unix ns
	heard.Store(time.Now().UnixNano())
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		t := time.NewTicker(pingEvery)
		defer t.Stop()
		var asked time.Time // the last ping, while nothing was heard after it
		for {
			select {
			case <-t.C:
				// The clock, not the tick's time: a browser tab in the
				// background runs timers late, and a late tick must not
				// make a live connection look silent.
				now := time.Now()
				if !asked.IsZero() && heard.Load() < asked.UnixNano() {
					if now.Sub(asked) >= pongWait {
						ws.CloseNow() // silence: dead; run reconnects
						return
					}
					continue
				}
				asked = now
				_ = s.write(ws, proto.Msg{T: proto.TPing})
			case <-stop:
				return
			case <-s.ctx.Done():
				ws.CloseNow()
				return
			}
		}
	}()
	for {
		b, err := ws.Read(s.ctx)
		if err != nil {
			ws.CloseNow()
			return
		}
		heard.Store(time.Now().UnixNano())
		m, err := proto.DecodeEvent(b)
		if err != nil {
			continue
		}
		s.mu.Lock()
		s.handle(m)
		s.mu.Unlock()
		if m.T == proto.TBye {
			ws.Close()
			return
		}
		if m.T == proto.TMoved || m.T == proto.TUndone {
			s.mu.Lock()
			gap := m.T == proto.TMoved && m.Ply > len(s.st.Moves)
			ply := len(s.st.Moves)
			s.mu.Unlock()
			if gap { // a move was missed: ask for what follows ours
				_ = s.write(ws, proto.Msg{T: proto.TSnapshot, Ply: ply})
			}
		}
	}
}

// played takes up the game's next move (a moved event, or the
// acknowledgement of ours), parsed and checked here once; under s.mu.
func (s *Session) played(m proto.Msg) {
	defer s.clockMoved(m)
	if m.Ply != len(s.st.Moves)+1 {
		return
	}
	mv, err := s.st.Pos.ParseMove(m.Move)
	if err != nil || s.st.Pos.Play(mv, nil) != nil {
		return
	}
	s.st.Moves, s.st.Parsed = append(s.st.Moves, m.Move), append(s.st.Parsed, mv)
	s.clockRestarted()
}

// handle applies an event to the state; under s.mu. What each event
// changes is in events (keyed by proto's table); the events the table
// marks Kept are also kept for the screen (Events, EventsSince).
func (s *Session) handle(m proto.Msg) {
	defer s.notify()
	if h := events[m.T]; h != nil {
		if !h(s, m) {
			return
		}
	}
	if sp, _ := proto.SpecOf(m.T); sp.Kept {
		s.events = append(s.events, m)
		s.evCount++
		s.st.Events = s.evCount
		if len(s.events) > maxEvents {
			s.events = s.events[len(s.events)-maxEvents:]
		}
	}
}

// events are what each event changes in the session's state, under
// s.mu; false: the event is void (a state that does not parse) and is
// not kept. An event with no entry changes nothing but is kept if the
// table says so. open checks it against the table (eventsCovered).
var events = map[proto.Type]func(s *Session, m proto.Msg) bool{
	proto.TWelcome: func(s *Session, m proto.Msg) bool {
		s.st.Seats = append([]int(nil), m.Seats...)
		if m.Game != "" {
			s.st.Game = m.Game
		}
		return true
	},
	proto.TState: (*Session).applyState,
	proto.TMoved: func(s *Session, m proto.Msg) bool { s.played(m); return true },
	proto.TAck: func(s *Session, m proto.Msg) bool {
		// The move is the game's: have it in the state before Play
		// returns (the moved event that follows is then a repeat).
		s.played(m)
		if p := s.pending[m.ID]; p != nil {
			delete(s.pending, m.ID)
			p.ack = m
			p.done <- nil
		}
		return true
	},
	proto.TRefused: (*Session).refused,
	proto.TOver: func(s *Session, m proto.Msg) bool {
		s.st.Result, s.st.Why, s.st.Status = m.Result, m.Why, proto.StatusFinished
		if m.Status == proto.StatusAbandoned { // an aborted game
			s.st.Status = m.Status
		}
		return true
	},
	proto.TUndone: func(s *Session, m proto.Msg) bool {
		if m.Ply <= len(s.st.Moves) {
			s.st.Moves, s.st.Parsed = s.st.Moves[:m.Ply], s.st.Parsed[:m.Ply]
			s.st.Pos, s.st.Synced = s.rebuild()
		}
		return true
	},
	proto.TSeat: (*Session).seat,
}

// eventsCovered is the client's check, at its first open, that its
// handler derives from proto's table: it serves no type the table lacks
// or has as a command, and every event of the table either changes the
// state (events), is kept for the screen (Kept), or is the heartbeat's
// pong, whose arrival alone counts. A gap is a bug a session refuses to
// open with, rather than an event a player's screen silently drops.
var eventsCovered = sync.OnceValue(func() error { return coverEvents(events) })

func coverEvents[H any](handled map[proto.Type]H) error {
	var errs []error
	for typ := range handled {
		if sp, ok := proto.SpecOf(typ); !ok || sp.Dir != proto.Event {
			errs = append(errs, fmt.Errorf("the handler serves %s, not an event of proto's table", typ))
		}
	}
	for _, typ := range proto.Types(proto.Event) {
		sp, _ := proto.SpecOf(typ)
		if _, ok := handled[typ]; !ok && !sp.Kept && typ != proto.TPong {
			errs = append(errs, fmt.Errorf("event %s is neither handled nor kept: the client would drop it", typ))
		}
	}
	return errors.Join(errs...)
}

func (s *Session) applyState(m proto.Msg) bool {
	pos, err := logic.ParsePosition(m.Pos)
	if err != nil {
		return false
	}
	start := pos
	if m.From > len(s.st.Moves) || m.From < 0 {
		return false
	}
	moves := append(s.st.Moves[:m.From:m.From], m.Moves...)
	parsed := slices.Clip(s.st.Parsed[:m.From])
	for _, x := range m.Moves {
		mv, err := pos.ParseMove(x)
		if err != nil || pos.Play(mv, nil) != nil {
			return false
		}
		parsed = append(parsed, mv)
	}
	s.st.Moves, s.st.Parsed, s.st.Pos = moves, parsed, pos
	s.basePos, s.baseFrom = start, m.From
	s.st.Status, s.st.Table, s.st.Deadline, s.st.PerMove = m.Status, m.Table, m.Deadline, m.PerMove
	s.st.Clock, s.st.Increment, s.st.Clocks = m.Clock, m.Increment, m.Clocks
	s.st.Result, s.st.Why = m.Result, m.Why
	s.st.Synced = true
	return true
}

func (s *Session) refused(m proto.Msg) bool {
	p := s.pending[m.ID]
	switch {
	case m.ID == "" && m.Code == proto.CodeAuth:
		s.signOut() // this device was revoked (signedout.go)
	case p == nil || m.ID == "":
	case m.Code == proto.CodeBusy || m.Code == proto.CodeRate:
		// Not refused, only not now: send it again a little later.
		id, ws := m.ID, s.ws
		time.AfterFunc(retryAfter, func() {
			s.mu.Lock()
			p, cur := s.pending[id], s.ws
			s.mu.Unlock()
			if p != nil && cur == ws && ws != nil {
				_ = s.write(ws, proto.Msg{T: proto.TMove, Ply: p.ply, ID: id, Move: p.move})
			}
		})
	default:
		delete(s.pending, m.ID)
		p.done <- &ErrRefused{Msg: m}
	}
	return true
}

// seat follows the seat events between two states: who is connected,
// who took a free seat, which seat a computer plays.
func (s *Session) seat(m proto.Msg) bool {
	for i := range s.st.Table {
		if t := &s.st.Table[i]; t.Seat == m.Seat {
			switch m.What {
			case proto.WhatConnected:
				t.Connected = true
			case proto.WhatLeft:
				t.Connected = false
			case proto.WhatJoined:
				t.Kind, t.Name = proto.SeatHuman, m.Why
			case proto.WhatComputer:
				t.Kind, t.Name, t.Level, t.Connected = proto.SeatComputer, "", m.Level, false
			}
		}
	}
	if m.What == proto.WhatComputer {
		for i := range s.st.Seats {
			if s.st.Seats[i] == m.Seat {
				s.st.Seats = append(s.st.Seats[:i], s.st.Seats[i+1:]...)
				break
			}
		}
	}
	return true
}
