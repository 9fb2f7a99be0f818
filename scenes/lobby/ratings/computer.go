package ratings

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"shiftago/logic/ai"
	"shiftago/logic/online/proto"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
)

// vsTable is the profile's table of the player's results against the
// computer levels (GET /api/guests/me?history=1's "computer"): a line
// a level played, with the level's name, the games and won–drawn–lost
// (the order of the offline records' tally, scenes/records), under a
// title that says so.
type vsTable struct {
	x, y, w, h float64 // h 0: no table (no game against the computer)
	u          float64
	title      string
	rows       []vsRow
	// The columns: the names start at nameX with room nameW; the games
	// end at gamesR, won–drawn–lost at wldR (both right-aligned).
	nameX, nameW, gamesR, wldR float64
}

type vsRow struct{ name, games, wld string }

// vsRows are the lines of the levels played, lowest first, in c's
// language; a level the game does not know (the server sends none) is
// named by its number.
func vsRows(c *app.Context, recs []proto.ComputerRecord) []vsRow {
	var out []vsRow
	for _, r := range recs {
		if r.Played <= 0 {
			continue
		}
		name := fmt.Sprint(r.Level)
		if r.Level >= 1 && r.Level <= ai.MaxLevel {
			name = c.Lang.Level(r.Level)
		}
		out = append(out, vsRow{name: name, games: c.F("profile.vs.games", r.Played), wld: fmt.Sprintf("%d–%d–%d", r.Won, r.Drawn, r.Lost)})
	}
	return out
}

// vsHeight is the height of a table of n lines at unit u: its title's
// line, then the lines on a card.
func vsHeight(n int, u float64) float64 { return 0.7*u + float64(n)*0.8*u + 0.2*u }

// vsTextSize is the size of the table's lines, vsTitleSize its title's
// (as the chart's title).
func vsTextSize(u float64) float64  { return 0.45 * u }
func vsTitleSize(u float64) float64 { return 0.4 * u }

// need is the width the table's words take at unit u, at their full size.
func (v *vsTable) need(c *app.Context, u float64) float64 {
	ts := vsTextSize(u)
	var name, games, wld float64
	for _, r := range v.rows {
		name = math.Max(name, c.Text.Width(r.name, ts, false))
		games = math.Max(games, c.Text.Width(r.games, ts, false))
		wld = math.Max(wld, c.Text.Width(r.wld, ts, true))
	}
	return math.Max(c.Text.Width(v.title, vsTitleSize(u), false), name+games+wld+2*0.3*u+2*0.6*u)
}

// place lays the table out in the box x, y, w (its height is
// vsHeight's): the last two columns as wide as their widest text, the
// names the rest.
func (v *vsTable) place(c *app.Context, x, y, w, u float64) {
	v.x, v.y, v.w, v.u, v.h = x, y, w, u, vsHeight(len(v.rows), u)
	ts, pad, gap := vsTextSize(u), 0.3*u, 0.6*u
	wldW, gamesW := 0.0, 0.0
	for _, r := range v.rows {
		wldW = math.Max(wldW, c.Text.Width(r.wld, ts, true))
		gamesW = math.Max(gamesW, c.Text.Width(r.games, ts, false))
	}
	v.wldR = x + w - pad
	v.gamesR = v.wldR - wldW - gap
	v.nameX = x + pad
	v.nameW = v.gamesR - gamesW - gap - v.nameX
}

// fits are the table's texts with their room, for the fit test (the
// numbers' columns are as wide as their texts).
func (v *vsTable) fits() []ui.Fit {
	if v.h == 0 {
		return nil
	}
	out := []ui.Fit{{Text: v.title, Size: vsTitleSize(v.u), W: v.w}}
	for _, r := range v.rows {
		out = append(out, ui.Fit{Text: r.name, Size: vsTextSize(v.u), W: v.nameW})
	}
	return out
}

// rect is the table's box.
func (v *vsTable) rect() layout.Rect { return layout.Rect{X: v.x, Y: v.y, W: v.w, H: v.h} }

// draw draws the table.
func (v *vsTable) draw(screen *ebiten.Image, c *app.Context) {
	if v.h == 0 {
		return
	}
	u, ts, ks := v.u, vsTextSize(v.u), vsTitleSize(v.u)
	c.Text.Draw(screen, v.title, v.x, v.y+0.3*u, c.Text.Fit(v.title, ks, v.w, false), render.Dim, render.AlignLeft, false)
	top := v.y + 0.7*u
	vector.FillRect(screen, float32(v.x), float32(top), float32(v.w), float32(v.h-0.7*u), render.Card, false)
	for i, r := range v.rows {
		cy := top + 0.1*u + (float64(i)+0.5)*0.8*u
		c.Text.Draw(screen, r.name, v.nameX, cy, c.Text.Fit(r.name, ts, v.nameW, false), render.Ink, render.AlignLeft, false)
		c.Text.Draw(screen, r.games, v.gamesR, cy, ts, render.Dim, render.AlignRight, false)
		c.Text.Draw(screen, r.wld, v.wldR, cy, ts, render.Ink, render.AlignRight, true)
	}
}
