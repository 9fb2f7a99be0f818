package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/render/view"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
	"shiftago/scenes/table"
)

// resultAct is a button of the result.
type resultAct uint8

const (
	actAgain resultAct = iota
	actBackToSetup
	actExit
	actRematch
	actShareGame
	actReview
)

func (a resultAct) String() string {
	return [...]string{"again", "setup", "quit", "rematch", "share", "review"}[a]
}

// Result shows how a game ended: the winner or a draw, the final board,
// the scores, and in a tournament the standings and who starts the next
// game. Play again starts the next game with the same setup.
type Result struct {
	t        *table.Table
	headline string
	lines    []string
	bs       ui.Buttons[resultAct]
	w, h     float64
	panel    layout.Rect
	u        float64
	// standings is the number of tournament score cards shown (0 if none).
	standings int
	// tourneyLine is the index in lines of the tournament's heading.
	tourneyLine int
	// helpLine is the index in lines of the words on Play again and
	// Rematch (the last two), -1 when there are none; nLines is how many
	// lines there are with them.
	helpLine, nLines int
	bottom           float64 // the foot of the lowest button
}

// NewResult sums up the game just finished on table t.
func NewResult(c *app.Context, t *table.Table) *Result {
	r := &Result{t: t, tourneyLine: -1, helpLine: -1}
	t.ShowEnd() // the board under the card shows the ending's final picture
	pos := &t.Match().Pos
	res := pos.Result()
	switch res.State {
	case logic.Won:
		r.headline = c.F("result.wins", c.Lang.Colors[res.Winner])
	default:
		r.headline = c.T("result.draw")
	}
	if pos.Variant().Scores() {
		var sb strings.Builder
		for i := 0; i < pos.Players(); i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "%s %d", c.Lang.Colors[pos.SeatColor(i)], pos.Score(i))
		}
		r.lines = append(r.lines, c.F("result.points", sb.String()))
	}
	r.lines = append(r.lines, c.F("result.moves", len(t.Match().Moves)))
	if t.Ctl.S.Tourney == nil {
		// Both are offered: say how they differ.
		r.helpLine = len(r.lines)
		r.lines = append(r.lines, c.T("result.againhelp"), c.T("result.rematchhelp"))
	}
	if tr := t.Ctl.S.Tourney; tr != nil {
		r.tourneyLine = len(r.lines)
		r.lines = append(r.lines, c.T("result.tourney"))
		r.standings = len(tr.Seats)
		if champ, over := tr.Champion(); over {
			r.lines = append(r.lines, c.F("result.champion", c.Lang.Colors[champ]))
			c.Tourney = nil
		} else {
			r.lines = append(r.lines, c.F("result.next", tr.Games+1, c.Lang.Colors[tr.Seats[tr.Starter]]))
		}
	}
	r.nLines = len(r.lines)
	return r
}

// Table is the finished game's table.
func (r *Result) Table() *table.Table { return r.t }

// Headline is the result in words.
func (r *Result) Headline() string { return r.headline }

// Session implements app.SessionHolder: the finished game stays saved.
func (r *Result) Session() *play.Session { return r.t.Ctl.S }

// Resume implements app.Resumer.
func (r *Result) Resume(c *app.Context) { r.t.Refresh(c); r.w = 0 }

// PagePhase implements app.PageScene.
func (r *Result) PagePhase() string { return "over" }

// Still implements app.Still: the summary does not move.
func (r *Result) Still() bool { return true }

// PageStatus implements app.PageStatus: the result in words.
func (r *Result) PageStatus() string { return r.headline }

// PageGeometry implements app.PageBoard.
func (r *Result) PageGeometry() *layout.Geometry { return r.t.Geometry() }

// PageMatch implements app.PageBoard.
func (r *Result) PageMatch() *play.Match { return r.t.Match() }

// PageButtons implements app.PageButtons.
func (r *Result) PageButtons() []ui.Info { return r.bs.Infos() }

// Buttons lists the buttons (for tests).
func (r *Result) Buttons() []ui.Button[resultAct] { return r.bs.List }

// Layout lays the summary out over the final board: with the words on
// Play again and Rematch where the card has room for them, else without.
func (r *Result) Layout(c *app.Context) {
	if r.helpLine >= 0 {
		r.lines = r.lines[:r.nLines]
	}
	r.layout(c)
	if r.helpLine >= 0 && (r.panel.Y < 0 || r.panel.Y+r.panel.H > c.H-c.Inset.Bottom+0.5 || r.bottom > c.H-c.Inset.Bottom+0.5) {
		r.lines = r.lines[:r.helpLine] // a phone on its side: the buttons keep their size
		r.layout(c)
	}
}

// layout lays the summary of r.lines out.
func (r *Result) layout(c *app.Context) {
	r.w, r.h = c.W, c.H
	t := r.t
	t.Relayout(c)
	geo := &t.View.Geo
	players := t.Match().Pos.Players()
	// The summary takes the place of the seat cards, so the final board
	// stays in view; with the cards around the board it covers the bottom
	// card and the room below it (a phone held upright), else the widest.
	rows := 2.2 + 0.8*float64(len(r.lines)) + 0.9*float64(r.standings) // text, in u
	var area layout.Rect
	if geo.Orientation == layout.Around {
		for i := 0; i < players; i++ {
			if q := geo.Seats[i].Card; q.W*q.H > area.W*area.H {
				area = q
			}
		}
		for i := 0; i < players; i++ {
			if q := geo.Seats[i].Card; geo.Seats[i].Side == logic.South {
				if q.H = geo.Safe().Max().Y - q.Y - 4*c.Scale; q.W*q.H > area.W*area.H {
					area = q
				}
			}
		}
	} else {
		area = geo.Seats[0].Card
		for i := 1; i < players; i++ {
			q := geo.Seats[i].Card
			x0, y0 := min(area.X, q.X), min(area.Y, q.Y)
			x1, y1 := max(area.X+area.W, q.X+q.W), max(area.Y+area.H, q.Y+q.H)
			area = layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
		}
	}
	t.HideCards = true
	u := min(1.6*c.Unit(), area.W/12, area.H/(rows+1.8))
	// Buttons at least 44 px (times the scale) high, for a finger: side by
	// side if their labels have room, else the first on a row of its own
	// and the others under it, else one above the other.
	acts := []resultAct{actAgain}
	labels := []string{c.T("result.again")}
	if t.Ctl.S.Tourney != nil && r.standings > 0 && c.Tourney != nil {
		labels[0] = c.T("result.nextgame")
	}
	if t.Ctl.S.Tourney == nil {
		acts, labels = append(acts, actRematch), append(labels, c.T("result.rematch"))
	}
	// The replay of this game with its analysis.
	acts, labels = append(acts, actReview), append(labels, c.T("result.review"))
	if app.Browser { // a link that opens this game in the replay
		acts, labels = append(acts, actShareGame), append(labels, c.T("result.share"))
	}
	acts, labels = append(acts, actBackToSetup), append(labels, c.T("result.setup"))
	if !app.Browser {
		acts, labels = append(acts, actExit), append(labels, c.T("result.quit"))
	}
	n := len(acts)
	pw := min(area.W, 18*u)
	bh := max(1.2*u, 44*c.Scale)
	gap := 0.4 * u
	widest := func(k int) float64 { return (pw - float64(k+1)*gap) / float64(k) }
	// Two rows: what to play next (again, rematch), then what to see and
	// where to go (review, share, setup, quit); a row whose labels lack
	// room side by side is split into rows of as many as have room.
	fits := func(from, to int) bool {
		w := widest(to - from)
		for _, l := range labels[from:to] {
			if c.Text.Width(l, bh*0.46, true)+bh*0.6 > w {
				return false
			}
		}
		return true
	}
	split := 1
	if len(acts) > 1 && acts[1] == actRematch {
		split = 2
	}
	var perRow []int
	for _, g := range [][2]int{{0, split}, {split, n}} {
		// The most buttons a row whose every row fits side by side.
		for k := g[1] - g[0]; k >= 1; k-- {
			ok := true
			for from := g[0]; from < g[1]; from += k {
				ok = ok && (k == 1 || fits(from, min(from+k, g[1])))
			}
			if ok {
				for from := g[0]; from < g[1]; from += k {
					perRow = append(perRow, min(from+k, g[1])-from)
				}
				break
			}
		}
	}
	block := float64(len(perRow))*bh + float64(len(perRow)-1)*0.3*u
	if over := rows*u + block + 0.6*u - area.H; over > 0 {
		u = max(u-over/(rows+0.6), 0.5*u) // make room for the buttons
	}
	// The text never smaller than half a button: the headline is what the
	// player reads first, and where the cards' room is short (a phone on
	// its side) the summary reaches up over the board's foot instead.
	u = max(u, bh/2)
	gap = 0.4 * u
	r.u = u
	ph := rows*u + block + 0.6*u
	if bottom := area.Y + area.H; ph > area.H {
		// No room where the cards were: the summary reaches up over the
		// board's foot rather than off the screen.
		area.Y = max(geo.Status.Y+geo.Status.H+geo.Margin(), bottom-ph)
		area.H = bottom - area.Y
	}
	r.panel = layout.Rect{X: area.X + (area.W-pw)/2, Y: area.Y + max(0, (area.H-ph)/2), W: pw, H: ph}
	r.bs.Reset()
	y := r.panel.Y + r.panel.H - block - gap
	k := 0
	for _, m := range perRow {
		bw := widest(m)
		for j := 0; j < m; j++ {
			x := r.panel.X + gap + float64(j)*(bw+gap)
			r.bs.Add(ui.Button[resultAct]{X: x, Y: y, W: bw, H: bh, Act: acts[k], Label: labels[k], On: k == 0, Bold: k == 0})
			k++
		}
		y += bh + 0.3*u
	}
	r.bottom = y - 0.3*u
}

// Update takes the choice of what next.
func (r *Result) Update(c *app.Context) error {
	if r.w != c.W || r.h != c.H {
		r.Layout(c)
	}
	b, ok := r.bs.Tapped(c.In.Pointer)
	if c.In.KeyPressed(ebiten.KeyEnter) || c.In.KeyPressed(ebiten.KeySpace) {
		b, ok = ui.Button[resultAct]{Act: actAgain}, true
	}
	if !ok {
		return nil
	}
	if b.Act != actExit {
		c.Sound.Play(sound.CueTap, 0, 0)
	}
	switch b.Act {
	case actAgain, actRematch:
		if b.Act == actRematch {
			c.Setup = c.Setup.Rotated()
			c.SaveSetup()
		}
		ns, err := New(c, "")
		if err != nil {
			c.Notify(err.Error())
			return nil
		}
		c.Reset(ns)
	case actShareGame:
		app.Share(c, app.ReplayQuery(r.t.Ctl.S.Record()), r.headline)
	case actReview:
		c.Push(c.Screens.Replay(c, r.t.Ctl.S.Record()))
	case actBackToSetup:
		c.Reset(c.Screens.Title(c))
	case actExit:
		c.Quit()
	}
	return nil
}

// Draw draws the final board under the summary.
func (r *Result) Draw(screen *ebiten.Image, c *app.Context) {
	r.t.Draw(screen, c)
	u := r.u
	p := r.panel
	c.Sprites.Inlay(screen, p.X, p.Y, p.W, p.H, 0.4*u)
	col := render.Ink
	if res := r.t.Match().Pos.Result(); res.State == logic.Won {
		col = c.Sprites.Tint(res.Winner)
	}
	c.Text.Shadowed(screen, r.headline, p.X+p.W/2, p.Y+1.1*u, c.Text.Fit(r.headline, 1.1*u, p.W-u, true), col, render.AlignCenter, true)
	y := p.Y + 2.3*u
	for i, l := range r.lines {
		c.Text.Draw(screen, l, p.X+p.W/2, y, c.Text.Fit(l, 0.5*u, p.W-u, false), render.Ink, render.AlignCenter, false)
		y += 0.8 * u
		if i == r.tourneyLine {
			y = r.drawStandings(screen, c, y-0.2*u)
		}
	}
	r.bs.Draw(screen, c.Kit())
}

// drawStandings draws the tournament's score cards from y down: for each
// player a row of ten holes to 10 won games with the red marker on the
// games won so far. It returns the y below them.
func (r *Result) drawStandings(screen *ebiten.Image, c *app.Context, y float64) float64 {
	t := r.t.Ctl.S.Tourney
	if t == nil {
		return y
	}
	u := r.u
	p := r.panel
	sp := c.Sprites
	rowH := 0.9 * u
	x0 := p.X + 0.5*u
	w := p.W - u
	d := math.Max(1, float64(sp.Diameter()))
	champ, over := t.Champion()
	for i, col := range t.Seats {
		cy := y + rowH/2
		fill := render.Card
		if over && col == champ {
			fill = render.Fade(c.Sprites.Tint(col), 0.35)
		}
		sp.Panel(screen, x0, y+0.06*u, w, rowH-0.12*u, 0.2*u, fill)
		sp.MarbleScaled(screen, col, x0+0.45*u, cy, 0.55*u/d)
		nameW := 0.3 * w
		name := c.Lang.Colors[col]
		c.Text.Draw(screen, name, x0+0.9*u, cy, c.Text.Fit(name, 0.42*u, nameW-0.9*u, false), render.Ink, render.AlignLeft, false)
		// Ten holes; the marker stands on the number of games won.
		hx := x0 + nameW
		step := (w - nameW - 1.4*u) / logic.TournamentWins
		for k := 1; k <= logic.TournamentWins; k++ {
			x := hx + (float64(k)-0.5)*step
			hole := render.Fade(render.Dark, 0.7)
			if k <= t.Wins[i] {
				hole = render.Fade(c.Sprites.Tint(col), 0.55)
			}
			sp.Dot(screen, x, cy, 0.32*u/d, hole)
			if k == t.Wins[i] {
				sp.Dot(screen, x, cy, 0.26*u/d, render.Marker)
			}
		}
		c.Text.Draw(screen, view.Number(min(10, t.Wins[i])), x0+w-0.5*u, cy, 0.5*u, c.Sprites.Tint(col), render.AlignRight, true)
		y += rowH
	}
	return y + 0.3*u
}

// KeepsClearOfInsets implements app.InsetAware: the result lies over the
// table, laid out for the whole screen and clear of its unsafe edges.
func (r *Result) KeepsClearOfInsets() {}
