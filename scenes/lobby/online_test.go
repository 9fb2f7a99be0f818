package lobby

import (
	"math"
	"slices"
	"strings"
	"testing"

	"shiftago/logic/online/proto"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/i18n"
	"shiftago/scenes/lobby/kit"
	"shiftago/scenes/looptest"
)

// TestOnlinePageFits lays out every stage of the online page, with four
// players and each kind of seat, in every language, at the smallest
// window and a phone's screen, and measures every button's text.
func TestOnlinePageFits(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][2]float64{{640, 480}, {390 * 3, 844 * 3}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], 1)
				o := &Online{players: 4, seats: [4]int{0, seatFriend, seatComputer, seatHere}, code: "KQ7WXDM3RZ", watch: "W4TCH", linkText: "http://127.0.0.1:8080/?join=KQ7WXDM3RZ", why: "the game is full"}
				o.makeQR("http://127.0.0.1:8080/?join=KQ7WXDM3RZ")
				// The create page of a game that may be rated: four
				// friends and a game clock (the Casual/Rated row too).
				// At the phone's own scale in its safe area (notch 59, home
				// bar 34 CSS px), as the shots draw it, the buttons grow.
				rc := c
				if sz[0] < sz[1] {
					rc = looptest.NewContext(t, lg, sz[0], sz[1]-(59+34)*3, 3)
				}
				rated := &Online{players: 4, seats: [4]int{0, seatFriend, seatFriend, seatFriend}, perMove: 1, rated: true}
				rated.layout(rc)
				if !slices.ContainsFunc(rated.bs.List, func(b ui.Button[onlineAct]) bool { return b.Act == actORated }) {
					t.Fatalf("%s %v: a game with a clock and friends offers no rated game", lg, sz)
				}
				for _, f := range rated.Fits(rc) {
					if w := c.Text.Width(f.Text, f.Size, f.Bold); w*looptest.MinFit > f.W+0.5 {
						t.Errorf("%s %v, rated: %q is %.0f px wide at %.1f px, its box %.0f px", lg, sz, f.Text, w, f.Size, f.W)
					}
				}
				for _, b := range rated.bs.List {
					if b.Y+b.H > rc.H {
						t.Errorf("%s %v, rated: button %v below the screen (%.0f > %.0f)", lg, sz, b.Act, b.Y+b.H, rc.H)
					}
				}
				for i, a := range rated.bs.List {
					for _, b := range rated.bs.List[i+1:] {
						ra, rb := layout.Rect{X: a.X, Y: a.Y, W: a.W, H: a.H}, layout.Rect{X: b.X, Y: b.Y, W: b.W, H: b.H}
						if ra.Overlaps(rb) {
							t.Errorf("%s %v, rated: buttons %v and %v overlap", lg, sz, a.Act, b.Act)
						}
					}
				}
				for stage := stageCreate; stage <= stageFailed; stage++ {
					o.stage = stage
					o.layout(c)
					if len(o.bs.List) == 0 {
						t.Fatalf("%s, stage %d: no buttons", lg, stage)
					}
					for _, f := range o.Fits(c) {
						if w := c.Text.Width(f.Text, f.Size, f.Bold); w*looptest.MinFit > f.W+0.5 {
							t.Errorf("%s %v, stage %d: %q is %.0f px wide at %.1f px, its box %.0f px", lg, sz, stage, f.Text, w, f.Size, f.W)
						}
					}
					for _, b := range o.bs.List {
						if b.Y+b.H > c.H {
							t.Errorf("%s %v, stage %d: button %v below the screen (%.0f > %.0f)", lg, sz, stage, b.Act, b.Y+b.H, c.H)
						}
					}
				}
			}
		}
	})
}

// TestJoinStaysPut: the invite page's details arrive after the page
// opens; the Join button must not move when they do, or a tap already
// on its way lands on nothing (CI's phone tapped Join as the details
// came and waited a minute for a table).
func TestJoinStaysPut(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][2]float64{{640, 480}, {390 * 3, 844 * 3}, {1280, 800}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], 1)
				o := &Online{players: 2, stage: stageJoin, code: "KQ7WXDM3RZ"}
				join := func() ui.Button[onlineAct] {
					o.layout(c)
					for _, b := range o.bs.List {
						if b.Act == actOJoin {
							return b
						}
					}
					t.Fatalf("%s %v: no Join button", lg, sz)
					return ui.Button[onlineAct]{}
				}
				before := join()
				o.inv = &proto.GameReply{Variant: "extreme", Players: 4, PerMove: 86400, Invite: "KQ7WXDM3RZ",
					Table: []proto.SeatInfo{{Name: "Annabelle"}, {Name: "Bartholomew"}, {}, {}}}
				if after := join(); after.X != before.X || after.Y != before.Y {
					t.Errorf("%s %v: Join moved from (%.0f, %.0f) to (%.0f, %.0f) when the invite's details came", lg, sz, before.X, before.Y, after.X, after.Y)
				}
			}
		}
	})
}

// TestOnlineCaptionsSitOnTheirRow (issue 50): on the create page a row's
// label ("Game", "Players", "Time per move", "Seat 1 is yours…") stands
// nearer its own buttons than the row above, at every size and in every
// language. Before, text drawn centred on the Y meant for its top put each
// label 0.3 units under the row above and 0.9 over its own.
func TestOnlineCaptionsSitOnTheirRow(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			captions := map[string]bool{}
			for _, k := range []string{"setup.game", "setup.players", "online.time", "online.you"} {
				captions[i18n.Get(lg).T(k)] = true
			}
			for _, sz := range [][3]float64{{640, 480, 1}, {1280, 800, 1}, {1640, 2360, 2}, {1170, 2532 - (59+34)*3, 3}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], sz[2])
				o := &Online{players: 4, seats: [4]int{0, seatFriend, seatFriend, seatFriend}, perMove: 1, rated: true}
				o.layout(c)
				seen := 0
				for _, b := range o.blocks {
					if len(b.Lines) == 0 || !captions[strings.Join(b.Lines, " ")] {
						continue
					}
					seen++
					half := 0.35 * b.Size // a line's glyphs above and below its centre
					top, bottom := b.Y-half, b.Y+float64(len(b.Lines)-1)*1.3*b.Size+half
					above, below := math.Inf(-1), math.Inf(1)
					rects := []layout.Rect{o.name.Rect}
					for _, bt := range o.bs.List {
						rects = append(rects, layout.Rect{X: bt.X, Y: bt.Y, W: bt.W, H: bt.H})
					}
					for _, r := range rects {
						if r.X > b.X+1 || r.X+r.W < b.X-1 { // not over the label's start
							continue
						}
						if r.Y+r.H <= b.Y {
							above = max(above, r.Y+r.H)
						} else if r.Y >= b.Y {
							below = min(below, r.Y)
						}
					}
					if math.IsInf(below, 1) {
						t.Errorf("%s %v: %q has no row under it", lg, sz, b.Lines)
						continue
					}
					if !math.IsInf(above, -1) && below-bottom >= top-above {
						t.Errorf("%s %v: %q stands %.0f px under the row above and %.0f px over its own", lg, sz, b.Lines, top-above, below-bottom)
					}
				}
				if seen < 3 {
					t.Errorf("%s %v: %d row labels found on the create page", lg, sz, seen)
				}
			}
		}
	})
}

// TestOnlineHintsStayLegible (issue 50): the empty boxes' hints ("Your
// name", "Invite code or link") are drawn at no less than 0.8 of the
// typed text's size, on one line or two, each line in the box's room and
// the lines inside its height, at every size and in every language.
// Shrunk onto one line, German's and Spanish's code hint stood at two
// thirds of it on a phone.
func TestOnlineHintsStayLegible(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][3]float64{{640, 480, 1}, {1280, 800, 1}, {1640, 2360, 2}, {1170, 2532 - (59+34)*3, 3}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], sz[2])
				o := &Online{players: 2, seats: [4]int{0, seatFriend}}
				o.layout(c)
				for _, f := range []struct {
					box  *kit.TextBox
					hint string
				}{{&o.name, c.T("online.player")}, {&o.codeBox, c.T("online.code")}} {
					lines, size := f.box.HintLines(c, f.hint)
					r, full := f.box.Rect, f.box.TextSize(c)
					if size < 0.8*full-0.01 {
						t.Errorf("%s %v: %q drawn at %.1f px, the box's text at %.1f", lg, sz, f.hint, size, full)
					}
					for _, ln := range lines {
						if w := c.Text.Width(ln, size, false); w > r.W-0.6*r.H+0.5 {
							t.Errorf("%s %v: %q is %.0f px in a room of %.0f", lg, sz, ln, w, r.W-0.6*r.H)
						}
					}
					if h := (float64(len(lines)-1)*1.3 + 1) * size; h > r.H {
						t.Errorf("%s %v: %d lines of %q at %.1f px in a box %.0f px high", lg, sz, len(lines), f.hint, size, r.H)
					}
				}
			}
		}
	})
}
