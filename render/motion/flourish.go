package motion

import "math"

// Flourish is the moment a game ends, before its result card: plain data
// of the ticks since the end (k), drawn by the table.
//
// A game won by a line: the line lights marble by marble (the chime
// sounds as the first lights), the rest of the board dims, then a wave
// runs along the line: each marble lifts a little off its dimple and
// glints at the top, one after the other, like light running through a
// string of glass beads, and settles back. An ending without a line (a
// draw, a win on points) is smaller: one glint sweeps across the board
// over the winner's marbles (every marble, for a draw). Reduced motion
// keeps it short and still: the line lights at once, nothing lifts, no
// wave, no sweep.
type Flourish struct {
	Line    int  // marbles (cells) in the winning line; 0: no line
	Reduced bool // the reduced-motion setting
}

// Tuning of the ending, in ticks at 60 a second.
const (
	LitEvery  = 6    // between two marbles of the line lighting
	waveDelay = 8    // from the last marble lit to the wave
	waveGap   = 5    // between two marbles' lifts
	waveRise  = 24   // one marble's lift, up and down
	waveLift  = 0.35 // how high, as Marble.Lift
	dimTicks  = 18   // the rest of the board dims over this
	restTicks = 16   // the still picture before the card
	sweepGap  = 2    // between two diagonals of the sweep
	sweepLen  = 16   // one marble's glint in the sweep
	calmTicks = 40   // the whole ending with reduced motion
)

// Lit is how many of the line's marbles are lit k ticks after the end.
func (f Flourish) Lit(k int) int {
	if f.Reduced {
		return f.Line
	}
	return min(f.Line, 1+k/LitEvery)
}

func (f Flourish) waveStart() int { return (f.Line-1)*LitEvery + waveDelay }

// bump is a smooth rise and fall over u in 0..1 (0 outside), with no
// jerk at either end.
func bump(u float64) float64 {
	if u <= 0 || u >= 1 {
		return 0
	}
	s := math.Sin(math.Pi * u)
	return s * s
}

// Lift is how high the line's i-th marble (from one end) stands k ticks
// after the end.
func (f Flourish) Lift(i, k int) float64 {
	if f.Reduced || f.Line == 0 {
		return 0
	}
	return waveLift * bump(float64(k-f.waveStart()-i*waveGap)/waveRise)
}

// Glint is how bright (0..1) the glint on the line's i-th marble is k
// ticks after the end: at the top of its lift.
func (f Flourish) Glint(i, k int) float64 {
	if f.Reduced || f.Line == 0 {
		return 0
	}
	u := float64(k-f.waveStart()-i*waveGap) / waveRise
	return bump(2*u - 0.5)
}

// Sweep is how bright (0..1) the glint of an ending without a line is k
// ticks after the end on a marble on the d-th diagonal of the board
// (file + rank from the corner a1: 0..12).
func (f Flourish) Sweep(d, k int) float64 {
	if f.Reduced || f.Line > 0 {
		return 0
	}
	return bump(float64(k-8-d*sweepGap) / sweepLen)
}

// Dim is how far (0..1) the marbles outside the line are dimmed k ticks
// after the end.
func (f Flourish) Dim(k int) float64 {
	if f.Line == 0 {
		return 0
	}
	if f.Reduced {
		return 1
	}
	return math.Min(1, float64(k)/dimTicks)
}

// Length is the ticks from the end to the result card.
func (f Flourish) Length() int {
	switch {
	case f.Reduced:
		return calmTicks
	case f.Line == 0:
		return 8 + 12*sweepGap + sweepLen + restTicks
	}
	return f.waveStart() + (f.Line-1)*waveGap + waveRise + restTicks
}
