package ratings

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/online/proto"
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
	return me
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

func profilePage(c *app.Context) *Profile {
	p := NewProfile(c).(*Profile)
	p.show(c, fixtureMe(), nil)
	p.layout(c)
	return p
}

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

// TestRatingsShots writes both pages at a phone, a tablet and a desktop
// in English and German into SHIFTAGO_SHOTS (skipped without it).
func TestRatingsShots(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_SHOTS")
	if dir == "" {
		t.Skip("set SHIFTAGO_SHOTS to a folder to write the screenshots")
	}
	l := looptest.Need(t)
	for _, lg := range []string{"en", "de"} {
		for _, sz := range [][3]int{{1280, 800, 1}, {1640, 2360, 2}, {1170, 2532, 3}, {640, 480, 1}} {
			l.Do(func() {
				c := looptest.NewContext(t, lg, float64(sz[0]), float64(sz[1]), float64(sz[2]))
				for name, s := range map[string]interface {
					Draw(*ebiten.Image, *app.Context)
				}{"profile": profilePage(c), "leaderboard": leaderboardPage(c)} {
					path := filepath.Join(dir, fmt.Sprintf("%s-%s-%dx%d.png", name, lg, sz[0], sz[1]))
					looptest.DrawPNG(t, path, sz[0], sz[1], func(img *ebiten.Image) { s.Draw(img, c) })
				}
			})
		}
	}
}
