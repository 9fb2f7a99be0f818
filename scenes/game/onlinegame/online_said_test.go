package onlinegame

import (
	"fmt"
	"testing"

	"shiftago/logic/online/proto"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/play"
	"shiftago/scenes/table"
)

// TestBubblesClearOfTheBoard: a quick message by any seat of the online
// table of two, three and four, every phrase in every language, on every
// device, stays off the board's cells, its entry points and the trays,
// and in the window (a phone's bubble covered part of the bottom row of
// entry points).
func TestBubblesClearOfTheBoard(t *testing.T) {
	for _, d := range looptest.Devices {
		for _, lg := range i18n.Langs {
			c := looptest.DeviceContext(t, lg, d)
			for _, players := range []int{2, 3, 4} {
				c.Setup = play.DefaultSetup()
				c.Setup.Players = players
				s, err := c.NewSession("")
				if err != nil {
					t.Fatal(err)
				}
				tb := table.NewTable(c, s)
				tb.Relayout(c)
				geo := tb.Geometry()
				var ctl []looptest.Control
				for seat := range players {
					for _, ph := range proto.Phrases {
						r, _ := bubbleAt(c, geo, seat, c.T("online.phrase."+ph))
						ctl = append(ctl, looptest.Control{Name: fmt.Sprintf("seat %d's %q", seat, ph), R: r})
					}
				}
				looptest.CheckClear(t, c, fmt.Sprintf("%s, the table of %d", d.Name, players), geo, !tb.HideCards, ctl)
			}
		}
	}
}
