package pages

import (
	"math"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/sound"
	"shiftago/scenes/store"
)

// recordsAct is a control of the records screen (Arg: the index of a
// record listed).
type recordsAct uint8

const (
	actExport recordsAct = iota
	actRecBack
	actOpen
	actResumeKept
)

func (a recordsAct) String() string { return [...]string{"export", "back", "open", "resume"}[a] }

// maxKeptListed bounds the kept games listed.
const maxKeptListed = 3

// loaded is a record read off the frame loop.
type loaded struct {
	rec *record.Record
	err error
}

// maxListed bounds the records listed.
const maxListed = 6

// Records exports the game being played as a record and opens records
// for replay: from the list of exported ones, or a file dropped onto the
// window.
type Records struct {
	game   *record.Record
	bs     ui.Buttons[recordsAct]
	w, h   float64
	u      float64
	files  []string
	kept   []app.KeptGame
	info   []ui.TextBlock
	status string
	// loading delivers the record being read: files are read off the
	// frame loop, since a slow disk (or anything else) must not freeze
	// the window.
	loading chan loaded
}

// NewRecords opens the records screen; game is the game in progress (nil
// if none). Back closes it.
func NewRecords(c *app.Context, game *record.Record) app.Scene {
	return &Records{game: game}
}

// Still implements app.Still: nothing on the page moves by itself.
func (r *Records) Still() bool { return true }

// PagePhase implements app.PageScene.
func (r *Records) PagePhase() string { return "records" }

// PageButtons implements app.PageButtons.
func (r *Records) PageButtons() []ui.Info { return r.bs.Infos() }

// PageNotice implements app.PageNotice: why a record was refused.
func (r *Records) PageNotice() string { return r.status }

// Resume implements app.Resumer.
func (r *Records) Resume(c *app.Context) { r.w = 0 }

func (r *Records) layout(c *app.Context) {
	r.w, r.h = c.W, c.H
	u := ui.Unit(c.W, c.H)
	r.u = u
	w := math.Min(c.W-2*u, 22*u)
	x := (c.W - w) / 2
	y := 2.6 * u
	bh := math.Max(1.2*u, ui.Target(c.Scale)) // a finger's at least
	r.bs.Reset()
	r.bs.TextH = 1.2 * u
	r.info = r.info[:0]
	if r.game != nil {
		label := c.T("records.export")
		if app.Browser {
			label = c.T("records.download")
		}
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: w, H: bh, Act: actExport, Label: label, On: true, Bold: true})
		y += bh + 0.6*u
	}
	r.kept = nil
	if !c.SavingOff() {
		r.kept = c.KeptGames()
	}
	if len(r.kept) > maxKeptListed {
		r.kept = r.kept[:maxKeptListed]
	}
	for i, k := range r.kept {
		m := k.Session.M
		label := c.F("records.keptgame", c.T("variant."+m.Pos.Variant().String()), m.Pos.Players(), len(m.Moves))
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: w, H: bh, Act: actResumeKept, Arg: i, Label: label, On: true})
		y += bh + 0.2*u
	}
	if len(r.kept) > 0 {
		y += 0.4 * u
	}
	r.files = store.ListRecords(c.Opts.Store)
	if len(r.files) > maxListed {
		r.files = r.files[:maxListed]
	}
	for i, f := range r.files {
		r.bs.Add(ui.Button[recordsAct]{X: x, Y: y, W: w, H: bh, Act: actOpen, Arg: i, Label: filepath.Base(f)})
		y += bh + 0.2*u
	}
	if len(r.files) == 0 && !app.Browser {
		r.info = append(r.info, ui.TextBlock{X: x, Y: y + 0.3*u, Size: 0.45 * u, Lines: []string{c.T("records.none")}, Col: render.Dim, Align: render.AlignLeft})
		y += u
	}
	y += 0.4 * u
	drop := ui.TextBlock{X: x, Y: y, Size: 0.45 * u, Lines: ui.Wrap(c.Text, c.T("records.drop"), 0.45*u, w, false), Col: render.Ink, Align: render.AlignLeft}
	r.info = append(r.info, drop)
	y += drop.Height() + 0.4*u
	if r.status != "" {
		r.info = append(r.info, ui.TextBlock{X: x, Y: y, Size: 0.42 * u, Lines: ui.Wrap(c.Text, r.status, 0.42*u, w, false), Col: render.Accent, Align: render.AlignLeft})
	}
	r.bs.Add(ui.Button[recordsAct]{X: x + w - 5*u, Y: c.H - bh - 0.8*u, W: 5 * u, H: bh, Act: actRecBack, Label: c.T("records.back")})
}

func (r *Records) say(c *app.Context, s string) {
	r.status = s
	r.layout(c)
}

// Update takes the buttons and a dropped file.
func (r *Records) Update(c *app.Context) error {
	if r.w != c.W || r.h != c.H {
		r.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		c.Pop()
		return nil
	}
	if files := c.In.Dropped; files != nil {
		if load, ok := store.DroppedRecord(files); ok {
			r.load(c, load)
		}
	}
	r.delivered(c)
	b, ok := r.bs.Tapped(c.In.Pointer)
	if !ok {
		return nil
	}
	c.Sound.Play(sound.CueTap, 0, 0)
	switch b.Act {
	case actExport:
		name := "shiftago-" + time.Now().Format("20060102-150405") + ".txt"
		where, err := store.ExportRecord(c.Opts.Store, name, r.game.String())
		switch {
		case err != nil:
			r.say(c, c.F("records.exportfail", err.Error()))
		case app.Browser:
			r.say(c, c.T("records.copied"))
		default:
			r.say(c, c.F("records.exported", where))
		}
	case actOpen:
		if b.Arg >= len(r.files) {
			return nil
		}
		path := r.files[b.Arg]
		r.load(c, func() (*record.Record, error) { return store.ReadRecord(path) })
	case actResumeKept:
		if b.Arg >= len(r.kept) {
			return nil
		}
		if err := c.ResumeKept(r.kept[b.Arg].Name); err != nil {
			r.say(c, c.T("records.keptfail"))
		}
	case actRecBack:
		c.Pop()
	}
	return nil
}

// load reads a record off the frame loop; delivered takes it when it
// comes. One at a time.
func (r *Records) load(c *app.Context, read func() (*record.Record, error)) {
	if r.loading != nil {
		return
	}
	ch := make(chan loaded, 1)
	r.loading = ch
	go func() {
		rec, err := read()
		ch <- loaded{rec, err}
	}()
	r.say(c, c.T("records.opening"))
}

// delivered shows the record read, or says why it was refused (with the
// line).
func (r *Records) delivered(c *app.Context) {
	if r.loading == nil {
		return
	}
	select {
	case l := <-r.loading:
		r.loading = nil
		if l.err != nil {
			r.say(c, c.F("records.bad", l.err.Error()))
			return
		}
		r.say(c, "")
		c.Push(c.Screens.Replay(c, l.rec))
	default:
	}
}

// Loading reports whether a record is being read (tests wait on it).
func (r *Records) Loading() bool { return r.loading != nil }

// Draw draws the screen.
func (r *Records) Draw(screen *ebiten.Image, c *app.Context) {
	screen.Fill(render.BgFill)
	c.Text.Shadowed(screen, c.T("records.title"), c.W/2, 1.3*r.u, 1.2*r.u, render.Ink, render.AlignCenter, true)
	for i := range r.info {
		r.info[i].Draw(screen, c.Text)
	}
	r.bs.Draw(screen, c.Kit())
}

// Fits lists the texts with their room, for the fit test.
func (r *Records) Fits(c *app.Context) []ui.Fit { return r.bs.Fits() }
