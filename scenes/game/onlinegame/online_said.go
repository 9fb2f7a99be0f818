package onlinegame

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/scenes/app"
)

// bubble is a quick message by a seat's card, in the player's language.
type bubble struct {
	seat int
	text string
}

// bubblesNow are the quick messages to show this tick (the Link drops
// them after online.SaidFor, and those of the seats muted here).
func (g *Screen) bubblesNow(c *app.Context) []bubble {
	said := g.link.Said(time.Now())
	if len(said) == 0 {
		return nil // no allocation while nobody speaks: idle stays idle
	}
	out := make([]bubble, 0, len(said))
	for _, s := range said {
		if s.Seat >= 0 && s.Seat < g.t.Match().Pos.Players() {
			out = append(out, bubble{s.Seat, c.T("online.phrase." + s.Phrase)})
		}
	}
	return out
}

// drawBubbles draws each quick message in a panel over the top edge of
// its seat's card, on the board's side, never off the screen.
func (g *Screen) drawBubbles(screen *ebiten.Image, c *app.Context) {
	k := c.Kit()
	for _, b := range g.bubbles {
		card := g.t.View.Geo.Seats[b.seat].Card
		size := min(max(card.H*0.22, 12*c.Scale), 28*c.Scale)
		w := c.Text.Width(b.text, size, true) + 1.6*size
		h, x, y := 1.8*size, min(max(card.X+(card.W-w)/2, 0), c.W-w), card.Y-1.08*size
		if y < 0 { // a card at the screen's top: the bubble over its bottom edge
			y = card.Y + card.H - 0.72*size
		}
		k.Sprites.Panel(screen, x, y, w, h, 0.45*size, render.Overlay)
		k.Text.Draw(screen, b.text, x+w/2, y+0.62*h, size, render.Ink, render.AlignCenter, true)
	}
}
