package records

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
	actRepMistake // the next marked move
	actRepMark    // the marked move Arg, on the timeline
	actRepHelp    // what the analysis shows, in words
)

func (a replayAct) String() string {
	return [...]string{"first", "prev", "next", "last", "close", "mistake", "mark", "help"}[a]
}

// Replay steps forward and back through a record: each step forward is
// animated from the rules' trace, each step back is immediate. Meanwhile
// a strong search analyses the game away from the frame (play.Analysis:
// goroutines on a desktop, the search worker in the browser; a slice a
// frame only where neither can), the position shown first (review.go):
// the evaluation of each position, the engine's move there (an arrow on
// the board), and the moves that lost the game, marked on a timeline as
// soon as they are known. The frame only reads the evaluations booked.
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
	// shownNames are the names as the cards show them, at the one size
	// they share (nameSize), cut where they do not fit it.
	shownNames [4]string
	nameSize   float64
	lang       string
	text       string // the status line
	// status: the status line as drawn, put into lines when its words or
	// its room change (statusLines), not each frame.
	shown struct {
		text    string
		room, h float64
		lines   []string
		size    float64
	}

	rev     review
	changed bool // the analysis learnt something this tick: draw again
	// legend: the analysis explained (the bar, the percentage, the arrow,
	// the marks) over the board, until a tap.
	legend      bool
	legendPanel layout.Rect
	legendText  []ui.TextBlock
	// nodes is the analysis's budget a position (tests lower it).
	nodes int
}

// NewReplay shows rec from its start; Close closes it.
func NewReplay(c *app.Context, rec *record.Record) app.Scene {
	r := &Replay{rec: rec, nodes: play.AnalysisNodes}
	r.pos, _ = rec.Start()
	r.rev.seats = len(rec.Seats)
	for i, s := range rec.Seats {
		r.rev.colors[i] = s.Color
	}
	r.rev.an = newAnalysis(rec, r.nodes)
	return r
}

// SetAnalysisNodes restarts the analysis with n nodes a position: tests
// make it quick.
func (r *Replay) SetAnalysisNodes(n int) {
	r.rev.stop()
	r.nodes = n
	r.rev.an, r.rev.known, r.rev.marked = nil, 0, nil
	if r.rev.an = newAnalysis(r.rec, n); r.rev.an != nil {
		r.rev.an.Focus(r.ply)
	}
	r.lang, r.cfg = "", layout.Config{}
}

// newAnalysis is the analysis of rec with nodes a position, away from the
// frame; nil when the record cannot be analysed.
func newAnalysis(rec *record.Record, nodes int) *play.Analysis {
	start, _ := rec.Start()
	an, err := play.NewAnalysis(start, rec.Moves, play.AnalysisConfig{MaxNodes: nodes, Seed: 1, Away: true})
	if err != nil {
		return nil
	}
	return an
}

// Analysing reports whether the analysis is still under way.
func (r *Replay) Analysing() bool { return r.rev.an != nil && !r.rev.an.Done() }

// PageAnalysis implements app.PageAnalysis: the analysis's progress, and
// how many positions were searched in the frame (0 while it runs away).
func (r *Replay) PageAnalysis() (done, total, inFrame int) {
	if r.rev.an == nil {
		return 0, 0, 0
	}
	done, total = r.rev.an.Progress()
	return done, total, r.rev.an.InFrame()
}

// Marked lists the moves the analysis marked so far (plies, in order).
func (r *Replay) Marked() []int { return r.rev.marked }

// Verdict is the analysis's verdict on move ply.
func (r *Replay) Verdict(ply int) play.Verdict {
	if r.rev.an == nil {
		return play.Fine
	}
	return r.rev.an.Verdict(ply)
}

// Ply is the number of moves shown.
func (r *Replay) Ply() int { return r.ply }

// PagePhase implements app.PageScene.
func (r *Replay) PagePhase() string { return "replay" }

// Still implements app.Still: still unless a move is being shown or the
// analysis learnt something new.
func (r *Replay) Still() bool { return r.anim == nil && !r.changed }

// PagePosition implements app.PagePosition: the position shown.
func (r *Replay) PagePosition() string { return r.pos.String() }

// PageStatus implements app.PageStatus: which move is shown.
func (r *Replay) PageStatus() string { return r.text }

// PageButtons implements app.PageButtons: the controls, then the marked
// moves on the timeline ("mark 7").
func (r *Replay) PageButtons() []ui.Info { return append(r.bs.Infos(), r.rev.marks.Infos()...) }

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
	if r.rev.an != nil {
		r.rev.an.Focus(ply) // what is shown is what the player wants to know first
	}
}

// close stops the analysis and leaves the replay.
func (r *Replay) close(c *app.Context) {
	r.rev.stop()
	c.Pop()
}

// jumpMark shows the next (dir 1) or previous (dir -1) marked move.
func (r *Replay) jumpMark(c *app.Context, dir int) {
	if p, ok := r.rev.nextMark(r.ply, dir); ok {
		r.Seek(c, p)
	}
}

func (r *Replay) relayout(c *app.Context) {
	if r.lang != c.Lang.Code {
		r.lang = c.Lang.Code
		for i, s := range r.rec.Seats {
			r.names[i] = play.Name(c.Lang, play.SeatName{Color: s.Color, Player: s.Player})
		}
		r.rev.describe(c, r.ply)
		r.text = r.status(c)
		r.cfg = layout.Config{}
	}
	cfg := layout.Config{W: c.W, H: c.H, Scale: c.Scale, Players: len(r.rec.Seats), Scoring: r.rec.Variant.Scores(), Inset: c.Inset}
	g0 := layout.New(cfg)
	cfg.Footer = r.controlsW(c, g0.Bar) > 0.6*c.W // no room beside the status line: a bar of their own
	// The analysis strip keeps the foot of the screen, as an inset.
	stripH := 0.0
	if r.rev.an != nil {
		stripH = stripHeight(g0.Bar, g0.MinTarget())
		cfg.Inset.Bottom += stripH + g0.Margin()
	}
	if cfg == r.cfg {
		return
	}
	r.cfg = cfg
	r.board.Geo = layout.New(cfg)
	r.shownNames = r.names
	r.nameSize = r.board.FitNames(c.Kit(), r.shownNames[:len(r.rec.Seats)], c.Lang.Supply[:], 0.8)
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
	if r.rev.an != nil {
		// The strip: the evaluation and the timeline, and at its right
		// end the button to the next marked move.
		m := geo.Margin()
		sy := c.H - c.Inset.Bottom - stripH - m
		left, right := c.Inset.Left+m, c.W-c.Inset.Right-m
		label := c.T("replay.mistake")
		bw := math.Max(2.4*bar, c.Text.Width(label, bar*0.42, false)+bar*0.8)
		bw = math.Min(bw, (right-left)*0.3)
		r.bs.Add(ui.Button[replayAct]{X: right - bw, Y: sy, W: bw, H: stripH, Act: actRepMistake, Label: label, Off: len(r.rev.marked) == 0})
		// Before it, the question mark that explains the strip.
		hw := math.Max(stripH*0.8, geo.MinTarget())
		r.bs.Add(ui.Button[replayAct]{X: right - bw - gap - hw, Y: sy, W: hw, H: stripH, Act: actRepHelp, Label: c.T("replay.help"), On: r.legend})
		r.bs.TextH = bar
		r.rev.layout(c, layout.Rect{X: left, Y: sy, W: right - bw - hw - 2*gap - left, H: stripH}, geo.MinTarget())
		r.layoutLegend(c, layout.Rect{X: left, Y: geo.Status.Y + geo.Status.H + m, W: right - left, H: sy - m - (geo.Status.Y + geo.Status.H + m)})
	}
}

// learnt puts what the analysis learnt this tick on the screen: the
// words of the box and the status line, the marks, and the mistake
// button, usable once a mark is known. Nothing else is laid out again (the
// legend's wrapping, the names): an answer comes every second or so, and
// the page's thread should spend next to nothing on it.
func (r *Replay) learnt(c *app.Context) {
	if r.lang != c.Lang.Code || r.rev.strip.W <= 0 {
		return // the next relayout does it all
	}
	r.rev.describe(c, r.ply)
	r.text = r.status(c)
	r.rev.layoutMarks()
	for i := range r.bs.List {
		if r.bs.List[i].Act == actRepMistake {
			r.bs.List[i].Off = len(r.rev.marked) == 0
		}
	}
}

// layoutLegend lays the legend out in area: a panel of short paragraphs,
// at a size that fits the words in.
func (r *Replay) layoutLegend(c *app.Context, area layout.Rect) {
	keys := []string{"replay.legend1", "replay.legend2", "replay.legend3", "replay.legend4", "replay.legendclose"}
	w := math.Min(area.W, 22*c.Unit())
	size := math.Max(11*c.Scale, 0.5*c.Unit())
	var blocks []ui.TextBlock
	for ; ; size *= 0.9 {
		blocks = blocks[:0]
		h := size
		for i, k := range keys {
			col := render.Ink
			if i == len(keys)-1 {
				col = render.Dim
			}
			b := ui.TextBlock{Size: size, Lines: ui.Wrap(c.Text, c.T(k), size, w-2*size, false), Col: col, Align: render.AlignLeft}
			blocks = append(blocks, b)
			h += b.Height() + 0.5*size
		}
		if h+size <= area.H || size < 8*c.Scale {
			r.legendPanel = layout.Rect{X: area.X + (area.W-w)/2, Y: area.Y + math.Max(0, (area.H-h)/2), W: w, H: h}
			break
		}
	}
	y := r.legendPanel.Y + size*1.2
	for i := range blocks {
		blocks[i].X, blocks[i].Y = r.legendPanel.X+size, y
		y += blocks[i].Height() + 0.5*size
	}
	r.legendText = blocks
}

// Legend reports whether the analysis is being explained (tests).
func (r *Replay) Legend() bool { return r.legend }

// ShowLegend opens the legend as the ? button does (tests, screenshots).
func (r *Replay) ShowLegend() { r.legend, r.cfg = true, layout.Config{} }

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

// status is the status line: which move this is, and what the analysis
// says of it.
func (r *Replay) status(c *app.Context) string {
	text := c.F("replay.start", len(r.rec.Moves))
	if r.ply > 0 {
		text = c.F("replay.move", r.ply, len(r.rec.Moves), c.Lang.Colors[r.last.Mover]+" "+r.rec.Moves[r.ply-1].String())
	}
	if v := r.rev.verdictText(c); v != "" {
		text += " — " + v
	}
	if r.rev.proven != "" && !r.pos.Over() {
		text += " — " + r.rev.proven
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

// statusRect is the status line's panel: the layout's, which keeps the
// game's undo and menu buttons beside it, across the whole row where the
// controls have a bar of their own at the foot (an upright phone: the
// words wrapped in the left two thirds of the row, the rest left empty).
func (r *Replay) statusRect() layout.Rect {
	geo := &r.board.Geo
	stt := geo.Status
	if r.cfg.Footer && !geo.Menu.Empty() {
		stt.W = geo.Menu.X + geo.Menu.W - stt.X
	}
	return stt
}

// statusRoom is the width the status line's words have: the line, or
// the part of it left of the controls when they share it.
func (r *Replay) statusRoom() float64 {
	stt, bar := r.statusRect(), r.board.Geo.Bar
	if !r.cfg.Footer && len(r.bs.List) > 4 {
		return r.bs.List[4].X - stt.X - bar*0.6 // the leftmost control, |<
	}
	return stt.W - bar*0.6
}

// statusLines is the status line as drawn: one line at the size that
// fits, or, where that would shrink it below 0.3 of the bar's height (a
// phone's upright status line is tall and narrow), wrapped onto as many
// lines as it holds at the largest size that shows it all (issue 50: a
// verdict on its own second line shrank to 11 CSS px on a phone). Its
// sizes are the bar's, as the game's status line's are, not the panel's:
// an upright phone's panel is 1.6 bars high, and its words stood half as
// large again as the game's.
func (r *Replay) statusLines(c *app.Context) ([]string, float64) {
	stt, room, bar := r.statusRect(), r.statusRoom(), r.board.Geo.Bar
	st := &r.shown
	if st.text == r.text && st.room == room && st.h == stt.H && st.lines != nil {
		return st.lines, st.size
	}
	st.text, st.room, st.h = r.text, room, stt.H
	st.lines = append(st.lines[:0], r.text)
	if st.size = c.Text.Fit(r.text, bar*0.42, room, false); st.size < bar*0.3 {
		sizes := []float64{bar * 0.42, bar * 0.38, bar * 0.34, bar * 0.3, bar * 0.26, bar * 0.22}
		var lines []string
		if lines, st.size = ui.FitLines(c.Text, r.text, sizes, room, stt.H, st.lines[:0]); len(lines) == 1 {
			st.size = c.Text.Fit(r.text, bar*0.42, room, false) // no room for two: one line, shrunk
		}
		st.lines = lines
	}
	return st.lines, st.size
}

// Update takes the controls and runs the animation.
func (r *Replay) Update(c *app.Context) error {
	r.relayout(c)
	// The analysis's answers booked; where it cannot run away from the
	// frame, a slice of it, as the hint's search takes: half the
	// computer's share of a frame.
	nodes := c.Opts.NodesPerTick
	if nodes <= 0 {
		nodes = play.DefaultNodesPerTick
	}
	r.changed = r.rev.step(nodes / 2)
	if r.changed {
		r.learnt(c)
	}
	if r.anim != nil {
		r.anim.Step()
		if r.anim.Done() {
			r.anim = nil
		}
	}
	in := &c.In
	if r.legend {
		// The legend is read, then any tap or key puts it away.
		if in.Pointer.Released || in.KeyPressed(ebiten.KeyEscape) || in.KeyPressed(ebiten.KeyEnter) || in.KeyPressed(ebiten.KeySpace) {
			r.legend = false
			r.cfg = layout.Config{}
			r.relayout(c)
		}
		return nil
	}
	switch {
	case in.KeyPressed(ebiten.KeyEscape):
		r.close(c)
		return nil
	case in.KeyPressed(ebiten.KeyPageDown):
		r.jumpMark(c, 1)
	case in.KeyPressed(ebiten.KeyPageUp):
		r.jumpMark(c, -1)
	case in.KeyPressed(ebiten.KeyArrowRight), in.KeyPressed(ebiten.KeySpace):
		r.Seek(c, r.ply+1)
	case in.KeyPressed(ebiten.KeyArrowLeft):
		r.Seek(c, r.ply-1)
	case in.KeyPressed(ebiten.KeyHome):
		r.Seek(c, 0)
	case in.KeyPressed(ebiten.KeyEnd):
		r.Seek(c, len(r.rec.Moves))
	}
	if b, ok := r.rev.marks.Tapped(in.Pointer); ok {
		r.Seek(c, b.Arg)
	}
	r.scrubTimeline(c)
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
			r.close(c)
			return nil
		case actRepMistake:
			r.jumpMark(c, 1)
		case actRepHelp:
			r.legend = true
			r.cfg = layout.Config{}
		}
	}
	r.relayout(c)
	return nil
}

// scrubTimeline follows a press on the timeline (not on a mark): the
// position under the pointer is shown while it is held.
func (r *Replay) scrubTimeline(c *app.Context) {
	p := c.In.Pointer
	g := r.rev.graph
	switch {
	case p.Pressed:
		r.rev.scrub = r.rev.an != nil && g.Contains(p.At()) && r.rev.marks.At(p.At()) < 0
	case !p.Down && !p.Released:
		r.rev.scrub = false
	}
	if r.rev.scrub {
		if ply := r.rev.plyAt(p.X); ply != r.ply {
			r.Seek(c, ply)
		}
		if p.Released {
			r.rev.scrub = false
		}
	}
}

// Draw draws the board at the ply shown, the seats and the controls.
func (r *Replay) Draw(screen *ebiten.Image, c *app.Context) {
	c.Sprites.FillPage(screen)
	v := &r.board
	g := &v.Geo
	if g.Cell <= 0 {
		return
	}
	v.DrawTable(screen, c.Sprites.Theme()) // and the board on it
	sp := c.Sprites
	if r.anim != nil {
		v.Animation(screen, sp, r.anim, nil, nil)
	} else {
		v.Position(screen, sp, &r.pos, view.Marks{})
		if r.ply > 0 {
			v.LastRing(screen, sp, &r.pos, &r.last)
		}
		// The engine's move here, as the hint shows it.
		if e := r.rev.an; e != nil {
			if ev := e.At(r.ply); ev.Known && ev.Best != logic.NoMove {
				v.Arrow(screen, ev.Best.Entry(), -layout.EntryOffset+0.45, 0.25, render.Fade(render.Gold, 0.85))
			}
		}
	}
	// The seats, as the game shows them.
	for i := 0; i < r.pos.Players(); i++ {
		card := view.Card{Name: r.shownNames[i], Supply: r.pos.Supply(i), Score: r.pos.Score(i), Pulse: -1, NameSize: r.nameSize}
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
	stt := r.statusRect()
	sp.Inlay(screen, stt.X, stt.Y, stt.W, stt.H, g.Bar*0.25)
	x := stt.X + g.Bar*0.3
	lines, size := r.statusLines(c)
	y := stt.Y + stt.H/2 - float64(len(lines)-1)*0.65*size // the lines 1.3 sizes apart, centred
	for i, l := range lines {
		c.Text.Draw(screen, l, x, y+float64(i)*1.3*size, size, render.Ink, render.AlignLeft, false)
	}
	r.rev.draw(screen, c, r.ply)
	r.bs.Draw(screen, c.Kit())
	if r.legend {
		p := r.legendPanel
		// Opaque under the inlay: the words over the board must read clearly.
		c.Sprites.Panel(screen, p.X, p.Y, p.W, p.H, 0.3*c.Unit(), render.OverlaySolid)
		c.Sprites.Inlay(screen, p.X, p.Y, p.W, p.H, 0.3*c.Unit())
		for i := range r.legendText {
			r.legendText[i].Draw(screen, c.Text)
		}
	}
}

// KeepsClearOfInsets implements app.InsetAware: the replay's board and
// strip keep clear of a notch and a home bar themselves.
func (r *Replay) KeepsClearOfInsets() {}
