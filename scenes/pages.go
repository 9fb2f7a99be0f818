package scenes

import (
	"math"
	"strings"

	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/layout"
)

// wrap breaks s into lines no wider than w at size.
func wrap(c *Context, s string, size, w float64, bold bool) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if line != "" && c.Text.Width(try, size, bold) > w {
				out = append(out, line)
				line = word
				continue
			}
			line = try
		}
		out = append(out, line)
	}
	return out
}

// pageUnit is the interface unit of the full-screen pages (settings,
// rules, records): like the setup screen's.
func pageUnit(c *Context) float64 {
	u := math.Min(c.W/23.5, c.H/17.5)
	if c.W/c.H < 1.25 {
		u = math.Min(c.W/14.5, c.H/24)
	}
	return math.Floor(math.Max(u, 12))
}

// textBlock is wrapped text placed on a page.
type textBlock struct {
	x, y, size float64
	lines      []string
	col        color.RGBA
	bold       bool
	align      render.Align
}

func (t *textBlock) draw(dst *ebiten.Image, c *Context) {
	for i, l := range t.lines {
		c.Text.Draw(dst, l, t.x, t.y+float64(i)*t.size*1.3, t.size, t.col, t.align, t.bold)
	}
}

// height is the block's height.
func (t *textBlock) height() float64 { return float64(len(t.lines)) * t.size * 1.3 }

// leave goes back to prev, making a game scene lay itself out afresh
// (the sprites may have been painted at another size meanwhile) and take
// up the current language.
func leave(c *Context, prev Scene) {
	switch p := prev.(type) {
	case *GameScene:
		p.refresh(c)
	case *ResultScene:
		p.game.refresh(c)
		p.w = 0
		c.GoTo(NewResultScene(c, p.game))
		return
	case nil:
		prev = NewSetupScene(c)
	}
	c.GoTo(prev)
}

// refresh lays the game out again and renames everything in the current
// language.
func (g *GameScene) refresh(c *Context) {
	g.cfg = layout.Config{}
	for i := 0; i < g.m.Pos.Players(); i++ {
		g.seatLabel[i] = g.m.seatName(i)
		g.seatShort[i] = ""
	}
	g.input.reset()
	if g.ph == phPlay {
		if g.m.HasLast {
			g.announceTurn(c, &g.m.Last)
		} else {
			g.announceTurn(c, nil)
		}
	}
	g.animSpeed = c.animSpeed()
}
