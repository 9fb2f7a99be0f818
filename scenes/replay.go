package scenes

import (
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
)

// Actions of the replay viewer.
const (
	actRepFirst = 800
	actRepPrev  = 801
	actRepNext  = 802
	actRepLast  = 803
	actRepClose = 804
)

// ReplayScene steps forward and back through a record: each step forward
// is animated from the rules' trace, each step back is immediate.
type ReplayScene struct {
	prev   Scene
	rec    *record.Record
	movers []int
	ply    int
	pos    logic.Position
	last   logic.Trace
	anim   *motion.Animation
	before logic.Position

	geo   layout.Geometry
	cfg   layout.Config
	board render.BoardCache
	bs    buttons
	u     float64
	names [4]string
}

// NewReplayScene shows rec from its start; Close returns to prev.
func NewReplayScene(c *Context, rec *record.Record, prev Scene) *ReplayScene {
	r := &ReplayScene{prev: prev, rec: rec, bs: buttons{pressed: -1, hover: -1}}
	r.movers, _ = rec.Movers()
	r.pos, _ = rec.Start()
	for i, s := range rec.Seats {
		r.names[i] = colorName[s.Color]
		if s.Computer {
			r.names[i] = msgf("seat.computer", colorName[s.Color], levelName(min(s.Level, 5)))
		}
	}
	return r
}

// Ply is the number of moves shown.
func (r *ReplayScene) Ply() int { return r.ply }

// Seek shows the position after ply moves; one step forward is animated.
func (r *ReplayScene) Seek(c *Context, ply int) {
	ply = max(0, min(len(r.rec.Moves), ply))
	if ply == r.ply+1 {
		r.before = r.pos
		r.pos.Apply(r.rec.Moves[r.ply], &r.last)
		opts := motion.Options{Speed: c.animSpeed(), Reduced: c.Setup.Reduced}
		r.anim = motion.New(r.last, r.before, r.geo, opts)
	} else {
		r.anim = nil
		r.pos, r.last, _, _ = r.rec.Replay(ply)
	}
	r.ply = ply
}

func (r *ReplayScene) relayout(c *Context) {
	cfg := layout.Config{W: c.W, H: c.H, Scale: c.Scale, Players: len(r.rec.Seats), Scoring: r.rec.Variant.Scores()}
	if cfg == r.cfg {
		return
	}
	r.cfg = cfg
	r.geo = layout.New(cfg)
	c.Sprites.Ensure(int(2 * r.geo.MarbleRadius))
	if r.anim != nil {
		r.anim.SetGeometry(r.geo)
	}
	// The controls sit at the right end of the status line.
	st := r.geo.Status
	bar := st.H
	r.u = bar
	r.bs.reset()
	x := c.W - r.geo.Margin()
	labels := [5]string{msg("replay.close"), ">|", ">", "<", "|<"}
	ids := [5]int{actRepClose, actRepLast, actRepNext, actRepPrev, actRepFirst}
	for i := range ids {
		w := bar * 1.3
		if i == 0 {
			w = math.Max(3*bar, c.Text.Width(labels[0], bar*0.46, false)+bar)
		}
		x -= w
		r.bs.add(button{x: x, y: st.Y, w: w, h: bar, id: ids[i], label: labels[i], on: i == 0})
		x -= bar * 0.15
	}
}

// Update takes the controls and runs the animation.
func (r *ReplayScene) Update(c *Context) error {
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
		leave(c, r.prev)
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
	switch r.bs.tapped(in) {
	case actRepFirst:
		r.Seek(c, 0)
	case actRepPrev:
		r.Seek(c, r.ply-1)
	case actRepNext:
		r.Seek(c, r.ply+1)
	case actRepLast:
		r.Seek(c, len(r.rec.Moves))
	case actRepClose:
		leave(c, r.prev)
	}
	return nil
}

// Draw draws the board at the ply shown, the seats and the controls.
func (r *ReplayScene) Draw(screen *ebiten.Image, c *Context) {
	screen.Fill(colBg)
	g := &r.geo
	if g.Cell <= 0 {
		return
	}
	r.board.Draw(screen, g)
	sp := c.Sprites
	if r.anim != nil {
		for _, m := range r.anim.Marbles() {
			if !m.InTray {
				p := g.ToPixel(m.Pos)
				sp.Marble(screen, m.Color, p.X, p.Y, m.Angle, m.Lift, 1)
			}
		}
	} else {
		for b := r.pos.Occupied(); b != 0; b &= b - 1 {
			s := logic.Square(bits.TrailingZeros64(uint64(b)))
			p := g.ToPixel(layout.CellPos(s))
			sp.Marble(screen, r.pos.At(s), p.X, p.Y, float64(s)*2.39996, 0, 1)
		}
		if r.ply > 0 {
			p := g.ToPixel(layout.CellPos(r.last.Slides()[0].To))
			if r.pos.Occupied().Has(r.last.Slides()[0].To) {
				sp.Ring(screen, p.X, p.Y, 1, scaleRGBA(colLastMove, 0.7))
			}
		}
	}
	// The seats, as the game shows them.
	for i := 0; i < r.pos.Players(); i++ {
		pulse := -1.0
		if i == r.pos.ToMoveSeat() {
			pulse = 0.5
		}
		supply := r.pos.Supply(i)
		if r.anim != nil {
			supply = r.anim.TrayCount(i)
		}
		drawSeatCard(screen, c, g, &r.pos, i, r.names[i], supply, r.pos.Score(i), pulse)
	}
	// The status line: which move this is.
	stt := g.Status
	sp.Panel(screen, stt.X, stt.Y, stt.W, stt.H, stt.H*0.25, colChip)
	text := msgf("replay.start", len(r.rec.Moves))
	if r.ply > 0 {
		text = msgf("replay.move", r.ply, len(r.rec.Moves), colorName[r.last.Mover]+" "+r.rec.Moves[r.ply-1].String())
	}
	if r.pos.Over() && r.ply == len(r.rec.Moves) {
		if res := r.pos.Result(); res.State == logic.Won {
			text += " — " + msgf("status.wins", colorName[res.Winner])
		} else {
			text += " — " + msg("status.drawn")
		}
	}
	room := r.bs.list[len(r.bs.list)-1].x - stt.X - stt.H*0.6
	c.Text.Draw(screen, text, stt.X+stt.H*0.3, stt.Y+stt.H/2, c.Text.Fit(text, stt.H*0.42, room, false), colText, render.AlignLeft, false)
	r.bs.draw(screen, c)
}
