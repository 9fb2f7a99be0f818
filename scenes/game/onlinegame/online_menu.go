package onlinegame

import (
	"context"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/online"
	"shiftago/scenes/sound"
	"shiftago/scenes/table"
)

// onlineAct is a control of the online table: the menu button, the
// menu's items, and the answers of its prompts.
type onlineAct uint8

const (
	oaMenu     onlineAct = iota // ☰
	oaResign                    // resign (asks to confirm)
	oaTakeback                  // offer a takeback (online there is no undo)
	oaRematch                   // offer a rematch, once the game is over
	oaLeave                     // back to the title; the game goes on on the server
	oaAccept                    // accept the other seat's offer
	oaRefuse                    // refuse it
	oaSure                      // resign, confirmed
	oaKeep                      // do not resign
	oaDraw                      // offer a draw
	oaSay                       // open the quick messages
	oaPhrase                    // say the phrase proto.Phrases[Arg]
	oaMute                      // mute (or unmute) seat Arg on this device
	oaBlock                     // block (or unblock) seat Arg's player
)

func (a onlineAct) String() string {
	return [...]string{"menu", "resign", "takeback", "rematch", "leave", "accept", "refuse", "sure", "keep",
		"draw", "say", "phrase", "mute", "block"}[a]
}

// The menus the ☰ button and a seat's card open.
const (
	menuMain    = iota // the game's actions
	menuPhrases        // the quick messages
	menuSeat           // mute or block the player of seatMenu
)

// onlineItem is one item of the open menu.
type onlineItem struct {
	act   onlineAct
	arg   int
	label string
}

// onlineItems are the open menu's items in order.
func (g *Screen) onlineItems(c *app.Context) []onlineItem {
	switch g.menu {
	case menuPhrases:
		out := make([]onlineItem, len(proto.Phrases))
		for i, p := range proto.Phrases {
			out[i] = onlineItem{oaPhrase, i, c.T("online.phrase." + p)}
		}
		return out
	case menuSeat:
		who := g.seatName(c, g.seatMenu)
		mute, block := "online.mute", "online.block"
		if g.link.Muted(g.seatMenu) {
			mute = "online.unmute"
		}
		if g.link.Blocked(g.seatMenu) {
			block = "online.unblock"
		}
		return []onlineItem{{oaMute, g.seatMenu, c.F(mute, who)}, {oaBlock, g.seatMenu, c.F(block, who)}}
	}
	var out []onlineItem
	for _, a := range [...]onlineAct{oaSay, oaResign, oaTakeback, oaDraw, oaRematch, oaLeave} {
		out = append(out, onlineItem{a, 0, c.T("online.menu." + a.String())})
	}
	return out
}

// enabled reports whether menu item a can act now: resign and takeback
// while the game is played (a takeback once a move was made), rematch
// once it is over, each by a player who holds a seat and has not already
// offered it.
func (g *Screen) enabled(a onlineAct) bool {
	l := g.link
	st := l.Server()
	playing := st.Status == proto.StatusPlaying && !st.Pos.Over() && st.Synced && len(st.Seats) > 0
	offered := func(kind string) bool {
		for _, o := range l.Offers() {
			for _, s := range o.Seats {
				if o.Kind == kind && l.Mine(s) {
					return true
				}
			}
		}
		return false
	}
	switch a {
	case oaResign:
		return playing
	case oaTakeback:
		return playing && st.Ply() > 0 && !offered(proto.OfferTakeback)
	case oaDraw:
		return playing && !offered(proto.OfferDraw)
	case oaSay, oaPhrase:
		return len(st.Seats) > 0 && st.Synced
	case oaRematch:
		return st.Status == proto.StatusFinished && len(st.Seats) > 0 && st.Synced && !offered(proto.OfferRematch)
	}
	return true
}

// layout places the menu button at the status line's end, the menu's
// items below it while it is open, and the prompt over the board while
// one is shown: an offer of another seat to answer, or resigning to
// confirm.
func (g *Screen) layout(c *app.Context) {
	geo := &g.t.View.Geo
	g.bs.Reset()
	g.items.Reset()
	g.ask.Reset()
	g.prompt = g.prompt[:0]
	if geo.Menu.W <= 0 {
		return
	}
	g.bs.Add(ui.Button[onlineAct]{X: geo.Menu.X, Y: geo.Menu.Y, W: geo.Menu.W, H: geo.Menu.H, Act: oaMenu, Label: "☰"})
	if g.open {
		items := g.onlineItems(c)
		minW := 0.0
		for _, it := range items {
			minW = max(minW, c.Text.Width(it.label, geo.Menu.H*0.42, false)+geo.Menu.H*0.6+1)
		}
		rs := geo.MenuItemsWide(len(items), minW, nil)
		for i, it := range items {
			if i >= len(rs) {
				break
			}
			r := rs[i]
			g.items.Add(ui.Button[onlineAct]{X: r.X, Y: r.Y, W: r.W, H: r.H, Act: it.act, Arg: it.arg, Label: it.label, Off: !g.enabled(it.act)})
		}
	}
	var yes, no onlineAct
	g.asked = online.Offer{}
	switch o, ok := g.link.Asked(); {
	case g.sure:
		g.prompt = append(g.prompt, c.T("online.resign.ask"))
		yes, no = oaSure, oaKeep
	case ok:
		g.asked = o
		who := ""
		if len(o.Seats) > 0 {
			who = g.seatName(c, o.Seats[0])
		}
		g.prompt = append(g.prompt, c.F("online.ask."+o.Kind, who))
		yes, no = oaAccept, oaRefuse
	default:
		g.promptKey, g.t.HideCards = promptKey{}, false
		return
	}
	// The prompt: its question and the two answers, finger-sized, in a
	// panel where the table leaves room, as the lessons' (placePanel): the
	// board stays in view while a takeback is weighed (issue 50: the
	// panel stood over the middle of the board).
	yesLabel, noLabel := c.T("online.accept"), c.T("online.refuse")
	if g.sure {
		yesLabel, noLabel = c.T("online.menu.resign"), c.T("online.resign.keep")
	}
	key := promptKey{text: g.prompt[0], yes: yesLabel, no: noLabel, w: c.W, h: c.H, in: c.Inset}
	if key != g.promptKey {
		// Laid out once a question and screen: Update runs this each tick.
		g.promptKey = key
		g.panel, g.answers = table.PlacePanel(c, g.t, key.text, []string{yesLabel, noLabel}, 0)
		g.cardsHidden = g.t.HideCards
	}
	g.t.HideCards = g.cardsHidden
	g.prompt = append(g.prompt[:0], g.panel.Lines...)
	g.ask.TextH = 1.9 * g.panel.Size
	acts, labels := [2]onlineAct{yes, no}, [2]string{yesLabel, noLabel}
	for i, r := range g.answers {
		g.ask.Add(ui.Button[onlineAct]{X: r.X, Y: r.Y, W: r.W, H: r.H, Act: acts[i], Label: labels[i], On: i == 0, Bold: i == 0})
	}
}

// promptKey is what the prompt's panel was laid out for.
type promptKey struct {
	text, yes, no string
	w, h          float64
	in            layout.Insets
}

// seatName is the name of a seat's player, or its colour when nobody is
// named.
func (g *Screen) seatName(c *app.Context, seat int) string {
	st := g.link.Server()
	for _, s := range st.Table {
		if s.Seat == seat && s.Name != "" && s.Name != c.T("online.player") && s.Kind == proto.SeatHuman {
			return s.Name
		}
	}
	if seat < 0 || seat >= st.Pos.Players() {
		return ""
	}
	return c.Lang.Colors[st.Pos.SeatColor(seat)]
}

// controls takes the pointer and the keys for the menu and the prompt;
// it reports whether the screen was left.
func (g *Screen) controls(c *app.Context) bool {
	in := &c.In
	if in.KeyPressed(ebiten.KeyEscape) {
		switch {
		case g.sure:
			g.sure = false
		case !g.t.Hand.Holding():
			g.open = !g.open
		}
		return false
	}
	var a onlineAct
	arg := 0
	tapped := false
	if b, ok := g.bs.Tapped(in.Pointer); ok {
		a, tapped = b.Act, true
		g.menu = menuMain
	}
	wasOpen := g.open
	if g.open {
		if b, ok := g.items.Tapped(in.Pointer); ok {
			a, arg, tapped = b.Act, b.Arg, true
		} else if in.Released && !tapped && g.items.At(in.At()) < 0 {
			g.open = false // a tap outside closes the menu
		}
	}
	if seat, ok := g.t.View.Geo.SeatAt(in.At()); ok && in.Released && !tapped && !wasOpen && len(g.prompt) == 0 && !g.t.Hand.Holding() && g.link.OtherPlayer(seat) {
		// A tap on another player's card: mute or block them.
		g.open, g.menu, g.seatMenu = true, menuSeat, seat
		c.Sound.Play(sound.CueTap, 0, 0)
		return false
	}
	if b, ok := g.ask.Tapped(in.Pointer); ok {
		a, tapped = b.Act, true
	}
	if !tapped {
		return false
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	l := g.link
	var err error
	switch a {
	case oaMenu:
		g.open = !g.open
		return false
	case oaSay:
		g.menu = menuPhrases // the phrases replace the actions
		return false
	case oaPhrase:
		if g.enabled(oaPhrase) && arg >= 0 && arg < len(proto.Phrases) {
			err = l.Say(proto.Phrases[arg])
		}
	case oaDraw:
		if g.enabled(oaDraw) {
			err = l.Propose(proto.OfferDraw)
		}
	case oaMute:
		l.Mute(arg, !l.Muted(arg))
	case oaBlock:
		err = l.Block(arg, !l.Blocked(arg))
	case oaResign:
		g.sure = g.enabled(oaResign)
	case oaTakeback:
		if g.enabled(oaTakeback) {
			err = l.Propose(proto.OfferTakeback)
		}
	case oaRematch:
		if g.enabled(oaRematch) {
			err = l.Propose(proto.OfferRematch)
		}
	case oaLeave:
		c.ForgetTable()
		g.quit()
		app.SetPageTitle("Shiftago", 0)
		c.Pop() // what was under it: the title, or the game kept here
		return true
	case oaAccept:
		err = l.Propose(g.asked.Kind)
	case oaRefuse:
		err = l.Refuse(g.asked.Kind)
	case oaSure:
		g.sure = false
		err = l.Resign()
	case oaKeep:
		g.sure = false
	}
	g.open = false
	if err != nil {
		c.Notify(c.T("online.reconnecting"))
	}
	return false
}

// takeRematch opens the rematch once the players agreed: its session
// and Link are made off the frame, and its table replaces this one.
// It reports whether this screen was replaced.
func (g *Screen) takeRematch(c *app.Context) bool {
	select {
	case f := <-g.rematch:
		f(c)
		return true
	default:
	}
	id := g.link.Rematch()
	if id == "" || g.opening {
		return false
	}
	g.opening = true
	c.Notify(c.T("online.rematching"))
	cl := g.link.Client()
	keep := c.Opts.Store
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		sess, err := cl.Open(ctx, id)
		var l *online.Link
		if err == nil {
			if l, err = online.NewLink(sess, keep); err != nil {
				sess.Close()
			}
		}
		g.rematch <- func(c *app.Context) {
			if err != nil {
				c.NotifyUntilTap(c.F("online.cannot", err.Error()))
				return
			}
			scene, err := New(c, l, func() { l.Close(); sess.Close() })
			if err != nil {
				l.Close()
				sess.Close()
				c.NotifyUntilTap(c.F("online.cannot", err.Error()))
				return
			}
			g.quit() // this game's session: the new one replaces it
			c.Replace(scene)
		}
	}()
	return false
}

// overWords says how a game ended that its position does not show (a
// resignation, a clock): "Bob resigned: Ann wins".
func (g *Screen) overWords(c *app.Context, st client.State, name func(proto.SeatInfo) string) string {
	seatOf := func(col string) (proto.SeatInfo, bool) {
		for _, s := range st.Table {
			if s.Color == col {
				return s, true
			}
		}
		return proto.SeatInfo{}, false
	}
	who := func(col string) string {
		if s, ok := seatOf(col); ok {
			if s.Kind == proto.SeatComputer {
				return c.Lang.Colors[st.Pos.SeatColor(s.Seat)]
			}
			return name(s)
		}
		return col
	}
	if st.Result == "draw" && st.Why == "agreed" {
		return c.T("online.over.draw")
	}
	if col, ok := strings.CutSuffix(st.Why, " did not start"); ok && st.Result == "aborted" {
		return c.F("online.over.aborted", who(col))
	}
	winner := ""
	if w, ok := strings.CutPrefix(st.Result, "win "); ok {
		winner = who(w)
	}
	loser, how, _ := strings.Cut(st.Why, " ")
	switch {
	case winner != "" && how == "resigned":
		return c.F("online.over.resigned", who(loser), winner)
	case winner != "" && how == "out of time":
		return c.F("online.over.time", who(loser), winner)
	}
	return c.T("online.over")
}

// offerKinds are the kinds of the offers on the table, for the page API
// (its values are strings, numbers and bools): "takeback,rematch".
func offerKinds(os []online.Offer) string {
	ks := make([]string, 0, len(os))
	for _, o := range os {
		ks = append(ks, o.Kind)
	}
	return strings.Join(ks, ",")
}

// tableInfo is the seats as the table shows them, for the page API:
// "kind:name:connected|…", seat by seat.
func tableInfo(t []proto.SeatInfo) string {
	ss := make([]string, 0, len(t))
	for _, s := range t {
		on := "away"
		if s.Connected {
			on = "connected"
		}
		ss = append(ss, s.Kind+":"+s.Name+":"+on)
	}
	return strings.Join(ss, "|")
}
