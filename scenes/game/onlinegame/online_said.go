package onlinegame

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/layout"
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

// drawBubbles draws each quick message in a panel on its seat's card
// (bubbleAt).
func (g *Screen) drawBubbles(screen *ebiten.Image, c *app.Context) {
	k := c.Kit()
	for _, b := range g.bubbles {
		r, size := bubbleAt(c, &g.t.View.Geo, b.seat, b.text)
		k.Sprites.Panel(screen, r.X, r.Y, r.W, r.H, 0.45*size, render.Overlay)
		k.Text.Draw(screen, b.text, r.X+r.W/2, r.Y+0.62*r.H, size, render.Ink, render.AlignCenter, true)
	}
}

// bubbleAt is where seat's quick message goes on geo, and its text's
// size: over the seat's name line, inside its card, so that it covers
// no cell, entry point or tray, its own or a neighbour's. It stood over
// the card's top edge, where on an upright phone or tablet the lower
// cards' bubbles covered the south entry points, and stacked cards'
// the tray of the card above. The name shows again when the message
// goes (online.SaidFor).
func bubbleAt(c *app.Context, geo *layout.Geometry, seat int, text string) (layout.Rect, float64) {
	st := geo.Seats[seat]
	card, label := st.Card, st.Label
	pad := label.Y - card.Y // the card's inner margin; the tray starts half of it below the label
	h := label.H + pad
	size := min(h/1.8, 28*c.Scale)
	w := c.Text.Width(text, size, true) + 1.6*size
	if room := card.W - pad; w > room { // a long phrase on a narrow card: smaller
		size *= room / w
		w = room
	}
	return layout.Rect{X: card.X + (card.W-w)/2, Y: label.Y - pad/2, W: w, H: h}, size
}
