package lobby

import (
	"fmt"

	"shiftago/logic/online/proto"
	"shiftago/scenes/i18n"
)

// timeControl is a game's time control as the pages offer it: none (a
// live game), a game clock (clock seconds each, plus inc seconds a
// move), or a correspondence game's days per move.
type timeControl struct{ clock, inc, days int }

// timeChoices are the time controls a new game may have, on the create
// page and in quick pairing alike (one list, so that a game made and a
// game paired for are offered the same): a live game without a clock, a
// game clock (minutes each plus seconds a move: lichess's blitz and
// rapid, the least a rated live game may have), or a correspondence
// game's time per move in days. The server keeps the clock (its
// computer takes a 3- or 4-player seat whose time ran out).
var timeChoices = [...]timeControl{{}, {300, 3, 0}, {600, 5, 0}, {0, 0, 1}, {0, 0, 3}, {0, 0, 7}}

// perMove is the time per move in seconds, as the requests carry it.
func (tc timeControl) perMove() int { return tc.days * 24 * 3600 }

// ratable says whether a rated game may have this time control: one
// that leaves time to think (proto.MinRatedClock, MinRatedPerMove), as
// the server requires.
func (tc timeControl) ratable() bool {
	return tc.clock >= proto.MinRatedClock || tc.perMove() >= proto.MinRatedPerMove
}

// label is the time control's button: "Live", "5+3" (as lichess writes
// it, in every language), "1 day", "3 days".
func (tc timeControl) label(l *i18n.Lang) string {
	switch {
	case tc.clock > 0:
		return fmt.Sprintf("%d+%d", tc.clock/60, tc.inc)
	case tc.days == 1:
		return l.T("online.day")
	case tc.days > 1:
		return l.F("online.days", tc.days)
	}
	return l.T("online.live")
}

// timeChoiceOf is the index in timeChoices of tc (0, a live game, when
// it is none of them).
func timeChoiceOf(tc timeControl) int {
	for i, c := range timeChoices {
		if c == tc {
			return i
		}
	}
	return 0
}
