package ratings

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/online/proto"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input"
	"shiftago/scenes/looptest"
)

// fixtureMe is a player with three ratings and a history of each.
func fixtureMe() proto.MeReply {
	me := proto.MeReply{ID: "ann", Name: "Ann", Ratings: []proto.RatingInfo{
		{Name: "Ann", Variant: "express", Players: 2, Rating: 1623.4, RD: 84.2, Games: 14},
		{Name: "Ann", Variant: "expert", Players: 3, Rating: 1488.9, RD: 190.5, Games: 3, Provisional: true},
		{Name: "Ann", Variant: "extreme", Players: 2, Rating: 1545, RD: 290.3, Games: 1, Provisional: true},
	}}
	r := 1500.0
	for i := range 14 {
		r += float64((i*37)%60 - 22)
		me.History = append(me.History, proto.RatingPoint{Variant: "express", Players: 2, Rating: r, RD: 300 - float64(15*i), At: int64(i + 1)})
	}
	me.History = append(me.History, proto.RatingPoint{Variant: "extreme", Players: 2, Rating: 1545, RD: 290, At: 20})
	// Against the computer: two levels played, one not (the server
	// sends no such line; the page shows none).
	me.Computer = []proto.ComputerRecord{{Level: 1, Played: 12, Won: 9, Lost: 2, Drawn: 1}, {Level: 2, Played: 1, Lost: 1}, {Level: 4}}
	return me
}

// fixtureVs is a player's results against every level, with the
// widest counts a page has to show.
func fixtureVs() []proto.ComputerRecord {
	var out []proto.ComputerRecord
	for lv := 1; lv <= ai.MaxLevel; lv++ {
		out = append(out, proto.ComputerRecord{Level: lv, Played: 1000 + 111*lv, Won: 100 * lv, Lost: 1000 - 10*lv, Drawn: 21 * lv})
	}
	return out
}

// profileWith is the profile page of me laid out.
func profileWith(c *app.Context, me proto.MeReply) *Profile {
	p := NewProfile(c).(*Profile)
	p.show(c, me, nil)
	p.layout(c)
	return p
}

// fixtureBoard is a leaderboard of 40 with Ann (id "ann") 31st and
// another Ann 6th.
func fixtureBoard() []proto.RatingInfo {
	var out []proto.RatingInfo
	for i := range 40 {
		name, id := "Player "+strconv.Itoa(i+1), "p"+strconv.Itoa(i+1)
		if i == 30 {
			name, id = "Ann", "ann"
		}
		if i == 5 {
			name = "Ann"
		}
		if i == 2 {
			name = "Bartholomew Fitzgerald-Montgomery"
		}
		out = append(out, proto.RatingInfo{ID: id, Name: name, Variant: "express", Players: 2, Rating: 1900 - float64(12*i), RD: 60 + float64(8*i), Provisional: i > 20})
	}
	return out
}

func profilePage(c *app.Context) *Profile { return profileWith(c, fixtureMe()) }

func leaderboardPage(c *app.Context) *Leaderboard {
	lb := NewLeaderboard(c).(*Leaderboard)
	lb.load, lb.list, lb.status, lb.me = nil, fixtureBoard(), "", "ann"
	lb.layout(c)
	return lb
}

// TestRatingWords: a provisional rating is marked, the games count by
// the language's rule.
func TestRatingWords(t *testing.T) {
	if got := ratingText(1499.6, true); got != "1500?" {
		t.Errorf("provisional: %q", got)
	}
	if got := ratingText(1623.4, false); got != "1623" {
		t.Errorf("settled: %q", got)
	}
	for _, w := range []struct {
		lang string
		n    int
		want string
	}{{"en", 1, "1 rated game"}, {"en", 2, "2 rated games"}, {"fr", 0, "0 partie classée"}, {"de", 1, "1 gewertetes Spiel"}, {"it", 5, "5 partite valutate"}} {
		if got := i18n.New(w.lang).F("profile.games", w.n); got != w.want {
			t.Errorf("%s %d: %q, want %q", w.lang, w.n, got, w.want)
		}
	}
	if got := ratingKind(i18n.New("de"), "expert", 3); got != "Expert · 3 Spieler" {
		t.Errorf("de kind: %q", got)
	}
}

// TestRatingsPagesFit: at a phone, a tablet, a desktop and the smallest
// window, in every language, the labels fit, every control is a finger
// wide and on the screen, the profile's chart stays above its bar, and
// the leaderboard has room for rows.
func TestRatingsPagesFit(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][3]float64{{390, 844, 3}, {820, 1180, 2}, {1280, 800, 1}, {640, 480, 1}} {
				dpr := sz[2]
				c := looptest.NewContext(t, lg, sz[0]*dpr, sz[1]*dpr, dpr)
				where := fmt.Sprintf("%s %v", lg, sz)
				p := profilePage(c)
				looptest.CheckFits(t, c, where+" profile", p.Fits(c), looptest.MinFit)
				looptest.CheckTargets(t, c, where+" profile", p.PageButtons(), dpr, 0)
				if len(p.rows.List) != 3 {
					t.Errorf("%s: %d of 3 ratings shown", where, len(p.rows.List))
				}
				if p.chart[3] < 2*p.u || p.chart[1]+p.chart[3] > p.bar.List[0].Y {
					t.Errorf("%s: the chart %v (bar at %.0f)", where, p.chart, p.bar.List[0].Y)
				}
				lb := leaderboardPage(c)
				looptest.CheckFits(t, c, where+" leaderboard", lb.Fits(c), looptest.MinFit)
				looptest.CheckTargets(t, c, where+" leaderboard", lb.PageButtons(), dpr, 0)
				if lb.shown < 5 {
					t.Errorf("%s: room for %d rows", where, lb.shown)
				}
			}
		}
	})
}

// TestVsWords: the results against the computer name each level played
// (none not played), count its games by the language's rule and say
// won–drawn–lost in that order.
func TestVsWords(t *testing.T) {
	for _, w := range []struct {
		lang string
		want []vsRow
	}{
		{"en", []vsRow{{"Beginner", "12 games", "9–1–2"}, {"Casual", "1 game", "0–0–1"}}},
		{"de", []vsRow{{"Anfänger", "12 Spiele", "9–1–2"}, {"Gelegenheit", "1 Spiel", "0–0–1"}}},
		{"fr", []vsRow{{"Débutant", "12 parties", "9–1–2"}, {"Amateur", "1 partie", "0–0–1"}}},
	} {
		c := looptest.NewContext(t, w.lang, 640, 480, 1)
		if got := vsRows(c, fixtureMe().Computer); !slices.Equal(got, w.want) {
			t.Errorf("%s: %q, want %q", w.lang, got, w.want)
		}
	}
}

// checkVs fails t unless the profile p shows a line a level of want
// played, inside the window, clear of the ratings, the chart and the
// bar, and the chart stays above the bar.
func checkVs(t *testing.T, c *app.Context, where string, p *Profile, want int) {
	t.Helper()
	v := p.vs.rect()
	if len(p.vs.rows) != want || (want > 0) != (v.H > 0) {
		t.Errorf("%s: %d lines against the computer (height %.0f), want %d", where, len(p.vs.rows), v.H, want)
	}
	if v.H == 0 {
		return
	}
	if v.X < -0.5 || v.Y < -0.5 || v.X+v.W > c.W+0.5 || v.Y+v.H > p.bar.List[0].Y+0.5 {
		t.Errorf("%s: the table %+v leaves the %v×%v page or goes below the bar at %.0f", where, v, c.W, c.H, p.bar.List[0].Y)
	}
	others := map[string]layout.Rect{"the chart": {X: p.chart[0], Y: p.chart[1], W: p.chart[2], H: p.chart[3]}}
	for _, b := range append(p.rows.List, p.bar.List...) {
		others[fmt.Sprintf("the button %s %d", b.Act, b.Arg)] = b.Rect()
	}
	for name, r := range others {
		if !r.Empty() && v.Inset(1).Overlaps(r) {
			t.Errorf("%s: the table %+v covers %s %+v", where, v, name, r)
		}
	}
	if v.W < 6*p.u {
		t.Errorf("%s: the table is %.1f units wide", where, v.W/p.u)
	}
}

// TestVsFits: the results against the computer, on the profile with
// ratings and without, fit at every device the overlap tests know (a
// phone with its notch, which the shell keeps the page clear of) and
// the smallest window, in every language: every line shown, the words
// fitting their columns, nothing covered.
func TestVsFits(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		sizes := [][3]float64{{640, 480, 1}}
		for _, d := range looptest.Devices {
			// The page gets the safe area only (app.Game's safeFrame).
			sizes = append(sizes, [3]float64{math.Floor(d.Scale * (d.W - d.Inset.Left - d.Inset.Right)),
				math.Floor(d.Scale * (d.H - d.Inset.Top - d.Inset.Bottom)), d.Scale})
		}
		for _, lg := range i18n.Langs {
			for _, sz := range sizes {
				c := looptest.NewContext(t, lg, sz[0], sz[1], sz[2])
				for name, me := range map[string]proto.MeReply{
					"profile":     fixtureMe(),
					"every level": func() proto.MeReply { m := fixtureMe(); m.Computer = fixtureVs(); return m }(),
					"no ratings":  {ID: "ann", Name: "Ann", Computer: fixtureVs()},
				} {
					where := fmt.Sprintf("%s %v %s", lg, sz, name)
					p := profileWith(c, me)
					looptest.CheckFits(t, c, where, p.Fits(c), looptest.MinFit)
					looptest.CheckTargets(t, c, where, p.PageButtons(), sz[2], 0)
					want := len(me.Computer)
					if name == "profile" {
						want = 2
					}
					checkVs(t, c, where, p, want)
					if len(me.Ratings) > 0 && p.chart[3] < 2*p.u {
						t.Errorf("%s: the chart %v", where, p.chart)
					}
				}
			}
		}
	})
}

// TestRatingsTaps: a tap on a rating shows its history; Leaderboard opens
// that rating's board with the player's row marked, and its Profile goes
// back; a chip of the board asks for that board.
func TestRatingsTaps(t *testing.T) {
	c := looptest.NewContext(t, "en", 640, 480, 1)
	p := profilePage(c)
	tap := func(s interface{ Update(*app.Context) error }, r ui.Info) {
		x, y := r.Rect.X+r.Rect.W/2, r.Rect.Y+r.Rect.H/2
		for _, ps := range []ui.Pointer{{X: x, Y: y, Down: true, Pressed: true}, {X: x, Y: y, Down: true}, {X: x, Y: y, Released: true}} {
			c.In = input.Input{Pointer: ps}
			s.Update(c)
		}
	}
	find := func(infos []ui.Info, id string) ui.Info {
		for _, b := range infos {
			if b.ID == id {
				return b
			}
		}
		t.Fatalf("no %s in %v", id, infos)
		return ui.Info{}
	}
	if n := len(p.history()); n != 14 {
		t.Fatalf("the first rating's history has %d points", n)
	}
	tap(p, find(p.PageButtons(), "rating 2"))
	if h := p.history(); p.pick != 2 || len(h) != 1 || h[0].Variant != "extreme" {
		t.Fatalf("after a tap on the third rating: pick %d, history %+v", p.pick, h)
	}
	lb := p.board(c)
	if lb.variant != logic.Extreme || lb.players != 2 || lb.me != "ann" || !lb.back {
		t.Fatalf("the board opened at %v for %d, me %q", lb.variant, lb.players, lb.me)
	}
	tap(p, find(p.PageButtons(), "leaderboard"))
	// Opened from the online page, the board's Profile opens the profile.
	opened := 0
	c.Screens.Profile = func(c *app.Context) app.Scene { opened++; return nil }
	lb = leaderboardPage(c)
	if m := lb.mine(); m != 30 {
		t.Fatalf("the board marks row %d, want Ann's by her id (31st), not the other Ann (6th)", m)
	}
	tap(lb, find(lb.PageButtons(), "profile"))
	if opened != 1 {
		t.Fatalf("Profile opened %d profiles", opened)
	}
	tap(lb, find(lb.PageButtons(), "players 4"))
	if lb.players != 4 || lb.list != nil || lb.status == "" {
		t.Fatalf("after the 4-player chip: %d players, status %q", lb.players, lb.status)
	}
}

// TestRatingsShots writes both pages at a phone (its notch and home bar
// kept clear as the shell keeps them, app.Game's safeFrame), a tablet
// and a desktop and the smallest window, in English and German, into
// SHIFTAGO_SHOTS (skipped without it); the profile also with results
// against every level, and with those and no rating.
func TestRatingsShots(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_SHOTS")
	if dir == "" {
		t.Skip("set SHIFTAGO_SHOTS to a folder to write the screenshots")
	}
	l := looptest.Need(t)
	every := fixtureMe()
	every.Computer = []proto.ComputerRecord{{Level: 1, Played: 31, Won: 27, Lost: 3, Drawn: 1}, {Level: 2, Played: 18, Won: 11, Lost: 6, Drawn: 1},
		{Level: 3, Played: 9, Won: 3, Lost: 5, Drawn: 1}, {Level: 4, Played: 4, Won: 1, Lost: 3}, {Level: 5, Played: 1, Lost: 1}}
	unrated := proto.MeReply{ID: "ann", Name: "Ann", Computer: fixtureMe().Computer}
	for _, lg := range []string{"en", "de"} {
		for _, d := range []looptest.Device{looptest.Devices[0], looptest.Devices[2], looptest.Devices[4], {Name: "small", W: 640, H: 480, Scale: 1}} {
			l.Do(func() {
				W, H := int(d.W*d.Scale), int(d.H*d.Scale)
				dx, dy := d.Inset.Left*d.Scale, d.Inset.Top*d.Scale
				sw, sh := math.Floor(float64(W)-dx-d.Inset.Right*d.Scale), math.Floor(float64(H)-dy-d.Inset.Bottom*d.Scale)
				c := looptest.NewContext(t, lg, sw, sh, d.Scale)
				for name, s := range map[string]interface {
					Draw(*ebiten.Image, *app.Context)
				}{"profile": profilePage(c), "profile-every-level": profileWith(c, every), "profile-unrated": profileWith(c, unrated), "leaderboard": leaderboardPage(c)} {
					path := filepath.Join(dir, fmt.Sprintf("%s-%s-%dx%d.png", name, lg, W, H))
					looptest.DrawPNG(t, path, W, H, func(img *ebiten.Image) {
						// The page in the safe area, the table top under the
						// unsafe edges, as app.Game's drawFramed.
						safe := ebiten.NewImage(int(sw), int(sh))
						defer safe.Deallocate()
						c.Sprites.SetPageFrame(dx, dy, float64(W), float64(H))
						s.Draw(safe, c)
						c.Sprites.SetPageFrame(0, 0, 0, 0)
						c.Sprites.FillPage(img)
						var op ebiten.DrawImageOptions
						op.GeoM.Translate(dx, dy)
						img.DrawImage(safe, &op)
					})
				}
			})
		}
	}
}
