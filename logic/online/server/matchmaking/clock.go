//go:build !js

package matchmaking

import (
	"errors"
	"fmt"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// clockOK checks a create request's game clock: within the bounds, the
// increment only with a clock, never with a time per move.
func clockOK(req proto.CreateRequest) error {
	switch {
	case req.Clock == 0 && req.Increment != 0:
		return errors.New("an increment needs a clock")
	case req.Clock != 0 && (req.Clock < proto.MinClock || req.Clock > proto.MaxClock):
		return fmt.Errorf("clock is %d to %d seconds", proto.MinClock, proto.MaxClock)
	case req.Increment < 0 || req.Increment > proto.MaxIncrement:
		return fmt.Errorf("increment is 0 to %d seconds", proto.MaxIncrement)
	case req.Clock != 0 && req.PerMove != 0:
		return errors.New("a game has a clock or a time per move, not both")
	}
	return nil
}

// clockOf is a setup's time per move, clock and increment in seconds,
// as the API's replies carry them.
func clockOf(st store.Setup) (perMove, clock, inc int) {
	return int(st.MoveTime / time.Second), int(st.Clock / time.Second), int(st.Increment / time.Second)
}
