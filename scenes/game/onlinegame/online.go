package onlinegame

import (
	"image"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/lesson"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/input"
	"shiftago/scenes/online"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
	"shiftago/scenes/table"
)

// Screen is an online game at this screen's table: the same table,
// hand, animations and sounds as a game here, with the seats this device
// does not hold played by the Link (their moves carried in from the
// tray), the seats' cards named after their players and marked when
// they are away, a quiet "Reconnecting…" while the connection is lost,
// and no undo. Leaving ends the session; the game stays on the server.
type Screen struct {
	t        *table.Table
	link     *online.Link
	leave    func()
	bs       ui.Buttons[onlineAct] // the menu button
	items    ui.Buttons[onlineAct] // the menu's items, while it is open
	ask      ui.Buttons[onlineAct] // the prompt's answers, while one is shown
	open     bool                  // the menu is open
	menu     int                   // which: menuMain, menuPhrases, menuSeat (of seatMenu's player)
	seatMenu int
	sure     bool // the player is asked to confirm resigning

	prompt []string // the prompt's lines (none: no prompt)
	// The prompt's panel and answers, laid out for promptKey (a panel
	// in the room the table leaves; the cards hidden, cardsHidden, where
	// it needs theirs).
	panel       lesson.Panel
	answers     []layout.Rect
	promptKey   promptKey
	cardsHidden bool
	asked       online.Offer
	told        play.Message // what the status line says for a while: an offer refused, a takeback
	toldSaid    string       // told in the language shown (put into words each tick: the language may change)
	toldUntil   int          // the tick it stops
	rematch     chan func(*app.Context)
	opening     bool // the rematch is being opened

	ply      int    // the server's ply of the table's last move
	mark     string // the line over the table: reconnecting, waiting
	myTurn   bool
	shownPly int   // the server's ply of the last remote move whose animation began
	shownAt  int64 // when (ms since 1970): the measure of a move's way here
	shown    int   // remote moves whose animation began at this table: each once
	madePly  int   // the server's ply of the last move made at this table
	madeAt   int64 // when it was made (the marble let go, or touching with touch-commit)
	notice   string
	clocks   seatClocks // each seat's time, in a game with a time per move

	// still: nothing on the screen changes by itself now (Still); drawn:
	// what of the screen's own (beside the table's) the last frame showed.
	still bool
	drawn struct {
		open, sure bool
		prompt     []string
		bubbles    []bubble
	}
	bubbles []bubble // the quick messages by the seats now
}

// New seats the Link at a new table of its game.
func New(c *app.Context, l *online.Link, leave func()) (app.Scene, error) {
	g := &Screen{link: l, leave: leave, rematch: make(chan func(*app.Context), 1)}
	if err := g.table(c); err != nil {
		return nil, err
	}
	if len(l.Server().Seats) > 0 {
		c.RememberTable(l.Game()) // a player's, not a spectator's: a reload comes back here
	}
	return g, nil
}

// Closed implements app.Closer: however the table was closed (Leave, a
// rematch's table in its place, or another screen sweeping it away), its
// connection and session end, once.
func (g *Screen) Closed(c *app.Context) { g.quit() }

// quit ends the Link and its session; the second call does nothing.
func (g *Screen) quit() {
	if g.leave != nil {
		g.leave()
		g.leave = nil
	}
}

// table builds the table of the game as it stands on the server.
func (g *Screen) table(c *app.Context) error {
	s, err := g.link.Table(c.Setup)
	if err != nil {
		return err
	}
	t := table.NewTable(c, s)
	if err := g.link.Seat(t.Ctl); err != nil {
		return err
	}
	t.Elsewhere = true
	g.t = t
	return nil
}

// PagePhase implements app.PageScene, as the game screen names phases.
func (g *Screen) PagePhase() string {
	switch g.t.Ctl.Phase() {
	case play.Showing:
		return "animating"
	case play.Over:
		return "over"
	}
	if g.t.Ctl.Thinking() || !g.link.Playing() {
		return "thinking" // somebody elsewhere is to move, or the seats are not all taken
	}
	return "playing"
}

// PageStatus implements app.PageStatus.
func (g *Screen) PageStatus() string { return g.t.Status() }

// HidesCards reports whether the seats' cards make room for the prompt
// (tests: their trays are then not shown).
func (g *Screen) HidesCards() bool { return g.t.HideCards }

// PromptArea is the prompt's panel (empty without one), for tests.
func (g *Screen) PromptArea() layout.Rect {
	if len(g.prompt) == 0 {
		return layout.Rect{}
	}
	return g.panel.R
}

// PageGeometry implements app.PageBoard.
func (g *Screen) PageGeometry() *layout.Geometry { return g.t.Geometry() }

// PageMatch implements app.PageBoard.
func (g *Screen) PageMatch() *play.Match { return g.t.Match() }

// PageButtons implements app.PageButtons: the menu button, the menu's
// items while it is open, the prompt's answers while one is shown.
func (g *Screen) PageButtons() []ui.Info {
	out := g.bs.Infos()
	if g.open {
		out = append(out, g.items.Infos()...)
	}
	return append(out, g.ask.Infos()...)
}

// OpenMenu opens the menu (for screenshots and tests).
func (g *Screen) OpenMenu() { g.open = true }

// PageOnline implements app.PageOnline.
func (g *Screen) PageOnline() map[string]any {
	st := g.link.Server()
	mine := ""
	for _, s := range st.Seats {
		mine += string(rune('0' + s))
	}
	arrived, arrivedAt := g.link.Arrived()
	return map[string]any{
		"arrivedPly": arrived, "arrivedAt": float64(arrivedAt),
		"stage": "table", "game": g.link.Game(), "state": [...]string{"connected", "reconnecting", "closed", "signedout"}[g.link.State()],
		"playing": g.link.Playing(), "pending": g.link.Pending(), "ply": st.Ply(), "status": string(st.Status),
		"said": len(g.bubbles), "menuKind": g.menu,
		"mine": mine, "shownPly": g.shownPly, "shownAt": float64(g.shownAt), "shownMoves": g.shown,
		"madePly": g.madePly, "madeAt": float64(g.madeAt), "notice": g.notice, "mark": g.mark,
		"conflicts": g.link.Conflicts(), "myTurn": g.myTurn,
		"menu": g.open, "sure": g.sure, "asked": g.asked.Kind, "offers": offerKinds(g.link.Offers()),
		"told": g.toldSaid, "rematch": g.link.Rematch(), "result": st.Result, "why": st.Why,
		"table": tableInfo(st.Table), "watching": g.watching(), "names": g.seatNames(),
	}
}

// Update runs one tick: the server's moves onto the table, then the
// table as a game here runs it.
func (g *Screen) Update(c *app.Context) error {
	g.still = false
	l := g.link
	if l.NeedsTable() {
		if err := g.table(c); err != nil {
			c.Notify(err.Error())
		}
	}
	if g.takeRematch(c) {
		return nil
	}
	// The table first, so that the menu and the prompt are placed on
	// this tick's board (after a turn of the phone the prompt stood on
	// the last orientation's board, half off the screen).
	g.t.Relayout(c)
	g.layout(c)
	if g.controls(c) {
		return nil // left
	}
	l.Step(g.t.Ctl)
	if st := l.Server(); st.Status == proto.StatusFinished && !st.Pos.Over() {
		if ph := g.t.Ctl.Phase(); ph != play.Showing && ph != play.Over && !g.t.Animating() {
			// Resigned or out of time: nobody here is to move any more.
			g.t.Ctl.EndOffBoard()
		}
	}
	in := &c.In
	if g.watching() && in.Pressed && g.t.View.Geo.Board.Contains(in.At()) && !g.open {
		// A drag of a spectator moves nothing: say why rather than ignore it.
		c.Notify(c.T("online.watchonly"))
	}
	if !l.Playing() || g.open || g.sure || len(g.prompt) > 0 {
		// No move while seats are free, the game is over on the server,
		// or the menu or a question is over the table.
		in = &input.Input{}
	}
	t := g.t
	before := len(t.Match().Moves)
	mover := t.Match().Pos.ToMoveSeat()
	animating := t.Animating()
	t.Update(c, in)
	m := t.Match()
	if len(m.Moves) > before && !animating && t.Animating() && !l.Mine(mover) {
		// The first frame of a remote move's animation: the end of its way
		// here, for the measure (the page API's shownAt).
		g.shownPly, g.shownAt = l.Server().Ply(), time.Now().UnixMilli()
		g.shown++
	} else if len(m.Moves) > before && l.Mine(mover) {
		g.madePly, g.madeAt = l.Server().Ply()+1, time.Now().UnixMilli()
	}
	g.say(c)
	g.bubbles = g.bubblesNow(c)
	for _, n := range l.Notices() {
		switch n.Key {
		case "online.declined.takeback", "online.declined.draw", "online.declined.rematch", "online.tookback", "online.cannot":
			// Told on the status line, for a few seconds.
			g.told, g.toldUntil = n, c.Tick+4*60
			g.toldSaid = c.Say(n)
			g.notice = g.toldSaid
		default:
			g.notice = c.Say(n)
			c.NotifyUntilTap(g.notice)
		}
	}
	g.still = g.stillNow(c)
	return nil
}

// seatClocks are the seats' times in words, as their cards show them in
// a game with a time per move, and what they were put into words for.
// They are put into words again only when the second, the ply, the
// deadline or the language changed: between two, the cards (and so the
// screen) stand still, and the words change on the card at most once a
// second (once a minute while more than a minute is left).
type seatClocks struct {
	key   clockKey
	words [4]string
}

// clockKey is what the seats' clocks' words depend on.
type clockKey struct {
	sec, deadline int64
	ply, perMove  int
	clock         int // the game clock's seconds: its seats show minutes and seconds
	lang          any // c.Lang: another language says them again
}

// clocksNow are the words of each seat's time now: the seat to move the
// time it has left, every other seat the time it will have for its next
// move (the game's time per move, as a correspondence clock shows it).
// None in a game without a time per move, or not being played.
func (g *Screen) clocksNow(c *app.Context, st client.State) *[4]string {
	if (st.PerMove <= 0 && st.Clock <= 0) || st.Status != proto.StatusPlaying || st.Pos.Over() {
		g.clocks = seatClocks{}
		return &g.clocks.words
	}
	now := time.Now().UnixMilli()
	k := clockKey{sec: now / 1000, deadline: st.Deadline, ply: st.Ply(), perMove: st.PerMove, clock: st.Clock, lang: c.Lang}
	if k == g.clocks.key {
		return &g.clocks.words
	}
	g.clocks.key = k
	mover := st.Pos.ToMoveSeat()
	if st.Clock > 0 {
		g.clocks.words = online.GameClocks(st.Clocks, st.Table, mover, st.Deadline, now)
		return &g.clocks.words
	}
	for i := range g.clocks.words {
		deadline := now + int64(st.PerMove)*1000 // a whole move's time
		if i == mover {
			deadline = st.Deadline
		}
		g.clocks.words[i] = ""
		if m, ok := online.TimeLeft(deadline, now); ok && i < st.Pos.Players() {
			g.clocks.words[i] = c.Say(m)
		}
	}
	return &g.clocks.words
}

// seatNames are the seats' cards' names, for the page API: "Ann|Bob".
func (g *Screen) seatNames() string {
	ns := make([]string, g.t.Match().Pos.Players())
	for i := range ns {
		ns[i] = g.t.SeatName(i)
	}
	return strings.Join(ns, "|")
}

// watching reports whether this device only watches the game: it holds
// no seat.
func (g *Screen) watching() bool { return len(g.link.Server().Seats) == 0 }

// say names the seats after their players, marks the away ones, and
// says on the status line what the table waits for: the connection, the
// players still to come, or the player to move, by name.
func (g *Screen) say(c *app.Context) {
	l, t := g.link, g.t
	st := l.Server()
	name := func(s proto.SeatInfo) string {
		if s.Name == "" || s.Name == c.T("online.player") {
			return c.Lang.Colors[st.Pos.SeatColor(s.Seat)] // nobody named: the colour
		}
		return s.Name
	}
	clocks := g.clocksNow(c, st)
	for _, s := range st.Table {
		if s.Seat < 0 || s.Seat >= st.Pos.Players() {
			continue
		}
		n := name(s)
		switch s.Kind {
		case proto.SeatOpen:
			n = c.T("online.freeseat")
		case proto.SeatComputer:
			n = c.F("online.computerseat", c.Lang.Level(max(1, s.Level)))
		default:
			if !s.Connected && !l.Mine(s.Seat) {
				n = c.F("online.away", n)
			}
		}
		if left := clocks[s.Seat]; left != "" {
			n += " · " + left // a game with a time per move: each seat's time
		}
		t.NameSeat(s.Seat, n)
	}
	g.mark = ""
	mine := func(kind string) bool {
		for _, o := range l.Offers() {
			if o.Kind == kind && slices.ContainsFunc(o.Seats, l.Mine) {
				return true
			}
		}
		return false
	}
	g.toldSaid = ""
	if c.Tick < g.toldUntil {
		g.toldSaid = c.Say(g.told)
	}
	switch {
	case l.State() == online.SignedOut:
		g.mark = c.T("online.signedout")
	case l.State() == online.Reconnecting:
		g.mark = c.T("online.reconnecting")
	case g.toldSaid != "":
		g.mark = g.toldSaid
	case mine(proto.OfferTakeback):
		g.mark = c.T("online.offered.takeback")
	case mine(proto.OfferDraw):
		g.mark = c.T("online.offered.draw")
	case mine(proto.OfferRematch):
		g.mark = c.T("online.offered.rematch")
	case st.Pos.Over() && t.Ctl.Phase() == play.Over:
		// The winner by name where the players have names ("Ana wins!"),
		// where the table here says the colour.
		if r := st.Pos.Result(); r.State == logic.Won {
			for _, s := range st.Table {
				if s.Seat >= 0 && s.Seat < st.Pos.Players() && st.Pos.SeatColor(s.Seat) == r.Winner && s.Kind == proto.SeatHuman {
					g.mark = c.F("status.wins", name(s))
				}
			}
		}
	case st.Status == proto.StatusFinished && !st.Pos.Over():
		g.mark = g.overWords(c, st, name)
	case st.Status == proto.StatusOpen:
		g.mark = c.T("online.waitjoin")
	case st.Status == proto.StatusPlaying && !st.Pos.Over() && !st.MyTurn() && t.Ctl.Phase() == play.Playing:
		who := st.Pos.ToMoveSeat()
		for _, s := range st.Table {
			if s.Seat == who && s.Kind == proto.SeatHuman {
				g.mark = c.F("online.waitingfor", name(s))
			}
		}
	}
	if g.watching() {
		// A spectator sees that they watch, beside what the table waits for.
		if g.mark == "" {
			g.mark = c.T("online.watching")
		} else {
			g.mark = c.T("online.watching") + " · " + g.mark
		}
	}
	if g.mark != "" {
		t.Announce(c, g.mark)
	}
	// Your turn: a gentle sound and the tab's title, once.
	my := st.Status == proto.StatusPlaying && st.MyTurn() && st.Synced
	if my != g.myTurn {
		g.myTurn = my
		if my {
			c.Sound.Play(sound.CueTap, 0, 0)
			app.SetPageTitle("● "+c.T("online.yourturn")+" · Shiftago", 1)
			g.tellTurn(c, st, name)
		} else {
			app.SetPageTitle("Shiftago", 0)
		}
	}
}

// Still implements app.Still: an online table whose player waits (for a
// move from elsewhere, or to make one) with nothing moving draws nothing
// new, as a game here does; a move, a name, a mark or a notice coming in
// draws again.
func (g *Screen) Still() bool { return g.still }

// stillNow reports whether the screen would draw now what it drew last.
func (g *Screen) stillNow(c *app.Context) bool {
	return g.t.Still() && g.t.Unchanged(c, g.screenKey()) &&
		g.open == g.drawn.open && g.sure == g.drawn.sure && slices.Equal(g.prompt, g.drawn.prompt) &&
		slices.Equal(g.bubbles, g.drawn.bubbles)
}

// screenKey is the online screen's part of the table's frame key: the
// menu button, open or not.
func (g *Screen) screenKey() table.ScreenKey { return table.ScreenKey{Open: g.open} }

// Dirty implements app.Partial: while only marbles roll, the part they
// roll in (Table.Dirty); with the menu or a question open, all.
func (g *Screen) Dirty(c *app.Context) (image.Rectangle, bool) {
	if g.open || g.sure || len(g.prompt) > 0 || len(g.drawn.prompt) > 0 || g.drawn.open || g.drawn.sure || len(g.bubbles) > 0 || len(g.drawn.bubbles) > 0 {
		return image.Rectangle{}, false
	}
	return g.t.Dirty(c, g.screenKey())
}

// Draw draws the table, the menu and the prompt.
func (g *Screen) Draw(screen *ebiten.Image, c *app.Context) {
	defer func() {
		g.t.Drawn(c, g.screenKey())
		g.drawn.open, g.drawn.sure = g.open, g.sure
		g.drawn.prompt = append(g.drawn.prompt[:0], g.prompt...)
		g.drawn.bubbles = append(g.drawn.bubbles[:0], g.bubbles...)
	}()
	g.t.Draw(screen, c)
	k := c.Kit()
	g.drawBubbles(screen, c)
	ui.DrawMenuButton(screen, k, g.t.View.Geo.Menu, g.open)
	if g.open {
		ui.DrawMenuItems(screen, k, g.items.List)
	}
	if len(g.prompt) > 0 {
		table.DrawPanelBox(screen, c, &g.panel, render.Accent)
		g.ask.Draw(screen, k)
	}
}
