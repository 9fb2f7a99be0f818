package records

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
)

// review is the replay's analysis strip, across the foot of the screen:
// the evaluation of the position shown (each seat's share of the game as
// a stacked bar, the leader's marble and share, or "wins"), and the
// timeline of the whole game, one column a position, each column the
// seats' shares stacked, so that the curve of the game reads at a glance.
// The moves that lost the game are marked above their columns; a tap on a
// mark (a target of at least 44 CSS px) jumps to it, a tap or a drag
// elsewhere on the timeline seeks there. Until the analysis is done, the
// columns not yet known stay empty, the progress written across them; the
// position shown is evaluated first.
type review struct {
	an     *play.Analysis // nil: the record could not be analysed
	marked []int          // the marked moves (plies), as far as known
	known  int            // the positions evaluated when marked was taken

	strip, box, graph layout.Rect
	cols              layout.Rect           // where the timeline's columns go: the graph's inlay less its rounded ends
	col               float64               // a column's width
	minTarget         float64               // a touch target's least side
	marks             ui.Buttons[replayAct] // one target a marked move
	colors            [4]logic.Color        // the seats' colours
	seats             int                   // the number of seats
	scrub             bool                  // a press on the timeline is being followed

	// The position shown, put into words when it changes (Draw only reads).
	evalText string       // the box's words
	evalSeat int          // whose they are (-1: nobody leads)
	shares   [4]float64   // the box's bar
	unknown  bool         // not evaluated yet
	progress string       // "Analysing… 3/40", or "" when done
	gap      int          // the widest run of positions not yet evaluated: its first
	gapN     int          // and its length
	verdict  play.Verdict // the verdict on the move shown
	better   logic.Move   // the move the engine preferred there
	proven   string       // what the solver proved of the position shown, in words ("" if nothing)
	scratch  []byte       // for the box's text
}

// stripHeight is the height the strip keeps at the foot of a screen whose
// control unit is bar: a touch target high, and a little more for the
// marks above the curve.
func stripHeight(bar, minTarget float64) float64 {
	return math.Round(math.Max(bar, minTarget) * 1.25)
}

// step advances the analysis by a slice and reports whether anything new
// is known (the screen then draws again).
func (v *review) step(nodes int) bool {
	if v.an == nil || v.an.Done() {
		return false
	}
	v.an.Step(nodes)
	done, _ := v.an.Progress()
	if done == v.known && !v.an.Done() {
		return false
	}
	v.known = done
	v.marked = v.an.Marked(v.marked[:0])
	return true
}

// stop ends the analysis: the replay is closing.
func (v *review) stop() {
	if v.an != nil {
		v.an.Stop()
	}
}

// layout places the strip in r (the area kept at the screen's foot, the
// mistake button excluded) and the mark targets over the timeline.
func (v *review) layout(c *app.Context, r layout.Rect, minTarget float64) {
	v.strip, v.minTarget = r, minTarget
	bw := math.Min(r.W*0.3, r.H*2.2)
	// Wide enough for the longest words the box can say in this language
	// at 0.7 of their size (evalPlace): on an upright phone "gewinnt
	// jetzt" shrank to less than half (issue 50).
	size, pad, words := r.H*0.34, r.H*0.14, 0.0
	for _, s := range []string{c.T("replay.winsnow"), c.F("replay.winsin", 99), c.T("replay.wins"), c.T("replay.drawn"), "≈100%"} {
		words = math.Max(words, c.Text.Width(s, size, true))
	}
	bw = math.Max(bw, math.Min(0.7*words+2*pad, r.W*0.45))
	v.box = layout.Rect{X: r.X, Y: r.Y, W: bw, H: r.H}
	gap := math.Round(r.H * 0.15)
	v.graph = layout.Rect{X: r.X + bw + gap, Y: r.Y, W: r.W - bw - gap, H: r.H}
	n := 1
	if v.an != nil {
		n = v.an.Plies() + 1
	}
	// The columns keep clear of the inlay's rounded ends and its lip
	// (issue 50's shots: the first and the last column were drawn over
	// the frame).
	in := math.Ceil(0.5*v.inlayRadius() + 1.5*c.Scale)
	v.cols = layout.Rect{X: v.graph.X + in, Y: v.graph.Y, W: math.Max(0, v.graph.W-2*in), H: v.graph.H}
	v.col = v.cols.W / float64(n)
	v.layoutMarks()
}

// layoutMarks sets a target over each marked move's column, at least a
// touch target wide, kept inside the timeline.
func (v *review) layoutMarks() {
	v.marks.Reset()
	g := v.graph
	w := math.Max(v.col, v.minTarget)
	for _, p := range v.marked {
		x := v.cols.X + (float64(p)+0.5)*v.col - w/2
		x = math.Max(g.X, math.Min(g.X+g.W-w, x))
		v.marks.Add(ui.Button[replayAct]{X: x, Y: g.Y, W: w, H: g.H, Act: actRepMark, Arg: p})
	}
}

// plyAt is the position whose column is under x.
func (v *review) plyAt(x float64) int {
	if v.an == nil || v.col <= 0 {
		return 0
	}
	return max(0, min(v.an.Plies(), int(math.Floor((x-v.cols.X)/v.col))))
}

// nextMark is the first marked move after ply (dir 1) or before it
// (dir -1), wrapping around; ok is false when none is marked.
func (v *review) nextMark(ply, dir int) (int, bool) {
	if len(v.marked) == 0 {
		return 0, false
	}
	if dir > 0 {
		for _, p := range v.marked {
			if p > ply {
				return p, true
			}
		}
		return v.marked[0], true
	}
	for i := len(v.marked) - 1; i >= 0; i-- {
		if v.marked[i] < ply {
			return v.marked[i], true
		}
	}
	return v.marked[len(v.marked)-1], true
}

// describe puts the position after ply moves into words for the box and
// the status line.
func (v *review) describe(c *app.Context, ply int) {
	v.evalText, v.evalSeat, v.unknown, v.proven = "", -1, true, ""
	v.verdict, v.better = play.Fine, logic.NoMove
	v.progress = ""
	if v.an == nil {
		return
	}
	if done, total := v.an.Progress(); done < total {
		v.progress = c.F("replay.analysing", done, total)
	}
	v.gap, v.gapN = 0, 0
	for p, run := 0, 0; p <= v.an.Plies(); p++ {
		if v.an.At(p).Known {
			run = 0
			continue
		}
		if run++; run > v.gapN {
			v.gap, v.gapN = p-run+1, run
		}
	}
	v.verdict = v.an.Verdict(ply)
	if v.verdict != play.Fine {
		v.better = v.an.At(ply - 1).Best
	}
	e := v.an.At(ply)
	if !e.Known {
		return
	}
	v.unknown, v.shares = false, e.Chance
	lead, best := -1, 0.0
	for s := 0; s < v.seats; s++ {
		if e.Chance[s] > best+1e-9 {
			lead, best = s, e.Chance[s]
		} else if math.Abs(e.Chance[s]-best) <= 1e-9 {
			lead = -1 // even: nobody leads
		}
	}
	variant := v.an.Variant()
	n := e.ProvenMoves(variant)
	switch e.Proven {
	case ai.ProvenWin:
		v.proven = c.F("replay.provenwin", c.Lang.Colors[v.colors[e.Winner]])
		if n >= 2 {
			v.proven = c.F("replay.provenwinin", c.Lang.Colors[v.colors[e.Winner]], n)
		}
	case ai.ProvenLoss:
		v.proven = c.F("replay.provenloss", c.Lang.Colors[v.colors[e.ToMove]])
	case ai.ProvenDraw:
		v.proven = c.T("replay.provendraw")
	}
	switch {
	case e.Winner >= 0 && e.WinIn == 1:
		v.evalSeat, v.evalText = e.Winner, c.T("replay.winsnow")
	case e.Winner >= 0 && n > 0:
		v.evalSeat, v.evalText = e.Winner, c.F("replay.winsin", n)
	case e.Winner >= 0:
		v.evalSeat, v.evalText = e.Winner, c.T("replay.wins")
	case e.Proven == ai.ProvenDraw:
		v.evalText = c.T("replay.drawn")
	case lead >= 0:
		// An estimate, and marked as one: only proofs go without "≈".
		v.scratch = strconv.AppendInt(append(v.scratch[:0], "≈"...), int64(math.Round(100*best)), 10)
		v.evalSeat, v.evalText = lead, string(append(v.scratch, '%'))
	default:
		v.evalText = "≈="
	}
}

// verdictText is what the status line adds about the move shown.
func (v *review) verdictText(c *app.Context) string {
	switch v.verdict {
	case play.Lost:
		return c.F("replay.lost", v.better.String())
	case play.MissedWin:
		return c.F("replay.missed", v.better.String())
	}
	return ""
}

// evalPlace is where the box's words go: centred on (tx, ty) at size
// (shrunk to room), after the leader's marble where the box holds both.
func (v *review) evalPlace(c *app.Context) (tx, ty, size, room float64, marble bool) {
	b := v.box
	pad := b.H * 0.14
	ty = (b.Y + pad + b.H*0.22 + b.Y + b.H) / 2 // between the bar and the foot
	size = b.H * 0.34
	tx = b.X + b.W/2
	// The marble only where the words keep 0.85 of their size beside it:
	// they are in the leader's colour anyway.
	if marble = v.evalSeat >= 0 && b.W > 5*size && 0.85*c.Text.Width(v.evalText, size, true) <= b.W-3*pad-size; marble {
		tx = (b.X + pad + size + b.X + b.W) / 2
	}
	return tx, ty, size, 2 * (b.X + b.W - pad - tx), marble
}

// draw draws the strip with the position after ply moves picked out.
func (v *review) draw(dst *ebiten.Image, c *app.Context, ply int) {
	if v.an == nil || v.strip.W <= 0 {
		return
	}
	sp := c.Sprites
	b, g := v.box, v.graph
	rad := v.inlayRadius()
	sp.Inlay(dst, b.X, b.Y, b.W, b.H, rad)
	sp.Inlay(dst, g.X, g.Y, g.W, g.H, rad)

	// The box: the seats' shares as one bar, and below it the leader's
	// marble and share.
	pad := b.H * 0.14
	bar := layout.Rect{X: b.X + pad, Y: b.Y + pad, W: b.W - 2*pad, H: b.H * 0.22}
	if v.unknown {
		sp.Rect(dst, bar.X, bar.Y, bar.W, bar.H, render.Track)
	} else {
		x := bar.X
		for s := 0; s < v.seats; s++ {
			w := bar.W * v.shares[s]
			sp.Rect(dst, x, bar.Y, w, bar.H, sp.Tint(v.colors[s]))
			x += w
		}
	}
	tx, ty, size, room, marble := v.evalPlace(c)
	col := render.Ink
	if v.evalSeat >= 0 {
		col = sp.Tint(v.colors[v.evalSeat])
	}
	if marble {
		// The leader's marble, where the box has room for it: the
		// words are in the leader's colour anyway.
		d := float64(max(1, sp.Diameter()))
		sp.MarbleScaled(dst, v.colors[v.evalSeat], b.X+pad+size/2, ty, size/d)
	}
	if v.evalText != "" {
		c.Text.Draw(dst, v.evalText, tx, ty, c.Text.Fit(v.evalText, size, room, true), col, render.AlignCenter, true)
	}

	// The timeline: each known position's shares stacked in its column,
	// the first seat at the foot; the position shown at full strength.
	top, h := v.columns()
	for p := 0; p <= v.an.Plies(); p++ {
		e := v.an.At(p)
		x := v.cols.X + float64(p)*v.col
		w := math.Max(1, v.col-math.Min(2, v.col*0.15))
		if !e.Known {
			continue
		}
		a := 0.55
		if p == ply {
			a = 1
		}
		y := top + h
		for s := 0; s < v.seats; s++ {
			hh := h * e.Chance[s]
			sp.Rect(dst, x, y-hh, w, hh, render.Fade(sp.Tint(v.colors[s]), a))
			y -= hh
		}
	}
	// Even: the middle line.
	for _, seg := range v.evenLine(c) {
		sp.Rect(dst, seg[0], top+h/2, seg[1]-seg[0], math.Max(1, c.Scale), render.Fade(render.Ink, 0.35))
	}
	// The position shown: a frame around its column.
	x := v.cols.X + float64(ply)*v.col
	lw := math.Max(1.5, 2*c.Scale)
	sp.Rect(dst, x, top-lw, v.col, lw, render.Ink)
	sp.Rect(dst, x, top+h, v.col, lw, render.Ink)
	// The marks: a red disc over each marked move, a gold one for a
	// win let go.
	r := math.Min(g.H*0.24, math.Max(v.col, v.minTarget*0.35))
	d := float64(max(1, sp.Diameter()))
	for _, p := range v.marked {
		mx := v.cols.X + (float64(p)+0.5)*v.col
		clr := render.Bad
		if v.an.Verdict(p) == play.MissedWin {
			clr = render.Gold
		}
		sp.Dot(dst, mx, g.Y+pad+r/2, r/d, clr)
	}
	if x0, x1, size := v.progressPlace(c); size > 0 {
		c.Text.Draw(dst, v.progress, (x0+x1)/2, top+h/2, size, render.Dim, render.AlignCenter, false)
	}
}

// inlayRadius is the corner radius of the box's and the timeline's inlays.
func (v *review) inlayRadius() float64 { return v.box.H * 0.2 }

// columns is the top of the timeline's columns and their full height.
func (v *review) columns() (top, h float64) {
	g := v.graph
	top = g.Y + g.H*0.3
	return top, g.Y + g.H - v.box.H*0.14 - top
}

// progressPlace is where the progress ("Analysing… 3/40") is written: in
// the widest run of columns still empty, from x0 to x1 at size; size 0
// when there is none or no room for it.
func (v *review) progressPlace(c *app.Context) (x0, x1, size float64) {
	if v.progress == "" || v.gapN <= 0 {
		return 0, 0, 0
	}
	g, pad := v.graph, v.box.H*0.14
	// Air either side of the words: a pad, less where the run ends at
	// the inlay's end, which has the columns' inset as air already.
	left, right := pad, pad
	if v.gap == 0 {
		left = math.Max(0, pad-(v.cols.X-g.X))
	}
	if v.gap+v.gapN >= v.an.Plies()+1 {
		right = math.Max(0, pad-(g.X+g.W-v.cols.X-v.cols.W))
	}
	room := float64(v.gapN)*v.col - left - right
	if size = c.Text.Fit(v.progress, g.H*0.3, room, false); size < g.H*0.15 {
		return 0, 0, 0
	}
	mid, w := v.cols.X+float64(v.gap)*v.col+left+room/2, c.Text.Width(v.progress, size, false)
	return mid - w/2, mid + w/2, size
}

// evenLine is the timeline's middle line (even chances), as the spans
// [x0, x1] it is drawn in: broken where the progress is written, with a
// little air either side, so the words are not struck through.
func (v *review) evenLine(c *app.Context) [][2]float64 {
	g := v.cols
	x0, x1, size := v.progressPlace(c)
	if size <= 0 {
		return [][2]float64{{g.X, g.X + g.W}}
	}
	air := size * 0.4
	return [][2]float64{{g.X, max(g.X, x0-air)}, {min(g.X+g.W, x1+air), g.X + g.W}}
}
