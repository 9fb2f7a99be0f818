package ratings

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"shiftago/logic"
	"shiftago/logic/online/proto"
	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/lobby/kit"
	"shiftago/scenes/sound"
)

// profileAct is a control of the Profile page.
type profileAct uint8

const (
	actPRating      profileAct = iota // Arg: the rating whose history the chart shows, from 0
	actPLeaderboard                   // the leaderboard of the chosen rating
	actPBack
	actPDevices // this player's devices (devices.go): the player's own things live here
)

func (a profileAct) String() string {
	return [...]string{"rating", "leaderboard", "back", "devices"}[a]
}

// fetch runs f once away from the frame (a request can take seconds on
// a slow network; the frame never waits) and hands its answer to the
// tick through a channel; cancel stops it when the page closes first.
type fetch[T any] struct {
	ch     chan fetched[T]
	cancel context.CancelFunc
}

type fetched[T any] struct {
	v   T
	err error
}

func startFetch[T any](f func(ctx context.Context) (T, error)) *fetch[T] {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	ft := &fetch[T]{ch: make(chan fetched[T], 1), cancel: cancel}
	go func() {
		v, err := f(ctx)
		ft.ch <- fetched[T]{v, err}
	}()
	return ft
}

// poll is the answer once it came.
func (f *fetch[T]) poll() (fetched[T], bool) {
	if f == nil {
		return fetched[T]{}, false
	}
	select {
	case r := <-f.ch:
		return r, true
	default:
		return fetched[T]{}, false
	}
}

// ratingText is a rating as the pages show it: whole points, with a "?"
// while provisional (too few games to trust it).
func ratingText(r float64, provisional bool) string {
	s := fmt.Sprintf("%.0f", r)
	if provisional {
		s += "?"
	}
	return s
}

// ratingKind says a rating's variant and player count in l.
func ratingKind(l *i18n.Lang, variant string, players int) string {
	v := variant
	if lv, err := logic.ParseVariant(variant); err == nil {
		v = l.Variants[lv]
	}
	return v + " · " + l.F("ratings.players", players)
}

// Profile shows the player's ratings, one per variant and player count
// (the games each counts, provisional ones marked), the history of the
// one chosen as a chart, and the player's results against each
// computer level played online (computer.go). It reads GET /api/guests/me?history=1 once
// as it opens.
type Profile struct {
	server string
	load   *fetch[proto.MeReply]
	me     proto.MeReply
	status string // loading, offline, no ratings: instead of the list
	pick   int    // the rating whose history shows
	bar    ui.Buttons[profileAct]
	rows   ui.Buttons[profileAct]
	head   []ui.TextBlock
	chart  [4]float64 // x, y, w, h of the chart; h 0: none
	vs     vsTable    // the results against the computer levels (computer.go)
	w, h   float64
	u      float64
	dirty  bool
	still  bool
}

// NewProfile opens the page.
func NewProfile(c *app.Context) app.Scene {
	p := &Profile{server: c.ServerAddress(), dirty: true}
	st, srv := c.Opts.Store, p.server
	p.status = c.T("mygames.loading")
	switch cl := kit.KeptClient(st, srv); {
	case srv == "":
		p.status = c.T("online.noserver")
	case cl == nil:
		p.status = c.T("profile.noguest") // no guest on this device: no games, no ratings
	default:
		p.load = startFetch(cl.Profile)
	}
	return p
}

// PagePhase implements app.PageScene.
func (p *Profile) PagePhase() string { return "profile" }

// PageButtons implements app.PageButtons.
func (p *Profile) PageButtons() []ui.Info { return append(p.bar.Infos(), p.rows.Infos()...) }

// Still implements app.Still.
func (p *Profile) Still() bool { return p.still }

// Closed implements app.Closer: a fetch still under way stops.
func (p *Profile) Closed(c *app.Context) {
	if p.load != nil {
		p.load.cancel()
	}
}

// Resume implements app.Resumer: the language may have changed.
func (p *Profile) Resume(c *app.Context) { p.dirty = true }

// show takes up the server's answer.
func (p *Profile) show(c *app.Context, me proto.MeReply, err error) {
	p.me, p.status, p.pick, p.dirty = me, "", 0, true
	switch {
	case err != nil:
		p.status = c.T("online.err.network")
	case len(me.Ratings) == 0:
		p.status = c.T("profile.none")
	}
}

// Update takes up the answer and the taps.
func (p *Profile) Update(c *app.Context) error {
	p.still = true
	if r, ok := p.load.poll(); ok {
		p.load = nil
		p.show(c, r.v, r.err)
	}
	if p.dirty || p.w != c.W || p.h != c.H {
		p.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		c.Pop()
		return nil
	}
	b, ok := p.bar.Tapped(c.In.Pointer)
	if !ok {
		b, ok = p.rows.Tapped(c.In.Pointer)
	}
	if !ok {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	switch b.Act {
	case actPRating:
		p.pick, p.dirty = b.Arg, true
	case actPLeaderboard:
		c.Push(p.board(c))
	case actPBack:
		c.Pop()
	case actPDevices:
		c.Push(c.Screens.Devices(c))
	}
	return nil
}

// board is the leaderboard of the chosen rating, the player's row
// marked; its Profile button comes back here.
func (p *Profile) board(c *app.Context) *Leaderboard {
	lb := NewLeaderboard(c).(*Leaderboard)
	if p.pick < len(p.me.Ratings) {
		r := p.me.Ratings[p.pick]
		lb.choose(r.Variant, r.Players)
		lb.refetch(c)
	}
	if p.me.ID != "" {
		lb.me = p.me.ID
	}
	lb.back = true
	return lb
}

// layout places the page for c's size: the title, a row a rating (a
// chip: it picks the chart), the chart, the bar.
func (p *Profile) layout(c *app.Context) {
	p.w, p.h, p.dirty, p.still = c.W, c.H, false, false
	title := c.T("profile.title")
	if p.me.Name != "" {
		title += " · " + p.me.Name
	}
	var x, y, w, u, bh float64
	p.head, x, y, w, u, bh = pageTop(c, title, p.status)
	p.u = u
	p.bar.Reset()
	p.bar.TextH = 1.1 * u
	by := c.H - bh - 0.5*u
	bw := math.Min(9*u, (w-0.8*u)/3)
	p.bar.Add(ui.Button[profileAct]{X: x, Y: by, W: bw, H: bh, Act: actPLeaderboard, Label: c.T("leaderboard.title")})
	p.bar.Add(ui.Button[profileAct]{X: x + bw + 0.4*u, Y: by, W: bw, H: bh, Act: actPDevices, Label: c.T("online.devices")})
	p.bar.Add(ui.Button[profileAct]{X: x + w - bw, Y: by, W: bw, H: bh, Act: actPBack, Label: c.T("online.back")})
	bottom := by - 0.4*u
	// The ratings: two to a line where the page is wide, so that the
	// chart keeps its room; as many as fit (six kinds at most).
	p.rows.Reset()
	cols := 1
	if w >= 16*u {
		cols = 2
	}
	rh := math.Max(1.6*u, bh)
	cw := (w - float64(cols-1)*0.3*u) / float64(cols)
	for i := range p.me.Ratings {
		ry := y + float64(i/cols)*(rh+0.25*u)
		if ry+rh > bottom-3*u {
			break // the chart needs its room more than a sixth rating
		}
		p.rows.Add(ui.Button[profileAct]{X: x + float64(i%cols)*(cw+0.3*u), Y: ry, W: cw, H: rh, Act: actPRating, Arg: i, On: i == p.pick})
	}
	if n := len(p.rows.List); n > 0 {
		y += float64((n+cols-1)/cols)*(rh+0.25*u) + 0.3*u
	}
	// The results against the computer: beside the chart where the
	// page is wide, else above it.
	p.vs = vsTable{title: c.T("profile.vs.title"), rows: vsRows(c, p.me.Computer)}
	chartW := w
	if len(p.vs.rows) > 0 {
		// Beside the chart as wide as its words (the chart keeps half
		// the page at least); above it the column's width, as the
		// ratings' (at most 14 units on a wide page with no chart).
		tw := math.Max(p.vs.need(c, u), 8*u)
		switch {
		case len(p.me.Ratings) > 0 && w >= 20*u:
			tw = math.Min(tw, w/2)
			p.vs.place(c, x+w-tw, y, tw, u)
			chartW = w - tw - 0.5*u
		case w >= 20*u:
			p.vs.place(c, x, y, math.Min(math.Max(tw, 14*u), w), u)
		default:
			p.vs.place(c, x, y, w, u)
		}
		if len(p.me.Ratings) == 0 || w < 20*u {
			y += p.vs.h + 0.4*u
		}
	}
	p.chart = [4]float64{}
	if len(p.me.Ratings) > 0 && bottom-y > 3*u {
		p.chart = [4]float64{x, y, chartW, math.Min(bottom-y, 10*u)}
	}
}

// pageTop lays out the top of a ratings page for c's size: the title
// (bold) and, when there is one, the status line (dim) over a column of
// x, w; y is where the page goes on, u its unit, bh a button's height.
func pageTop(c *app.Context, title, status string) (head []ui.TextBlock, x, y, w, u, bh float64) {
	u = ui.Unit(c.W, c.H)
	w = math.Min(c.W-2*u, 24*u)
	x, y = (c.W-w)/2, 1.2*u-0.65*0.9*u // the title's middle 1.2 units down (ui.Para: y is its room's top)
	bh = math.Max(1.2*u, ui.Target(c.Scale))
	for i, s := range []string{title, status} {
		if s == "" {
			continue
		}
		size, bold, col := 0.9*u, true, render.Ink
		if i > 0 {
			size, bold, col = 0.5*u, false, render.Dim
		}
		b := ui.Para(c.Text, s, x, y, w, size, col, bold)
		head = append(head, b)
		y += b.Height() + 0.4*u
	}
	return head, x, y, w, u, bh
}

// history is the chosen rating's points, oldest first.
func (p *Profile) history() []proto.RatingPoint {
	if p.pick >= len(p.me.Ratings) {
		return nil
	}
	r := p.me.Ratings[p.pick]
	var out []proto.RatingPoint
	for _, h := range p.me.History {
		if h.Variant == r.Variant && h.Players == r.Players {
			out = append(out, h)
		}
	}
	return out
}

// Draw draws the page.
func (p *Profile) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	u := p.u
	for i := range p.head {
		p.head[i].Draw(screen, c.Text)
	}
	p.rows.Draw(screen, c.Kit())
	for _, b := range p.rows.List {
		r := p.me.Ratings[b.Arg]
		ink, dim := render.Ink, render.Dim
		if b.On {
			ink, dim = render.Dark, render.Dark // on the chip's light face
		}
		score := ratingText(r.Rating, r.Provisional)
		sw := c.Text.Width(score, 0.7*u, true)
		room := b.W - sw - 1.2*u
		kind := ratingKind(c.Lang, r.Variant, r.Players)
		games := c.F("profile.games", r.Games) + fmt.Sprintf(" · ±%.0f", r.RD)
		c.Text.Draw(screen, kind, b.X+0.4*u, b.Y+b.H*0.34, c.Text.Fit(kind, 0.5*u, room, false), ink, render.AlignLeft, false)
		c.Text.Draw(screen, games, b.X+0.4*u, b.Y+b.H*0.7, c.Text.Fit(games, 0.4*u, room, false), dim, render.AlignLeft, false)
		c.Text.Draw(screen, score, b.X+b.W-0.4*u, b.Y+b.H/2, 0.7*u, ink, render.AlignRight, true)
	}
	p.vs.draw(screen, c)
	if p.chart[3] > 0 {
		p.drawChart(screen, c)
	}
	p.bar.Draw(screen, c.Kit())
}

// drawChart draws the chosen rating after each game as a line, with its
// highest and lowest values at the left.
func (p *Profile) drawChart(screen *ebiten.Image, c *app.Context) {
	u := p.u
	x, y, w, h := p.chart[0], p.chart[1], p.chart[2], p.chart[3]
	c.Text.Draw(screen, c.T("profile.history"), x, y+0.3*u, 0.45*u, render.Dim, render.AlignLeft, false)
	y += 0.7 * u
	h -= 0.7 * u
	vector.FillRect(screen, float32(x), float32(y), float32(w), float32(h), render.Card, false)
	pts := p.history()
	if len(pts) == 0 {
		return
	}
	// The range: the points' with a margin, at least 100 points tall so
	// that one game's few points do not fill the chart.
	lo, hi := pts[0].Rating, pts[0].Rating
	for _, q := range pts {
		lo, hi = math.Min(lo, q.Rating), math.Max(hi, q.Rating)
	}
	if mid := (lo + hi) / 2; hi-lo < 100 {
		lo, hi = mid-50, mid+50
	}
	lw := c.Text.Width("0000", 0.4*u, false) + 0.4*u // the scale's labels
	px := func(i int) float64 {
		if len(pts) == 1 {
			return x + lw + (w-lw)/2
		}
		return x + lw + 0.3*u + float64(i)*(w-lw-0.6*u)/float64(len(pts)-1)
	}
	py := func(r float64) float64 { return y + 0.4*u + (hi-r)/(hi-lo)*(h-0.8*u) }
	c.Text.Draw(screen, fmt.Sprintf("%.0f", hi), x+0.2*u, py(hi), 0.4*u, render.Dim, render.AlignLeft, false)
	c.Text.Draw(screen, fmt.Sprintf("%.0f", lo), x+0.2*u, py(lo), 0.4*u, render.Dim, render.AlignLeft, false)
	for _, r := range []float64{hi, lo} {
		vector.StrokeLine(screen, float32(x+lw), float32(py(r)), float32(x+w), float32(py(r)), 1, render.Track, false)
	}
	lineW := float32(math.Max(2, 0.08*u))
	for i := 1; i < len(pts); i++ {
		vector.StrokeLine(screen, float32(px(i-1)), float32(py(pts[i-1].Rating)), float32(px(i)), float32(py(pts[i].Rating)), lineW, render.Accent, true)
	}
	for i, q := range pts {
		vector.FillCircle(screen, float32(px(i)), float32(py(q.Rating)), 1.5*lineW, render.Accent, true)
	}
}

// Fits lists the texts with their room, for the fit test.
func (p *Profile) Fits(c *app.Context) []ui.Fit { return append(p.bar.Fits(), p.vs.fits()...) }
