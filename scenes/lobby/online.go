package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/ai"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/lobby/kit"
	"shiftago/scenes/online"
	"shiftago/scenes/saves"
	"shiftago/scenes/sound"
)

// onlineAct is a choice of the online page.
type onlineAct uint8

const (
	actOVariant onlineAct = iota
	actOPlayers
	actOSeat // Arg: the seat; cycles a friend, the computer, someone here
	actOCreate
	actOShare
	actOJoin
	actOBack
	actOMyGames
	actOJoinCode // join the game of the code or link typed in the code box
	actOPerMove  // Arg: the index in timeChoices (0: live)
	actOWatch    // watch the game of an invite whose seats are all taken
	actOLobby    // the lobby: public games, quick pairing
	actOPublic   // Arg: 1 lists the new game in the lobby, 0 keeps it private
	actORatings  // the player's profile: ratings and their history
	actORated    // Arg: 1 makes the new game rated, 0 casual
)

func (a onlineAct) String() string {
	return [...]string{"variant", "players", "seat", "create", "share", "join", "back", "mygames", "joincode", "permove", "watch", "lobby", "public", "ratings", "rated"}[a]
}

// The stages of the online page.
const (
	stageCreate  = iota // choose the game
	stageWorking        // talking to the server
	stageInvite         // the invite: code, link, QR; waiting for the friends
	stageJoin           // an invite link opened: take a seat
	stageFailed         // the server refused or could not be reached
)

// Who plays a seat of a new online game.
const (
	seatFriend = iota
	seatComputer
	seatHere
)

// onlineLevel is the computer's level in an online seat.
const onlineLevel = ai.DefaultLevel

// Online is the online page: create a game and invite friends, or take a
// seat in the game an invite link names, or open a spectator link. The
// network runs on goroutines; their results come back through done and
// are taken up on the tick, so a frame never waits for the server.
type Online struct {
	bs     ui.Buttons[onlineAct]
	blocks []ui.TextBlock
	w, h   float64
	dirty  bool
	u      float64

	stage   int
	variant int
	players int
	seats   [4]int
	perMove int    // the index in timeChoices: 0 is a live game
	public  bool   // the new game is listed in the lobby (private by default)
	rated   bool   // the new game is rated, when it may be (ratable)
	why     string // why the server said no, in words
	// inv is the game the invite names, as the server describes it (who
	// invited, the variant, the players, the clock), once it answered.
	inv *proto.GameReply

	code, watch string // the invite and spectator codes
	linkText    string // the invite link
	link        *online.Link
	sess        *client.Session
	qr          *ebiten.Image // the invite link's QR code, a pixel a module
	qrX, qrY    float64
	qrS         float64 // the QR code's side on screen

	name    kit.TextBox // the player's display name
	codeBox kit.TextBox // an invite code or link, typed or pasted
	named   string      // the name as last kept

	done     chan func(c *app.Context)
	devices  bool // a ?link= link: the Devices page opens over this one at once
	answered bool // an answer came this tick: draw it
	cancel   context.CancelFunc
}

// NewOnline opens the online page: the lobby of the game a link names,
// or a new game to create.
func NewOnline(c *app.Context) app.Scene {
	o := &Online{dirty: true, players: 2, done: make(chan func(*app.Context), 4), variant: int(c.Setup.Variant)}
	o.name.Max, o.codeBox.Max = kit.MaxNameField, kit.MaxCodeField
	o.named = kit.KeptName(c.Opts.Store)
	o.name.Set(o.named)
	switch {
	case c.Opts.Online.Watch != "":
		code, _ := app.CodeOf(c.Opts.Online.Watch)
		o.startWatch(c, code)
	case c.Opts.Online.Join != "":
		o.code, _ = app.CodeOf(c.Opts.Online.Join)
		o.stage = stageJoin
		if _, ok := joinedHere(c.Opts.Store)[o.code]; !ok {
			o.lookup(c, o.code) // a seat taken here already needs no description (a reload)
		}
	case c.Opts.Online.Link != "":
		o.devices = true
	case c.Opts.Online.Game != "":
		o.startOpen(c, c.Opts.Online.Game)
		c.Opts.Online.Game = "" // opened once: the next online page is a new game's
	}
	return o
}

// PagePhase implements app.PageScene.
func (o *Online) PagePhase() string { return "online" }

// PageButtons implements app.PageButtons: the buttons, and the name and
// code boxes where they are shown ("name", "code").
func (o *Online) PageButtons() []ui.Info {
	out := o.bs.Infos()
	for _, b := range [...]struct {
		id string
		r  layout.Rect
	}{{"name", o.name.Rect}, {"code", o.codeBox.Rect}} {
		if !b.r.Empty() {
			out = append(out, ui.Info{ID: b.id, Enabled: true, Rect: b.r})
		}
	}
	return out
}

// Still implements app.Still: the page waits for a tap, except while
// the server is asked or the friends are awaited, and in the tick an
// answer came (the page changed with no input).
func (o *Online) Still() bool {
	return !o.answered && !o.name.Editing() && !o.codeBox.Editing() &&
		(o.stage == stageCreate || o.stage == stageJoin || o.stage == stageFailed)
}

// PageOnline implements app.PageOnline.
func (o *Online) PageOnline() map[string]any {
	st := map[string]any{"stage": [...]string{"create", "working", "invite", "join", "failed"}[o.stage],
		"code": o.code, "watch": o.watch, "why": o.why, "name": o.name.Text(), "editing": o.name.Editing() || o.codeBox.Editing(),
		"typed": o.codeBox.Text(), "canwatch": o.inv != nil && o.inv.Invite == "" && o.inv.Watch != ""}
	if o.inv != nil {
		st["variant"], st["permove"], st["players"] = o.inv.Variant, o.inv.PerMove, o.inv.Players
		if len(o.inv.Table) > 0 {
			st["invitedby"] = o.inv.Table[0].Name
		}
	}
	if o.code != "" {
		st["link"] = o.linkText
	}
	return st
}

// watchLink is the spectator link: the game, read-only.
func watchLink(c *app.Context, code string) string {
	if l := app.PageLink(app.WatchQuery(code)); l != "" {
		return l
	}
	return c.ServerAddress() + "/" + app.WatchQuery(code)
}

// inviteLink is the link that opens the invite's lobby: the page's own
// address in the browser, the server's web app from the desktop.
func inviteLink(c *app.Context, code string) string {
	if l := app.PageLink(app.InviteQuery(code)); l != "" {
		return l
	}
	return c.ServerAddress() + "/" + app.InviteQuery(code)
}

// Update reacts to taps and to the server's answers.
func (o *Online) Update(c *app.Context) error {
	o.answered = false
	if o.devices {
		o.devices = false
		c.Push(c.Screens.Devices(c))
		return nil
	}
	select {
	case f := <-o.done:
		f(c)
		o.dirty, o.answered = true, true
	default:
	}
	if o.stage == stageInvite && o.link != nil && o.link.Server().Status != proto.StatusOpen {
		o.toTable(c) // everyone is seated
		return nil
	}
	if o.dirty || o.w != c.W || o.h != c.H {
		o.layout(c)
	}
	if o.boxes(c) {
		return nil
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		o.back(c)
		return nil
	}
	b, ok := o.bs.Tapped(c.In.Pointer)
	if !ok {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	o.dirty = true
	switch b.Act {
	case actOVariant:
		o.variant = b.Arg
	case actOPlayers:
		o.players = b.Arg
	case actOPerMove:
		o.perMove = b.Arg
	case actORated:
		o.rated = b.Arg == 1
	case actOWatch:
		if o.inv != nil && o.inv.Watch != "" {
			o.startWatch(c, o.inv.Watch)
		}
	case actOSeat:
		o.seats[b.Arg] = (o.seats[b.Arg] + 1) % 3
	case actOCreate:
		o.startCreate(c)
	case actOJoin:
		o.startJoin(c)
	case actOJoinCode:
		o.joinCode(c)
	case actOShare:
		if !app.Share(c, app.InviteQuery(o.code), c.T("online.title")) {
			c.Notify(c.F("online.codeis", o.code))
		}
	case actOBack:
		o.back(c)
	case actOMyGames:
		c.Push(NewMyGames(c))
	case actOLobby:
		c.Push(NewLobby(c))
	case actOPublic:
		o.public = b.Arg == 1
	case actORatings:
		c.Push(c.Screens.Profile(c))
	}
	return nil
}

// back leaves the page: the game being made is left (it stays on the
// server, in the player's games). After a refusal it goes back to the
// page's first stage instead, the code typed still in its box to mend.
func (o *Online) back(c *app.Context) {
	if o.stage == stageFailed {
		o.stage, o.why, o.dirty = stageCreate, "", true
		return
	}
	c.Pop() // what was under it: the title, or the game kept here
}

// Closed implements app.Closer: however the page was closed (Back, its
// table in its place, another screen sweeping it away), what it was
// asking the server stops and a Link it still holds ends.
func (o *Online) Closed(c *app.Context) {
	o.blur()
	if o.cancel != nil {
		o.cancel()
	}
	if o.link != nil {
		o.link.Close()
		o.sess.Close()
		o.link, o.sess = nil, nil
	}
}

// toTable opens the game's table; the Link goes with it.
func (o *Online) toTable(c *app.Context) {
	o.blur()
	l, s := o.link, o.sess
	o.link, o.sess = nil, nil
	scene, err := c.Screens.OnlineGame(c, l, func() { l.Close(); s.Close() })
	if err != nil {
		l.Close()
		s.Close()
		o.fail(c, err)
		return
	}
	c.Replace(scene)
}

// fail says why the server said no, in the player's language where the
// refusal is a known one, else in the server's words.
func (o *Online) fail(c *app.Context, err error) {
	o.stage = stageFailed
	var ae *client.APIError
	var ref *client.ErrRefused
	switch {
	case errors.As(err, &ae):
		o.why = ae.Why
		if k, ok := kit.Refusal(ae.APIError.Error); ok {
			o.why = c.T(k)
		}
	case errors.As(err, &ref):
		o.why = ref.Msg.Why
		if k, ok := kit.Refusal(string(ref.Msg.Code)); ok {
			o.why = c.T(k)
		}
	default: // no answer at all
		o.why = c.T("online.err.network")
	}
}

// run runs f away from the frame, with the server's client, and hands
// its outcome back to the tick.
func (o *Online) run(c *app.Context, f func(ctx context.Context, cl *client.Client) (func(*app.Context), error)) {
	o.runAs(c, true, f)
}

// runAs is run, as this device's guest or (guest false) as nobody.
func (o *Online) runAs(c *app.Context, guest bool, f func(ctx context.Context, cl *client.Client) (func(*app.Context), error)) {
	srv := c.ServerAddress()
	if srv == "" {
		o.stage, o.why = stageFailed, c.T("online.noserver")
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	o.cancel = cancel
	o.stage = stageWorking
	st := c.Opts.Store
	name := o.name.Text()
	if name == "" {
		name = c.T("online.player")
	}
	go func() {
		defer cancel()
		cl, err := client.New(srv), error(nil)
		if guest {
			cl, err = kit.GuestOf(ctx, st, srv, name)
		}
		var then func(*app.Context)
		if err == nil {
			then, err = f(ctx, cl)
		}
		if err != nil {
			then = func(c *app.Context) { o.fail(c, err) }
		}
		o.done <- then
	}()
}

// boxes runs the name and code boxes; it reports whether the input was
// theirs. A name the player finished typing is kept on the device.
func (o *Online) boxes(c *app.Context) bool {
	used := o.name.Update(c) || o.codeBox.Update(c)
	if o.name.Done || o.codeBox.Done {
		o.dirty = true
	}
	if n := strings.TrimSpace(o.name.Text()); !o.name.Editing() && n != o.named {
		o.named = n
		if st := c.Opts.Store; st != nil {
			if err := st.WriteNoBackup(kit.NameFile, []byte(n)); err != nil {
				c.Notify(err.Error())
			}
		}
	}
	if o.codeBox.Done && o.codeBox.Text() != "" {
		o.joinCode(c) // Enter in the code box joins, as its button does
		return true
	}
	return used || o.name.Editing() || o.codeBox.Editing()
}

// joinCode joins the game of the code or link in the code box (a
// spectator link opens the game read-only).
func (o *Online) joinCode(c *app.Context) {
	code, watch := app.CodeOf(o.codeBox.Text())
	switch {
	case code == "":
		c.Notify(c.T("online.code"))
	case watch:
		o.startWatch(c, code)
	default:
		o.code = code
		o.startJoin(c)
	}
}

// blur ends the boxes' editing: the page is left.
func (o *Online) blur() {
	o.name.Blur()
	o.codeBox.Blur()
}

// openLink opens the game's session and its Link.
func openLink(ctx context.Context, cl *client.Client, st saves.Store, game string) (*client.Session, *online.Link, error) {
	sess, err := cl.Open(ctx, game)
	if err != nil {
		return nil, nil, err
	}
	l, err := online.NewLink(sess, st)
	if err != nil {
		sess.Close()
		return nil, nil, err
	}
	return sess, l, nil
}

func (o *Online) startCreate(c *app.Context) {
	tc := timeChoices[o.perMove]
	req := proto.CreateRequest{Variant: [...]string{"express", "expert", "extreme"}[o.variant], PerMove: tc.perMove(),
		Clock: tc.clock, Increment: tc.inc, Public: o.public, Rated: o.rated && o.ratable()}
	req.Seats = append(req.Seats, proto.SeatRequest{Kind: "me"})
	for i := 1; i < o.players; i++ {
		switch o.seats[i] {
		case seatFriend:
			req.Seats = append(req.Seats, proto.SeatRequest{Kind: "open"})
		case seatComputer:
			req.Seats = append(req.Seats, proto.SeatRequest{Kind: "computer", Level: onlineLevel})
		case seatHere:
			req.Seats = append(req.Seats, proto.SeatRequest{Kind: "me"})
		}
	}
	st := c.Opts.Store
	o.run(c, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		g, err := cl.Create(ctx, req)
		if err != nil {
			return nil, err
		}
		if g.Invite != "" {
			rememberJoined(st, g.Invite, g.Game) // the invite link opens it here again after Leave
		}
		sess, l, err := openLink(ctx, cl, st, g.Game)
		if err != nil {
			return nil, err
		}
		return func(c *app.Context) {
			o.sess, o.link, o.code, o.watch = sess, l, g.Invite, g.Watch
			if g.Invite == "" {
				o.toTable(c) // nobody to invite: play at once
				return
			}
			o.stage = stageInvite
			o.linkText = inviteLink(c, g.Invite)
			o.makeQR(o.linkText)
		}, nil
	})
}

// joinedFile remembers the games this device joined by their invite
// code, so a reload of the invite link goes back to the seat taken.
const joinedFile = "online-joined"

func (o *Online) startJoin(c *app.Context) {
	code := o.code
	st := c.Opts.Store
	var known *proto.GameReply // the game as the invite page described it
	if o.inv != nil {
		inv := *o.inv
		known = &inv
	}
	o.run(c, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		game := joinedHere(st)[code]
		if game == "" {
			g, err := cl.Join(ctx, code)
			var ae *client.APIError
			if errors.As(err, &ae) && (ae.APIError.Error == "no-seat" || known != nil && ae.APIError.Error == string(proto.CodeNoGame)) {
				// Too late for a seat: the invite's spectator code lets
				// the page offer to watch instead. A game that filled
				// while its invite page was open answers "no game" (its
				// code opens nothing once full): the page knows it.
				inv, e := cl.Invite(ctx, code)
				if e != nil && known != nil {
					inv, e = *known, nil
				}
				if e == nil && inv.Watch != "" {
					inv.Invite = "" // no seat left
					return func(c *app.Context) { o.inv = &inv; o.fail(c, err); o.why = c.T("online.err.noseat") }, nil
				}
			}
			if err != nil {
				return nil, err
			}
			game = g.Game
			rememberJoined(st, code, game)
		}
		return o.tableOf(ctx, cl, st, game)
	})
}

// lookup asks the server, away from the frame, what game the invite
// code names, for the invite page to say (nothing is said if it cannot).
func (o *Online) lookup(c *app.Context, code string) {
	srv := c.ServerAddress()
	if srv == "" || code == "" {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		inv, err := client.New(srv).Invite(ctx, code)
		if err != nil {
			return
		}
		o.done <- func(*app.Context) {
			if o.code == code {
				o.inv = &inv
			}
		}
	}()
}

// inviteWords say who invited and what game it is: "Ann invites you to
// a game of Express" and "Players: Ann, a free seat · 1 day per move".
func (o *Online) inviteWords(c *app.Context) (who, what string) {
	inv := o.inv
	variant := inv.Variant
	for i, v := range [...]string{"express", "expert", "extreme"} {
		if v == inv.Variant {
			variant = c.Lang.Variants[i]
		}
	}
	host := c.T("online.player")
	names := make([]string, 0, len(inv.Table))
	for i, s := range inv.Table {
		n := s.Name
		switch {
		case s.Kind == proto.SeatOpen:
			n = c.T("online.freeseat")
		case s.Kind == proto.SeatComputer:
			n = c.F("online.computerseat", c.Lang.Level(max(1, s.Level)))
		case n == "":
			n = c.T("online.player")
		}
		if i == 0 && s.Kind == proto.SeatHuman && s.Name != "" {
			host = s.Name
		}
		names = append(names, n)
	}
	clock := c.T("online.live")
	if d := inv.PerMove / (24 * 3600); inv.PerMove > 0 {
		per := c.F("online.days", d)
		switch {
		case d == 1:
			per = c.T("online.day")
		case d == 0:
			per = fmt.Sprintf("%d min", max(1, inv.PerMove/60))
		}
		clock = c.F("online.permovewas", per)
	}
	return c.F("online.invitedby", host, variant), c.F("online.players", strings.Join(names, ", ")) + " · " + clock
}

// joinedHere is the games this device joined, by their invite codes.
func joinedHere(st saves.Store) map[string]string {
	joined := map[string]string{}
	if st != nil {
		if b, err := st.Read(joinedFile); err == nil {
			_ = json.Unmarshal(b, &joined)
		}
	}
	return joined
}

// rememberJoined notes in st that the invite code opens game here.
func rememberJoined(st saves.Store, code, game string) {
	if st == nil {
		return
	}
	joined := joinedHere(st)
	if len(joined) > 50 {
		clear(joined) // old invites: their games are in the player's list
	}
	joined[code] = game
	b, _ := json.Marshal(joined)
	_ = st.WriteNoBackup(joinedFile, b)
}

// startWatch opens the game a spectator code names, read-only: no
// guest, no seat.
func (o *Online) startWatch(c *app.Context, code string) {
	o.watch = code
	o.runAs(c, false, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		sess, err := cl.Watch(ctx, code)
		if err != nil {
			return nil, err
		}
		l, err := online.NewLink(sess, nil)
		if err != nil {
			sess.Close()
			return nil, err
		}
		return func(c *app.Context) {
			o.sess, o.link = sess, l
			o.toTable(c)
		}, nil
	})
}

// makeQR draws the link's QR code, a pixel a module, with its quiet zone.
func (o *Online) makeQR(link string) {
	if img := kit.QRImage(link); img != nil {
		o.qr = img
	}
}

// layout places the page for c's size: a column at most 24 units wide.
func (o *Online) layout(c *app.Context) {
	o.w, o.h, o.dirty = c.W, c.H, false
	u := ui.Unit(c.W, c.H)
	o.u = u
	w := math.Min(c.W-2*u, 24*u)
	x := (c.W - w) / 2
	// The title's middle 1.2 units down, its room (ui.Para) from
	// half a line above that.
	y := 1.2*u - 0.65*0.9*u
	bh := math.Max(1.2*u, ui.Target(c.Scale))
	o.bs.Reset()
	o.bs.TextH = 1.1 * u
	o.blocks = o.blocks[:0]
	text := func(s string, size float64, col color.RGBA, bold bool) {
		b := ui.Para(c.Text, s, x, y, w, size*u, col, bold)
		o.blocks = append(o.blocks, b)
		y += b.Height() + 0.4*u
	}
	// caption is a row's label: it belongs to the row below it, so it
	// stands nearer that row than the one above: the gap under it is
	// small.
	caption := func(s string) {
		b := ui.Para(c.Text, s, x, y, w, 0.5*u, render.Dim, false)
		o.blocks = append(o.blocks, b)
		y += b.Height() + 0.15*u
	}
	row := func(n int, each func(i int, bx, bw float64)) {
		bw := (w - float64(n-1)*0.2*u) / float64(n)
		for i := 0; i < n; i++ {
			each(i, x+float64(i)*(bw+0.2*u), bw)
		}
		y += bh + 0.5*u
	}
	top := y // the title's room: a name box beside it is centred on it
	text(c.T("online.title"), 0.9, render.Ink, true)
	o.qr, o.qrS = o.qrFor(), 0
	o.name.Rect, o.codeBox.Rect = layout.Rect{}, layout.Rect{}
	switch o.stage {
	case stageCreate, stageJoin:
		// The name on one row, its label then the box: beside the title
		// where the screen is wide (and short), else below it.
		label := c.T("online.name")
		size := 0.5 * u
		lw := c.Text.Width(label, size, false) + 0.5*u
		bw := math.Min(w-lw, 12*u)
		nx, ny := x, y
		if tw := c.Text.Width(c.T("online.title"), 0.9*u, true); c.W > c.H && w-tw-u-lw >= 7*u {
			bw = math.Min(bw, w-tw-u-lw)
			nx, ny = x+w-lw-bw, top-(bh-1.17*u)/2
		} else {
			y += bh + 0.5*u
		}
		o.blocks = append(o.blocks, ui.TextBlock{X: nx, Y: ny + bh/2, Size: size, Lines: []string{label}, Col: render.Dim, Align: render.AlignLeft})
		o.name.Rect = layout.Rect{X: nx + lw, Y: ny, W: bw, H: bh}
	}
	switch o.stage {
	case stageCreate:
		variants := func(i int, bx, bw float64) {
			o.bs.Add(ui.Button[onlineAct]{X: bx, Y: y, W: bw, H: bh, Act: actOVariant, Arg: i, Label: c.Lang.Variants[i], On: o.variant == i})
		}
		players := func(i int, bx, bw float64) {
			o.bs.Add(ui.Button[onlineAct]{X: bx, Y: y, W: bw, H: bh, Act: actOPlayers, Arg: i + 2, Label: strconv.Itoa(i + 2), On: o.players == i+2})
		}
		if c.W > c.H && w >= 20*u {
			// Wide and short (a desktop, a phone on its side): the game
			// and the players side by side, so that the time per move
			// has room below them.
			half := (w - 0.6*u) / 2
			x0, y0 := x, y
			caption(c.T("setup.game"))
			ly := y
			y = y0
			x = x0 + half + 0.6*u
			caption(c.T("setup.players"))
			y = max(y, ly)
			each := func(n int, at float64, f func(i int, bx, bw float64)) {
				bw := (half - float64(n-1)*0.2*u) / float64(n)
				for i := 0; i < n; i++ {
					f(i, at+float64(i)*(bw+0.2*u), bw)
				}
			}
			each(3, x0, variants)
			each(3, x0+half+0.6*u, players)
			x = x0
			y += bh + 0.5*u
		} else {
			caption(c.T("setup.game"))
			row(3, variants)
			caption(c.T("setup.players"))
			row(3, players)
		}
		caption(c.T("online.time"))
		// The clocks in one row where the page is wide, else in two; a
		// game that may be rated has the Rated switch at the end (a
		// short screen, or a phone's safe area, has no row to spare).
		wide := w >= 20*u
		times := func(from, n int) func(i int, bx, bw float64) {
			return func(k int, bx, bw float64) {
				if k < n {
					o.timeButton(c, from+k, bx, y, bw, bh)
				} else {
					o.bs.Add(ui.Button[onlineAct]{X: bx, Y: y, W: bw, H: bh, Act: actORated, Arg: 1 - b2i(o.rated), Label: c.T("lobby.rated"), On: o.rated})
				}
			}
		}
		switch n := len(timeChoices); {
		case wide && o.ratable():
			row(n+1, times(0, n))
		case wide:
			row(n, times(0, n))
		case o.ratable():
			row(4, times(0, 4))
			row(n-4+1, times(4, n-4))
		default:
			row(n/2, times(0, n/2))
			row(n-n/2, times(n/2, n-n/2))
		}
		caption(c.T("online.you"))
		friends := false
		row(o.players-1, func(k int, bx, bw float64) {
			i := k + 1
			label := fmt.Sprintf("%d: %s", i+1, c.T([...]string{"online.friend", "online.computer", "online.here"}[o.seats[i]]))
			o.bs.Add(ui.Button[onlineAct]{X: bx, Y: y, W: bw, H: bh, Act: actOSeat, Arg: i, Label: label, On: o.seats[i] == seatFriend})
			friends = friends || o.seats[i] == seatFriend
		})
		// A free seat: anyone in the lobby may take it, if the game is
		// public. Private and Public stand between Create and Back where
		// the page is wide (a short screen has no row to spare), else on
		// a row of their own.
		public := func(i int, bx, bw float64) {
			o.bs.Add(ui.Button[onlineAct]{X: bx, Y: y, W: bw, H: bh, Act: actOPublic, Arg: i,
				Label: c.T([...]string{"online.private", "online.public"}[i]), On: o.public == (i == 1)})
		}
		if friends && !wide {
			row(2, public)
		}
		if wide || !o.ratable() { // a gap before Create, where the page has the room
			y += 0.3 * u
		}
		if friends && wide {
			bw := (w - 0.6*u) / 4
			o.bs.Add(ui.Button[onlineAct]{X: x, Y: y, W: bw, H: bh, Act: actOCreate, Label: c.T("online.create"), On: true, Bold: true})
			public(0, x+bw+0.2*u, bw)
			public(1, x+2*(bw+0.2*u), bw)
			o.bs.Add(ui.Button[onlineAct]{X: x + w - bw, Y: y, W: bw, H: bh, Act: actOBack, Label: c.T("online.back")})
		} else {
			o.answers(c, x, y, w, bh, actOCreate, c.T("online.create"))
		}
		y += bh + 0.6*u
		// Or join a friend's game by its code or link, typed or pasted.
		// And the games already under way (My games): on that row where
		// the page is wide, below it where it is narrow (a phone upright
		// has the height, a landscape screen has not).
		jw := math.Min(9*o.u, (w-o.u)/2)
		if wide {
			jw = math.Min(6*u, jw)
			// The lobby and Ratings under My games where the screen has
			// the row, else all four in one row, each a fifth.
			n, dy := 2.0, y+bh+0.4*u
			if dy+bh > c.H-0.2*u {
				n, jw, dy = 4, (w-0.8*u)/5, y
			}
			right := x + w - n*(jw+0.2*u) // the row's buttons from here
			o.codeBox.Rect = layout.Rect{X: x, Y: y, W: right - x, H: bh}
			o.bs.Add(ui.Button[onlineAct]{X: right + 0.2*u, Y: y, W: jw, H: bh, Act: actOJoinCode, Label: c.T("online.join")})
			o.bs.Add(ui.Button[onlineAct]{X: right + jw + 0.4*u, Y: y, W: jw, H: bh, Act: actOMyGames, Label: c.T("setup.mygames")})
			o.bs.Add(ui.Button[onlineAct]{X: x + w - 2*jw - 0.2*u, Y: dy, W: jw, H: bh, Act: actOLobby, Label: c.T("online.lobby")})
			o.bs.Add(ui.Button[onlineAct]{X: x + w - jw, Y: dy, W: jw, H: bh, Act: actORatings, Label: c.T("setup.ratings")})
			break
		}
		o.codeBox.Rect = layout.Rect{X: x, Y: y, W: w - jw - 0.2*u, H: bh}
		o.bs.Add(ui.Button[onlineAct]{X: x + w - jw, Y: y, W: jw, H: bh, Act: actOJoinCode, Label: c.T("online.join")})
		// My games, the lobby and Ratings in one row: a phone's safe area
		// has no row to spare below the clocks' two.
		tw := (w - 0.4*u) / 3
		for i, a := range []onlineAct{actOMyGames, actOLobby, actORatings} {
			o.bs.Add(ui.Button[onlineAct]{X: x + float64(i)*(tw+0.2*u), Y: y + bh + 0.4*u, W: tw, H: bh, Act: a,
				Label: c.T(map[onlineAct]string{actOMyGames: "setup.mygames", actOLobby: "online.lobby", actORatings: "setup.ratings"}[a])})
		}
	case stageWorking:
		text(c.T("online.working"), 0.6, render.Ink, false)
		o.answers(c, x, y, w, bh, 0, "")
	case stageInvite:
		text(c.T("online.invite"), 0.55, render.Ink, false)
		text(o.code, 1.6, render.Accent, true)
		text(o.linkText, 0.42, render.Dim, false)
		if o.watch != "" {
			text(c.F("online.watchlink", watchLink(c, o.watch)), 0.4, render.Dim, false)
		}
		side := math.Min(w, math.Min(8*u, c.H-y-3*bh))
		if o.qr != nil && side > 3*u {
			o.qrX, o.qrY, o.qrS = x, y, side
			y += side + 0.4*u
		}
		text(c.T("online.waitfriends"), 0.5, render.Dim, false)
		o.answers(c, x, y, w, bh, actOShare, c.T("online.share"))
	case stageJoin:
		text(c.F("online.joinwhat", o.code), 0.6, render.Ink, false)
		act, label := actOJoin, c.T("online.takeseat")
		// The invite's details arrive from the server a moment after the
		// page opens (seconds on a slow network): their room is kept from
		// the start, two lines each, so Join does not jump from under a
		// finger on its way down.
		details := y + (2*0.55*1.3+0.4+2*0.5*1.3+0.4)*u
		if o.inv != nil {
			who, what := o.inviteWords(c)
			text(who, 0.55, render.Ink, false)
			text(what, 0.5, render.Dim, false)
			if o.inv.Invite == "" && o.inv.Watch != "" {
				// The game filled before the invite was opened.
				text(c.T("online.full"), 0.5, render.Ink, false)
				act, label = actOWatch, c.T("online.watch")
			}
		}
		y = math.Max(y, details)
		o.answers(c, x, y, w, bh, act, label)
	case stageFailed:
		text(c.T("online.failed"), 0.6, render.Ink, false)
		text(o.why, 0.5, render.Dim, false)
		if o.inv != nil && o.inv.Invite == "" && o.inv.Watch != "" {
			text(c.T("online.full"), 0.5, render.Ink, false)
			o.answers(c, x, y, w, bh, actOWatch, c.T("online.watch"))
			break
		}
		o.answers(c, x, y, w, bh, 0, "")
	}
}

// qrFor keeps the QR image while the invite is shown.
func (o *Online) qrFor() *ebiten.Image {
	if o.stage == stageInvite {
		return o.qr
	}
	return nil
}

// answers puts the page's action (if label is not "") at the column's
// left and Back at its right.
func (o *Online) answers(c *app.Context, x, y, w, bh float64, act onlineAct, label string) {
	bw := math.Min(9*o.u, (w-o.u)/2)
	if label != "" {
		o.bs.Add(ui.Button[onlineAct]{X: x, Y: y, W: bw, H: bh, Act: act, Label: label, On: true, Bold: true})
	}
	o.bs.Add(ui.Button[onlineAct]{X: x + w - bw, Y: y, W: bw, H: bh, Act: actOBack, Label: c.T("online.back")})
}

// Draw draws the page.
func (o *Online) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	for i := range o.blocks {
		o.blocks[i].Draw(screen, c.Text)
	}
	if o.qr != nil && o.qrS > 0 {
		var op ebiten.DrawImageOptions
		n := float64(o.qr.Bounds().Dx())
		op.GeoM.Scale(o.qrS/n, o.qrS/n)
		op.GeoM.Translate(o.qrX, o.qrY)
		op.Filter = ebiten.FilterNearest
		screen.DrawImage(o.qr, &op)
	}
	o.bs.Draw(screen, c.Kit())
	o.name.Draw(screen, c, c.T("online.player"))
	o.codeBox.Draw(screen, c, c.T("online.code"))
}

// Fits lists the texts with their room, for the fit test.
func (o *Online) Fits(c *app.Context) []ui.Fit { return o.bs.Fits() }

// Resume implements app.Resumer for the online page: back from Devices,
// where this device may have become another player, it shows the name
// kept now (else its next game would rename the player to the old one).
func (o *Online) Resume(c *app.Context) {
	if n := kit.KeptName(c.Opts.Store); n != o.named {
		o.named = n
		o.name.Set(n)
		o.dirty = true
	}
}

// ratable says whether the game being made may be rated: every other
// seat a friend's (no computer, no second seat here) and a clock that
// leaves time to think (proto.MinRatedPerMove, proto.MinRatedClock).
func (o *Online) ratable() bool {
	for i := 1; i < o.players; i++ {
		if o.seats[i] != seatFriend {
			return false
		}
	}
	return timeChoices[o.perMove].ratable()
}

// timeButton is the button of timeChoices[i] on the create page.
func (o *Online) timeButton(c *app.Context, i int, x, y, w, h float64) {
	o.bs.Add(ui.Button[onlineAct]{X: x, Y: y, W: w, H: h, Act: actOPerMove, Arg: i, Label: timeChoices[i].label(c.Lang), On: o.perMove == i})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
