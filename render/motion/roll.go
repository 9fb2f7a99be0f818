package motion

import (
	"shiftago/render/layout"
)

// flightSteps is how many straight pieces Trail cuts a removed marble's
// curved flight into. They are fixed shares of the flight, so the trail
// of one tick is that of the tick before plus its new end: a roll drawn
// from it turns on smoothly.
const flightSteps = 16

// Trail appends to out the way marble i has rolled in this animation so
// far, as points in board units: where it began to roll, the points it
// passed, and where it is now. It is read-only and for drawing a marble's
// turn (package view turns each marble by every piece of its trail: the
// interior turns by distance/radius about the axis across the travel).
//
// A marble that stays put, or the inserted one while it is carried from
// the tray, has no trail. A track is one piece from the start to the
// present point (a bounce back along it unrolls, as it should); a removed
// marble's flight follows after, its arc cut into pieces at fixed shares.
func (a *Animation) Trail(i int, out []layout.Point) []layout.Point {
	if i < 0 || i >= a.n {
		return out
	}
	m := &a.marbles[i]
	var r *removal
	for k := range a.nRem {
		if a.rem[k].marble == i {
			r = &a.rem[k]
		}
	}
	for k := range a.nTrack {
		if a.onTrk[k] != i {
			continue
		}
		if k == 0 && a.t < a.carry {
			return out
		}
		out = append(out, layout.TrackPoint(a.tr.Entry, a.track[k].axial(0)))
		if r != nil && a.t >= r.start {
			out = append(out, r.from)
		} else {
			out = append(out, m.Pos)
		}
	}
	lift := float64(liftTicks)
	if a.opts.Reduced {
		lift = reducedLift
	}
	if r == nil || a.t < r.start+lift {
		return out
	}
	if len(out) == 0 {
		out = append(out, r.from)
	}
	s := 1.0 // the share of the flight done
	if !m.InTray {
		s = smooth((a.t - r.start - lift) / r.travel)
	}
	for j := 1; j < flightSteps && float64(j)/flightSteps < s; j++ {
		out = append(out, r.along(float64(j)/flightSteps)) // as place routes it
	}
	return append(out, m.Pos)
}
