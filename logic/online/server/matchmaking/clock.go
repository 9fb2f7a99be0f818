//go:build !js

package matchmaking

import (
	"errors"
	"fmt"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// timeOK checks a time control, of a create request or a pairing ask
// alike: a time per move within its bounds, or a game clock within its
// own, the increment only with a clock, never both.
func timeOK(perMove, clock, inc int) error {
	switch {
	case perMove < 0 || perMove > maxPerMove:
		return fmt.Errorf("permove is 0 to %d seconds", maxPerMove)
	case clock == 0 && inc != 0:
		return errors.New("an increment needs a clock")
	case clock != 0 && (clock < proto.MinClock || clock > proto.MaxClock):
		return fmt.Errorf("clock is %d to %d seconds", proto.MinClock, proto.MaxClock)
	case inc < 0 || inc > proto.MaxIncrement:
		return fmt.Errorf("increment is 0 to %d seconds", proto.MaxIncrement)
	case clock != 0 && perMove != 0:
		return errors.New("a game has a clock or a time per move, not both")
	}
	return nil
}

// ratedTimeOK refuses a rated game without time to think
// (proto.MinRatedPerMove, proto.MinRatedClock): a rating says how well
// one plays with time to think, not how fast.
func ratedTimeOK(perMove, clock int) error {
	if perMove < proto.MinRatedPerMove && clock < proto.MinRatedClock {
		return fmt.Errorf("a rated game needs permove of at least %d seconds or a clock of at least %d", proto.MinRatedPerMove, proto.MinRatedClock)
	}
	return nil
}

// clockOf is a setup's time per move, clock and increment in seconds,
// as the API's replies carry them.
func clockOf(st store.Setup) (perMove, clock, inc int) {
	return int(st.MoveTime / time.Second), int(st.Clock / time.Second), int(st.Increment / time.Second)
}
