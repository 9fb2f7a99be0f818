package play

import (
	"shiftago/logic"
	"shiftago/logic/record"
)

// DefaultNodesPerTick is how much the AI searches in one frame: small
// enough that a frame never stalls (the browser cannot preempt), large
// enough that even the strongest level answers within a few seconds.
const DefaultNodesPerTick = 6000

// Match is one game being played: the position, who plays each seat, the
// moves so far and what was undone. It keeps the game, never a search:
// the seats' Players (player.go) find the moves. Undo and redo replay the
// game from its start: simple and exact across sit-outs, extra turns and
// scoring choices.
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

	seats [4]record.Player
	seed  uint64
}

// NewMatch starts a match from pos with the seats as the setup says.
func NewMatch(pos logic.Position, st *Setup, seed uint64) *Match {
	m := &Match{Pos: pos, Start: pos, seed: seed}
	for i := 0; i < pos.Players(); i++ {
		m.seats[i] = st.Seats[i].Player
	}
	return m
}

// Player is who plays seat i.
func (m *Match) Player(seat int) record.Player { return m.seats[seat] }

// Seed is the match's seed, which the computer's searches mix their ply
// into.
func (m *Match) Seed() uint64 { return m.seed }

// Computer reports whether seat i is played by the AI.
func (m *Match) Computer(seat int) bool { return seat >= 0 && m.seats[seat].IsComputer() }

// Level is seat i's AI level.
func (m *Match) Level(seat int) int { return m.seats[seat].Level }

// SeatName names seat i for the interface.
func (m *Match) SeatName(seat int) SeatName {
	return SeatName{Color: m.Pos.SeatColor(seat), Player: m.seats[seat]}
}

// ComputerToMove reports whether the AI is to move now.
func (m *Match) ComputerToMove() bool {
	return !m.Pos.Over() && m.seats[m.Pos.ToMoveSeat()].IsComputer()
}

// HumanToMove reports whether a person at this screen is to move now.
func (m *Match) HumanToMove() bool { return !m.Pos.Over() && m.seats[m.Pos.ToMoveSeat()].IsHuman() }

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

// AnyComputer reports whether a computer plays any seat.
func (m *Match) AnyComputer() bool {
	for i := 0; i < m.Start.Players(); i++ {
		if m.seats[i].IsComputer() {
			return true
		}
	}
	return false
}

// undoTarget is how many moves stay after an undo: against the computer,
// everything from the last move made at this screen on is taken back (so
// the computer's answers go too); between humans, one move.
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
		if m.seats[p.ToMoveSeat()].IsHuman() {
			last = k
		}
		p.Apply(mv, nil)
	}
	return last
}

// CanUndo reports whether Undo would take anything back. Between humans
// only (hot seat), undo must be allowed by the setting; with somebody
// elsewhere, never.
func (m *Match) CanUndo(hotSeat bool) bool {
	for i := 0; i < m.Start.Players(); i++ {
		if m.seats[i].Kind == record.Remote {
			return false // a move made elsewhere is not ours to take back
		}
	}
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
	redo := m.Redo
	moves := append([]logic.Move(nil), m.Moves...)
	moves = append(moves, redo[0])
	redo = redo[1:]
	p := m.Start
	for _, mv := range moves {
		p.Apply(mv, nil)
	}
	for len(redo) > 0 && !p.Over() && !m.seats[p.ToMoveSeat()].IsHuman() {
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
