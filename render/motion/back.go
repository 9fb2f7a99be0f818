package motion

import (
	"math"

	"shiftago/logic"
	"shiftago/render/layout"
)

// Taking a move back (Options.Back) shows the same trace the other way:
// the board starts as the move left it and ends as it was before.
//
// First the scored line comes back: its marbles lift out of the tray and
// fly to their cells along the arcs they left by, the last to land in the
// tray leaving first (the forward flights, time reversed: they still
// never pass through each other). Then the insertion is undone: the
// inserted marble rolls out to its entry point, each pushed marble rolls
// one cell back after it, a beat apart from the entry inwards (they move
// apart, so the chain never overlaps), and the inserted marble is carried
// back to its tray slot. Time is not reversed there: a marble run
// backwards would start from rest and stop dead, where a marble rolled
// back by hand starts briskly and settles with the same small bounce as
// a forward move.

// Tuning of the way back, in cells and ticks.
const (
	backSpeed = 0.14 // launch speed of a marble rolling back
	backBeat  = 4    // ticks between two marbles of the chain
	backPause = 6    // ticks between the line's return and the roll back
	maxCarry  = 0.6  // cells per tick at most while carried to the tray
	backLead  = 1    // the first tick shows the position after the move
)

// planBack plans the move taken back. New has placed the marbles as the
// move ends (Square the cell each ends the move on): the removed ones are
// found by that cell and put in the tray, then each marble's Square
// becomes the cell it ends on going back.
func (a *Animation) planBack() {
	o := a.opts
	a.back = true
	e := a.tr.Entry
	slides := a.tr.Slides()
	eps, tb := overshoot, float64(bounceTicks)
	v := backSpeed
	if o.Reduced {
		eps, tb, v = 0, 0, 0.3
	}
	t := float64(backLead)
	if a.scores() {
		a.planRemovals(0)
		lift := a.liftTicks()
		// E is when the last forward flight lands: flight k runs back from
		// E minus its forward end.
		E := 0.0
		for k := 0; k < a.nRem; k++ {
			E = math.Max(E, a.rem[k].start+lift+a.rem[k].travel)
		}
		first := math.Inf(1)
		for k := 0; k < a.nRem; k++ {
			r := &a.rem[k]
			r.start = t + E - (r.start + lift + r.travel)
			first = math.Min(first, r.start)
			m := &a.marbles[r.marble]
			m.Pos, m.InTray = r.to, true
			d := r.length()
			a.add(Event{Kind: Lift, Marble: r.marble, Pos: r.to, at: r.start, tray: -1})
			a.add(Event{Kind: Roll, Marble: r.marble, Speed: 1.5 * d / r.travel, Dist: d, Pos: r.to, at: r.start})
			a.add(Event{Kind: Land, Marble: r.marble, Pos: r.from, at: r.start + lift + r.travel})
		}
		a.add(Event{Kind: Score, Marble: -1, Points: -a.tr.Points, Pos: lineMiddle(a.tr.Line), at: first})
		a.landed = a.nRem
		t += E + backPause
		if o.Reduced {
			t -= backPause - 2
		}
	}
	// Each marble now ends where it was before the move.
	for k := 1; k < a.nTrack; k++ {
		a.marbles[a.onTrk[k]].Square = slides[k].From
	}
	in := &a.marbles[a.onTrk[0]]
	in.Square = logic.NoSquare
	in.Pos = layout.CellPos(slides[0].To)

	end := t
	for k := 0; k < a.nTrack; k++ {
		p := &a.track[k]
		d := 1.0
		if k == 0 {
			d = layout.EntryOffset
		}
		ep := bounce(eps, d)
		T := math.Max(6, 2*(1+ep)*d/v)
		*p = profile{T0: t + float64(k)*backBeat, T: T, Tb: tb, Start: float64(k), Dist: -d, Eps: ep}
		if o.Reduced {
			p.T0 = t + float64(k)
		}
		m := a.onTrk[k]
		from := layout.TrackPoint(e, p.Start)
		a.add(Event{Kind: Roll, Marble: m, Speed: v, Dist: d, Pos: from, at: p.T0})
		a.add(Event{Kind: Settle, Marble: m, Pos: layout.TrackPoint(e, p.Start+p.Dist), at: p.T0 + p.T})
		end = math.Max(end, p.end())
	}
	// The inserted marble goes home to the tray slot it came from.
	a.carryFrom = a.trayPos(a.supply - 1)
	a.carryTo = layout.EntryPos(e)
	a.carryStart = a.track[0].end()
	a.way = newRimPath(a.carryFrom, a.carryTo)
	a.carry = math.Max(carryTicks, 1.5*a.way.length()/a.carrySpeed())
	if o.Reduced {
		a.carry = math.Max(reducedCar, 1.5*a.way.length()/a.carrySpeed())
	}
	a.add(Event{Kind: Lift, Marble: a.onTrk[0], Pos: a.carryTo, at: a.carryStart})
	a.add(Event{Kind: Land, Marble: a.onTrk[0], Pos: a.carryFrom, at: a.carryStart + a.carry, tray: 1})
	a.end = math.Max(end, a.carryStart+a.carry)
	a.add(Event{Kind: Done, Marble: -1, at: a.end})
	for i := 1; i < len(a.sched); i++ {
		for j := i; j > 0 && a.sched[j].at < a.sched[j-1].at; j-- {
			a.sched[j], a.sched[j-1] = a.sched[j-1], a.sched[j]
		}
	}
}

// placeBack sets every moving marble for time a.t, going back.
func (a *Animation) placeBack() {
	e := a.tr.Entry
	lift := a.liftTicks()
	// The scored line's marbles, on their way from the tray to their cells.
	var flying uint64 // bit i: marble i is still off the board
	for k := 0; k < a.nRem; k++ {
		r := &a.rem[k]
		m := &a.marbles[r.marble]
		switch {
		case a.t < r.start:
			m.Pos, m.InTray, m.Lift = r.to, true, 0 // the tray may have moved (a resize)
			flying |= 1 << r.marble
		case a.t < r.start+lift+r.travel:
			p, l := r.flight(r.start+lift+r.travel-a.t, lift)
			m.InTray = false
			a.moveTo(m, p)
			m.Lift = l
			flying |= 1 << r.marble
		case !r.home:
			a.moveTo(m, r.from) // landed: the push back takes it from here
			m.Lift, r.home = 0, true
		}
	}
	for k := 0; k < a.nTrack; k++ {
		idx := a.onTrk[k]
		if flying&(1<<idx) != 0 {
			continue
		}
		m := &a.marbles[idx]
		p := &a.track[k]
		switch {
		case k == 0 && a.t >= a.carryStart:
			// Lifted from the entry point and carried back to the tray.
			if a.t >= a.carryStart+a.carry {
				m.Pos, m.Lift, m.InTray = a.carryFrom, 0, true // exactly in its slot
				continue
			}
			f := (a.t - a.carryStart) / a.carry
			m.Pos = a.way.point(1 - smooth(f)) // round the rim, the way a carry comes
			m.Lift = carriedLift(1 - f)
		case p.settled:
		case a.t >= p.end():
			to := layout.EntryPos(e)
			if k > 0 {
				to = layout.CellPos(m.Square) // exactly on the cell
			}
			a.moveTo(m, to)
			p.settled = true
		default:
			a.moveTo(m, layout.TrackPoint(e, p.axial(a.t)))
		}
	}
}
