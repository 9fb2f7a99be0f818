package onlinegame

import (
	"strings"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/scenes/app"
	"shiftago/scenes/online"
)

// tellTurn tells of the player's turn by a system notice when the page
// is out of sight (another tab, the app in the background): the table
// in sight says it itself. name names a seat as the cards do.
func (g *Screen) tellTurn(c *app.Context, st client.State, name func(proto.SeatInfo) string) {
	var others []string
	for _, s := range st.Table {
		if !g.link.Mine(s.Seat) && s.Seat < st.Pos.Players() {
			others = append(others, c.F("mygames.seat", name(s), c.Lang.Colors[st.Pos.SeatColor(s.Seat)]))
		}
	}
	body := c.F("mygames.notice", c.Lang.Variants[st.Pos.Variant()], strings.Join(others, ", "))
	online.TellTurn(c.Opts.Store, c.T("online.yourturn")+" · Shiftago", body, g.link.Game(), true)
}
