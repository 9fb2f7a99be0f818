package lobby

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/online/proto"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
)

// TestLobbyAsksTheTimeControl: the pairing page offers the create
// page's time controls (timeChoices, one list), and its ask carries the
// one chosen: a 5+3 or 10+5 clock, a time per move in days, or none;
// Rated only where the server allows it (a live game is never rated).
func TestLobbyAsksTheTimeControl(t *testing.T) {
	p := &Lobby{players: 2, rated: true}
	for i, tc := range timeChoices {
		p.perMove = i
		req := p.request()
		if req.Clock != tc.clock || req.Increment != tc.inc || req.PerMove != tc.days*24*3600 {
			t.Errorf("choice %d %+v: asked %+v", i, tc, req)
		}
		if req.Rated != (tc.clock >= proto.MinRatedClock || tc.days > 0) {
			t.Errorf("choice %d %+v: rated %v", i, tc, req.Rated)
		}
	}
	blitz := timeChoiceOf(timeControl{clock: 300, inc: 3})
	if p.perMove = blitz; blitz == 0 || p.request() != (proto.PairRequest{Variant: "express", Players: 2, Clock: 300, Increment: 3, Rated: true}) {
		t.Fatalf("5+3 rated: %+v", p.request())
	}
	if tc := timeChoices[pairFirst]; tc.days != 1 {
		t.Fatalf("the page opens on %+v, want a day per move", tc)
	}
}

// TestLobbyPageFits lays the pairing page out in every language, at the
// smallest window, a desktop's, a tablet's and a notched phone's safe
// area (390×844 less a notch of 59 and a home bar of 34 CSS px, at
// scale 3), choosing and waiting: every time control is a button, every
// button at least 44 px high, on the screen, apart from the others, its
// words fitting.
func TestLobbyPageFits(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][3]float64{{640, 480, 1}, {1280, 800, 1}, {1640, 2360, 2}, {390 * 3, (844 - 59 - 34) * 3, 3}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], sz[2])
				choosing := &Lobby{players: 4, perMove: timeChoiceOf(timeControl{clock: 600, inc: 5}), rated: true, fill: true, why: c.T("online.err.network")}
				waiting := &Lobby{players: 4, perMove: 1}
				waiting.asked = proto.PairRequest{Variant: "extreme", Players: 4, Clock: 600, Increment: 5, Rated: true}
				waiting.waiting = &proto.PairReply{Status: proto.PairWaiting, Since: time.Now().Add(-75 * time.Second).UnixMilli(), Waiting: 3, Everyone: 12, Fill: 60}
				for name, p := range map[string]*Lobby{"choosing": choosing, "waiting": waiting} {
					where := fmt.Sprintf("%s %v, %s", lg, sz, name)
					p.list = &proto.LobbyReply{Open: []proto.LobbyGame{{Invite: "K", Watch: "W", Variant: "expert", Players: 3, Seated: 1, Clock: 300, Increment: 3, Rated: true, Creator: "Bartholomew"}}}
					p.layout(c)
					times := 0
					for _, b := range p.bs.List {
						if b.Act == actLPerMove {
							times++
						}
						if b.H < ui.Target(sz[2])-0.5 || b.X < 0 || b.Y < 0 || b.X+b.W > c.W+0.5 || b.Y+b.H > c.H+0.5 {
							t.Errorf("%s: button %v %q at (%.0f, %.0f) %.0f×%.0f: off the screen or under 44 px", where, b.Act, b.Label, b.X, b.Y, b.W, b.H)
						}
					}
					if want := map[string]int{"choosing": len(timeChoices), "waiting": 0}[name]; times != want {
						t.Errorf("%s: %d time controls, want %d", where, times, want)
					}
					for i, a := range p.bs.List {
						for _, b := range p.bs.List[i+1:] {
							if (layout.Rect{X: a.X, Y: a.Y, W: a.W, H: a.H}).Overlaps(layout.Rect{X: b.X, Y: b.Y, W: b.W, H: b.H}) {
								t.Errorf("%s: buttons %v %q and %v %q overlap", where, a.Act, a.Label, b.Act, b.Label)
							}
						}
					}
					for _, f := range p.Fits(c) {
						if w := c.Text.Width(f.Text, f.Size, f.Bold); w*looptest.MinFit > f.W+0.5 {
							t.Errorf("%s: %q is %.0f px wide at %.1f px, its box %.0f px", where, f.Text, w, f.Size, f.W)
						}
					}
					// No words run under a button.
					for _, b := range p.blocks {
						// A line is drawn centred on its y.
						top, bottom, w := b.Y-b.Size/2, b.Y+b.Height()-0.8*b.Size, 0.0
						for _, ln := range b.Lines {
							w = max(w, c.Text.Width(ln, b.Size, b.Bold))
						}
						for _, bt := range p.bs.List {
							if b.X < bt.X+bt.W && bt.X < b.X+w && top < bt.Y+bt.H && bt.Y < bottom {
								t.Errorf("%s: the words %q run under the button %v", where, b.Lines, bt.Act)
							}
						}
					}
				}
			}
		}
	})
}

// TestLobbyPairingShots writes the pairing page choosing a rated 10+5
// game for four and waiting for one, at a phone's safe area, a tablet,
// a desktop and the smallest window, in English and French, into
// SHIFTAGO_SHOTS (skipped without it).
func TestLobbyPairingShots(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_SHOTS")
	if dir == "" {
		t.Skip("set SHIFTAGO_SHOTS to a folder to write the screenshots")
	}
	l := looptest.Need(t)
	for _, lg := range []string{"en", "fr"} {
		for _, sz := range [][3]int{{1170, (844 - 59 - 34) * 3, 3}, {1640, 2360, 2}, {1280, 800, 1}, {640, 480, 1}} {
			l.Do(func() {
				c := looptest.NewContext(t, lg, float64(sz[0]), float64(sz[1]), float64(sz[2]))
				choosing := &Lobby{players: 4, perMove: timeChoiceOf(timeControl{clock: 600, inc: 5}), rated: true}
				waiting := &Lobby{players: 2}
				waiting.asked = proto.PairRequest{Variant: "express", Players: 2, Clock: 300, Increment: 3, Rated: true}
				waiting.waiting = &proto.PairReply{Status: proto.PairWaiting, Since: time.Now().Add(-75 * time.Second).UnixMilli(), Waiting: 1, Everyone: 4}
				for name, p := range map[string]*Lobby{"pair-choosing": choosing, "pair-waiting": waiting} {
					p.list = &proto.LobbyReply{Open: []proto.LobbyGame{{Invite: "K", Watch: "W", Variant: "expert", Players: 2, Seated: 1, Clock: 300, Increment: 3, Rated: true, Creator: "Bartholomew"}}}
					p.layout(c)
					path := filepath.Join(dir, fmt.Sprintf("%s-%s-%dx%d.png", name, lg, sz[0], sz[1]))
					looptest.DrawPNG(t, path, sz[0], sz[1], func(img *ebiten.Image) { p.Draw(img, c) })
				}
			})
		}
	}
}
