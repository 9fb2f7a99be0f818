package lobby

import (
	"context"
	"errors"
	"image"
	"math"
	"strings"
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
	"shiftago/scenes/online"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
	"shiftago/scenes/sound"
)

// myGamesAct is a control of the My games page.
type myGamesAct uint8

const (
	actMGGame    myGamesAct = iota // Arg: the row, from 1
	actMGRefresh                   // fetch the list now
	actMGNotify                    // the your-turn notices, on or off
	actMGBack
)

func (a myGamesAct) String() string { return [...]string{"game", "refresh", "notify", "back"}[a] }

// MyGames lists this device's online games: the player's move first
// (with the time left on the move clock), then the games waiting for
// others, the open ones (with the invite code) and the finished ones
// (with the result). A tap opens a game the way its link does. The list
// is fetched by an online.Watcher on its own goroutine when the page
// shows and every 30 s while it shows; the frame only reads the last
// list. Offline, the list kept on the device is shown, and said to be.
type MyGames struct {
	watch  *online.Watcher
	server string
	bar    ui.Buttons[myGamesAct] // refresh, notify, back: over the rows
	rows   ui.Buttons[myGamesAct] // one a game
	scroll ui.Scroll
	head   []ui.TextBlock
	texts  []rowText // what each row says
	snap   online.Snapshot
	w, h   float64
	u      float64
	dirty  bool
	still  bool
	clock  int64      // the time-left texts' unit (s or min) the rows were laid out in
	band   [2]float64 // the rows' band, top and bottom (they scroll within it)
	status string     // the line under the title: loading, offline, empty
	titled int        // the number of games of the player's move in the tab's title
	notify bool       // the your-turn notices are on
	asked  chan string
}

// rowText is what a row of the list says and shows.
type rowText struct {
	state string // your move and the time left, waiting for…, the result
	who   string // the variant, the opponents and their colours
	cols  []logic.Color
	mine  bool // the player's move: in bold
}

// NewMyGames opens the page.
func NewMyGames(c *app.Context) app.Scene {
	m := &MyGames{server: c.ServerAddress(), dirty: true, titled: -1, asked: make(chan string, 1)}
	st, srv, lang := c.Opts.Store, m.server, c.Lang
	fetch := func(ctx context.Context) ([]proto.GameReply, error) {
		cl := kit.KeptClient(st, srv)
		if cl == nil {
			return nil, nil // no guest on this device: no games yet
		}
		return cl.Games(ctx)
	}
	if srv == "" {
		fetch = func(context.Context) ([]proto.GameReply, error) { return nil, errNoServer }
	}
	m.watch = online.NewWatcher(fetch, st, srv, nil, func(g proto.GameReply) {
		// On the watcher's goroutine: the system notice (its own browser
		// call); the sound and the title are the tick's.
		online.TellTurn(st, lang.T("online.yourturn")+" · Shiftago", noticeBody(lang, g), g.Game, false)
	})
	m.snap = m.watch.Snapshot()
	m.watch.Show()
	return m
}

var errNoServer = errors.New("no game server")

// noticeBody is the notice's text: the game and the opponents.
func noticeBody(l *i18n.Lang, g proto.GameReply) string {
	_, who := gameWords(l, g)
	return l.F("mygames.notice", who.variant, strings.Join(who.names, ", "))
}

// PagePhase implements app.PageScene.
func (m *MyGames) PagePhase() string { return "mygames" }

// PageButtons implements app.PageButtons.
func (m *MyGames) PageButtons() []ui.Info { return append(m.bar.Infos(), m.rows.Infos()...) }

// PageOnline implements app.PageOnline: the list as shown, each game as
// id:group, in order.
func (m *MyGames) PageOnline() map[string]any {
	var list []string
	mine := 0
	for _, g := range m.snap.Games.List {
		list = append(list, g.Game+":"+online.GroupOf(g).String())
		if online.GroupOf(g) == online.GroupYourMove {
			mine++
		}
	}
	return map[string]any{"stage": "mygames", "games": strings.Join(list, ","), "count": len(list), "yourmove": mine,
		"live": m.snap.Live, "fetched": m.snap.Fetched, "at": float64(m.snap.Games.At), "status": m.status,
		"notify": m.notify, "permission": online.NotifyPermission()}
}

// Still implements app.Still: the page waits, unless the list or the
// clock changed this tick.
func (m *MyGames) Still() bool { return m.still }

// Resume implements app.Resumer: back from a game, the list is fetched
// again at once (what was told meanwhile was the game screen's to tell).
func (m *MyGames) Resume(c *app.Context) {
	m.watch.SetOpen("")
	m.watch.Turns()
	m.watch.Show()
	m.dirty = true
}

// leave closes the page.
func (m *MyGames) leave(c *app.Context) { c.Pop() }

// Closed implements app.Closer: the watcher stops fetching and the tab's
// title forgets the turns, however the page was closed (Back, Escape, or
// a screen that replaced it: a notice opening its game).
func (m *MyGames) Closed(c *app.Context) {
	m.watch.Hide()
	app.SetPageTitle("Shiftago", 0)
}

// Update takes up the last list and the taps.
func (m *MyGames) Update(c *app.Context) error {
	m.still = true
	if m.watch.Ver() != m.snap.Ver {
		m.snap, m.dirty = m.watch.Snapshot(), true
	}
	if len(m.watch.Turns()) > 0 {
		c.Sound.Play(sound.CueTap, 0, 0) // a turn came round in a game not on screen
	}
	select {
	case p := <-m.asked:
		if p == "granted" {
			_ = online.ChooseNotify(c.Opts.Store, true)
		}
		m.dirty = true
	default:
	}
	now := time.Now().UnixMilli()
	if m.dirty || m.w != c.W || m.h != c.H || m.clockUnit(now) != m.clock {
		m.layout(c, now)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		m.leave(c)
		return nil
	}
	if b, ok := m.bar.Tapped(c.In.Pointer); ok {
		m.rows.Cancel()
		c.Sound.Play(sound.CueTap, 0, 0)
		switch b.Act {
		case actMGRefresh:
			m.watch.Show()
		case actMGNotify:
			m.toggleNotify(c)
		case actMGBack:
			m.leave(c)
		}
		return nil
	}
	p := c.In.Pointer
	if p.Pressed && (p.Y < m.band[0] || p.Y > m.band[1]) {
		return nil // over the title or the bar: not a row's
	}
	b, ok := ui.ScrollOrTap(&m.scroll, &m.rows, c.In.Pointer, c.In.Wheel, 6*c.Scale, m.u, func() { m.layout(c, now) })
	if !ok || b.Act != actMGGame || b.Arg < 1 || b.Arg > len(m.snap.Games.List) {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	id := m.snap.Games.List[b.Arg-1].Game
	m.watch.SetOpen(id)
	c.Opts.Online.Game = id // as the game's link opens it
	c.Push(c.Screens.Online(c))
	return nil
}

// toggleNotify turns the your-turn notices on (asking the browser, in
// this tick of the tap, if it was never asked) or off.
func (m *MyGames) toggleNotify(c *app.Context) {
	st := c.Opts.Store
	switch perm := online.NotifyPermission(); {
	case online.NotifyChosen(st) && perm == "granted":
		_ = online.ChooseNotify(st, false)
	case perm == "granted":
		_ = online.ChooseNotify(st, true)
	case perm == "default":
		online.AskNotify(func(p string) {
			select {
			case m.asked <- p:
			default:
			}
		})
	}
	m.dirty = true
}

// clockUnit is the unit the time-left texts change in at now: the
// second while a clock shows seconds, else the minute.
func (m *MyGames) clockUnit(now int64) int64 {
	for _, g := range m.snap.Games.List {
		if g.Deadline > 0 && g.Status == proto.StatusPlaying && g.Deadline-now < 61_000 && g.Deadline > now-1000 {
			return now / 1000
		}
	}
	return now / 60_000
}

// who is what a row says of a game's players.
type who struct {
	variant string
	names   []string // the opponents, "Name (Colour)"
	cols    []logic.Color
	byseat  map[int]string
}

// gameWords says a game's state line and its players, in l.
func gameWords(l *i18n.Lang, g proto.GameReply) (state string, w who) {
	w.variant = g.Variant
	if v, err := logic.ParseVariant(g.Variant); err == nil {
		w.variant = l.Variants[v]
	}
	w.byseat = map[int]string{}
	for _, s := range g.Table {
		col, ok := logic.ColorOf(s.Color[0])
		name := ""
		switch s.Kind {
		case proto.SeatComputer:
			name = l.F("online.computerseat", l.Level(max(1, s.Level)))
		case proto.SeatOpen:
			name = l.T("online.freeseat")
		default:
			name = s.Name
			if name == "" {
				name = l.T("online.player")
			}
		}
		w.byseat[s.Seat] = name
		if !ok {
			continue
		}
		for _, o := range online.Opponents(g) {
			if o.Seat == s.Seat {
				w.names = append(w.names, l.F("mygames.seat", name, l.Colors[col]))
				w.cols = append(w.cols, col)
			}
		}
	}
	return "", w
}

// rowWords is what row g says at now.
func rowWords(l *i18n.Lang, g proto.GameReply, now int64) rowText {
	_, w := gameWords(l, g)
	r := rowText{who: w.variant, cols: w.cols}
	if len(w.names) > 0 {
		r.who += " · " + strings.Join(w.names, ", ")
	}
	if g.PerMove > 0 || g.Clock > 0 { // a live game says nothing of a clock
		r.who += " · " + timeWords(l, g.PerMove, g.Clock, g.Increment)
	}
	left := ""
	if msg, ok := online.TimeLeft(g.Deadline, now); ok {
		left = " · " + play.Say(l, msg)
	}
	switch online.GroupOf(g) {
	case online.GroupYourMove:
		r.state, r.mine = l.T("online.yourturn")+left, true
	case online.GroupWaiting:
		r.state = l.T("mygames.others") + left
		for _, s := range g.Table {
			if s.Seat == g.ToMove && s.Kind == proto.SeatHuman {
				r.state = l.F("online.waitingfor", w.byseat[s.Seat]) + left
			}
		}
	case online.GroupOpen:
		r.state = l.T("online.waitjoin")
		if g.Invite != "" {
			r.state = l.F("mygames.open", g.Invite)
		}
	default:
		key, winner := online.Outcome(g)
		r.state = l.T(key)
		if winner >= 0 {
			r.state = l.F(key, w.byseat[winner])
		}
	}
	return r
}

// layout places the page for c's size at time now (ms).
func (m *MyGames) layout(c *app.Context, now int64) {
	m.w, m.h, m.dirty, m.still = c.W, c.H, false, false
	m.clock = m.clockUnit(now)
	u := ui.Unit(c.W, c.H)
	m.u = u
	w := math.Min(c.W-2*u, 24*u)
	x := (c.W - w) / 2
	y := 1.2*u - 0.65*0.9*u // the title's middle 1.2 units down (ui.Para: y is its room's top)
	bh := math.Max(1.2*u, ui.Target(c.Scale))
	// The marbles of the opponents' colours, at the title screen's size
	// (no repainting between the two).
	c.Sprites.Ensure(int(math.Max(1.1*u, ui.Target(c.Scale)) * 0.8))
	m.head = m.head[:0]
	m.status = m.statusLine(c)
	for _, p := range []struct {
		s    string
		size float64
		bold bool
	}{{c.T("mygames.title"), 0.9, true}, {m.status, 0.5, false}} {
		if p.s == "" {
			continue
		}
		col := render.Ink
		if !p.bold {
			col = render.Dim
		}
		b := ui.Para(c.Text, p.s, x, y, w, p.size*u, col, p.bold)
		m.head = append(m.head, b)
		y += b.Height() + 0.4*u
	}
	// The bar at the bottom: the notices' toggle (in a browser that has
	// them) over Refresh and Back.
	m.bar.Reset()
	m.bar.TextH = 1.1 * u
	by := c.H - bh - 0.5*u
	bw := math.Min(9*u, (w-u)/2)
	m.bar.Add(ui.Button[myGamesAct]{X: x, Y: by, W: bw, H: bh, Act: actMGRefresh, Label: c.T("mygames.refresh")})
	m.bar.Add(ui.Button[myGamesAct]{X: x + w - bw, Y: by, W: bw, H: bh, Act: actMGBack, Label: c.T("online.back")})
	bottom := by - 0.4*u
	m.notify = online.NotifyOn(c.Opts.Store)
	if perm := online.NotifyPermission(); perm != "" {
		b := ui.Button[myGamesAct]{X: x, Y: by - bh - 0.3*u, W: w, H: bh, Act: actMGNotify, Label: c.T("mygames.notify")}
		switch {
		case perm == "denied":
			b.Label, b.Off = c.T("mygames.blocked"), true
		case perm == "granted" && online.NotifyChosen(c.Opts.Store):
			b.Label, b.On = c.T("mygames.notifyon"), true
		}
		m.bar.Add(b)
		bottom = b.Y - 0.4*u
	}
	// The rows, in the band between the title and the bar; they scroll.
	m.band = [2]float64{y, bottom}
	rh := math.Max(2.3*u, bh+0.9*u)
	m.texts = m.texts[:0]
	m.rows.Reset()
	list := m.snap.Games.List
	full := float64(len(list))*(rh+0.25*u) - 0.25*u
	m.scroll.Max = math.Max(0, full-(bottom-y))
	m.scroll.Off = math.Min(math.Max(0, m.scroll.Off), m.scroll.Max)
	for i, g := range list {
		ry := y - m.scroll.Off + float64(i)*(rh+0.25*u)
		m.rows.Add(ui.Button[myGamesAct]{X: x, Y: ry, W: w, H: rh, Act: actMGGame, Arg: i + 1})
		m.texts = append(m.texts, rowWords(c.Lang, g, now))
	}
	n := 0
	for _, g := range list {
		if online.GroupOf(g) == online.GroupYourMove {
			n++
		}
	}
	if n != m.titled {
		m.titled = n
		if n > 0 {
			app.SetPageTitle("● "+c.T("online.yourturn")+" · Shiftago", n)
		} else {
			app.SetPageTitle("Shiftago", 0)
		}
	}
}

// statusLine says where the list comes from when it is not simply the
// server's: fetching, offline (and since when), none yet.
func (m *MyGames) statusLine(c *app.Context) string {
	s := m.snap
	switch {
	case m.server == "":
		return c.T("online.noserver")
	case !s.Fetched && s.Games.At == 0:
		return c.T("mygames.loading")
	case !s.Live && s.Games.At != 0:
		return c.F("mygames.offline", time.UnixMilli(s.Games.At).Format("2006-01-02 15:04"))
	case !s.Live:
		return c.T("online.err.network")
	case len(s.Games.List) == 0:
		return c.T("mygames.empty") + ". " + c.T("mygames.emptyhint")
	}
	return ""
}

// Draw draws the page: the rows, then the title and the bar over them.
func (m *MyGames) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	m.rows.Draw(screen, c.Kit())
	u := m.u
	for i, b := range m.rows.List {
		if b.Y+b.H < m.band[0] || b.Y > m.band[1] || i >= len(m.texts) {
			continue
		}
		t := &m.texts[i]
		d := 0.9 * u // a marble of each opponent's colour at the right
		room := b.W - 0.8*u - float64(len(t.cols))*d
		for k, col := range t.cols {
			c.Sprites.MarbleScaled(screen, col, b.X+b.W-0.4*u-d/2-float64(len(t.cols)-1-k)*d, b.Y+b.H/2, 0.8*d/math.Max(1, float64(c.Sprites.Diameter())))
		}
		s1, s2 := 0.55*u, 0.42*u
		col := render.Ink
		if t.mine {
			col = render.Accent
		}
		c.Text.Draw(screen, t.state, b.X+0.4*u, b.Y+b.H*0.34, c.Text.Fit(t.state, s1, room, t.mine), col, render.AlignLeft, t.mine)
		c.Text.Draw(screen, t.who, b.X+0.4*u, b.Y+b.H*0.7, c.Text.Fit(t.who, s2, room, false), render.Dim, render.AlignLeft, false)
	}
	// The title and the bar stand over the rows scrolled under them.
	top := screen.SubImage(rectOf(0, 0, c.W, m.band[0])).(*ebiten.Image)
	c.Sprites.FillPageOf(top, c.W, c.H)
	bot := screen.SubImage(rectOf(0, m.band[1], c.W, c.H)).(*ebiten.Image)
	c.Sprites.FillPageOf(bot, c.W, c.H)
	for i := range m.head {
		m.head[i].Draw(screen, c.Text)
	}
	m.bar.Draw(screen, c.Kit())
}

func rectOf(x0, y0, x1, y1 float64) image.Rectangle {
	return image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
}

// Fits lists the texts with their room, for the fit test.
func (m *MyGames) Fits(c *app.Context) []ui.Fit { return m.bar.Fits() }

// startOpen opens a game this device's guest holds a seat of, by its id:
// what a row of My games and the link of a your-turn notice (?game=)
// open.
func (o *Online) startOpen(c *app.Context, game string) {
	st := c.Opts.Store
	o.run(c, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		return o.tableOf(ctx, cl, st, game)
	})
}

// tableOf opens the game's session and Link, away from the frame, and
// hands the tick what opens its table.
func (o *Online) tableOf(ctx context.Context, cl *client.Client, st saves.Store, game string) (func(*app.Context), error) {
	sess, l, err := openLink(ctx, cl, st, game)
	if err != nil {
		return nil, err
	}
	return func(c *app.Context) {
		o.sess, o.link = sess, l
		o.toTable(c)
	}, nil
}
