package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic/puzzle"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/lesson"
	"shiftago/render/ui"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
	"shiftago/scenes/sound"
	"shiftago/scenes/table"
)

// pzAct is a button of the puzzle's panel.
type pzAct uint8

const (
	pzPrev pzAct = iota
	pzNext
	pzRetry
	pzBack
)

func (a pzAct) String() string { return [...]string{"previous", "next", "retry", "back"}[a] }

// Puzzles is the puzzle screen: a "find the win" position on the real
// table, played by dragging marbles in as in a game, against a
// Grandmaster that answers from the puzzle's proof (package play's
// PuzzleRun). It opens at the puzzle of the day; the panel says what to
// find, how the try went, and leads to the previous and next puzzles.
// The player's solved puzzles and streak are kept in the store.
type Puzzles struct {
	list  []puzzle.Puzzle
	daily int // the puzzle of the day's index
	i     int // the puzzle shown
	t     *table.Table
	run   *play.PuzzleRun
	seen  int // the run's Changed when the screen last looked
	tries int // wrong tries at the puzzle shown
	prog  saves.PuzzleProgress

	bs         ui.Buttons[pzAct]
	panel      lesson.Panel
	laid       pzLaid
	panelPress bool
}

// pzLaid is what the panel's layout depends on: the screen, and what
// its text says (put into words only when that changes).
type pzLaid struct {
	w, h  float64
	words pzWords
	text  string
}

// pzWords is what the panel's text depends on.
type pzWords struct {
	lang         string
	i, moves     int
	state        play.PuzzleState
	solved       int
	streak, best int
	rating       int
}

// NewPuzzles opens the puzzles at the puzzle of the day (c.Opts.Date).
func NewPuzzles(c *app.Context) (app.Scene, error) {
	list, err := puzzle.All()
	if err != nil {
		return nil, err
	}
	pz := &Puzzles{list: list}
	if d, err := puzzle.Daily(c.Opts.Date, len(list)); err == nil {
		pz.daily = d
	}
	pz.prog, err = saves.LoadPuzzles(c.Opts.Store)
	if err != nil {
		c.Notify(c.F("puzzle.readfail", err.Error())) // a fresh start rather than none
	}
	if err := pz.open(c, pz.daily); err != nil {
		return nil, err
	}
	return pz, nil
}

// open shows puzzle i from its start.
func (pz *Puzzles) open(c *app.Context, i int) error {
	n := len(pz.list)
	i = (i%n + n) % n
	s, run, err := play.NewPuzzleRun(&pz.list[i], c.Setup, c.Opts.Seed, c.Opts.Date)
	if err != nil {
		return err
	}
	if pz.t != nil {
		pz.t.Ctl.Stop()
		if i != pz.i {
			pz.tries = 0
		}
	}
	pz.i, pz.run, pz.seen = i, run, 0
	pz.t = table.NewTable(c, s)
	pz.t.Ctl.Lesson = run
	pz.laid = pzLaid{}
	return nil
}

// Index is the puzzle shown and the puzzle of the day (for tests).
func (pz *Puzzles) Index() (shown, daily int) { return pz.i, pz.daily }

// Run is the attempt under way (for tests).
func (pz *Puzzles) Run() *play.PuzzleRun { return pz.run }

// Table is the table the puzzle is played on (for tests).
func (pz *Puzzles) Table() *table.Table { return pz.t }

// Progress is the player's puzzle progress as the screen keeps it.
func (pz *Puzzles) Progress() saves.PuzzleProgress { return pz.prog }

// Resume implements app.Resumer.
func (pz *Puzzles) Resume(c *app.Context) { pz.t.Refresh(c); pz.laid = pzLaid{} }

// PagePhase implements app.PageScene.
func (pz *Puzzles) PagePhase() string { return "puzzle" }

// PageStatus implements app.PageStatus: the panel's text.
func (pz *Puzzles) PageStatus() string { return pz.laid.text }

// PageButtons implements app.PageButtons.
func (pz *Puzzles) PageButtons() []ui.Info { return pz.bs.Infos() }

// PageGeometry implements app.PageBoard.
func (pz *Puzzles) PageGeometry() *layout.Geometry { return pz.t.Geometry() }

// PageMatch implements app.PageBoard.
func (pz *Puzzles) PageMatch() *play.Match { return pz.t.Match() }

// KeepsClearOfInsets implements app.InsetAware.
func (pz *Puzzles) KeepsClearOfInsets() {}

// Update runs one tick: the panel's buttons, then the table, which
// takes the player's moves only while the puzzle is being solved.
func (pz *Puzzles) Update(c *app.Context) error {
	t := pz.t
	t.Relayout(c)
	t.Geometry().Menu = layout.Rect{} // the panel's buttons instead
	t.Geometry().Undo = layout.Rect{}
	pz.layout(c)
	in := c.In
	if in.Pressed {
		pz.panelPress = pz.panel.R.Contains(in.At())
	}
	if b, ok := pz.bs.Tapped(in.Pointer); ok {
		c.Sound.Play(sound.CueTap, 0, 0)
		pz.act(c, b.Act)
		return nil
	}
	if table.ScriptKeys(c, &in, pz.t) {
		return nil
	}
	if pz.panelPress || pz.run.State != play.PuzzleSolving {
		// A press on the panel is not for the board, nor any press once
		// the try is over: the refutation or the win stays on show.
		in.Pressed, in.Down, in.Released = false, false, false
		pz.panelPress = pz.panelPress && c.In.Down && !c.In.Released
		in.ClearKeys()
	}
	t.Update(c, &in)
	// Once the try is over the board takes no move, so the status line
	// says how it went rather than "drag a marble in" (which it said after
	// a wrong move, the board blocked).
	switch pz.run.State {
	case play.PuzzleWrong:
		t.Announce(c, c.T("puzzle.wrong"))
	case play.PuzzleSolved:
		t.Announce(c, c.T("puzzle.solved"))
	}
	if pz.run.Changed != pz.seen {
		pz.seen = pz.run.Changed
		pz.judged(c)
		pz.layout(c) // the buttons of the new state, before anyone taps
	}
	return nil
}

// judged books the end of a try in the player's progress.
func (pz *Puzzles) judged(c *app.Context) {
	id, d := saves.PuzzleID(pz.list[pz.i].Position), pz.list[pz.i].Difficulty
	changed := false
	switch pz.run.State {
	case play.PuzzleWrong:
		changed = pz.prog.Missed(d, pz.tries == 0)
		pz.tries++
	case play.PuzzleSolved:
		changed = pz.prog.Done(id, d, pz.tries == 0)
	}
	if changed {
		if err := saves.SavePuzzles(c.Opts.Store, pz.prog); err != nil {
			c.Notify(c.F("puzzle.savefail", err.Error()))
		}
	}
}

// act runs a button of the panel.
func (pz *Puzzles) act(c *app.Context, a pzAct) {
	var err error
	switch a {
	case pzBack:
		pz.t.Ctl.Stop()
		c.Pop()
		return
	case pzRetry:
		err = pz.open(c, pz.i)
	case pzPrev:
		err = pz.open(c, pz.i-1)
	case pzNext:
		err = pz.open(c, pz.i+1)
	}
	if err != nil {
		c.Notify(err.Error())
	}
}

// text is the panel's text: which puzzle, what to find, how the try
// went, the player's record.
func (pz *Puzzles) text(c *app.Context) string {
	p := &pz.list[pz.i]
	which := c.F("puzzle.number", pz.i+1, len(pz.list))
	if pz.i == pz.daily {
		which = c.T("puzzle.daily")
	}
	task := c.F("puzzle.task", c.Lang.Colors[pz.run.Winner()], p.Moves())
	var how string
	switch pz.run.State {
	case play.PuzzleWrong:
		how = c.T("puzzle.wrong")
	case play.PuzzleSolved:
		how = c.T("puzzle.solved")
	default:
		if len(pz.t.Match().Moves) > 0 {
			how = c.T("puzzle.right")
		} else if pz.prog.IsSolved(saves.PuzzleID(p.Position)) {
			how = c.T("puzzle.before")
		}
	}
	rating := pz.prog.Rating
	if rating == 0 {
		rating = saves.StartRating
	}
	stats := c.F("puzzle.stats", len(pz.prog.Solved), pz.prog.Streak, pz.prog.Best, rating)
	out := which + ": " + task
	if how != "" {
		out += " " + how
	}
	return out + " " + stats
}

// layout places the panel where the table leaves room for it, as the
// first steps' lesson does, with the buttons of the try's state.
func (pz *Puzzles) layout(c *app.Context) {
	words := pzWords{lang: c.Lang.Code, i: pz.i, moves: len(pz.t.Match().Moves), state: pz.run.State,
		solved: len(pz.prog.Solved), streak: pz.prog.Streak, best: pz.prog.Best, rating: pz.prog.Rating}
	if pz.laid.w == c.W && pz.laid.h == c.H && pz.laid.words == words && pz.panel.Size > 0 {
		return
	}
	text := pz.text(c)
	pz.laid = pzLaid{w: c.W, h: c.H, words: words, text: text}
	t := pz.t
	// The buttons keep their places from state to state (a finger on
	// its way to one must not land on another): the first is Try again
	// after a wrong move, else the previous puzzle; then the next; Back.
	var acts []pzAct
	switch pz.run.State {
	case play.PuzzleWrong:
		acts = []pzAct{pzRetry, pzNext, pzBack}
	case play.PuzzleSolved:
		acts = []pzAct{pzPrev, pzNext, pzBack}
	default:
		acts = []pzAct{pzPrev, pzNext, pzBack}
	}
	labels := make([]string, len(acts))
	for i, a := range acts {
		labels[i] = map[pzAct]string{pzPrev: "‹", pzNext: "›", pzRetry: c.T("puzzle.retry"), pzBack: c.T("puzzle.back")}[a]
		if a == pzNext && pz.run.State == play.PuzzleSolved {
			labels[i] = c.T("puzzle.next")
		}
	}
	p, btns := table.PlacePanel(c, t, text, labels, 0)
	pz.panel = p
	pz.bs.Reset()
	pz.bs.TextH = 1.9 * p.Size
	for i, r := range btns {
		first := (acts[i] == pzRetry) || (acts[i] == pzNext && pz.run.State == play.PuzzleSolved)
		pz.bs.Add(ui.Button[pzAct]{X: r.X, Y: r.Y, W: r.W, H: r.H, Act: acts[i], Label: labels[i], On: first, Bold: first})
	}
}

// Draw draws the table and the panel over it: its box (framed in the
// colour of how the try went), the text and the buttons.
func (pz *Puzzles) Draw(screen *ebiten.Image, c *app.Context) {
	pz.t.Draw(screen, c)
	p := &pz.panel
	if pz.t.View.Geo.Cell <= 0 || p.Size == 0 {
		return
	}
	frame := render.Accent
	switch pz.run.State {
	case play.PuzzleWrong:
		frame = render.Bad
	case play.PuzzleSolved:
		frame = render.Gold
	}
	table.DrawPanelBox(screen, c, p, frame)
	pz.bs.Draw(screen, c.Kit())
}

// Fits lists the panel's texts with their room, for the fit test.
func (pz *Puzzles) Fits() []ui.Fit {
	out := pz.bs.Fits()
	for _, l := range pz.panel.Lines {
		out = append(out, ui.Fit{Text: l, Size: pz.panel.Size, W: pz.panel.R.X + pz.panel.R.W - pz.panel.TX})
	}
	return out
}
