package lobby

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/online/proto"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/looptest"
)

// onlinePage is the online page laid out, where Ratings is.
func onlinePage(c *app.Context) *Online {
	o := NewOnline(c).(*Online)
	c.In = input.Input{}
	o.Update(c)
	return o
}

// clockPage is the online page with a 5+3 game clock chosen and the game
// rated (the Casual/Rated choice shows with a friend's seat).
func clockPage(c *app.Context) *Online {
	o := onlinePage(c)
	o.perMove, o.rated, o.dirty = 1, true, true
	o.Update(c)
	return o
}

// latePage is the invite page of a game that filled before the invite
// was opened: it offers to watch.
func latePage(c *app.Context) *Online {
	o := &Online{dirty: true, players: 2, done: make(chan func(*app.Context), 4), stage: stageJoin, code: "KQ7WXDM3RZ"}
	o.inv = &proto.GameReply{Watch: "W4TCH", Variant: "express", Players: 2, Status: "playing", Table: []proto.SeatInfo{
		{Kind: proto.SeatHuman, Name: "Ann"}, {Kind: proto.SeatHuman, Name: "Bob"}}}
	c.In = input.Input{}
	o.Update(c)
	return o
}

// TestOnlineShots writes the online page (that opens the ratings pages)
// and the late invite's page at a phone, a tablet and a desktop in
// English and German into SHIFTAGO_SHOTS (skipped without it).
func TestOnlineShots(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_SHOTS")
	if dir == "" {
		t.Skip("set SHIFTAGO_SHOTS to a folder to write the screenshots")
	}
	l := looptest.Need(t)
	for _, lg := range []string{"en", "de"} {
		for _, sz := range [][3]int{{1280, 800, 1}, {1640, 2360, 2}, {1170, 2532, 3}, {640, 480, 1}} {
			l.Do(func() {
				c := looptest.NewContext(t, lg, float64(sz[0]), float64(sz[1]), float64(sz[2]))
				for name, o := range map[string]*Online{"online": onlinePage(c), "late-invite": latePage(c), "online-clock": clockPage(c)} {
					path := filepath.Join(dir, fmt.Sprintf("%s-%s-%dx%d.png", name, lg, sz[0], sz[1]))
					looptest.DrawPNG(t, path, sz[0], sz[1], func(img *ebiten.Image) { o.Draw(img, c) })
				}
			})
		}
	}
}
