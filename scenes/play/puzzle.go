package play

import (
	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/puzzle"
	"shiftago/logic/record"
)

// A puzzle is played on the real board through the same controller as a
// game: the player holds the side to move, a Grandmaster the defender.
// The puzzle, as a Lesson, answers for the defender from the puzzle's
// main line while the player follows it, and with the proven refutation
// after a wrong first move; it hears each of the player's moves and
// judges it.

// PuzzleState is where the player stands in a puzzle.
type PuzzleState uint8

// The states of a puzzle.
const (
	PuzzleSolving PuzzleState = iota // the player is finding the win
	PuzzleWrong                      // a move that does not win in time: try again
	PuzzleSolved                     // the win is on the board
)

// PuzzleRun is one attempt at a puzzle, as a Lesson.
type PuzzleRun struct {
	Puzzle *puzzle.Puzzle
	State  PuzzleState
	// Changed counts the changes of State, so the screen sees one.
	Changed int
	m       *Match
	winner  int // the seat that wins: the player
}

// NewPuzzleRun starts an attempt at pz: the session (the player at the
// side to move, a Grandmaster at the other seat; base gives the rest of
// the settings) and the run to set as its controller's Lesson.
func NewPuzzleRun(pz *puzzle.Puzzle, base Setup, seed uint64, date string) (*Session, *PuzzleRun, error) {
	p, err := pz.Start()
	if err != nil {
		return nil, nil, err
	}
	st := base
	st.Tournament, st.Starter = false, p.ToMoveSeat()
	for i := 0; i < p.Players(); i++ {
		st.Seats[i] = Seat{Player: record.Player{Level: ai.MaxLevel}}
		if i != p.ToMoveSeat() {
			st.Seats[i].Player.Kind = record.Computer
		}
	}
	s, _, _, err := NewSession(st, pz.Position, nil, seed, 0, date)
	if err != nil {
		return nil, nil, err
	}
	return s, &PuzzleRun{Puzzle: pz, m: s.M, winner: p.ToMoveSeat()}, nil
}

// Allows lets the player try every entry point: a wrong one is answered
// on the board.
func (r *PuzzleRun) Allows(logic.Entry) bool { return r.State != PuzzleSolved }

// onLine reports whether the moves played so far follow the main line.
func (r *PuzzleRun) onLine() bool {
	if len(r.m.Moves) > len(r.Puzzle.Line) {
		return false
	}
	for i, mv := range r.m.Moves {
		if mv.String() != r.Puzzle.Line[i] {
			return false
		}
	}
	return true
}

// Answer is the defender's move: the main line's while the player
// follows it, the refutation of a wrong first move, else NoMove (the
// Grandmaster finds one).
func (r *PuzzleRun) Answer(p *logic.Position, _ int) logic.Move {
	n := len(r.m.Moves)
	line := r.Puzzle.Line
	var s string
	switch {
	case r.onLine() && n < len(line):
		s = line[n]
	case n == 1:
		s = r.Puzzle.Refute[r.m.Moves[0].String()]
	}
	if s == "" {
		return logic.NoMove
	}
	mv, err := p.ParseMove(s)
	if err != nil {
		return logic.NoMove
	}
	return mv
}

// See judges the player's moves: one off the main line is wrong, unless
// it wins the game there and then (the last move of a win may be made in
// more than one way); the game won by the player solves the puzzle.
func (r *PuzzleRun) See(ev LessonEvent) {
	if r.State != PuzzleSolving {
		return
	}
	switch ev.Kind {
	case Moved:
		if r.onLine() {
			return
		}
		if pos := r.m.Pos; pos.Over() {
			if res := pos.Result(); res.State == logic.Won && pos.SeatOf(res.Winner) == r.winner {
				return // GameOver follows
			}
		}
		r.set(PuzzleWrong)
	case GameOver:
		if res := r.m.Pos.Result(); res.State == logic.Won && r.m.Pos.SeatOf(res.Winner) == r.winner {
			r.set(PuzzleSolved)
		} else {
			r.set(PuzzleWrong)
		}
	}
}

func (r *PuzzleRun) set(s PuzzleState) { r.State, r.Changed = s, r.Changed+1 }

// Winner is the colour the player plays.
func (r *PuzzleRun) Winner() logic.Color { return r.m.Start.SeatColor(r.winner) }
