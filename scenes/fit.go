package scenes

import "shiftago/render"

// Fit is a text on screen with the room it has, for the test that every
// language fits at the smallest layout: the text at Size in pixels must be
// no wider than W (Bold as drawn).
type Fit struct {
	Text string
	Size float64
	W    float64
	Bold bool
}

// fitsOf lists the labels of a screen's buttons with their room, as
// buttons.draw gives it.
func fitsOf(bs *buttons) []Fit {
	var out []Fit
	for _, b := range bs.list {
		if b.hasSwatch || b.label == "" {
			continue
		}
		out = append(out, Fit{Text: b.label, Size: b.h * 0.46, W: b.w - b.h*0.4, Bold: b.bold})
	}
	return out
}

// labelFits lists left-aligned labels, each with room w.
func labelFits(ls []label, w float64) []Fit {
	var out []Fit
	for _, l := range ls {
		if l.align == render.AlignLeft {
			out = append(out, Fit{Text: l.s, Size: l.size, W: w})
		}
	}
	return out
}
