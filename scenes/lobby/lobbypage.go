package lobby

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/lobby/kit"
	"shiftago/scenes/sound"
)

// lobbyAct is a control of the Lobby page.
type lobbyAct uint8

const (
	actLVariant lobbyAct = iota // Arg: the variant
	actLPlayers                 // Arg: the count
	actLPerMove                 // Arg: the index in timeChoices
	actLRated
	actLFill
	actLFind
	actLCancel
	actLJoin  // Arg: the item
	actLWatch // Arg: the item
	actLBack
)

func (a lobbyAct) String() string {
	return [...]string{"variant", "players", "permove", "rated", "fill", "find", "cancel", "join", "watch", "back"}[a]
}

// pairFirst is the time control the page offers first: a day per move,
// which a player may leave for a while (a minute's clock would run out
// before a slow device's table opened). The others are the create
// page's (timeChoices), the clocks 5+3 and 10+5 among them.
var pairFirst = timeChoiceOf(timeControl{days: 1})

// pairFill is how long a 3- or 4-player ask that allows computers waits
// for people before computers take the free seats.
const pairFill = 60

// pairEvery: the ask is polled while it waits. The lists are pushed
// (client.FollowLobby) while the page shows; lobbyPoll is their poll
// where a server cannot push them (an older one). A variable: a test
// sets it to hours, so that only a push can show a change.
const pairEvery = 2 * time.Second

var lobbyPoll = client.LobbyPoll

// Lobby is the lobby page (issue 47): quick pairing (the game asked for,
// then a waiting state that says how long and how many wait, with
// Cancel) and "Play now", the public games to join in one tap and the
// games under way to watch, each with its creator's rating. The lists
// come pushed by the server while the page is on top (follow), the ask
// is polled; both on goroutines whose answers the tick takes up, so a
// frame never waits for the server.
type Lobby struct {
	bs     ui.Buttons[lobbyAct] // the pairing controls and Back
	rows   ui.Buttons[lobbyAct] // Join and Watch, one an item
	scroll ui.Scroll
	blocks []ui.TextBlock
	items  []lobbyItem
	band   [2]float64 // the list's band, top and bottom
	w, h   float64
	u      float64
	dirty  bool
	still  bool
	shown  int64 // the waiting time shown, in seconds

	variant, players int
	perMove          int // the index in timeChoices
	rated, fill      bool

	list    *proto.LobbyReply // nil until the first answer
	failed  bool              // the last fetch failed
	waiting *proto.PairReply  // the ask while it waits
	asked   proto.PairRequest // the game the ask waits for
	busy    bool              // an ask, a cancel or a join is on its way
	why     string

	srv      string
	done     chan func(c *app.Context)
	cancel   context.CancelFunc
	poll     chan struct{}      // wakes the poller (an ask began waiting)
	unfollow context.CancelFunc // ends the lists' subscription; nil: none
	asking   atomic.Bool        // an ask waits: the poller polls it
	listX    float64            // the list's text column
	listW    float64
}

// lobbyItem is a row of the list: a heading, or a game.
type lobbyItem struct {
	head   string
	game   proto.LobbyGame
	live   bool // under way: to watch
	l1, l2 string
	y, h   float64
}

// NewLobby opens the lobby page.
func NewLobby(c *app.Context) app.Scene {
	p := &Lobby{dirty: true, variant: int(c.Setup.Variant), players: 2, perMove: pairFirst, srv: c.ServerAddress(),
		done: make(chan func(*app.Context), 8), poll: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	if p.srv != "" {
		go p.poller(ctx, c)
		p.follow()
	}
	return p
}

// follow subscribes to the lists (the server pushes each change) until
// unfollow: while the page is on top, not under a game it opened.
func (p *Lobby) follow() {
	if p.unfollow != nil || p.srv == "" {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.unfollow = cancel
	go client.New(p.srv).FollowLobby(ctx, lobbyPoll, func(n client.LobbyNews) {
		p.send(ctx, func(*app.Context) {
			if n.Err == nil {
				p.list = &n.Lists
			}
			p.failed = n.Err != nil
		})
	})
}

func (p *Lobby) stopFollowing() {
	if p.unfollow != nil {
		p.unfollow()
		p.unfollow = nil
	}
}

// PagePhase implements app.PageScene.
func (p *Lobby) PagePhase() string { return "lobby" }

// PageButtons implements app.PageButtons.
func (p *Lobby) PageButtons() []ui.Info { return append(p.bs.Infos(), p.rows.Infos()...) }

// PageOnline implements app.PageOnline: what the page shows, for the
// browser tests.
func (p *Lobby) PageOnline() map[string]any {
	st := map[string]any{"stage": "lobby", "waiting": p.waiting != nil, "busy": p.busy, "why": p.why}
	if p.list != nil {
		st["open"], st["live"] = len(p.list.Open), len(p.list.Live)
	}
	if p.waiting != nil {
		st["queue"], st["everyone"] = p.waiting.Waiting, p.waiting.Everyone
	}
	return st
}

// Still implements app.Still.
func (p *Lobby) Still() bool { return p.still && p.waiting == nil && !p.busy }

// Resume implements app.Resumer: back from a game, the page follows
// the lists again (the whole lists come first).
func (p *Lobby) Resume(c *app.Context) {
	p.dirty = true
	p.follow()
	p.wake()
}

// Closed implements app.Closer: the subscription and the polling stop,
// and an ask still waiting is withdrawn (the page that waited for it is
// gone).
func (p *Lobby) Closed(c *app.Context) {
	p.stopFollowing()
	p.cancel()
	if p.waiting != nil {
		cl := kit.KeptClient(c.Opts.Store, p.srv)
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if cl != nil {
				_, _ = cl.PairCancel(ctx)
			}
		}()
	}
}

func (p *Lobby) wake() {
	select {
	case p.poll <- struct{}{}:
	default:
	}
}

// poller polls the ask every pairEvery while one waits, until ctx ends.
func (p *Lobby) poller(ctx context.Context, c *app.Context) {
	st := c.Opts.Store
	for {
		if cl := kit.KeptClient(st, p.srv); cl != nil {
			if p.asking.Load() {
				rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				rep, err := cl.PairPoll(rctx)
				cancel()
				p.send(ctx, func(c *app.Context) {
					if p.waiting != nil && !p.busy && err == nil {
						p.answer(c, rep, cl)
					}
				})
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-p.poll:
		case <-time.After(pairEvery):
		}
	}
}

// send hands f to the tick, unless the page closed.
func (p *Lobby) send(ctx context.Context, f func(*app.Context)) {
	select {
	case p.done <- f:
	case <-ctx.Done():
	}
}

// answer takes up a pairing's answer: paired, the game opens; waiting,
// the page says so; none (dropped after a silence), the ask is made
// again.
func (p *Lobby) answer(c *app.Context, rep proto.PairReply, cl *client.Client) {
	switch rep.Status {
	case proto.PairPaired:
		p.waiting = nil
		if rep.Game != nil {
			p.openGame(c, rep.Game.Game)
		}
	case proto.PairWaiting:
		p.waiting = &rep
	default:
		if p.waiting != nil {
			p.find(c)
		}
	}
}

// openGame opens the table of a game this device's guest holds a seat
// of, as a row of My games does.
func (p *Lobby) openGame(c *app.Context, game string) {
	p.stopFollowing() // under the game; Resume follows again
	c.Opts.Online.Game = game
	c.Push(NewOnline(c))
}

// request is the ask the controls make.
func (p *Lobby) request() proto.PairRequest {
	tc := timeChoices[p.perMove]
	req := proto.PairRequest{Variant: logic.Variant(p.variant).String(), Players: p.players, PerMove: tc.perMove(),
		Clock: tc.clock, Increment: tc.inc, Rated: p.rated && p.canRate()}
	if p.fill && p.canFill() {
		req.Fill = pairFill
	}
	return req
}

func (p *Lobby) canRate() bool { return timeChoices[p.perMove].ratable() }
func (p *Lobby) canFill() bool { return p.players > 2 && !(p.rated && p.canRate()) }

// guestRun runs f away from the frame as this device's guest, and hands
// what it returns to the tick.
func (p *Lobby) guestRun(c *app.Context, f func(ctx context.Context, cl *client.Client) (func(*app.Context), error)) {
	if p.srv == "" {
		p.why = c.T("online.noserver")
		return
	}
	st, srv := c.Opts.Store, p.srv
	name := kit.KeptName(st)
	if name == "" {
		name = c.T("online.player")
	}
	p.busy, p.why = true, ""
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cl, err := kit.GuestOf(ctx, st, srv, name)
		var then func(*app.Context)
		if err == nil {
			then, err = f(ctx, cl)
		}
		p.done <- func(c *app.Context) {
			p.busy = false
			if err != nil {
				p.why = whyOf(c, err)
				return
			}
			then(c)
		}
	}()
}

// whyOf says a refusal in the player's language where it is a known one.
func whyOf(c *app.Context, err error) string {
	var o Online
	o.fail(c, err)
	return o.why
}

func (p *Lobby) find(c *app.Context) {
	req := p.request()
	p.guestRun(c, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		rep, err := cl.Pair(ctx, req)
		if err != nil {
			return nil, err
		}
		return func(c *app.Context) {
			p.waiting, p.asked = &proto.PairReply{Status: proto.PairWaiting}, req
			p.answer(c, rep, cl)
			p.wake()
		}, nil
	})
}

func (p *Lobby) cancelAsk(c *app.Context) {
	p.guestRun(c, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		rep, err := cl.PairCancel(ctx)
		if err != nil {
			return nil, err
		}
		return func(c *app.Context) {
			p.waiting = nil
			if rep.Status == proto.PairPaired && rep.Game != nil {
				p.openGame(c, rep.Game.Game) // paired before the cancel came
			}
		}, nil
	})
}

// join takes a seat of a listed game in one tap, and opens its table.
func (p *Lobby) join(c *app.Context, g proto.LobbyGame) {
	st := c.Opts.Store
	p.guestRun(c, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		rep, err := cl.Join(ctx, g.Invite)
		if err != nil {
			return nil, err
		}
		rememberJoined(st, g.Invite, rep.Game)
		return func(c *app.Context) { p.openGame(c, rep.Game) }, nil
	})
}

// watch opens a game under way read-only.
func (p *Lobby) watch(c *app.Context, g proto.LobbyGame) {
	p.stopFollowing()
	o := NewOnline(c).(*Online)
	o.startWatch(c, g.Watch)
	c.Push(o)
}

// Update takes up the answers and the taps.
func (p *Lobby) Update(c *app.Context) error {
	p.still = true
	for more := true; more; {
		select {
		case f := <-p.done:
			f(c)
			p.dirty = true
		default:
			more = false
		}
	}
	p.asking.Store(p.waiting != nil && !p.busy)
	if p.waiting != nil {
		if s := p.waited() / 1000; s != p.shown {
			p.shown, p.dirty = s, true
		}
	}
	if p.dirty || p.w != c.W || p.h != c.H {
		p.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		c.Pop()
		return nil
	}
	if b, ok := p.bs.Tapped(c.In.Pointer); ok {
		p.rows.Cancel()
		c.Sound.Play(sound.CueTap, 0, 0)
		p.dirty = true
		switch b.Act {
		case actLVariant:
			p.variant = b.Arg
		case actLPlayers:
			p.players = b.Arg
		case actLPerMove:
			p.perMove = b.Arg
		case actLRated:
			p.rated = !p.rated
		case actLFill:
			p.fill = !p.fill
		case actLFind:
			p.find(c)
		case actLCancel:
			p.cancelAsk(c)
		case actLBack:
			c.Pop()
		}
		return nil
	}
	pt := c.In.Pointer
	if pt.Pressed && (pt.Y < p.band[0] || pt.Y > p.band[1]) {
		return nil
	}
	b, ok := ui.ScrollOrTap(&p.scroll, &p.rows, pt, c.In.Wheel, 6*c.Scale, p.u, func() { p.layout(c) })
	if !ok || b.Arg < 0 || b.Arg >= len(p.items) || p.busy {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	switch b.Act {
	case actLJoin:
		p.join(c, p.items[b.Arg].game)
	case actLWatch:
		p.watch(c, p.items[b.Arg].game)
	}
	return nil
}

// waited is how long the ask has waited, in ms.
func (p *Lobby) waited() int64 {
	if p.waiting == nil || p.waiting.Since == 0 {
		return 0
	}
	return max(0, time.Now().UnixMilli()-p.waiting.Since)
}

// lobbyWords says a listed game: its variant, seats and clock, then its
// creator and their rating (provisional marked).
func lobbyWords(c *app.Context, g proto.LobbyGame, live bool) (string, string) {
	variant := g.Variant
	if v, err := logic.ParseVariant(g.Variant); err == nil {
		variant = c.Lang.Variants[v]
	}
	seats := c.F("lobby.seated", g.Seated, g.Players)
	if g.Seated == 0 { // the game asked for, not one listed
		seats = c.F("lobby.players", g.Players)
	}
	l1 := variant + " · " + seats + " · " + timeWords(c.Lang, g.PerMove, g.Clock, g.Increment)
	if g.Rated {
		l1 += " · " + c.T("lobby.ratedgame")
	}
	name := g.Creator
	if name == "" {
		name = c.T("online.player")
	}
	l2 := name
	if r := g.Rating; r != nil {
		key := "lobby.rating"
		if r.Provisional {
			key = "lobby.provisional"
		}
		l2 = c.F(key, name, int(math.Round(r.Rating)))
	}
	if live {
		l2 = c.F("lobby.startedby", l2)
	}
	return l1, l2
}

// timeWords says a game's clock: live (none), a game clock ("5 min",
// "5 min + 3 s") or a time per move in minutes or days ("1 day per
// move").
func timeWords(l *i18n.Lang, s, clock, inc int) string {
	switch {
	case clock > 0 && inc > 0:
		return l.F("online.clockinc", max(1, clock/60), inc)
	case clock > 0:
		return l.F("lobby.min", max(1, clock/60))
	case s <= 0:
		return l.T("online.live")
	case s < 24*3600:
		return l.F("online.permovewas", l.F("lobby.min", max(1, s/60)))
	case s < 2*24*3600:
		return l.F("online.permovewas", l.T("online.day"))
	}
	return l.F("online.permovewas", l.F("online.days", s/(24*3600)))
}

// layout places the page: the pairing controls and the list side by side
// where the screen is wide, one over the other where it is tall.
func (p *Lobby) layout(c *app.Context) {
	p.w, p.h, p.dirty, p.still = c.W, c.H, false, false
	u := ui.Unit(c.W, c.H)
	p.u = u
	w := math.Min(c.W-2*u, 24*u)
	x := (c.W - w) / 2
	y := 1.2*u - 0.65*0.9*u // the title's middle 1.2 units down (ui.Para: y is its room's top)
	bh := math.Max(1.2*u, ui.Target(c.Scale))
	gap := 0.2 * u
	p.bs.Reset()
	p.bs.TextH = 1.1 * u
	p.blocks = p.blocks[:0]
	cw := w // the pairing column
	wide := c.W > c.H && w >= 20*u
	if wide {
		cw = (w - u) / 2
	}
	text := func(s string, tx, size float64, col color.RGBA, bold bool, width float64) {
		b := ui.Para(c.Text, s, tx, y, width, size*u, col, bold)
		p.blocks = append(p.blocks, b)
		y += b.Height() + 0.35*u
	}
	row := func(n int, each func(i int, bx, bw float64)) {
		bw := (cw - float64(n-1)*gap) / float64(n)
		for i := range n {
			each(i, x+float64(i)*(bw+gap), bw)
		}
		y += bh + 0.35*u
	}
	text(c.T("lobby.title"), x, 0.9, render.Ink, true, w)
	top := y
	text(c.T("lobby.pair"), x, 0.55, render.Ink, true, cw)
	if p.waiting != nil {
		s := p.waited() / 1000
		text(c.F("lobby.searching", fmt.Sprintf("%d:%02d", s/60, s%60)), x, 0.6, render.Accent, true, cw)
		a := p.asked // the game asked for, as the list says a game
		l1, _ := lobbyWords(c, proto.LobbyGame{Variant: a.Variant, Players: a.Players, PerMove: a.PerMove,
			Clock: a.Clock, Increment: a.Increment, Rated: a.Rated}, false)
		text(l1, x, 0.5, render.Ink, false, cw)
		if p.waiting.Waiting > 0 {
			text(c.F("lobby.waiting", p.waiting.Waiting, p.waiting.Everyone), x, 0.5, render.Dim, false, cw)
		}
		if p.waiting.Fill > 0 {
			text(c.T("lobby.fillsoon"), x, 0.45, render.Dim, false, cw)
		}
		row(1, func(_ int, bx, bw float64) {
			p.bs.Add(ui.Button[lobbyAct]{X: bx, Y: y, W: bw, H: bh, Act: actLCancel, Label: c.T("lobby.cancel"), Off: p.busy})
		})
	} else {
		row(3, func(i int, bx, bw float64) {
			p.bs.Add(ui.Button[lobbyAct]{X: bx, Y: y, W: bw, H: bh, Act: actLVariant, Arg: i, Label: c.Lang.Variants[i], On: p.variant == i})
		})
		row(3, func(i int, bx, bw float64) {
			p.bs.Add(ui.Button[lobbyAct]{X: bx, Y: y, W: bw, H: bh, Act: actLPlayers, Arg: i + 2, Label: c.F("lobby.players", i+2), On: p.players == i+2})
		})
		// The time controls in two rows of three (live and the clocks,
		// then the days): six in one row leave a phone's button too
		// narrow for "3 giorni".
		for from, n := 0, len(timeChoices); from < n; from += 3 {
			row(min(3, n-from), func(i int, bx, bw float64) {
				k := from + i
				p.bs.Add(ui.Button[lobbyAct]{X: bx, Y: y, W: bw, H: bh, Act: actLPerMove, Arg: k, Label: timeChoices[k].label(c.Lang), On: p.perMove == k})
			})
		}
		// Rated is a word, "Computers after 1 min" four: two fifths and
		// three (halves left the French too narrow in a 640-px window).
		rw := (cw - gap) * 2 / 5
		p.bs.Add(ui.Button[lobbyAct]{X: x, Y: y, W: rw, H: bh, Act: actLRated, Label: c.T("lobby.rated"), On: p.rated && p.canRate(), Off: !p.canRate()})
		p.bs.Add(ui.Button[lobbyAct]{X: x + rw + gap, Y: y, W: cw - rw - gap, H: bh, Act: actLFill, Label: c.T("lobby.fill"), On: p.fill && p.canFill(), Off: !p.canFill()})
		y += bh + 0.35*u
		row(1, func(_ int, bx, bw float64) {
			p.bs.Add(ui.Button[lobbyAct]{X: bx, Y: y, W: bw, H: bh, Act: actLFind, Label: c.T("lobby.find"), On: true, Bold: true, Off: p.busy})
		})
	}
	if p.why != "" {
		text(p.why, x, 0.45, render.Accent, false, cw)
	}
	// Back at the bottom, under the list.
	by := c.H - bh - 0.5*u
	bw := math.Min(9*u, (w-u)/2)
	p.bs.Add(ui.Button[lobbyAct]{X: x + w - bw, Y: by, W: bw, H: bh, Act: actLBack, Label: c.T("online.back")})
	// The list: beside the controls, or under them.
	lx, lw := x, w
	if wide {
		lx, lw, y = x+cw+u, cw, top
	} else {
		y += 0.3 * u
	}
	status := ""
	switch {
	case p.srv == "":
		status = c.T("online.noserver")
	case p.list == nil && p.failed:
		status = c.T("online.err.network")
	case p.list == nil:
		status = c.T("lobby.loading")
	case len(p.list.Open)+len(p.list.Live) == 0:
		status = c.T("lobby.none")
	}
	text(c.T("lobby.playnow"), lx, 0.55, render.Ink, true, lw)
	if status != "" {
		text(status, lx, 0.45, render.Dim, false, lw)
	}
	p.band = [2]float64{y, by - 0.4*u}
	p.listLayout(c, lx, lw, bh)
}

// listLayout places the list's items in its band, scrolled.
func (p *Lobby) listLayout(c *app.Context, x, w, bh float64) {
	u := p.u
	p.items = p.items[:0]
	p.rows.Reset()
	p.rows.TextH = 1.1 * u
	if p.list != nil {
		for _, g := range p.list.Open {
			p.items = append(p.items, lobbyItem{game: g})
		}
		if len(p.list.Live) > 0 {
			p.items = append(p.items, lobbyItem{head: c.T("lobby.live")})
		}
		for _, g := range p.list.Live {
			p.items = append(p.items, lobbyItem{game: g, live: true})
		}
	}
	rh := math.Max(2.3*u, bh+0.9*u)
	full := 0.0
	for i := range p.items {
		it := &p.items[i]
		it.h = rh
		if it.head != "" {
			it.h = 1.1 * u
		}
		full += it.h + 0.25*u
	}
	p.scroll.Max = math.Max(0, full-(p.band[1]-p.band[0]))
	p.scroll.Off = math.Min(math.Max(0, p.scroll.Off), p.scroll.Max)
	y := p.band[0] - p.scroll.Off
	bw := math.Min(5*u, w/3)
	for i := range p.items {
		it := &p.items[i]
		it.y = y
		if it.head == "" {
			it.l1, it.l2 = lobbyWords(c, it.game, it.live)
			act, label := actLJoin, c.T("online.join")
			if it.live {
				act, label = actLWatch, c.T("online.watch")
			}
			p.rows.Add(ui.Button[lobbyAct]{X: x + w - bw, Y: y + (rh-bh)/2, W: bw, H: bh, Act: act, Arg: i, Label: label, On: !it.live})
		}
		y += it.h + 0.25*u
	}
	p.listX, p.listW = x, w-bw-0.3*u
}

// Draw draws the page: the list, then the controls and headings over it.
func (p *Lobby) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	u := p.u
	for _, it := range p.items {
		if it.y+it.h < p.band[0] || it.y > p.band[1] {
			continue
		}
		if it.head != "" {
			c.Text.Draw(screen, it.head, p.listX, it.y+it.h/2, 0.5*u, render.Ink, render.AlignLeft, true)
			continue
		}
		c.Text.Draw(screen, it.l1, p.listX, it.y+it.h*0.34, c.Text.Fit(it.l1, 0.5*u, p.listW, false), render.Ink, render.AlignLeft, false)
		c.Text.Draw(screen, it.l2, p.listX, it.y+it.h*0.7, c.Text.Fit(it.l2, 0.45*u, p.listW, false), render.Dim, render.AlignLeft, false)
	}
	p.rows.Draw(screen, c.Kit())
	// What scrolled out of the band is covered again.
	c.Sprites.FillPageOf(screen.SubImage(rectOf(p.listX-u, 0, c.W, p.band[0])).(*ebiten.Image), c.W, c.H)
	c.Sprites.FillPageOf(screen.SubImage(rectOf(p.listX-u, p.band[1], c.W, c.H)).(*ebiten.Image), c.W, c.H)
	for i := range p.blocks {
		p.blocks[i].Draw(screen, c.Text)
	}
	p.bs.Draw(screen, c.Kit())
}

// Fits lists the texts with their room, for the fit test.
func (p *Lobby) Fits(c *app.Context) []ui.Fit { return append(p.bs.Fits(), p.rows.Fits()...) }
