package play

import (
	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/scenes/play/away"
)

// A Player plays one seat for the turn controller. The controller asks
// the player whose seat is to move for its move once a tick, and tells
// every player of each move made and of each change at a stroke (undo,
// redo, a resumed game). The kind of each seat is record.Kind; which
// Player plays a kind is decided in NewPlayer, and a screen may seat its
// own (a remote player fed by the network) with Controller.Seat.
type Player interface {
	// Kind is the seat's kind: the controller waits for this screen's
	// hands (Commit) only for a Human.
	Kind() record.Kind
	// Next is asked once a tick while the player's seat is to move, with
	// the match as it stands; it returns the move once it has one. It
	// must never block: a search or a network runs elsewhere and Next
	// looks for its answer.
	Next(m *Match, pace Pace) (logic.Move, bool)
	// Seen tells the player that the match changed: a move was played
	// (by any seat) or moves were undone, redone or resumed. Work under
	// way for an older position is dropped.
	Seen(m *Match)
	// Stop abandons any work under way: the game is left.
	Stop()
}

// NewPlayer is the player of a seat of kind p in a match whose searches
// are seeded with seed. A remote seat with nobody connected yet waits:
// its screen seats the player that carries its moves.
func NewPlayer(p record.Player, seed uint64) Player {
	switch p.Kind {
	case record.Computer:
		return &ComputerPlayer{Level: p.Level, Seed: seed}
	case record.Remote:
		return waiting{}
	}
	return human{}
}

// human is a person at this screen: the controller takes the move from
// the screen's input (Commit), so Next never has one.
type human struct{}

func (human) Kind() record.Kind                    { return record.Human }
func (human) Next(*Match, Pace) (logic.Move, bool) { return logic.NoMove, false }
func (human) Seen(*Match)                          {}
func (human) Stop()                                {}

// waiting is a remote seat with nobody connected: it never moves.
type waiting struct{}

func (waiting) Kind() record.Kind                    { return record.Remote }
func (waiting) Next(*Match, Pace) (logic.Move, bool) { return logic.NoMove, false }
func (waiting) Seen(*Match)                          {}
func (waiting) Stop()                                {}

// ComputerPlayer is the computer at a level. It searches away from the
// frame loop where the platform can (thought), else a slice a tick, so a
// frame never stalls; the same position, level and seed give the same
// move either way.
type ComputerPlayer struct {
	Level int
	Seed  uint64 // the match's seed; each move's search mixes in the ply

	search *away.Thought
	ver    int // the match's Version the search under way is for
}

// Kind is record.Computer.
func (p *ComputerPlayer) Kind() record.Kind { return record.Computer }

// Next advances the search by a slice (pace.NodesPerTick, or a look at the
// far search's answer when pace.Away), starting it if needed, and returns
// its move once the search is done.
func (p *ComputerPlayer) Next(m *Match, pace Pace) (logic.Move, bool) {
	if m.Pos.Over() {
		return logic.NoMove, false
	}
	if p.search != nil && p.ver != m.Version {
		p.Stop() // a search for a position the match has left
	}
	if p.search == nil {
		p.ver = m.Version
		seed := p.Seed ^ uint64(len(m.Moves))*0x9E3779B97F4A7C15
		p.search = away.NewThought(m.Pos, p.Level, seed, pace.Away)
	}
	nodes := pace.NodesPerTick
	if nodes <= 0 {
		nodes = DefaultNodesPerTick
	}
	mv, ok := p.search.Poll(nodes)
	if !ok {
		return logic.NoMove, false
	}
	p.search = nil
	return mv, mv != logic.NoMove
}

// Thinking reports whether a search is under way.
func (p *ComputerPlayer) Thinking() bool { return p.search != nil }

// Seen drops a search the match has moved past.
func (p *ComputerPlayer) Seen(m *Match) {
	if p.search != nil && p.ver != m.Version {
		p.Stop()
	}
}

// Stop abandons the search under way.
func (p *ComputerPlayer) Stop() {
	if p.search != nil {
		p.search.Stop()
		p.search = nil
	}
}
