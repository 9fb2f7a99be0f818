package pages

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/sound"
)

// problemAct is a choice of the save-problem screen.
type problemAct uint8

const (
	actBackup problemAct = iota
	actFresh
)

func (a problemAct) String() string { return [...]string{"backup", "new"}[a] }

// SaveProblem says that the saved game could not be loaded and why,
// where the bad file was put, and offers the backup or a new game.
type SaveProblem struct {
	p      app.SaveProblem
	bs     ui.Buttons[problemAct]
	blocks []ui.TextBlock
	w, h   float64
}

// NewSaveProblem explains p.
func NewSaveProblem(c *app.Context, p app.SaveProblem) app.Scene { return &SaveProblem{p: p} }

// HasBackup reports whether the backup can be loaded.
func (s *SaveProblem) HasBackup() bool { return s.p.Backup != nil }

// Still implements app.Still: nothing on the page moves by itself.
func (s *SaveProblem) Still() bool { return true }

// PagePhase implements app.PageScene.
func (s *SaveProblem) PagePhase() string { return "saveproblem" }

// PageButtons implements app.PageButtons.
func (s *SaveProblem) PageButtons() []ui.Info { return s.bs.Infos() }

func (s *SaveProblem) layout(c *app.Context) {
	s.w, s.h = c.W, c.H
	u := ui.Unit(c.W, c.H)
	w := math.Min(c.W-2*u, 24*u)
	x := (c.W - w) / 2
	y := 1.5 * u
	s.blocks = s.blocks[:0]
	add := func(text string, size float64, col color.RGBA, bold bool) {
		b := ui.TextBlock{X: x, Y: y, Size: size, Lines: ui.Wrap(c.Text, text, size, w, bold), Col: col, Bold: bold, Align: render.AlignLeft}
		s.blocks = append(s.blocks, b)
		y += b.Height() + 0.5*u
	}
	add(c.T("problem.title"), 0.9*u, render.Accent, true)
	add(c.T(app.ProblemKey(s.p.Err)), 0.55*u, render.Ink, false)
	for _, l := range s.texts(c)[1:] {
		add(l, 0.45*u, render.Dim, false)
	}
	if s.p.Err != nil && !s.p.Missing() {
		add(c.F("problem.details", s.p.Err.Error()), 0.4*u, render.Dim, false)
	}
	if s.p.Backup != nil {
		add(c.T("problem.backupok"), 0.55*u, render.Good, false)
	} else {
		add(c.T("problem.backupbad"), 0.55*u, render.Ink, false)
	}
	y += 0.5 * u
	s.bs.Reset()
	s.bs.TextH = 1.3 * u
	bw := math.Min(9*u, (w-u)/2)
	bh := math.Max(1.3*u, ui.Target(c.Scale))
	if s.p.Backup != nil {
		s.bs.Add(ui.Button[problemAct]{X: x, Y: y, W: bw, H: bh, Act: actBackup, Label: c.T("problem.backup"), On: true, Bold: true})
	}
	s.bs.Add(ui.Button[problemAct]{X: x + w - bw, Y: y, W: bw, H: bh, Act: actFresh, Label: c.T("problem.new")})
}

// texts are what the screen says of the file, in order: what is wrong,
// then where the file is, and only what is true (issue 12: it said the
// file was kept aside when it could not be moved).
func (s *SaveProblem) texts(c *app.Context) []string {
	out := []string{c.T(app.ProblemKey(s.p.Err))}
	switch {
	case s.p.Missing():
	case s.p.Kept:
		out = append(out, c.T("problem.kept")+" "+s.p.Where)
	default:
		out = append(out, c.F("problem.notkept", s.p.Where))
	}
	return out
}

// Update takes the choice.
func (s *SaveProblem) Update(c *app.Context) error {
	if s.w != c.W || s.h != c.H {
		s.layout(c)
	}
	if b, ok := s.bs.Tapped(c.In.Pointer); ok {
		s.Choose(c, b.Act == actBackup)
	}
	return nil
}

// Choose continues from the backup or starts afresh at the setup.
func (s *SaveProblem) Choose(c *app.Context, backup bool) {
	c.Sound.Play(sound.CueTap, 0, 0)
	if backup && s.p.Backup != nil {
		ses, err := c.ResumeSession(s.p.Backup)
		if err == nil {
			c.Reset(c.Screens.Resume(c, ses)) // it becomes the save at once
			return
		}
		c.Notify(err.Error())
	}
	c.Reset(c.Screens.Title(c))
}

// Draw draws the explanation.
func (s *SaveProblem) Draw(screen *ebiten.Image, c *app.Context) {
	screen.Fill(render.Bg)
	for i := range s.blocks {
		s.blocks[i].Draw(screen, c.Text)
	}
	s.bs.Draw(screen, c.Kit())
}

// Fits lists the texts with their room, for the fit test.
func (s *SaveProblem) Fits(c *app.Context) []ui.Fit { return s.bs.Fits() }
