package records

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"shiftago/logic/record"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
)

// TestReplayCoversNoBoard is the overlap-and-fit test (issue 50) for the
// screens of pages that show a board, the replay and its analysis strip:
// on a phone and a tablet held either way and on a laptop, in the five
// languages, for two, three and four seats, at every move of the game,
// no control, the status line or the strip covers a cell, an entry point
// or a tray, each lies in the window, and every text fits its box,
// measured with the font it is drawn in: the buttons' labels, the status
// line (on one line or, with a verdict, two), the evaluation's words.
func TestReplayCoversNoBoard(t *testing.T) {
	recs := []*record.Record{
		blunderGame(t, openThree, "Nd"),
		playOut(t, threePlayer, "", 1),
		playOut(t, "7/7/7/7/7/7/7 express ogbw o 22,22,22,22 0,0,0,0 0,0,0,0", "", 1),
	}
	for _, rec := range recs {
		c := looptest.DeviceContext(t, "en", looptest.Devices[0])
		r := NewReplay(c, rec).(*Replay)
		r.SetAnalysisNodes(2000) // enough to mark and prove a little, cheap
		analyseAll(t, c, r)
		for _, d := range looptest.Devices {
			for _, lg := range i18n.Langs {
				c := looptest.DeviceContext(t, lg, d)
				for ply := 0; ply <= len(rec.Moves); ply++ {
					r.Seek(c, ply)
					r.anim = nil // the position shown at once: only the layout matters
					r.relayout(c)
					where := fmt.Sprintf("%s, replay of %d seats at move %d", d.Name, len(rec.Seats), ply)
					geo := &r.board.Geo
					ctl := looptest.ButtonControls(r.bs.List)
					ctl = append(ctl, looptest.ButtonControls(r.rev.marks.List)...)
					ctl = append(ctl, looptest.Control{Name: "the status line", R: r.statusRect()},
						looptest.Control{Name: "the evaluation", R: r.rev.box}, looptest.Control{Name: "the timeline", R: r.rev.graph})
					looptest.CheckClear(t, c, where, geo, true, ctl)
					looptest.CheckFits(t, c, lg+", "+where, r.bs.Fits(), looptest.MinFit)
					// The status line: all of it, every line in its room,
					// at the game's status sizes (0.22 to 0.42 of a bar)
					// and no less than 11 CSS px, the lines inside the
					// line's height; where the controls have a bar of
					// their own, the line takes its whole row (an upright
					// phone's words stood half as large again as the
					// game's, wrapped in two thirds of the row).
					stt := r.statusRect()
					lines, size := r.statusLines(c)
					for _, l := range lines {
						if strings.HasSuffix(l, "…") || c.Text.Width(l, size, false) > r.statusRoom()+0.5 {
							t.Errorf("%s, %s: the status line %q does not fit: %q at %.1f px", lg, where, r.text, l, size)
						}
					}
					if size < math.Max(0.22*geo.Bar, 11*c.Scale) || size > 0.42*geo.Bar+0.5 || float64(len(lines))*1.15*size > stt.H {
						t.Errorf("%s, %s: the status line %q: %d lines at %.1f px in a line %.0f px high (a bar %.0f)", lg, where, r.text, len(lines), size, stt.H, geo.Bar)
					}
					if right := c.W - c.Inset.Right - geo.Margin(); r.cfg.Footer && stt.X+stt.W < right-0.5 {
						t.Errorf("%s, %s: the status line ends at %.0f, its row at %.0f", lg, where, stt.X+stt.W, right)
					}
					if f := r.rev.evalFit(c); f.Text != "" {
						looptest.CheckFits(t, c, lg+", "+where+", evaluation", []ui.Fit{f}, 0.6)
					}
				}
			}
		}
		r.rev.stop()
	}
}

// TestReplayProgressClearOfTheLine: while the analysis runs, its progress
// ("Analysing… 3/40") is written on the timeline, and the timeline's
// middle line (even chances) is not drawn through it (issue 50's shots:
// the words were struck through on every device), on every device, in
// the five languages.
func TestReplayProgressClearOfTheLine(t *testing.T) {
	rec := playOut(t, threePlayer, "", 1)
	for _, d := range looptest.Devices {
		for _, lg := range i18n.Langs {
			c := looptest.DeviceContext(t, lg, d)
			r := NewReplay(c, rec).(*Replay)
			r.relayout(c)
			// The analysis has evaluated the first position only: the
			// rest of the timeline is the empty run the words go in.
			plies := len(rec.Moves)
			r.rev.progress = c.F("replay.analysing", 1, plies+1)
			r.rev.gap, r.rev.gapN = 1, plies
			x0, x1, size := r.rev.progressPlace(c)
			if size <= 0 {
				t.Errorf("%s, %s: no room for the progress %q", lg, d.Name, r.rev.progress)
			}
			for _, seg := range r.rev.evenLine(c) {
				if seg[0] < x1 && seg[1] > x0 {
					t.Errorf("%s, %s: the middle line %.0f-%.0f runs through the progress %q at %.0f-%.0f", lg, d.Name, seg[0], seg[1], r.rev.progress, x0, x1)
				}
			}
			r.rev.stop()
		}
	}
}

// TestReplayColumnsInsideTheTimeline: every column of the timeline lies
// inside its inlay, clear of the rounded ends and the lip (issue 50's
// shots: the first and the last column were drawn over the frame), on
// every device, in the five languages (the box beside it, and so the
// timeline, is as wide as the language's words).
func TestReplayColumnsInsideTheTimeline(t *testing.T) {
	rec := blunderGame(t, openThree, "Nd")
	for _, d := range looptest.Devices {
		for _, lg := range i18n.Langs {
			c := looptest.DeviceContext(t, lg, d)
			r := NewReplay(c, rec).(*Replay)
			r.relayout(c)
			v := &r.rev
			g, rad, lip := v.graph, v.inlayRadius(), 1.5*c.Scale
			// inside: (x, y) in the graph's rounded rectangle less the lip.
			inside := func(x, y float64) bool {
				x0, y0, x1, y1 := g.X+lip, g.Y+lip, g.X+g.W-lip, g.Y+g.H-lip
				if x < x0 || x > x1 || y < y0 || y > y1 {
					return false
				}
				cr := rad - lip
				cx, cy := math.Max(x0+cr, math.Min(x1-cr, x)), math.Max(y0+cr, math.Min(y1-cr, y))
				return math.Hypot(x-cx, y-cy) <= cr+0.5
			}
			top, h := v.columns()
			for p := 0; p <= v.an.Plies(); p++ {
				x, w := v.cols.X+float64(p)*v.col, v.col
				for _, pt := range [][2]float64{{x, top}, {x + w, top}, {x, top + h}, {x + w, top + h}} {
					if !inside(pt[0], pt[1]) {
						t.Errorf("%s, %s: column %d's corner (%.0f, %.0f) is outside the timeline's inlay %v (radius %.0f)", lg, d.Name, p, pt[0], pt[1], g, rad)
						break
					}
				}
			}
			v.stop()
		}
	}
}

// evalFit is the box's words with their room, as draw gives it.
func (v *review) evalFit(c *app.Context) ui.Fit {
	_, _, size, room, _ := v.evalPlace(c)
	return ui.Fit{Text: v.evalText, Size: size, W: room, Bold: true}
}
