package scenes

import (
	"io/fs"
	"math"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/record"
	"shiftago/render"
)

// Actions of the records screen.
const (
	actRecExport = 700
	actRecBack   = 701
	actRecOpen   = 710 // + index in the list
)

// maxListed bounds the records listed.
const maxListed = 6

// RecordsScene exports the game being played as a record and opens
// records for replay: from the list of exported ones, or a file dropped
// onto the window.
type RecordsScene struct {
	prev   Scene
	game   *GameScene
	bs     buttons
	w, h   float64
	u      float64
	files  []string
	info   []textBlock
	status string
}

// NewRecordsScene opens the records screen; game is the game in progress
// (nil if none), Back returns to prev.
func NewRecordsScene(c *Context, game *GameScene) *RecordsScene {
	return &RecordsScene{prev: game, game: game, bs: buttons{pressed: -1, hover: -1}}
}

func (r *RecordsScene) layout(c *Context) {
	r.w, r.h = c.W, c.H
	u := pageUnit(c)
	r.u = u
	w := math.Min(c.W-2*u, 22*u)
	x := (c.W - w) / 2
	y := 2.6 * u
	bh := 1.2 * u
	r.bs.reset()
	r.info = r.info[:0]
	if r.game != nil {
		label := msg("records.export")
		if isBrowser {
			label = msg("records.download")
		}
		r.bs.add(button{x: x, y: y, w: w, h: bh, id: actRecExport, label: label, on: true, bold: true})
		y += bh + 0.6*u
	}
	r.files = listRecords(c)
	if len(r.files) > maxListed {
		r.files = r.files[:maxListed]
	}
	for i, f := range r.files {
		r.bs.add(button{x: x, y: y, w: w, h: bh, id: actRecOpen + i, label: filepath.Base(f)})
		y += bh + 0.2*u
	}
	if len(r.files) == 0 && !isBrowser {
		r.info = append(r.info, textBlock{x: x, y: y + 0.3*u, size: 0.45 * u, lines: []string{msg("records.none")}, col: colDim, align: render.AlignLeft})
		y += u
	}
	y += 0.4 * u
	drop := textBlock{x: x, y: y, size: 0.45 * u, lines: wrap(c, msg("records.drop"), 0.45*u, w, false), col: colText, align: render.AlignLeft}
	r.info = append(r.info, drop)
	y += drop.height() + 0.4*u
	if r.status != "" {
		st := textBlock{x: x, y: y, size: 0.42 * u, lines: wrap(c, r.status, 0.42*u, w, false), col: colAccent, align: render.AlignLeft}
		r.info = append(r.info, st)
	}
	r.bs.add(button{x: x + w - 5*u, y: c.H - bh - 0.8*u, w: 5 * u, h: bh, id: actRecBack, label: msg("records.back")})
}

func (r *RecordsScene) say(c *Context, s string) {
	r.status = s
	r.layout(c)
}

// Update takes the buttons and a dropped file.
func (r *RecordsScene) Update(c *Context) error {
	if r.w != c.W || r.h != c.H {
		r.layout(c)
	}
	if c.In.KeyPressed(ebiten.KeyEscape) {
		leave(c, r.prev)
		return nil
	}
	if files := ebiten.DroppedFiles(); files != nil {
		r.openDropped(c, files)
	}
	id := r.bs.tapped(&c.In)
	switch {
	case id == actRecExport:
		c.Sound.Play(CueTap, 0, 0)
		name := "shiftago-" + time.Now().Format("20060102-150405") + ".txt"
		where, err := exportRecord(c, name, r.game.GameRecord().String())
		if err != nil {
			r.say(c, err.Error())
		} else if isBrowser {
			r.say(c, msg("records.copied"))
		} else {
			r.say(c, msgf("records.exported", where))
		}
	case id >= actRecOpen && id < actRecOpen+len(r.files):
		c.Sound.Play(CueTap, 0, 0)
		text, err := readRecord(r.files[id-actRecOpen])
		if err != nil {
			r.say(c, msgf("records.bad", err.Error()))
			return nil
		}
		r.open(c, text)
	case id == actRecBack:
		c.Sound.Play(CueTap, 0, 0)
		leave(c, r.prev)
	}
	return nil
}

// openDropped opens the first file dropped onto the window.
func (r *RecordsScene) openDropped(c *Context, files fs.FS) {
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
			r.say(c, msgf("records.bad", err.Error()))
			return
		}
		r.open(c, string(b))
		return
	}
}

// open checks a record and shows it in the replay viewer, or says why it
// was refused (with the line).
func (r *RecordsScene) open(c *Context, text string) {
	rec, err := record.Parse(text)
	if err != nil {
		r.say(c, msgf("records.bad", err.Error()))
		return
	}
	c.GoTo(NewReplayScene(c, rec, r))
}

// Draw draws the screen.
func (r *RecordsScene) Draw(screen *ebiten.Image, c *Context) {
	screen.Fill(colBg)
	if r.u == 0 {
		return
	}
	c.Text.Shadowed(screen, msg("records.title"), c.W/2, 1.3*r.u, 1.2*r.u, colText, render.AlignCenter, true)
	for i := range r.info {
		r.info[i].draw(screen, c)
	}
	r.bs.draw(screen, c)
}

// Labels lists the texts with their room, for the fit test.
func (r *RecordsScene) Labels() []Fit { return fitsOf(&r.bs) }
