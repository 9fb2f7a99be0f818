package arena

import "math"

// Tally counts one side's results.
type Tally struct {
	Wins, Draws, Losses int
}

// Games is the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score is the share of points: a win 1, a draw ½.
func (t Tally) Score() float64 {
	if t.Games() == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

// EloDiff is the rating difference that predicts score s (0 < s < 1);
// ±Inf at the ends.
func EloDiff(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// Elo returns the rating difference the tally shows and the half-width of
// its 95% confidence interval, from the spread of the per-game scores
// (normal approximation, as cutechess-cli reports it).
func (t Tally) Elo() (diff, margin float64) {
	n := float64(t.Games())
	if n == 0 {
		return 0, math.Inf(1)
	}
	s := t.Score()
	w, d, l := float64(t.Wins)/n, float64(t.Draws)/n, float64(t.Losses)/n
	variance := w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*(0-s)*(0-s)
	sd := math.Sqrt(variance / n)
	lo, hi := EloDiff(s-1.96*sd), EloDiff(s+1.96*sd)
	return EloDiff(s), (hi - lo) / 2
}

// SetElo is the rating difference over the complete openings of r (n
// players: n games each, one per rotation of the seats) and the half-width
// of its 95% interval from the spread of the openings' mean scores: the
// paired (pentanomial, with two players) estimate, which the first
// move's advantage does not inflate.
func (r Result) SetElo(n int) (sets int, diff, margin float64) {
	var sum, sq float64
	for h, c := range r.Sets {
		x := float64(h) / 2 / float64(n) // the opening's mean score for A
		sets += c
		sum += float64(c) * x
		sq += float64(c) * x * x
	}
	if sets == 0 {
		return 0, 0, math.Inf(1)
	}
	m := float64(sets)
	s := sum / m
	sd := math.Sqrt(max(0, sq/m-s*s) / m)
	lo, hi := EloDiff(s-1.96*sd), EloDiff(s+1.96*sd)
	return sets, EloDiff(s), (hi - lo) / 2
}
