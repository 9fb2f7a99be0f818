package scenes

import "shiftago/logic"

// Undo and redo replay the game from its start: simple and exact across
// sit-outs, extra turns and scoring choices.

// anyComputer reports whether a computer plays any seat.
func (m *Match) anyComputer() bool {
	for i := 0; i < m.Start.Players(); i++ {
		if m.computer[i] {
			return true
		}
	}
	return false
}

// movers lists the seat that played each move.
func (m *Match) movers() []int {
	p := m.Start
	out := make([]int, len(m.Moves))
	for i, mv := range m.Moves {
		out[i] = p.ToMoveSeat()
		p.Apply(mv, nil)
	}
	return out
}

// undoTarget is how many moves stay after an undo: against the computer,
// everything from the last human move on is taken back (so the computer's
// answers go too); between humans, one move.
func (m *Match) undoTarget() int {
	n := len(m.Moves)
	if !m.anyComputer() {
		return n - 1
	}
	ms := m.movers()
	for k := n - 1; k >= 0; k-- {
		if !m.computer[ms[k]] {
			return k
		}
	}
	return -1
}

// CanUndo reports whether Undo would take anything back. Between humans
// only (hot seat), undo must be allowed by the setting.
func (m *Match) CanUndo(hotSeat bool) bool {
	if !m.anyComputer() && !hotSeat {
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
