package lobby

import (
	"context"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/online/proto"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/looptest"
	"shiftago/scenes/online"
)

// myGamesNow is the test's clock (ms): the fixtures' deadlines count
// from it.
const myGamesNow = 1_800_000_000_000

// fixtureGames is a list with a game in every state, as the server gives
// it (theirs-to-move first).
func fixtureGames() []proto.GameReply {
	ann := proto.SeatInfo{Seat: 0, Color: "o", Kind: proto.SeatHuman, Name: "Ann"}
	seat := func(i int, col, kind, name string, level int) proto.SeatInfo {
		return proto.SeatInfo{Seat: i, Color: col, Kind: kind, Name: name, Level: level}
	}
	return []proto.GameReply{
		{Game: "g1", Variant: "expert", Players: 3, Status: "playing", YourMove: true, Seats: []int{0}, Ply: 12,
			Deadline: myGamesNow + 3*3_600_000 + 5*60_000,
			Table:    []proto.SeatInfo{ann, seat(1, "g", "human", "Bob", 0), seat(2, "b", "computer", "", 3)}},
		{Game: "g2", Variant: "express", Players: 2, Status: "playing", YourMove: true, Seats: []int{0}, Ply: 4,
			Table: []proto.SeatInfo{ann, seat(1, "g", "human", "Carla", 0)}},
		{Game: "g3", Variant: "extreme", Players: 2, Status: "playing", Seats: []int{1}, ToMove: 0, Ply: 7,
			Deadline: myGamesNow + 2*86_400_000,
			Table:    []proto.SeatInfo{seat(0, "o", "human", "Dieter", 0), seat(1, "g", "human", "Ann", 0)}},
		{Game: "g4", Variant: "express", Players: 4, Status: "open", Seats: []int{0}, Invite: "KQ7WXDM3RZ",
			Table: []proto.SeatInfo{ann, seat(1, "g", "open", "", 0), seat(2, "b", "human", "Eve", 0), seat(3, "w", "open", "", 0)}},
		{Game: "g5", Variant: "express", Players: 2, Status: "finished", Seats: []int{0}, Result: "win o", Ply: 23,
			Table: []proto.SeatInfo{ann, seat(1, "g", "human", "Bob", 0)}},
		{Game: "g6", Variant: "expert", Players: 2, Status: "finished", Seats: []int{0}, Result: "win g; o resigned", Ply: 30,
			Table: []proto.SeatInfo{ann, seat(1, "g", "computer", "", 5)}},
	}
}

// TestMyGamesRows: each state says what it is, with the time left, the
// invite code and the result, and names the opponents with their
// colours; in every language, no verb is left unfilled.
func TestMyGamesRows(t *testing.T) {
	want := []string{
		"Your move · 3 h 05 min left|Expert · Bob – Green, Computer",
		"Your move|Express · Carla – Green",
		"Waiting for Dieter · 2 d 0 h left|Extreme · Dieter – Orange",
		"Waiting for players · code KQ7WXDM3RZ|Express · Free seat – Green, Eve – Blue, Free seat – White",
		"You won|Express · Bob – Green",
		"Computer (",
	}
	for _, lg := range i18n.Langs {
		l := i18n.New(lg)
		for i, g := range fixtureGames() {
			r := rowWords(l, g, myGamesNow)
			got := r.state + "|" + r.who
			if r.state == "" || strings.Contains(got, "%!") {
				t.Errorf("%s %s: %q", lg, g.Game, got)
			}
			if lg == "en" && !strings.HasPrefix(got, want[i]) {
				t.Errorf("en %s: %q, want it to start %q", g.Game, got, want[i])
			}
			if len(r.cols) != len(online.Opponents(g)) {
				t.Errorf("%s %s: %d colours for %d opponents", lg, g.Game, len(r.cols), len(online.Opponents(g)))
			}
		}
	}
}

// myGamesPage is the page with the list as the watcher would hand it.
func myGamesPage(c *app.Context, live bool) *MyGames {
	m := NewMyGames(c).(*MyGames)
	m.watch.Hide() // no server here: the list is the test's
	m.snap = online.Snapshot{Games: online.Games{At: myGamesNow - 3_600_000, List: fixtureGames()}, Live: live, Fetched: true, Ver: 1}
	m.server = "http://127.0.0.1:1"
	m.layout(c, myGamesNow)
	return m
}

// TestMyGamesFits: the bar's labels fit in every language, from the
// smallest window to a phone, and the rows stay between the title and
// the bar (the rest scrolls).
func TestMyGamesFits(t *testing.T) {
	l := looptest.Need(t)
	l.Do(func() {
		for _, lg := range i18n.Langs {
			for _, sz := range [][2]float64{{640, 480}, {390, 844}, {1280, 800}} {
				c := looptest.NewContext(t, lg, sz[0], sz[1], 1)
				m := myGamesPage(c, true)
				for _, f := range m.Fits(c) {
					if w := c.Text.Width(f.Text, f.Size, f.Bold); w*looptest.MinFit > f.W+0.5 {
						t.Errorf("%s %v: %q is %.0f px wide at %.1f px, its box %.0f px", lg, sz, f.Text, w, f.Size, f.W)
					}
				}
				if m.band[1]-m.band[0] < m.rows.List[0].H {
					t.Errorf("%s %v: no room for one row (%v)", lg, sz, m.band)
				}
				if m.scroll.Max == 0 && m.rows.List[len(m.rows.List)-1].Y+m.rows.List[0].H > m.band[1]+0.5 {
					t.Errorf("%s %v: the last row runs under the bar and nothing scrolls", lg, sz)
				}
			}
		}
	})
}

// TestMyGamesTapOpens: a tap on a row opens that game the way its link
// does (Opts.Online.Game, the online page); a tap on the title opens
// nothing.
func TestMyGamesTapOpens(t *testing.T) {
	c := looptest.NewContext(t, "en", 640, 480, 1)
	opened := ""
	c.Screens.Online = func(c *app.Context) app.Scene { opened = c.Opts.Online.Game; return nil }
	m := myGamesPage(c, true)
	m.snap.Ver = m.watch.Ver() // keep the test's list
	tap := func(x, y float64) {
		for _, s := range []ui.Pointer{{X: x, Y: y, Down: true, Pressed: true}, {X: x, Y: y, Down: true}, {X: x, Y: y, Released: true}} {
			c.In.Pointer = s
			m.Update(c)
		}
	}
	tap(c.W/2, m.band[0]/2)
	if opened != "" {
		t.Fatalf("a tap on the title opened %q", opened)
	}
	r := m.rows.List[2].Rect().Center()
	tap(r.X, r.Y)
	if opened != "g3" {
		t.Fatalf("a tap on the third row opened %q, want g3", opened)
	}
}

// TestMyGamesShots writes the page with a game in every state (live, and
// offline from the kept list) at a desktop, a tablet and a phone size
// into SHIFTAGO_SHOTS (skipped without it), to look at.
func TestMyGamesShots(t *testing.T) {
	dir := os.Getenv("SHIFTAGO_SHOTS")
	if dir == "" {
		t.Skip("set SHIFTAGO_SHOTS to a folder to write the screenshots")
	}
	l := looptest.Need(t)
	for _, sz := range [][3]int{{1280, 800, 1}, {1640, 2360, 2}, {1170, 2532, 3}} {
		for _, live := range []bool{true, false} {
			l.Do(func() {
				c := looptest.NewContext(t, "en", float64(sz[0]), float64(sz[1]), 1)
				c.Scale = float64(sz[2])
				m := myGamesPage(c, live)
				img := ebiten.NewImage(sz[0], sz[1])
				defer img.Deallocate()
				m.Draw(img, c)
				rgba := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
				img.ReadPixels(rgba.Pix)
				name := "mygames-" + map[bool]string{true: "live", false: "offline"}[live] + "-" + strconv.Itoa(sz[0]) + "x" + strconv.Itoa(sz[1]) + ".png"
				looptest.WritePNG(t, filepath.Join(dir, name), rgba)
			})
		}
	}
}

// TestMyGamesClosedStopsFetching: however the page is closed (the shell
// tells it through app.Closer: Back, or a screen put in its place), its
// watcher stops fetching; before, only Back and Escape stopped it, and a
// page swept away by a notice kept fetching every 30 s for good.
func TestMyGamesClosedStopsFetching(t *testing.T) {
	c := looptest.NewContext(t, "en", 640, 480, 1)
	m := myGamesPage(c, true)
	var fetched atomic.Int64
	m.watch = online.NewWatcher(func(context.Context) ([]proto.GameReply, error) {
		fetched.Add(1)
		return fixtureGames(), nil
	}, nil, "", nil, nil)
	m.watch.SetInterval(time.Millisecond)
	m.watch.Show()
	for deadline := time.Now().Add(10 * time.Second); fetched.Load() < 3; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the shown watcher fetched %d times in 10 s", fetched.Load())
		}
	}
	var closed app.Scene = m
	closed.(app.Closer).Closed(c)
	n := fetched.Load()
	time.Sleep(50 * time.Millisecond) // 50 intervals
	if got := fetched.Load(); got != n {
		t.Errorf("after the page was closed its watcher fetched %d more times", got-n)
	}
}
