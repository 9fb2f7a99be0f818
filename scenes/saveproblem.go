package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/scenes/store"
)

const (
	actBackup = 400
	actFresh  = 401
)

// SaveProblemScene says that the saved game could not be loaded and why,
// where the bad file was put, and offers the backup or a new game.
type SaveProblemScene struct {
	err    error
	where  string
	backup *store.Game
	bs     buttons
	blocks []textBlock
	w, h   float64
}

// NewSaveProblemScene explains err; the bad save is now at where.
func NewSaveProblemScene(c *Context, err error, where string) *SaveProblemScene {
	s := &SaveProblemScene{err: err, where: where, bs: buttons{pressed: -1, hover: -1}}
	if st := c.Opts.Store; st != nil {
		if b, e := st.ReadBackup(saveName); e == nil {
			if g, e := store.DecodeGame(b); e == nil {
				s.backup = g
			}
		}
	}
	return s
}

// HasBackup reports whether the backup can be loaded.
func (s *SaveProblemScene) HasBackup() bool { return s.backup != nil }

func (s *SaveProblemScene) layout(c *Context) {
	s.w, s.h = c.W, c.H
	u := pageUnit(c)
	w := math.Min(c.W-2*u, 24*u)
	x := (c.W - w) / 2
	y := 1.5 * u
	s.blocks = s.blocks[:0]
	add := func(text string, size float64, col color.RGBA, bold bool) {
		b := textBlock{x: x, y: y, size: size, lines: wrap(c, text, size, w, bold), col: col, bold: bold, align: render.AlignLeft}
		s.blocks = append(s.blocks, b)
		y += b.height() + 0.5*u
	}
	add(msg("problem.title"), 0.9*u, colAccent, true)
	add(msg(problemOf(s.err)), 0.55*u, colText, false)
	add(msg("problem.kept")+" "+s.where, 0.45*u, colDim, false)
	if s.err != nil {
		add(msgf("problem.details", s.err.Error()), 0.4*u, colDim, false)
	}
	if s.backup != nil {
		add(msg("problem.backupok"), 0.55*u, colGood, false)
	} else {
		add(msg("problem.backupbad"), 0.55*u, colText, false)
	}
	y += 0.5 * u
	s.bs.reset()
	bw := math.Min(9*u, (w-u)/2)
	if s.backup != nil {
		s.bs.add(button{x: x, y: y, w: bw, h: 1.3 * u, id: actBackup, label: msg("problem.backup"), on: true, bold: true})
	}
	s.bs.add(button{x: x + w - bw, y: y, w: bw, h: 1.3 * u, id: actFresh, label: msg("problem.new")})
}

// Update takes the choice.
func (s *SaveProblemScene) Update(c *Context) error {
	if s.w != c.W || s.h != c.H {
		s.layout(c)
	}
	switch s.bs.tapped(&c.In) {
	case actBackup:
		s.Choose(c, true)
	case actFresh:
		s.Choose(c, false)
	}
	return nil
}

// Choose continues from the backup or starts afresh at the setup.
func (s *SaveProblemScene) Choose(c *Context, backup bool) {
	c.Sound.Play(CueTap, 0, 0)
	if backup && s.backup != nil {
		gs, err := c.resumeGame(s.backup)
		if err == nil {
			gs.savedVersion = -1 // it becomes the save at once
			c.GoTo(gs)
			return
		}
		c.Notify(err.Error())
	}
	c.GoTo(NewSetupScene(c))
}

// Draw draws the explanation.
func (s *SaveProblemScene) Draw(screen *ebiten.Image, c *Context) {
	screen.Fill(colBg)
	for i := range s.blocks {
		s.blocks[i].draw(screen, c)
	}
	s.bs.draw(screen, c)
}
