package play

import (
	"sync"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/logic/remote"
)

// RemotePlayer is somebody elsewhere playing a seat. The connection (not
// this file's business) hands their moves to Deliver, each with its ply
// (the number of moves before it), from any goroutine, late, out of
// order, twice or never; the controller takes them one a tick, in order,
// through Next. The moves made at this screen go out through Send, once
// each, in order.
type RemotePlayer struct {
	// Send is given each move the other seats make, with its ply, for
	// the connection to pass on; nil sends nothing.
	Send func(ply int, mv logic.Move)

	mu      sync.Mutex
	inbox   map[int]logic.Move // moves delivered ahead of their turn, by ply
	theirs  map[int]bool       // the plies this player supplied (never sent back)
	sent    int                // the plies passed to Send or supplied
	refused int                // deliveries dropped: illegal, contradicting, or far ahead
}

// maxAhead bounds how far ahead of the game a delivery is kept: no game
// is longer, so a delivery beyond it is garbage, and the inbox stays small.
const maxAhead = 2 * logic.MaxMoves

// NewRemotePlayer is a remote seat's player that sends the moves made
// here through send.
func NewRemotePlayer(send func(ply int, mv logic.Move)) *RemotePlayer {
	return &RemotePlayer{Send: send, inbox: map[int]logic.Move{}, theirs: map[int]bool{}}
}

// Deliver takes the move the other side made at ply. A second delivery
// of the same move is ignored; one that contradicts the first, or comes
// for a ply far ahead, is dropped and counted in Refusals.
func (r *RemotePlayer) Deliver(ply int, mv logic.Move) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ply < 0 || ply >= maxAhead {
		r.refused++
		return
	}
	if old, ok := r.inbox[ply]; ok {
		if old != mv {
			r.refused++
		}
		return
	}
	r.inbox[ply] = mv
}

// Refusals counts the deliveries dropped: illegal, contradicting an
// earlier one, or for a ply no game reaches.
func (r *RemotePlayer) Refusals() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.refused
}

// Kind is record.Remote.
func (r *RemotePlayer) Kind() record.Kind { return record.Remote }

// Next is the delivered move for the match's next ply once it is there.
// An illegal one is dropped (counted in Refusals) and the seat goes on
// waiting for a legal one.
func (r *RemotePlayer) Next(m *Match, _ Pace) (logic.Move, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ply := len(m.Moves)
	mv, ok := r.inbox[ply]
	if !ok {
		return logic.NoMove, false
	}
	delete(r.inbox, ply)
	if !remote.Legal(&m.Pos, mv) {
		r.refused++
		return logic.NoMove, false
	}
	r.theirs[ply] = true
	return mv, true
}

// Seen passes the moves made here since the last call to Send, and drops
// deliveries for plies already played (a late duplicate).
func (r *RemotePlayer) Seen(m *Match) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for ply := range r.inbox {
		if ply < len(m.Moves) {
			delete(r.inbox, ply)
		}
	}
	for ply := range r.theirs {
		if ply >= len(m.Moves) {
			delete(r.theirs, ply) // taken back: a move made here there is ours
		}
	}
	r.sent = min(r.sent, len(m.Moves))
	for ; r.sent < len(m.Moves); r.sent++ {
		if !r.theirs[r.sent] && r.Send != nil {
			r.Send(r.sent, m.Moves[r.sent])
		}
	}
}

// Stop forgets what was waiting: the game is left.
func (r *RemotePlayer) Stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	clear(r.inbox)
}
