package pages

import (
	"io/fs"
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
)

func (a recordsAct) String() string { return [...]string{"export", "back", "open"}[a] }

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
	info   []ui.TextBlock
	status string
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
	if files := ebiten.DroppedFiles(); files != nil {
		r.openDropped(c, files)
	}
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
			r.say(c, err.Error())
		case app.Browser:
			r.say(c, c.T("records.copied"))
		default:
			r.say(c, c.F("records.exported", where))
		}
	case actOpen:
		if b.Arg >= len(r.files) {
			return nil
		}
		text, err := store.ReadRecord(r.files[b.Arg])
		if err != nil {
			r.say(c, c.F("records.bad", err.Error()))
			return nil
		}
		r.open(c, text)
	case actRecBack:
		c.Pop()
	}
	return nil
}

// openDropped opens the first file dropped onto the window.
func (r *Records) openDropped(c *app.Context, files fs.FS) {
	ents, err := fs.ReadDir(files, ".")
	if err != nil || len(ents) == 0 {
		return
	}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		b, err := fs.ReadFile(files, e.Name())
		if err != nil {
			r.say(c, c.F("records.bad", err.Error()))
			return
		}
		r.open(c, string(b))
		return
	}
}

// open checks a record and shows it in the replay, or says why it was
// refused (with the line).
func (r *Records) open(c *app.Context, text string) {
	rec, err := record.Parse(text)
	if err != nil {
		r.say(c, c.F("records.bad", err.Error()))
		return
	}
	c.Push(c.Screens.Replay(c, rec))
}

// Draw draws the screen.
func (r *Records) Draw(screen *ebiten.Image, c *app.Context) {
	screen.Fill(render.Bg)
	c.Text.Shadowed(screen, c.T("records.title"), c.W/2, 1.3*r.u, 1.2*r.u, render.Ink, render.AlignCenter, true)
	for i := range r.info {
		r.info[i].Draw(screen, c.Text)
	}
	r.bs.Draw(screen, c.Kit())
}

// Fits lists the texts with their room, for the fit test.
func (r *Records) Fits(c *app.Context) []ui.Fit { return r.bs.Fits() }
