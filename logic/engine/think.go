package engine

import (
	"time"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// think chooses a move for `go`. A level alone searches that level's
// deterministic node budget; a movetime alone searches at full strength
// until the time is up; both together stop at whichever limit comes first.
// Neither means the default level. The search itself knows no clock: it is
// stepped here in slices of nodes, and the clock and stopped (a `stop`
// read meanwhile; nil for none) are read between slices.
func think(p *logic.Position, level int, movetime time.Duration, stopped func() bool) logic.Move {
	if stopped == nil {
		stopped = func() bool { return false }
	}
	cfg := ai.Config{Level: level}
	if movetime > 0 && level == 0 {
		cfg.Level = ai.MaxLevel
		cfg.MaxNodes = ai.Unlimited
	}
	s := ai.NewSearch(*p, cfg)
	if movetime <= 0 {
		for !s.Step(1<<16) && !stopped() {
		}
		s.Stop()
		return s.Best()
	}
	deadline := time.Now().Add(movetime)
	for !s.Step(4096) && time.Now().Before(deadline) && !stopped() {
	}
	s.Stop()
	return s.Best()
}
