package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
)

// colMarker is the red score marker of the box's score cards.
var colMarker = color.RGBA{0xd0, 0x30, 0x28, 0xff}

// drawStandings draws the tournament's score cards from y down: for each
// player a row of ten holes to 10 won games with the red marker on the
// games won so far. It returns the y below them.
func (r *ResultScene) drawStandings(screen *ebiten.Image, c *Context, y float64) float64 {
	t := r.game.tourney
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
		fill := colCard
		if over && col == champ {
			fill = scaleRGBA(seatTint[col], 0.35)
		}
		sp.Panel(screen, x0, y+0.06*u, w, rowH-0.12*u, 0.2*u, fill)
		sp.MarbleScaled(screen, col, x0+0.45*u, cy, 0.55*u/d)
		nameW := 0.3 * w
		c.Text.Draw(screen, colorName[col], x0+0.9*u, cy, c.Text.Fit(colorName[col], 0.42*u, nameW-0.9*u, false), colText, render.AlignLeft, false)
		// Ten holes; the marker stands on the number of games won.
		hx := x0 + nameW
		step := (w - nameW - 1.4*u) / logic.TournamentWins
		for k := 1; k <= logic.TournamentWins; k++ {
			x := hx + (float64(k)-0.5)*step
			hole := scaleRGBA(colDark, 0.7)
			if k <= t.Wins[i] {
				hole = scaleRGBA(seatTint[col], 0.55)
			}
			sp.Dot(screen, x, cy, 0.32*u/d, hole)
			if k == t.Wins[i] {
				sp.Dot(screen, x, cy, 0.26*u/d, colMarker)
			}
		}
		c.Text.Draw(screen, digits[min(10, t.Wins[i])], x0+w-0.5*u, cy, 0.5*u, seatTint[col], render.AlignRight, true)
		y += rowH
	}
	return y + 0.3*u
}
