package devices

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"math"
	"net/url"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/lobby/kit"
	"shiftago/scenes/sound"
)

// devicesAct is a control of the Devices page.
type devicesAct uint8

const (
	actDLink     devicesAct = iota // show a link code for another device
	actDUse                        // use the code typed in the box
	actDRevoke                     // Arg: the row of the device, from 0
	actDRecovery                   // make (or renew) the recovery code
	actDBack
)

func (a devicesAct) String() string {
	return [...]string{"link", "use", "revoke", "recovery", "back"}[a]
}

// Devices is the page of one player on many devices (issue 47): a link
// code (and its QR code) that makes another device this player, a box
// for the code of another device (or the recovery code), the player's
// devices with revoke, and the recovery code. The server is asked on
// goroutines; their results come back through done, taken up on the
// tick, so no frame waits for the network. While a link code shows, the
// list is fetched every few seconds: a device that used it is named.
type Devices struct {
	bs     ui.Buttons[devicesAct]
	blocks []ui.TextBlock
	w, h   float64
	u      float64
	dirty  bool
	laid   bool // laid out anew this tick: its frame is still to be drawn

	box    kit.TextBox // a link or recovery code, or a whole ?link= link
	server string
	busy   bool
	list   *proto.DevicesReply // nil: not fetched (yet)
	none   bool                // no player on this device yet
	why    string              // the last refusal, in words

	linking  bool // the link view: code, QR code, countdown
	link     proto.LinkReply
	linkText string
	qr       *ebiten.Image
	qrX, qrY float64
	qrS      float64
	notices  layout.Rect // over the page's heading (NoticeArea)
	secs     int64       // the countdown's second the page was laid out in
	polled   time.Time   // the last fetch of the list while linking

	armed    string // the device whose Revoke was tapped once ("recovery": Renew)
	recovery string // the recovery code just made: shown this once

	done   chan func(*app.Context)
	cancel context.CancelFunc
}

// NewDevices opens the page, using at once the code of a ?link= link.
func NewDevices(c *app.Context) app.Scene {
	d := &Devices{server: c.ServerAddress(), dirty: true, done: make(chan func(*app.Context), 4)}
	d.box.Max = kit.MaxCodeField
	if code := c.Opts.Online.Link; code != "" {
		c.Opts.Online.Link = ""
		app.ForgetPageParams([]string{"link"}) // single use: a reload must not spend it again
		d.box.Set(code)
		d.use(c)
		return d
	}
	d.fetch(c)
	return d
}

// linkQuery is the query of the link that opens a link code.
func linkQuery(code string) string { return "?" + url.Values{"link": {code}}.Encode() }

// deviceCode reads a link or recovery code out of what was typed or
// pasted: the code, or a whole link with ?link=.
func deviceCode(s string) string {
	s = strings.TrimSpace(s)
	if u, err := url.Parse(s); err == nil && u.RawQuery != "" {
		if v := u.Query().Get("link"); v != "" {
			return strings.TrimSpace(v)
		}
	}
	return s
}

// grouped is a code in groups of five letters, to read and type.
func grouped(code string) string {
	var b strings.Builder
	for i, r := range code {
		if i > 0 && i%5 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// PagePhase implements app.PageScene.
func (d *Devices) PagePhase() string { return "devices" }

// PageButtons implements app.PageButtons, with the code box ("code").
func (d *Devices) PageButtons() []ui.Info {
	out := d.bs.Infos()
	if !d.box.Rect.Empty() {
		out = append(out, ui.Info{ID: "code", Enabled: true, Rect: d.box.Rect})
	}
	return out
}

// PageOnline implements app.PageOnline.
func (d *Devices) PageOnline() map[string]any {
	st := map[string]any{"stage": "devices", "busy": d.busy, "why": d.why, "typed": d.box.Text(), "recovery": d.recovery}
	if d.linking {
		st["stage"], st["code"], st["link"] = "link", d.link.Code, d.linkText
	}
	if d.list != nil {
		var names []string
		for _, x := range d.list.Devices {
			names = append(names, x.Name)
		}
		st["devices"], st["count"] = strings.Join(names, ","), len(names)
	}
	return st
}

// Still implements app.Still: the page waits for a tap, except while
// the server is asked, a box is edited or a countdown runs, and on the
// tick it was laid out anew (an answer taken up: its frame is drawn).
func (d *Devices) Still() bool {
	return !d.busy && !d.linking && !d.box.Editing() && !d.dirty && !d.laid
}

// Closed implements app.Closer: what the page was asking stops.
func (d *Devices) Closed(c *app.Context) {
	d.box.Blur()
	if d.cancel != nil {
		d.cancel()
	}
}

// run runs f away from the frame with this device's client (cl nil when
// the device has no player and guest is false; with guest true one is
// made), and hands its outcome to the tick.
func (d *Devices) run(c *app.Context, guest bool, f func(ctx context.Context, cl *client.Client) (func(*app.Context), error)) {
	if d.server == "" {
		d.why = c.T("online.noserver")
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	d.cancel, d.busy, d.dirty = cancel, true, true
	st, srv := c.Opts.Store, d.server
	name := kit.KeptName(st)
	if name == "" {
		name = c.T("online.player")
	}
	go func() {
		defer cancel()
		cl := kit.KeptClient(st, srv)
		var err error
		if cl == nil && guest {
			cl, err = kit.GuestOf(ctx, st, srv, name)
		}
		var then func(*app.Context)
		if err == nil {
			then, err = f(ctx, cl)
		}
		if err != nil {
			then = func(c *app.Context) { d.fail(c, err) }
		}
		d.done <- func(c *app.Context) { d.busy = false; then(c) }
	}()
}

// fail says why the server said no.
func (d *Devices) fail(c *app.Context, err error) {
	var ae *client.APIError
	switch {
	case errors.As(err, &ae) && ae.APIError.Error == "no-code":
		d.why = c.T("online.err.nocode")
	case errors.As(err, &ae) && ae.APIError.Error == "too-many-guesses":
		d.why = c.T("online.err.guesses")
	case errors.As(err, &ae) && ae.Status == 401:
		d.why, d.none = c.T("devices.noplayer"), true
	case errors.As(err, &ae):
		d.why = ae.Why
		if k, ok := kit.Refusal(ae.APIError.Error); ok {
			d.why = c.T(k)
		}
	default:
		d.why = c.T("online.err.network")
	}
}

// fetch asks for the player's devices.
func (d *Devices) fetch(c *app.Context) {
	d.run(c, false, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		if cl == nil {
			return func(*app.Context) { d.none = true }, nil
		}
		rep, err := cl.Devices(ctx)
		if err != nil {
			return nil, err
		}
		return func(c *app.Context) { d.took(c, rep) }, nil
	})
}

// took takes up a fresh list; while a link code shows, a device that
// came meanwhile used it: it is named, and the list shows again.
func (d *Devices) took(c *app.Context, rep proto.DevicesReply) {
	if d.linking && d.list != nil && len(rep.Devices) > len(d.list.Devices) {
		known := map[string]bool{}
		for _, x := range d.list.Devices {
			known[x.ID] = true
		}
		for _, x := range rep.Devices {
			if !known[x.ID] {
				c.Notify(c.F("devices.linked", deviceLabel(c, x)))
			}
		}
		d.linking = false
	}
	d.list, d.none = &rep, false
}

// deviceLabel is a device's name, or words for one without.
func deviceLabel(c *app.Context, x proto.DeviceInfo) string {
	if x.Name == "" {
		return c.T("devices.unnamed")
	}
	return x.Name
}

// use sends the code in the box: this device becomes its player, and
// keeps the new device's token in place of the one it had.
func (d *Devices) use(c *app.Context) {
	code := deviceCode(d.box.Text())
	if code == "" {
		c.Notify(c.T("devices.code"))
		return
	}
	st, srv := c.Opts.Store, d.server
	d.why = ""
	d.run(c, false, func(ctx context.Context, _ *client.Client) (func(*app.Context), error) {
		cl := client.New(srv)
		if err := cl.UseCode(ctx, code, ""); err != nil {
			return nil, err
		}
		if st != nil {
			b, _ := json.Marshal(kit.KeptGuest{Server: srv, Token: cl.Token, ID: cl.ID, Name: cl.Name})
			if err := st.WriteNoBackup(kit.GuestFile, b); err != nil {
				return nil, err
			}
			// The player's name, so that the online page shows it and
			// does not rename the player to this device's old one.
			_ = st.WriteNoBackup(kit.NameFile, []byte(cl.Name))
		}
		rep, err := cl.Devices(ctx)
		return func(c *app.Context) {
			d.box.Set("")
			c.Notify(c.F("devices.welcome", cl.Name))
			if err == nil {
				d.took(c, rep)
			}
		}, nil
	})
}

// makeLink asks for a link code and shows it with its QR code.
func (d *Devices) makeLink(c *app.Context) {
	d.why = ""
	d.run(c, true, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		lc, err := cl.LinkCode(ctx)
		if err != nil {
			return nil, err
		}
		rep, err := cl.Devices(ctx)
		return func(c *app.Context) {
			if err == nil {
				d.took(c, rep)
			}
			d.linking, d.link, d.polled = true, lc, time.Now()
			d.linkText = app.PageLink(linkQuery(lc.Code))
			if d.linkText == "" {
				d.linkText = d.server + "/" + linkQuery(lc.Code)
			}
			d.qr = nil
			if px, n, ok := kit.QRPixels(d.linkText); ok {
				d.qr = ebiten.NewImage(n, n)
				d.qr.WritePixels(px)
			}
		}, nil
	})
}

// revoke signs a device out for good.
func (d *Devices) revoke(c *app.Context, x proto.DeviceInfo) {
	d.run(c, false, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		if cl == nil {
			return nil, errors.New("no player")
		}
		rep, err := cl.Revoke(ctx, x.ID)
		if err != nil {
			return nil, err
		}
		return func(c *app.Context) {
			c.Notify(c.F("devices.revoked", deviceLabel(c, x)))
			d.took(c, rep)
		}, nil
	})
}

// renew makes the recovery code anew and shows it, once.
func (d *Devices) renew(c *app.Context) {
	d.run(c, true, func(ctx context.Context, cl *client.Client) (func(*app.Context), error) {
		code, err := cl.NewRecovery(ctx)
		if err != nil {
			return nil, err
		}
		rep, err := cl.Devices(ctx)
		return func(c *app.Context) {
			d.recovery = code
			if err == nil {
				d.took(c, rep)
			}
		}, nil
	})
}

// Update reacts to the server's answers and to taps.
func (d *Devices) Update(c *app.Context) error {
	select {
	case f := <-d.done:
		f(c)
		d.dirty = true
	default:
	}
	now := time.Now()
	if d.linking {
		left := d.link.Expires - now.UnixMilli()
		if left <= 0 {
			d.linking, d.why, d.dirty = false, c.T("devices.expired"), true
		} else if s := left / 1000; s != d.secs {
			d.secs, d.dirty = s, true
		}
		if !d.busy && now.Sub(d.polled) >= 3*time.Second {
			d.polled = now
			d.fetch(c)
		}
	}
	d.laid = d.dirty || d.w != c.W || d.h != c.H
	if d.laid {
		d.layout(c)
	}
	used := d.box.Update(c)
	if d.box.Done && d.box.Text() != "" && (c.In.KeyPressed(ebiten.KeyEnter) || c.In.KeyPressed(ebiten.KeyNumpadEnter)) {
		d.use(c) // Enter in the box uses the code, as its button does
		return nil
	}
	if d.box.Done {
		d.dirty = true
	}
	if used || d.box.Editing() {
		return nil
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		d.back(c)
		return nil
	}
	b, ok := d.bs.Tapped(c.In.Pointer)
	if !ok {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	d.dirty = true
	armed := d.armed
	d.armed = ""
	switch b.Act {
	case actDLink:
		d.makeLink(c)
	case actDUse:
		d.use(c)
	case actDRevoke:
		if d.list == nil || b.Arg < 0 || b.Arg >= len(d.list.Devices) {
			break
		}
		x := d.list.Devices[b.Arg]
		if armed != x.ID {
			d.armed = x.ID // a second tap revokes: no device goes by a slip
			break
		}
		d.revoke(c, x)
	case actDRecovery:
		if d.list != nil && d.list.Recovery != 0 && armed != "recovery" {
			d.armed = "recovery"
			break
		}
		d.renew(c)
	case actDBack:
		d.back(c)
	}
	return nil
}

// back leaves the link view, or the page.
func (d *Devices) back(c *app.Context) {
	if d.linking {
		d.linking, d.dirty = false, true
		return
	}
	c.Pop()
}

// layout places the page for c's size: a column at most 24 units wide,
// Back at the bottom.
func (d *Devices) layout(c *app.Context) {
	d.w, d.h, d.dirty = c.W, c.H, false
	u := ui.Unit(c.W, c.H)
	d.u = u
	w := math.Min(c.W-2*u, 24*u)
	x := (c.W - w) / 2
	y := 1.2*u - 0.65*0.9*u // the title's middle 1.2 units down, as the other pages' (ui.Para: y is its room's top)
	bh := math.Max(1.2*u, ui.Target(c.Scale))
	d.bs.Reset()
	d.bs.TextH = 1.1 * u
	d.blocks = d.blocks[:0]
	d.box.Rect, d.qrS = layout.Rect{}, 0
	text := func(s string, size float64, col color.RGBA, bold bool) {
		if s == "" {
			return
		}
		// Placed by its top (ui.Para): at y itself, a label hung half
		// over the gap above, nearer the button over it than the box it
		// names.
		b := ui.Para(c.Text, s, x, y, w, size*u, col, bold)
		d.blocks = append(d.blocks, b)
		y += b.Height() + 0.35*u
	}
	// heading is the page's title. Notices stand over it, as the game's
	// over its status line: at the foot of the screen, the app's default
	// place, "… can no longer play as you." covered Back.
	heading := func(s string) {
		text(s, 0.9, render.Ink, true)
		b := d.blocks[len(d.blocks)-1]
		d.notices = layout.Rect{X: x, Y: b.Top() - 0.2*u, W: w, H: b.Height() + 0.4*u}
	}
	bw := math.Min(9*u, (w-u)/2)
	by := c.H - bh - 0.5*u
	d.bs.Add(ui.Button[devicesAct]{X: x + w - bw, Y: by, W: bw, H: bh, Act: actDBack, Label: c.T("online.back")})
	if d.linking {
		heading(c.T("devices.link"))
		text(grouped(d.link.Code), 1.5, render.Accent, true)
		text(d.linkText, 0.4, render.Dim, false)
		left := max(0, d.link.Expires-time.Now().UnixMilli()) / 1000
		foot := []string{c.F("devices.expires", fmt.Sprintf("%d:%02d", left/60, left%60)), c.T("devices.linkhint")}
		room := by - y - 0.5*u - 2*0.5*u - 2*u
		if side := math.Min(w, math.Min(9*u, room)); d.qr != nil && side > 3*u {
			d.qrX, d.qrY, d.qrS = x, y, side
			y += side + 0.4*u
		}
		text(foot[0], 0.55, render.Ink, false)
		text(foot[1], 0.42, render.Dim, false)
		return
	}
	heading(c.T("devices.title"))
	text(c.T("devices.intro"), 0.45, render.Dim, false)
	// Wide and short (a desktop, a phone on its side): the list of
	// devices in a column of its own on the right, so that it has the
	// height; else under the code box, the recovery code last.
	full, top := w, y
	wide := c.W > c.H && w >= 20*u
	if wide {
		w = (w - u) / 2
	}
	d.bs.Add(ui.Button[devicesAct]{X: x, Y: y, W: math.Min(w, 12*u), H: bh, Act: actDLink, Label: c.T("devices.link"), On: true, Bold: true, Off: d.busy})
	y += bh + 0.5*u
	text(c.T("devices.use"), 0.5, render.Ink, false)
	uw := math.Min(6*u, (w-u)/3)
	d.box.Rect = layout.Rect{X: x, Y: y, W: w - uw - 0.2*u, H: bh}
	d.bs.Add(ui.Button[devicesAct]{X: x + w - uw, Y: y, W: uw, H: bh, Act: actDUse, Label: c.T("devices.usebtn"), Off: d.busy})
	y += bh + 0.25*u
	text(c.T("devices.usewarn"), 0.4, render.Dim, false)
	if d.why != "" {
		text(d.why, 0.45, render.Accent, false)
	}
	y += 0.2 * u
	switch {
	case d.none:
		text(c.T("devices.noplayer"), 0.5, render.Dim, false)
		return
	case d.list == nil:
		text(c.T("devices.loading"), 0.5, render.Dim, false)
		return
	}
	recovery := func() {
		text(c.T("devices.recovery"), 0.5, render.Ink, false)
		if d.recovery != "" {
			text(grouped(d.recovery), 0.8, render.Accent, true)
			text(c.T("devices.recoveryshown"), 0.42, render.Dim, false)
		} else if d.list.Recovery != 0 {
			text(c.F("devices.recoveryhas", time.UnixMilli(d.list.Recovery).Format("2006-01-02 15:04")), 0.42, render.Dim, false)
		} else {
			text(c.T("devices.recoverynone"), 0.42, render.Dim, false)
		}
		label := c.T("devices.recoverymake")
		switch {
		case d.armed == "recovery":
			label = c.T("devices.recoverysure")
		case d.list.Recovery != 0:
			label = c.T("devices.recoveryrenew")
		}
		room := w
		if !wide {
			room = full - bw - 0.4*u // beside Back, where it comes down to it
		}
		d.bs.Add(ui.Button[devicesAct]{X: x, Y: math.Min(y, by-bh-0.3*u), W: math.Min(room, 10*u), H: bh, Act: actDRecovery, Label: label, On: d.armed == "recovery", Off: d.busy})
		y += bh + 0.5*u
	}
	// The recovery code's part under the list takes this much; the rows
	// take what room is left above it (the most recently seen first).
	bottom := by - 0.4*u
	if wide {
		recovery()
		x, y = x+w+u, top
	} else {
		bottom -= 3*0.5*u + bh + 1.6*u
		if d.recovery != "" {
			bottom -= 2.5 * u
		}
	}
	text(c.T("devices.list"), 0.5, render.Ink, false)
	rw := math.Min(6*u, (w-u)/3)
	for i, x0 := range d.list.Devices {
		if y+bh > bottom {
			text(fmt.Sprintf("+%d", len(d.list.Devices)-i), 0.42, render.Dim, false) // no words: no plural
			break
		}
		name := deviceLabel(c, x0)
		seen := c.T("devices.now")
		if age := time.Since(time.UnixMilli(x0.Seen)); age > 10*time.Minute {
			seen = c.F("devices.seen", time.UnixMilli(x0.Seen).Format("2006-01-02 15:04"))
		}
		if x0.This {
			seen = c.T("devices.this") + " · " + seen
		}
		tw := w - rw - 0.4*u
		d.blocks = append(d.blocks,
			ui.TextBlock{X: x, Y: y + 0.3*bh, Size: 0.5 * u, Lines: []string{kit.FitText(c, name, 0.5*u, tw, x0.This)}, Col: render.Ink, Bold: x0.This, Align: render.AlignLeft},
			ui.TextBlock{X: x, Y: y + 0.78*bh, Size: 0.4 * u, Lines: []string{kit.FitText(c, seen, 0.4*u, tw, false)}, Col: render.Dim, Align: render.AlignLeft})
		if !x0.This {
			label := c.T("devices.revoke")
			if d.armed == x0.ID {
				label = c.T("devices.sure")
			}
			d.bs.Add(ui.Button[devicesAct]{X: x + w - rw, Y: y, W: rw, H: bh, Act: actDRevoke, Arg: i, Label: label, On: d.armed == x0.ID, Off: d.busy})
		}
		y += bh + 0.35*u
	}
	if !wide {
		y += 0.4 * u
		recovery()
	}
}

// Draw draws the page.
func (d *Devices) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	for i := range d.blocks {
		d.blocks[i].Draw(screen, c.Text)
	}
	if d.linking && d.qr != nil && d.qrS > 0 {
		var op ebiten.DrawImageOptions
		n := float64(d.qr.Bounds().Dx())
		op.GeoM.Scale(d.qrS/n, d.qrS/n)
		op.GeoM.Translate(d.qrX, d.qrY)
		op.Filter = ebiten.FilterNearest
		screen.DrawImage(d.qr, &op)
	}
	d.bs.Draw(screen, c.Kit())
	d.box.Draw(screen, c, c.T("devices.code"))
}

// NoticeArea implements app.NoticePlacer: over the page's heading,
// clear of Back and every other control.
func (d *Devices) NoticeArea() layout.Rect { return d.notices }

// Fits lists the texts with their room, for the fit test.
func (d *Devices) Fits(c *app.Context) []ui.Fit { return d.bs.Fits() }
