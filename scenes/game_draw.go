package scenes

import (
	"image/color"
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
)

var (
	colCard     = color.RGBA{0x00, 0x00, 0x00, 0x48}
	colCardTurn = color.RGBA{0x4a, 0x3c, 0x20, 0x70}
	colTrack    = color.RGBA{0x00, 0x00, 0x00, 0x60}
	colGold     = color.RGBA{0xff, 0xd0, 0x60, 0xff}
	colLastMove = color.RGBA{0xff, 0xf0, 0xc0, 0xc0}
	colPreview  = color.RGBA{0xff, 0xff, 0xff, 0xa0}
)

// lineTints tell apart the candidate lines of a scoring choice.
var lineTints = [...]color.RGBA{
	{0xff, 0xd0, 0x60, 0xff},
	{0x70, 0xe0, 0xff, 0xff},
	{0xff, 0x80, 0xd0, 0xff},
	{0xa0, 0xff, 0x80, 0xff},
}

func scaleRGBA(c color.RGBA, a float64) color.RGBA {
	a = max(0, min(1, a))
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

// pulse is a slow 0..1 wave for highlights.
func (g *GameScene) pulse(period float64) float64 {
	return 0.5 + 0.5*math.Sin(2*math.Pi*float64(g.tick)/period)
}

func (g *GameScene) px(b layout.Point) (float64, float64) {
	p := g.geo.ToPixel(b)
	return p.X, p.Y
}

// spriteK is the factor that draws a sprite marble at radius r pixels.
func spriteK(c *Context, r float64) float64 {
	d := float64(c.Sprites.Diameter())
	if d <= 0 {
		return 1
	}
	return 2 * r / d
}

func (g *GameScene) draw(screen *ebiten.Image, c *Context) {
	screen.Fill(colBg)
	geo := &g.geo
	if geo.Cell <= 0 {
		return
	}
	sp := c.Sprites
	g.board.Draw(screen, geo)
	if !g.hideCards {
		g.drawCards(screen, c)
	}

	// The last move: a glow at its entry point and a ring on its cell.
	if g.anim == nil && g.m.HasLast && g.ph != phOver {
		tr := &g.m.Last
		x, y := g.px(layout.EntryPos(tr.Entry))
		sp.Glow(screen, x, y, 0.55, scaleRGBA(colLastMove, 0.55))
	}

	// Candidate lines under the marbles.
	switch g.ph {
	case phChooseLine:
		for i := 0; i < g.nLines; i++ {
			g.drawLineGlow(screen, c, &g.lines[i], lineTints[i%len(lineTints)], 0.45+0.35*g.pulse(50))
		}
	case phChooseEnd:
		g.drawLineGlow(screen, c, &g.lines[g.chosen], colGold, 0.6)
	case phOver:
		if g.hasWin {
			g.drawLineGlow(screen, c, &g.winLine, colGold, 0.5+0.4*g.pulse(40))
		}
	}

	// The marbles.
	if g.anim != nil {
		for i, m := range g.anim.Marbles() {
			if m.InTray {
				continue
			}
			x, y := g.px(m.Pos)
			sp.Marble(screen, m.Color, x, y, g.animBase[i]+m.Angle, m.Lift, 1)
		}
	} else {
		occ := g.m.Pos.Occupied()
		for b := occ; b != 0; b &= b - 1 {
			s := logic.Square(bits.TrailingZeros64(uint64(b)))
			x, y := g.px(layout.CellPos(s))
			sp.Marble(screen, g.m.Pos.At(s), x, y, g.angles[s], 0, 1)
		}
		if g.m.HasLast && g.ph != phOver {
			if s := g.m.Last.Slides()[0].To; occ.Has(s) {
				x, y := g.px(layout.CellPos(s))
				sp.Ring(screen, x, y, 1, scaleRGBA(colLastMove, 0.7))
			}
		}
	}

	// Rings round the marbles of the candidate lines.
	if g.ph == phChooseLine {
		for i := 0; i < g.nLines; i++ {
			l := &g.lines[i]
			tint := scaleRGBA(lineTints[i%len(lineTints)], 0.75+0.25*g.pulse(50))
			for _, s := range l.cells[:l.n] {
				x, y := g.px(layout.CellPos(s))
				k := 1.0 + 0.12*float64(i)
				sp.Ring(screen, x, y, k, tint)
			}
		}
	}
	if g.ph == phOver && g.hasWin {
		for _, s := range g.winLine.cells[:g.winLine.n] {
			x, y := g.px(layout.CellPos(s))
			sp.Ring(screen, x, y, 1.05, scaleRGBA(colGold, 0.7+0.3*g.pulse(40)))
		}
	}
	// Rings on the ends to keep.
	if g.ph == phChooseEnd {
		l := &g.lines[g.chosen]
		for _, s := range [2]logic.Square{l.a, l.b} {
			x, y := g.px(layout.CellPos(s))
			sp.Ring(screen, x, y, 1.05+0.1*g.pulse(40), colGold)
		}
	}

	g.drawPointer(screen, c)
	g.drawStatus(screen, c)
	g.drawMenu(screen, c)
}

// drawLineGlow lights the squares of a line.
func (g *GameScene) drawLineGlow(screen *ebiten.Image, c *Context, l *candLine, tint color.RGBA, a float64) {
	for _, s := range l.cells[:l.n] {
		x, y := g.px(layout.CellPos(s))
		c.Sprites.Glow(screen, x, y, 0.8, scaleRGBA(tint, a))
	}
}

// drawCards draws each seat's card, the one to move framed.
func (g *GameScene) drawCards(screen *ebiten.Image, c *Context) {
	geo := &g.geo
	pos := &g.m.Pos
	turn := pos.ToMoveSeat()
	for i := 0; i < pos.Players(); i++ {
		pulse := -1.0
		if i == turn && g.ph != phOver {
			pulse = g.pulse(90)
		}
		supply := pos.Supply(i)
		if g.anim != nil {
			supply = g.anim.TrayCount(i)
		}
		lh := geo.Seats[i].Label.H
		numW := c.Text.Width(digits22[max(0, min(22, supply))], lh*0.8, true)
		name := g.cardName(c, i, lh*0.75, geo.Seats[i].Label.W-numW-lh)
		drawSeatCard(screen, c, geo, pos, i, name, supply, g.shownScore[i], pulse)
	}
}

// drawSeatCard draws seat i's card: its name, supply count, the supply's
// marbles in the tray, the turns it still sits out and, in Expert and
// Extreme, the score track with its marker at score. A pulse of 0 to 1
// frames the card in the seat's colour (the seat to move); below 0, none.
// The game and the replay both show seats so.
func drawSeatCard(screen *ebiten.Image, c *Context, geo *layout.Geometry, pos *logic.Position, i int, name string, supply, score int, pulse float64) {
	sp := c.Sprites
	st := &geo.Seats[i]
	col := pos.SeatColor(i)
	r := st.Card
	rad := math.Min(r.W, r.H) * 0.08
	if pulse >= 0 {
		b := math.Max(3, geo.Cell*0.06)
		sp.Panel(screen, r.X-b, r.Y-b, r.W+2*b, r.H+2*b, rad+b, scaleRGBA(seatTint[col], 0.65+0.35*pulse))
		sp.Panel(screen, r.X, r.Y, r.W, r.H, rad, colBg)
	}
	sp.Panel(screen, r.X, r.Y, r.W, r.H, rad, colCard)
	// Label: the seat's name, then its supply.
	lh := st.Label.H
	num := digits22[max(0, min(22, supply))]
	numW := c.Text.Width(num, lh*0.8, true)
	size := c.Text.Fit(name, lh*0.75, st.Label.W-numW-lh, false)
	c.Text.Draw(screen, name, st.Label.X, st.Label.Y+lh/2, size, colText, render.AlignLeft, false)
	c.Text.Draw(screen, num, st.Label.X+st.Label.W, st.Label.Y+lh/2, lh*0.8, seatTint[col], render.AlignRight, true)
	// The supply.
	k := spriteK(c, geo.TrayRadius(i))
	for j := 0; j < supply; j++ {
		p := geo.TraySlot(i, j)
		sp.MarbleScaled(screen, col, p.X, p.Y, k)
	}
	if n := pos.SitOuts(i); n > 0 {
		t := sitOutLabels[min(n, logic.MaxSitOuts)]
		c.Text.Draw(screen, t, st.Tray.X+st.Tray.W/2, st.Tray.Y+st.Tray.H/2, lh*0.7, colAccent, render.AlignCenter, true)
	}
	// The score track.
	if !st.Score.Empty() {
		sr := geo.ScoreRadius(i)
		for n := 0; n <= logic.WinningPoints; n++ {
			p := geo.ScoreSlot(i, n)
			sp.Dot(screen, p.X, p.Y, 2*sr/float64(max(1, sp.Diameter())), colTrack)
			if n%5 == 0 {
				c.Text.Draw(screen, digits[n], p.X, p.Y, sr*1.1, colDim, render.AlignCenter, false)
			}
		}
		p := geo.ScoreSlot(i, min(score, logic.WinningPoints))
		sp.MarbleScaled(screen, col, p.X, p.Y, spriteK(c, sr*1.15))
	}
}

var digits22 = func() [23]string {
	var out [23]string
	for i := range out {
		if i < 10 {
			out[i] = string(rune('0' + i))
		} else {
			out[i] = string(rune('0'+i/10)) + string(rune('0'+i%10))
		}
	}
	return out
}()

var sitOutLabels = [logic.MaxSitOuts + 1]string{"", "sits out 1 turn", "sits out 2 turns", "sits out 3 turns", "sits out 4 turns", "sits out 5 turns", "sits out 6 turns"}

// drawStatus draws the announcement line and, while the computer thinks,
// three pulsing dots.
func (g *GameScene) drawStatus(screen *ebiten.Image, c *Context) {
	r := g.geo.Status
	if r.Empty() {
		return
	}
	c.Sprites.Panel(screen, r.X, r.Y, r.W, r.H, r.H*0.25, colChip)
	size := r.H * 0.42
	thinking := g.ph == phPlay && g.m.ComputerToMove()
	room := r.W - r.H*0.6
	if thinking {
		room -= r.H * 1.4
	}
	size = c.Text.Fit(g.status, size, room, false)
	c.Text.Draw(screen, g.status, r.X+r.H*0.3, r.Y+r.H/2, size, colText, render.AlignLeft, false)
	if thinking {
		w := c.Text.Width(g.status, size, false)
		x0 := r.X + r.H*0.3 + w + r.H*0.35
		for k := 0; k < 3; k++ {
			a := 0.3 + 0.7*math.Max(0, math.Sin(float64(g.tick)/6-float64(k)*0.9))
			x := x0 + float64(k)*r.H*0.32
			c.Sprites.Dot(screen, x, r.Y+r.H/2, r.H*0.18/float64(max(1, c.Sprites.Diameter())), scaleRGBA(colAccent, a))
		}
	}
}

// drawMenu draws the menu button and, when open, its items.
func (g *GameScene) drawMenu(screen *ebiten.Image, c *Context) {
	sp := c.Sprites
	b := g.geo.Buttons[layout.ButtonMenu]
	if b.Empty() {
		return
	}
	fill := colChip
	if g.menuOpen {
		fill = colChipOn
	}
	sp.Panel(screen, b.X, b.Y, b.W, b.H, b.H*0.25, fill)
	bar := colText
	if g.menuOpen {
		bar = colDark
	}
	for k := -1; k <= 1; k++ {
		sp.Rect(screen, b.X+b.W*0.25, b.Y+b.H/2+float64(k)*b.H*0.2-b.H*0.035, b.W*0.5, math.Max(2, b.H*0.07), bar)
	}
	if !g.menuOpen {
		return
	}
	for bt := layout.ButtonNewGame; bt < layout.NumButtons; bt++ {
		if bt == layout.ButtonQuit && isBrowser {
			continue
		}
		r := g.geo.Buttons[bt]
		sp.Panel(screen, r.X, r.Y, r.W, r.H, r.H*0.2, color.RGBA{0x20, 0x1a, 0x12, 0xf0})
		label := menuLabels[bt]
		if bt == layout.ButtonSound && c.Sound.Muted() {
			label = msg("menu.soundoff")
		}
		c.Text.Draw(screen, label, r.X+r.H*0.4, r.Y+r.H/2, c.Text.Fit(label, r.H*0.42, r.W-r.H*0.6, false), g.menuColor(c, bt), render.AlignLeft, false)
	}
}

var menuLabels [layout.NumButtons]string
