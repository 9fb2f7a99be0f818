package scenes

import (
	"shiftago/logic"
	"shiftago/logic/ai"
)

// DefaultNodesPerTick is how much the AI searches in one frame: small
// enough that a frame never stalls (the browser cannot preempt), large
// enough that even the strongest level answers within a few seconds.
const DefaultNodesPerTick = 6000

// Match is one game being played, without any drawing: the position, who
// plays each seat, the moves so far, and the AI's search when a computer
// seat is to move. Scenes drive it; tests drive it directly.
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

	search *ai.Search
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

// ComputerToMove reports whether the AI is to move now.
func (m *Match) ComputerToMove() bool { return !m.Pos.Over() && m.computer[m.Pos.ToMoveSeat()] }

// MovesAt returns the legal moves inserting at e (one, or one per scoring
// line and kept end), appended to buf.
func (m *Match) MovesAt(e logic.Entry, buf []logic.Move) []logic.Move {
	var all [logic.MaxMoves]logic.Move
	for _, mv := range m.Pos.Moves(all[:0]) {
		if mv.Entry() == e {
			buf = append(buf, mv)
		}
	}
	return buf
}

// Legal reports whether inserting at e is allowed, and if not, why.
func (m *Match) Legal(e logic.Entry) (bool, string) {
	var buf [64]logic.Move
	if len(m.MovesAt(e, buf[:0])) > 0 {
		return true, ""
	}
	if m.Pos.Over() {
		return false, msg("legal.over")
	}
	if logic.TrackOf(e).Mask()&^m.Pos.Occupied() == 0 {
		return false, msg("legal.full")
	}
	return false, msg("legal.single")
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

// Think advances the AI's search by about nodes nodes, starting it if
// needed, and returns its move once the search is done.
func (m *Match) Think(nodes int) (logic.Move, bool) {
	if !m.ComputerToMove() {
		return logic.NoMove, false
	}
	if m.search == nil {
		seat := m.Pos.ToMoveSeat()
		seed := m.seed ^ uint64(len(m.Moves))*0x9E3779B97F4A7C15
		m.search = ai.NewSearch(m.Pos, ai.Config{Level: m.level[seat], Seed: seed})
	}
	if nodes <= 0 {
		nodes = DefaultNodesPerTick
	}
	if !m.search.Step(nodes) {
		return logic.NoMove, false
	}
	mv := m.search.Best()
	m.search = nil
	return mv, mv != logic.NoMove
}

// StopThinking abandons the AI's search.
func (m *Match) StopThinking() {
	if m.search != nil {
		m.search.Stop()
		m.search = nil
	}
}

// Undoable reports whether a move can be taken back.
func (m *Match) Undoable() bool { return len(m.Moves) > 0 }

// seatName is how the game calls a seat: its colour, and for a computer
// its level.
func (m *Match) seatName(seat int) string {
	c := m.Pos.SeatColor(seat)
	if m.computer[seat] {
		return msgf("seat.computer", colorName[c], levelName(m.level[seat]))
	}
	return colorName[c]
}

// lineSquares lists the squares of the line with ends a and b.
func lineSquares(a, b logic.Square, out []logic.Square) []logic.Square {
	df, dr := sign(b.File()-a.File()), sign(b.Rank()-a.Rank())
	f, r := a.File(), a.Rank()
	for {
		out = append(out, logic.Sq(f, r))
		if f == b.File() && r == b.Rank() {
			return out
		}
		f, r = f+df, r+dr
		if f < 0 || f > 6 || r < 0 || r > 6 {
			return out
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
