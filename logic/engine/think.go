package engine

import (
	"time"

	"shiftago/logic"
)

// think chooses a move for `go`. Until the AI lands it plays the first legal
// move, which the protocol allows.
func think(p *logic.Position, level int, movetime time.Duration) logic.Move {
	_, _ = level, movetime
	return p.Moves(nil)[0]
}
