package pages

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/ui"
	"shiftago/render/view"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
)

// replayAct is a control of the replay.
type replayAct uint8

const (
	actRepFirst replayAct = iota
	actRepPrev
	actRepNext
	actRepLast
	actRepClose
)

func (a replayAct) String() string { return [...]string{"first", "prev", "next", "last", "close"}[a] }

// Replay steps forward and back through a record: each step forward is
// animated from the rules' trace, each step back is immediate.
type Replay struct {
	rec    *record.Record
	ply    int
	pos    logic.Position
	last   logic.Trace
	anim   *motion.Animation
	before logic.Position

	board view.Board
	cfg   layout.Config
	bs    ui.Buttons[replayAct]
	names [4]string
	lang  string
	text  string // the status line
}

// NewReplay shows rec from its start; Close closes it.
func NewReplay(c *app.Context, rec *record.Record) app.Scene {
	r := &Replay{rec: rec}
	r.pos, _ = rec.Start()
	return r
}

// Ply is the number of moves shown.
func (r *Replay) Ply() int { return r.ply }

// PagePhase implements app.PageScene.
func (r *Replay) PagePhase() string { return "replay" }

// Still implements app.Still: still unless a move is being shown.
func (r *Replay) Still() bool { return r.anim == nil }

// PagePosition implements app.PagePosition: the position shown.
func (r *Replay) PagePosition() string { return r.pos.String() }

// PageStatus implements app.PageStatus: which move is shown.
func (r *Replay) PageStatus() string { return r.text }

// PageButtons implements app.PageButtons.
func (r *Replay) PageButtons() []ui.Info { return r.bs.Infos() }

// Resume implements app.Resumer.
func (r *Replay) Resume(c *app.Context) { r.cfg = layout.Config{} }

// Seek shows the position after ply moves; one step forward is animated.
func (r *Replay) Seek(c *app.Context, ply int) {
	ply = max(0, min(len(r.rec.Moves), ply))
	if ply == r.ply+1 {
		r.before = r.pos
		r.pos.Apply(r.rec.Moves[r.ply], &r.last)
		opts := motion.Options{Speed: c.AnimSpeed(), Reduced: c.Setup.Reduced, Carry: true}
		r.anim = motion.New(r.last, r.before, r.board.Geo, opts)
	} else {
		r.anim = nil
		r.pos, r.last, _, _ = r.rec.Replay(ply)
	}
	r.ply = ply
	r.lang = "" // the status line changes
}

func (r *Replay) relayout(c *app.Context) {
	if r.lang != c.Lang.Code {
		r.lang = c.Lang.Code
		for i, s := range r.rec.Seats {
			r.names[i] = play.Name(c.Lang, play.SeatName{Color: s.Color, Computer: s.Computer, Level: s.Level})
		}
		r.text = r.status(c)
		r.cfg = layout.Config{}
	}
	cfg := layout.Config{W: c.W, H: c.H, Scale: c.Scale, Players: len(r.rec.Seats), Scoring: r.rec.Variant.Scores(), Inset: c.Inset}
	cfg.Footer = r.controlsW(c, layout.New(cfg).Bar) > 0.6*c.W // no room beside the status line: a bar of their own
	if cfg == r.cfg {
		return
	}
	r.cfg = cfg
	r.board.Geo = layout.New(cfg)
	c.Sprites.Ensure(int(2 * r.board.Geo.MarbleRadius))
	if r.anim != nil {
		r.anim.SetGeometry(r.board.Geo)
	}
	// The controls sit at the right end of the status line, or in a bar
	// of their own at the foot of a narrow screen, spread across it.
	geo := &r.board.Geo
	bar := geo.Bar
	r.bs.Reset()
	y, x, gap := geo.Status.Y, c.W-geo.Margin(), bar*0.15
	stretch := 1.0
	if cfg.Footer {
		y = geo.Footer.Y
		stretch = (geo.Footer.W + gap) / (r.controlsW(c, bar) + gap)
	}
	labels := [5]string{c.T("replay.close"), ">|", ">", "<", "|<"}
	acts := [5]replayAct{actRepClose, actRepLast, actRepNext, actRepPrev, actRepFirst}
	for i := range acts {
		w := r.buttonW(c, bar, i, labels[0]) * stretch
		x -= w
		r.bs.Add(ui.Button[replayAct]{X: x, Y: y, W: w, H: bar, Act: acts[i], Label: labels[i], On: i == 0})
		x -= gap * stretch
	}
}

// buttonW is the width of control i (0 is Close, labelled close).
func (r *Replay) buttonW(c *app.Context, bar float64, i int, close string) float64 {
	if i == 0 {
		return math.Max(3*bar, c.Text.Width(close, bar*0.46, false)+bar)
	}
	return bar * 1.3
}

// controlsW is the width the five controls take side by side.
func (r *Replay) controlsW(c *app.Context, bar float64) float64 {
	w := 4 * bar * 0.15
	for i := 0; i < 5; i++ {
		w += r.buttonW(c, bar, i, c.T("replay.close"))
	}
	return w
}

// status is the status line: which move this is.
func (r *Replay) status(c *app.Context) string {
	text := c.F("replay.start", len(r.rec.Moves))
	if r.ply > 0 {
		text = c.F("replay.move", r.ply, len(r.rec.Moves), c.Lang.Colors[r.last.Mover]+" "+r.rec.Moves[r.ply-1].String())
	}
	if r.pos.Over() && r.ply == len(r.rec.Moves) {
		if res := r.pos.Result(); res.State == logic.Won {
			text += " — " + c.F("status.wins", c.Lang.Colors[res.Winner])
		} else {
			text += " — " + c.T("status.drawn")
		}
	}
	return text
}

// Update takes the controls and runs the animation.
func (r *Replay) Update(c *app.Context) error {
	r.relayout(c)
	if r.anim != nil {
		r.anim.Step()
		if r.anim.Done() {
			r.anim = nil
		}
	}
	in := &c.In
	switch {
	case in.KeyPressed(ebiten.KeyEscape):
		c.Pop()
		return nil
	case in.KeyPressed(ebiten.KeyArrowRight), in.KeyPressed(ebiten.KeySpace):
		r.Seek(c, r.ply+1)
	case in.KeyPressed(ebiten.KeyArrowLeft):
		r.Seek(c, r.ply-1)
	case in.KeyPressed(ebiten.KeyHome):
		r.Seek(c, 0)
	case in.KeyPressed(ebiten.KeyEnd):
		r.Seek(c, len(r.rec.Moves))
	}
	if b, ok := r.bs.Tapped(in.Pointer); ok {
		switch b.Act {
		case actRepFirst:
			r.Seek(c, 0)
		case actRepPrev:
			r.Seek(c, r.ply-1)
		case actRepNext:
			r.Seek(c, r.ply+1)
		case actRepLast:
			r.Seek(c, len(r.rec.Moves))
		case actRepClose:
			c.Pop()
		}
	}
	r.relayout(c)
	return nil
}

// Draw draws the board at the ply shown, the seats and the controls.
func (r *Replay) Draw(screen *ebiten.Image, c *app.Context) {
	screen.Fill(render.Bg)
	v := &r.board
	g := &v.Geo
	if g.Cell <= 0 {
		return
	}
	v.DrawTable(screen) // and the board on it
	sp := c.Sprites
	if r.anim != nil {
		v.Animation(screen, sp, r.anim, nil, nil)
	} else {
		v.Position(screen, sp, &r.pos, view.Marks{})
		if r.ply > 0 {
			v.LastRing(screen, sp, &r.pos, &r.last)
		}
	}
	// The seats, as the game shows them.
	for i := 0; i < r.pos.Players(); i++ {
		card := view.Card{Name: r.names[i], Supply: r.pos.Supply(i), Score: r.pos.Score(i), Pulse: -1}
		if i == r.pos.ToMoveSeat() {
			card.Pulse = 0.5
		}
		if r.anim != nil {
			card.Supply = r.anim.TrayCount(i)
		}
		card.Left = c.Lang.Supply[max(0, min(len(c.Lang.Supply)-1, card.Supply))]
		if n := r.pos.SitOuts(i); n > 0 {
			card.SitOut = c.Lang.SitOuts[min(n, logic.MaxSitOuts)]
		}
		v.SeatCard(screen, c.Kit(), &r.pos, i, card)
	}
	// The status line: which move this is.
	stt := g.Status
	sp.Panel(screen, stt.X, stt.Y, stt.W, stt.H, stt.H*0.25, render.Chip)
	room := stt.W - stt.H*0.6
	if !r.cfg.Footer {
		room = r.bs.List[len(r.bs.List)-1].X - stt.X - stt.H*0.6
	}
	c.Text.Draw(screen, r.text, stt.X+stt.H*0.3, stt.Y+stt.H/2, c.Text.Fit(r.text, stt.H*0.42, room, false), render.Ink, render.AlignLeft, false)
	r.bs.Draw(screen, c.Kit())
}
