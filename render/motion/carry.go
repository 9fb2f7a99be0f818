package motion

import (
	"math"

	"shiftago/render/layout"
)

// A marble carried between a tray and an entry point (a computer's move,
// the marble of a move taken back) goes round the board, never across
// it: straight from its tray slot to the nearest point of the rim (the
// square through the 28 entry points), then along the rim to its entry
// point, lifted above the frame with its shadow under it. Carried across
// in a straight line it flew over the very marbles it was about to push,
// so the push looked as if it came from the wrong side (issue 26).

// rimMid and rimHalf are the centre of the rim's square (the board's)
// and its half side, in board units: the entry points lie on it.
const (
	rimMid  = 3.5
	rimHalf = 3 + layout.EntryOffset
)

// carryLift is how high a carried marble travels (Marble.Lift).
const carryLift = 0.7

// rimPath is a carry's way: from a tray slot to the rim, then along it to
// an entry point (or the same way back).
type rimPath struct {
	from, at layout.Point // the tray slot; where the way meets the rim
	u0, du   float64      // the rim coordinate of at, and the signed way along the rim to the entry point
	approach float64      // the straight part's length
}

// newRimPath is the way from tray slot from to entry point to.
func newRimPath(from, to layout.Point) rimPath {
	at := onRim(from)
	p := rimPath{from: from, at: at, approach: from.Dist(at), u0: rimU(at)}
	d := math.Mod(rimU(to)-p.u0+8*rimHalf, 8*rimHalf)
	if d > 4*rimHalf {
		d -= 8 * rimHalf
	}
	p.du = d
	return p
}

// length is the way's length in cells.
func (p *rimPath) length() float64 { return p.approach + math.Abs(p.du) }

// point is the point at share f (0..1) of the way from the tray slot.
func (p *rimPath) point(f float64) layout.Point {
	s := math.Max(0, math.Min(1, f)) * p.length()
	if s <= p.approach {
		if p.approach == 0 {
			return p.at
		}
		return p.from.Add(p.at.Sub(p.from).Mul(s / p.approach))
	}
	return rimPoint(p.u0 + math.Copysign(s-p.approach, p.du))
}

// lift is how high the marble is at share f of the way: it rises off
// the tray, travels at carryLift and comes down on the entry point.
func carriedLift(f float64) float64 {
	return carryLift * smooth(math.Min(1, 3*f)) * smooth(math.Min(1, 3*(1-f)))
}

// onRim is the point of the rim nearest p.
func onRim(p layout.Point) layout.Point {
	lo, hi := rimMid-rimHalf, rimMid+rimHalf
	q := layout.Point{X: math.Max(lo, math.Min(hi, p.X)), Y: math.Max(lo, math.Min(hi, p.Y))}
	if q.X > lo && q.X < hi && q.Y > lo && q.Y < hi {
		// Inside the square: out to its nearest side.
		dl, dr, dt, db := q.X-lo, hi-q.X, q.Y-lo, hi-q.Y
		switch m := math.Min(math.Min(dl, dr), math.Min(dt, db)); m {
		case dl:
			q.X = lo
		case dr:
			q.X = hi
		case dt:
			q.Y = lo
		default:
			q.Y = hi
		}
	}
	return q
}

// rimU is the rim coordinate of point p on the rim: the way from its
// top-left corner, clockwise, in cells (0..8·rimHalf).
func rimU(p layout.Point) float64 {
	lo, hi, s := rimMid-rimHalf, rimMid+rimHalf, 2*rimHalf
	const tol = 1e-6
	switch {
	case math.Abs(p.Y-lo) < tol && p.X < hi-tol:
		return p.X - lo
	case math.Abs(p.X-hi) < tol && p.Y < hi-tol:
		return s + p.Y - lo
	case math.Abs(p.Y-hi) < tol && p.X > lo+tol:
		return 2*s + hi - p.X
	}
	return 3*s + hi - p.Y
}

// rimPoint is the point at rim coordinate u (any real: it wraps).
func rimPoint(u float64) layout.Point {
	lo, hi, s := rimMid-rimHalf, rimMid+rimHalf, 2*rimHalf
	u = math.Mod(u, 4*s)
	if u < 0 {
		u += 4 * s
	}
	switch {
	case u < s:
		return layout.Point{X: lo + u, Y: lo}
	case u < 2*s:
		return layout.Point{X: hi, Y: lo + u - s}
	case u < 3*s:
		return layout.Point{X: hi - (u - 2*s), Y: hi}
	}
	return layout.Point{X: lo, Y: hi - (u - 3*s)}
}
