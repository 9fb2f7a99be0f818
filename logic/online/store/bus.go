package store

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Event is a change to a game, as every node hears of it. It is small on
// purpose: a node that hears one rereads what it needs from the store,
// except for a move, which carries what was stored (Moved).
type Event struct {
	Game    string    `json:"g"`
	Kind    EventKind `json:"k"`
	Ply     int       `json:"p"`           // the game's ply after the change
	Version int64     `json:"v"`           // the game's version after the change; 0 for presence (SetConnected)
	Origin  string    `json:"o,omitempty"` // the publishing node's id
	Data    string    `json:"d,omitempty"` // the server's own payload (Publish); at most MaxEventData bytes
	Moved   *Moved    `json:"m,omitempty"` // with EventMove: the move and the game's state after it
}

// Moved is what an EventMove says of the move it stored, so that a node
// holding the game at the version just before applies it as it is,
// without reading the store (with two nodes, every move of a game whose
// players are on both: the read was most of the other node's work). A
// node at any other version rereads the game. It is sent in the
// transaction that stores the move, so it is heard only if committed.
type Moved struct {
	Move       string `json:"mv"`
	By         string `json:"by,omitempty"`
	At         int64  `json:"at"` // Unix milliseconds
	ToMoveSeat int    `json:"s"`
	Deadline   int64  `json:"dl,omitempty"` // Unix milliseconds; 0 for none
	Status     Status `json:"st,omitempty"` // StatusNone when the move did not change it
	Result     string `json:"r,omitempty"`
}

// Millis and FromMillis are how times are stored and sent: Unix
// milliseconds, 0 for none.
func Millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// FromMillis is the time Millis gave v for (UTC), zero for 0.
func FromMillis(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v).UTC()
}

// StoredMove is the move an EventMove stored and the Append that stored
// it; false for any other event.
func (e Event) StoredMove() (Move, Append, bool) {
	m := e.Moved
	if e.Kind != EventMove || m == nil {
		return Move{}, Append{}, false
	}
	return Move{Game: e.Game, Ply: e.Ply, Move: m.Move, By: m.By, At: FromMillis(m.At)},
		Append{Game: e.Game, Ply: e.Ply, Move: m.Move, By: m.By, At: FromMillis(m.At), ToMoveSeat: m.ToMoveSeat,
			Deadline: FromMillis(m.Deadline), Status: m.Status, Result: m.Result}, true
}

// EventKind says what changed.
type EventKind string

// The kinds the store publishes itself; the server may publish others.
const (
	EventMove     EventKind = "move"
	EventTakeback EventKind = "takeback"
	EventSeat     EventKind = "seat"
	EventStatus   EventKind = "status"
	EventCreated  EventKind = "created"
	// EventResync (Game "*") tells this node's subscribers that the
	// PostgreSQL listener had to reconnect and events may have been
	// missed: reread the store.
	EventResync EventKind = "resync"
)

// MaxEventData bounds Event.Data: PostgreSQL's NOTIFY payload is under
// 8000 bytes, and an event is a signal, not a message body.
const MaxEventData = 4000

// ErrSlow is why a subscription was dropped: its buffer was full.
var ErrSlow = errors.New("store: subscriber too slow, dropped")

// Bus delivers events to the subscribers of every node sharing the
// database. Delivery is at most once: a subscriber that misses events
// (dropped as slow, or a reconnect of the database listener) rereads the
// store, which is the truth.
type Bus interface {
	// Publish sends an event to every node (this one included).
	Publish(ctx context.Context, e Event) error
	// Subscribe returns a subscription that receives every event, with a
	// buffer of buffer events (at least 1). A subscriber whose buffer is
	// full when an event comes is dropped: its channel is closed and Err
	// says ErrSlow. It never blocks the others.
	Subscribe(buffer int) *Subscription
}

// Subscription receives events until it is closed or dropped.
type Subscription struct {
	c    chan Event
	hub  *Hub
	mu   sync.Mutex
	err  error
	done bool
}

// C is the channel of events; it is closed when the subscription ends.
func (s *Subscription) C() <-chan Event { return s.c }

// Err is why the subscription ended: nil while it runs or after Close,
// ErrSlow when it was dropped, ErrClosed when the store closed.
func (s *Subscription) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Close ends the subscription. It is safe to call more than once.
func (s *Subscription) Close() { s.hub.remove(s, nil) }

// Hub fans events out to a node's subscribers, dropping slow ones. Both
// engines' buses use it (package sqlstore): the SQLite store calls
// Deliver after each commit, the PostgreSQL store from its LISTEN
// connection (package postgres).
type Hub struct {
	mu     sync.Mutex
	subs   map[*Subscription]struct{}
	closed bool
}

// NewHub is a hub with no subscriber.
func NewHub() *Hub { return &Hub{subs: map[*Subscription]struct{}{}} }

// Subscribe is a new subscription with a buffer of that many events (at
// least 1); on a closed hub it is ended already, with ErrClosed.
func (h *Hub) Subscribe(buffer int) *Subscription {
	if buffer < 1 {
		buffer = 1
	}
	s := &Subscription{c: make(chan Event, buffer), hub: h}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		s.err, s.done = ErrClosed, true
		close(s.c)
		return s
	}
	h.subs[s] = struct{}{}
	return s
}

// Deliver hands e to every subscriber without ever waiting: a full
// buffer drops that subscriber.
func (h *Hub) Deliver(e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		select {
		case s.c <- e:
		default:
			h.endLocked(s, ErrSlow)
		}
	}
}

func (h *Hub) remove(s *Subscription, why error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.endLocked(s, why)
}

func (h *Hub) endLocked(s *Subscription, why error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return
	}
	s.done, s.err = true, why
	delete(h.subs, s)
	close(s.c)
}

// Close ends every subscription with ErrClosed, and the ones made later.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for s := range h.subs {
		h.endLocked(s, ErrClosed)
	}
}

// Stamp checks an event a server publishes (Bus.Publish) and names its
// origin, the publishing node, unless it has one.
func (e *Event) Stamp(origin string) error {
	if e.Origin == "" {
		e.Origin = origin
	}
	if e.Game == "" || e.Kind == "" {
		return errors.Join(ErrInvalid, errors.New("an event needs a game and a kind"))
	}
	if len(e.Data) > MaxEventData {
		return errors.Join(ErrInvalid, errors.New("event data too long"))
	}
	return nil
}
