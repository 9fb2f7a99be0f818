package pages

import (
	"shiftago/render"
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
	question[problemAct]
	p app.SaveProblem
}

// NewSaveProblem explains p.
func NewSaveProblem(c *app.Context, p app.SaveProblem) app.Scene { return &SaveProblem{p: p} }

// HasBackup reports whether the backup can be loaded.
func (s *SaveProblem) HasBackup() bool { return s.p.Backup != nil }

// PagePhase implements app.PageScene.
func (s *SaveProblem) PagePhase() string { return "saveproblem" }

func (s *SaveProblem) layout(c *app.Context) {
	ps := []para{
		{c.T("problem.title"), 0.9, render.Accent, true},
		{c.T(app.ProblemKey(s.p.Err)), 0.55, render.Ink, false},
	}
	for _, l := range s.texts(c)[1:] {
		ps = append(ps, para{l, 0.45, render.Dim, false})
	}
	if s.p.Err != nil && !s.p.Missing() {
		ps = append(ps, para{c.F("problem.details", s.p.Err.Error()), 0.4, render.Dim, false})
	}
	var backup answer[problemAct]
	if s.p.Backup != nil {
		ps = append(ps, para{c.T("problem.backupok"), 0.55, render.Good, false})
		backup = answer[problemAct]{actBackup, c.T("problem.backup")}
	} else {
		ps = append(ps, para{c.T("problem.backupbad"), 0.55, render.Ink, false})
	}
	s.place(c, ps, 9, backup, answer[problemAct]{actFresh, c.T("problem.new")})
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
	if s.stale(c) {
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
		c.Notify(c.F("problem.backupfail", err.Error()))
	} else if !backup && s.p.Backup != nil && c.KeepGame(s.p.Backup) {
		// A new game instead of the backup: the backup's game is kept
		// for the records screen, not rotated away by the new game's
		// second save.
		c.NotifyUntilTap(c.T("notice.kept"))
	}
	c.Reset(c.Screens.Title(c))
}
