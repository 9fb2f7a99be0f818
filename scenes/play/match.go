package play

import (
	"shiftago/logic"
)

// DefaultNodesPerTick is how much the AI searches in one frame: small
// enough that a frame never stalls (the browser cannot preempt), large
// enough that even the strongest level answers within a few seconds.
const DefaultNodesPerTick = 6000

// Match is one game being played: the position, who plays each seat, the
// moves so far, what was undone, and the AI's search when a computer seat
// is to move. Undo and redo replay the game from its start: simple and
// exact across sit-outs, extra turns and scoring choices.
type Match struct {
	Pos     logic.Position
	Start   logic.Position
	Moves   []logic.Move
	Last    logic.Trace // the last move's trace
	HasLast bool
	// Redo holds the moves taken back by Undo, the next to redo first.
	Redo []logic.Move
	// Version counts the changes to Moves (plays, undos, redos), so that
	// the game is saved after each one.
	Version int

	computer [4]bool
	level    [4]int
	seed     uint64

	// Away: the computer searches away from the frame loop where the
	// platform can (Pace.Away; see thought).
	Away bool

	search *thought
}

// NewMatch starts a match from pos with the seats as the setup says.
func NewMatch(pos logic.Position, st *Setup, seed uint64) *Match {
	m := &Match{Pos: pos, Start: pos, seed: seed}
	for i := 0; i < pos.Players(); i++ {
		m.computer[i] = st.Seats[i].Computer
		m.level[i] = st.Seats[i].Level
	}
	return m
}

// Computer reports whether seat i is played by the AI.
func (m *Match) Computer(seat int) bool { return seat >= 0 && m.computer[seat] }

// Level is seat i's AI level.
func (m *Match) Level(seat int) int { return m.level[seat] }

// SeatName names seat i for the interface.
func (m *Match) SeatName(seat int) SeatName {
	return SeatName{Color: m.Pos.SeatColor(seat), Computer: m.computer[seat], Level: m.level[seat]}
}

// ComputerToMove reports whether the AI is to move now.
func (m *Match) ComputerToMove() bool { return !m.Pos.Over() && m.computer[m.Pos.ToMoveSeat()] }

// MovesAt returns the legal moves inserting at e (one, or one per scoring
// line and kept end), appended to buf.
func (m *Match) MovesAt(e logic.Entry, buf []logic.Move) []logic.Move {
	if m.Pos.Over() {
		return buf
	}
	return m.Pos.MovesAt(e, buf)
}

// Legal reports whether inserting at e is allowed, and if not, why (a
// catalogue key).
func (m *Match) Legal(e logic.Entry) (bool, string) {
	var buf [64]logic.Move
	if len(m.MovesAt(e, buf[:0])) > 0 {
		return true, ""
	}
	if m.Pos.Over() {
		return false, "legal.over"
	}
	if logic.TrackOf(e).Mask()&^m.Pos.Occupied() == 0 {
		return false, "legal.full"
	}
	return false, "legal.single"
}

// Play plays mv (which must be legal), keeping its trace.
func (m *Match) Play(mv logic.Move) error {
	m.StopThinking()
	var tr logic.Trace
	if err := m.Pos.Play(mv, &tr); err != nil {
		return err
	}
	m.Moves = append(m.Moves, mv)
	m.Last, m.HasLast = tr, true
	m.Version++
	if len(m.Redo) > 0 && m.Redo[0] == mv {
		m.Redo = m.Redo[1:]
	} else {
		m.Redo = nil
	}
	return nil
}

// Thinking reports whether the AI is searching.
func (m *Match) Thinking() bool { return m.search != nil }

// Think advances the AI's search by about nodes nodes (away from the
// frame: looks for its answer), starting it if needed, and returns its
// move once the search is done.
func (m *Match) Think(nodes int) (logic.Move, bool) {
	if !m.ComputerToMove() {
		return logic.NoMove, false
	}
	if m.search == nil {
		seat := m.Pos.ToMoveSeat()
		seed := m.seed ^ uint64(len(m.Moves))*0x9E3779B97F4A7C15
		m.search = newThought(m.Pos, m.level[seat], seed, m.Away)
	}
	if nodes <= 0 {
		nodes = DefaultNodesPerTick
	}
	mv, ok := m.search.poll(nodes)
	if !ok {
		return logic.NoMove, false
	}
	m.search = nil
	return mv, mv != logic.NoMove
}

// StopThinking abandons the AI's search.
func (m *Match) StopThinking() {
	if m.search != nil {
		m.search.stop()
		m.search = nil
	}
}

// AnyComputer reports whether a computer plays any seat.
func (m *Match) AnyComputer() bool {
	for i := 0; i < m.Start.Players(); i++ {
		if m.computer[i] {
			return true
		}
	}
	return false
}

// undoTarget is how many moves stay after an undo: against the computer,
// everything from the last human move on is taken back (so the computer's
// answers go too); between humans, one move.
func (m *Match) undoTarget() int {
	n := len(m.Moves)
	if !m.AnyComputer() {
		return n - 1
	}
	// The game again from its start, to find who played each move (the
	// screens ask every frame whether undo is allowed: no allocation).
	p := m.Start
	last := -1
	for k, mv := range m.Moves {
		if !m.computer[p.ToMoveSeat()] {
			last = k
		}
		p.Apply(mv, nil)
	}
	return last
}

// CanUndo reports whether Undo would take anything back. Between humans
// only (hot seat), undo must be allowed by the setting.
func (m *Match) CanUndo(hotSeat bool) bool {
	if !m.AnyComputer() && !hotSeat {
		return false
	}
	return m.undoTarget() >= 0
}

// CanRedo reports whether there is an undone move to play again.
func (m *Match) CanRedo() bool { return len(m.Redo) > 0 }

// Undo takes back the last move (or, against the computer, the player's
// last move and the computer's answers) and reports whether it did.
func (m *Match) Undo(hotSeat bool) bool {
	if !m.CanUndo(hotSeat) {
		return false
	}
	k := m.undoTarget()
	m.StopThinking()
	taken := append([]logic.Move(nil), m.Moves[k:]...)
	m.Redo = append(taken, m.Redo...)
	m.replay(m.Moves[:k])
	return true
}

// RedoMove plays the next undone move again and, against the computer, the
// computer's answers that followed it, up to the next human move.
func (m *Match) RedoMove() bool {
	if len(m.Redo) == 0 {
		return false
	}
	m.StopThinking()
	redo := m.Redo
	moves := append([]logic.Move(nil), m.Moves...)
	moves = append(moves, redo[0])
	redo = redo[1:]
	p := m.Start
	for _, mv := range moves {
		p.Apply(mv, nil)
	}
	for len(redo) > 0 && !p.Over() && m.computer[p.ToMoveSeat()] {
		p.Apply(redo[0], nil)
		moves = append(moves, redo[0])
		redo = redo[1:]
	}
	m.replay(moves)
	m.Redo = redo
	return true
}

// replay rebuilds the position from the start through moves.
func (m *Match) replay(moves []logic.Move) {
	m.Pos = m.Start
	m.Moves = m.Moves[:0]
	m.HasLast = false
	for _, mv := range moves {
		m.Pos.Apply(mv, &m.Last)
		m.HasLast = true
		m.Moves = append(m.Moves, mv)
	}
	m.Version++
}
