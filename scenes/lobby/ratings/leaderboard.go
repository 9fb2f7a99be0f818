package ratings

import (
	"context"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/lobby/kit"
	"shiftago/scenes/sound"
)

// leaderboardAct is a control of the Leaderboard page.
type leaderboardAct uint8

const (
	actLBVariant leaderboardAct = iota // Arg: the logic.Variant
	actLBPlayers                       // Arg: the player count
	actLBSettled                       // only the settled ratings, or all
	actLBProfile                       // the player's own ratings
	actLBBack
)

func (a leaderboardAct) String() string {
	return [...]string{"variant", "players", "settled", "profile", "back"}[a]
}

// Leaderboard lists the best players of a variant and player count
// (GET /api/leaderboard): rank, name, rating (provisional ones marked),
// the player's own row in the accent colour. The list is fetched again
// whenever a chip changes it.
type Leaderboard struct {
	server  string
	variant logic.Variant
	players int
	settled bool
	me      string // the player's id: their row is marked (by id: two players may share a name)
	back    bool   // opened from the profile: Profile goes back to it
	load    *fetch[[]proto.RatingInfo]
	list    []proto.RatingInfo
	status  string
	bs      ui.Buttons[leaderboardAct]
	title   ui.TextBlock
	rows    [2]float64 // the rows' band: top, and the height of one
	shown   int        // how many rows fit
	w, h    float64
	u       float64
	dirty   bool
	still   bool
}

// NewLeaderboard opens the page at Express for 2.
func NewLeaderboard(c *app.Context) app.Scene {
	lb := &Leaderboard{server: c.ServerAddress(), players: 2, dirty: true}
	if cl := kit.KeptClient(c.Opts.Store, lb.server); cl != nil {
		lb.me = cl.ID
	}
	lb.refetch(c)
	return lb
}

// choose shows variant (by its name) for players.
func (lb *Leaderboard) choose(variant string, players int) {
	if v, err := logic.ParseVariant(variant); err == nil && players >= 2 && players <= 4 {
		lb.variant, lb.players = v, players
	}
}

// refetch asks for the list the chips name (what was under way stops).
func (lb *Leaderboard) refetch(c *app.Context) {
	if lb.load != nil {
		lb.load.cancel()
	}
	lb.load, lb.list, lb.dirty = nil, nil, true
	if lb.server == "" {
		lb.status = c.T("online.noserver")
		return
	}
	lb.status = c.T("mygames.loading")
	cl := client.New(lb.server) // anyone may read it: no guest needed
	v, n, settled := lb.variant.String(), lb.players, lb.settled
	lb.load = startFetch(func(ctx context.Context) ([]proto.RatingInfo, error) {
		return cl.LeaderboardOf(ctx, v, n, settled)
	})
}

// PagePhase implements app.PageScene.
func (lb *Leaderboard) PagePhase() string { return "leaderboard" }

// PageButtons implements app.PageButtons.
func (lb *Leaderboard) PageButtons() []ui.Info { return lb.bs.Infos() }

// Still implements app.Still.
func (lb *Leaderboard) Still() bool { return lb.still }

// Closed implements app.Closer.
func (lb *Leaderboard) Closed(c *app.Context) {
	if lb.load != nil {
		lb.load.cancel()
	}
}

// Resume implements app.Resumer.
func (lb *Leaderboard) Resume(c *app.Context) { lb.dirty = true }

// Update takes up the list and the taps.
func (lb *Leaderboard) Update(c *app.Context) error {
	lb.still = true
	if r, ok := lb.load.poll(); ok {
		lb.load, lb.list, lb.status, lb.dirty = nil, r.v, "", true
		switch {
		case r.err != nil:
			lb.status = c.T("online.err.network")
		case len(r.v) == 0:
			lb.status = c.T("leaderboard.empty")
		}
	}
	if lb.dirty || lb.w != c.W || lb.h != c.H {
		lb.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		c.Pop()
		return nil
	}
	b, ok := lb.bs.Tapped(c.In.Pointer)
	if !ok {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	switch b.Act {
	case actLBVariant:
		lb.variant = logic.Variant(b.Arg)
		lb.refetch(c)
	case actLBPlayers:
		lb.players = b.Arg
		lb.refetch(c)
	case actLBSettled:
		lb.settled = !lb.settled
		lb.refetch(c)
	case actLBProfile:
		if lb.back {
			c.Pop()
		} else {
			c.Push(c.Screens.Profile(c))
		}
	case actLBBack:
		c.Pop()
	}
	return nil
}

// layout places the chips, the rows' band and the bar for c's size.
func (lb *Leaderboard) layout(c *app.Context) {
	lb.w, lb.h, lb.dirty, lb.still = c.W, c.H, false, false
	head, x, y, w, u, bh := pageTop(c, c.T("leaderboard.title"), "")
	lb.u, lb.title = u, head[0]
	lb.bs.Reset()
	lb.bs.TextH = 1.1 * u
	gap := 0.25 * u
	// The variants and the player counts: one row of six where the page
	// is wide, two rows of three where it is narrow.
	chipW := (w - 5*gap) / 6
	wide := chipW*1.0 >= 3.2*u
	if !wide {
		chipW = (w - 2*gap) / 3
	}
	for v := logic.Express; v <= logic.Extreme; v++ {
		lb.bs.Add(ui.Button[leaderboardAct]{X: x + float64(v)*(chipW+gap), Y: y, W: chipW, H: bh, Act: actLBVariant, Arg: int(v),
			Label: c.Lang.Variants[v], On: lb.variant == v})
	}
	px, py := x+3*(chipW+gap), y
	if !wide {
		px, py = x, y+bh+gap
	}
	for n := 2; n <= 4; n++ {
		lb.bs.Add(ui.Button[leaderboardAct]{X: px + float64(n-2)*(chipW+gap), Y: py, W: chipW, H: bh, Act: actLBPlayers, Arg: n,
			Label: c.F("ratings.players", n), On: lb.players == n})
	}
	y = py + bh + gap
	lb.bs.Add(ui.Button[leaderboardAct]{X: x, Y: y, W: w, H: bh, Act: actLBSettled, Label: c.T("leaderboard.settled"), On: lb.settled})
	y += bh + 0.4*u
	by := c.H - bh - 0.5*u
	bw := math.Min(9*u, (w-u)/2)
	lb.bs.Add(ui.Button[leaderboardAct]{X: x, Y: by, W: bw, H: bh, Act: actLBProfile, Label: c.T("profile.title")})
	lb.bs.Add(ui.Button[leaderboardAct]{X: x + w - bw, Y: by, W: bw, H: bh, Act: actLBBack, Label: c.T("online.back")})
	rh := 0.95 * u
	lb.rows = [2]float64{y, rh}
	lb.shown = max(0, int((by-0.3*u-y)/rh))
}

// Draw draws the page: the rows the band has room for and, when the
// player's own row is further down, that row in the last place.
func (lb *Leaderboard) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	u := lb.u
	lb.title.Draw(screen, c.Text)
	lb.bs.Draw(screen, c.Kit())
	x, w := lb.bs.List[0].X, lb.bs.List[len(lb.bs.List)-1].X+lb.bs.List[len(lb.bs.List)-1].W-lb.bs.List[0].X
	y, rh := lb.rows[0], lb.rows[1]
	if lb.status != "" {
		c.Text.Draw(screen, lb.status, x, y+rh/2, c.Text.Fit(lb.status, 0.5*u, w, false), render.Dim, render.AlignLeft, false)
		return
	}
	idx := make([]int, 0, lb.shown)
	mine := lb.mine()
	for i := 0; i < len(lb.list) && i < lb.shown; i++ {
		idx = append(idx, i)
	}
	if mine >= lb.shown && len(idx) > 0 {
		idx[len(idx)-1] = mine // the player's own place, below the best
	}
	for k, i := range idx {
		r := lb.list[i]
		ry := y + float64(k)*rh
		col, bold := render.Ink, false
		if i == mine {
			col, bold = render.Accent, true
			vector.FillRect(screen, float32(x), float32(ry), float32(w), float32(rh), render.Card, false)
		}
		score := ratingText(r.Rating, r.Provisional)
		sw := c.Text.Width("00000", 0.5*u, true)
		rank := strconv.Itoa(i+1) + "."
		c.Text.Draw(screen, rank, x+1.4*u, ry+rh/2, 0.5*u, render.Dim, render.AlignRight, false)
		room := w - 1.8*u - sw - 0.6*u
		c.Text.Draw(screen, r.Name, x+1.8*u, ry+rh/2, c.Text.Fit(r.Name, 0.5*u, room, bold), col, render.AlignLeft, bold)
		c.Text.Draw(screen, score, x+w-0.3*u, ry+rh/2, 0.5*u, col, render.AlignRight, true)
	}
}

// mine is the player's own row (by id, not by name: another player may
// have taken the same name), or -1.
func (lb *Leaderboard) mine() int {
	for i, r := range lb.list {
		if lb.me != "" && r.ID == lb.me {
			return i
		}
	}
	return -1
}

// Fits lists the texts with their room, for the fit test.
func (lb *Leaderboard) Fits(c *app.Context) []ui.Fit { return lb.bs.Fits() }
