package table

import (
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/sprites"
	"shiftago/render/ui"
	"shiftago/render/view"
	"shiftago/scenes/app"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input"
	"shiftago/scenes/play"
	"shiftago/scenes/sound"
)

// Table is a game on the table: the turn controller, the board as it is
// shown (with the move under way animated from the engine's trace), and
// the player's hand.
type Table struct {
	Ctl  *play.Controller
	View view.Board
	Hand Hand
	// HideCards: the result's summary stands where the cards were.
	HideCards bool
	// Elsewhere: the players not at this table play on other devices (an
	// online game). While one of them is to move the table waits still:
	// the status line's dots stand lit instead of beating, so an idle
	// online table draws nothing. A wait may last a day; each frame drawn
	// costs a phone's battery, and in a browser every frame presents the
	// whole canvas, which with software WebGL at DPR 3 takes hundreds of
	// milliseconds and so holds back the frame that shows the player's
	// move when it comes.
	Elsewhere bool

	cfg        layout.Config
	tick       int
	shownScore [4]int // scores as the cards show them
	endShown   bool   // the result card has come: the ending stands still at its close
	reduced    bool   // the settings' reduced motion, as the ending plays it

	move  shownMove   // the move on the board now, and those queued behind it
	look  marbleLooks // each marble's own turn and play of colour
	words cardWords   // the cards' names and the status line, in words

	// What the last frame showed, for frames drawn in part (partial.go),
	// and the live parts' painter (kept, so that a frame allocates none).
	last lastFrame
	live liveParts
}

// shownMove is the move the board shows under way, and the moves undone
// or redone that wait behind it.
type shownMove struct {
	anim       *motion.Animation
	animBase   [logic.Size*logic.Size + 1]sprites.Turn // each animated marble's orientation before the move
	animSeed   [logic.Size*logic.Size + 1]uint32       // each animated marble's seed
	animTicks  int                                     // ticks the animation has been stepped
	hold       bool                                    // pause the animation when the push has settled (a choice follows)
	held       bool                                    // the animation is a held push: it stops once settled
	heldBefore logic.Position                          // the position a held push starts from
	settled    int
	opts       motion.Options // how the move under way was dragged in
	queue      []step         // moves undone or redone, to show after the one under way
}

// marbleLooks is what makes each marble its own: the way it came to rest
// and its play of colour, kept for the whole game.
type marbleLooks struct {
	turns    [64]sprites.Turn // the orientation of the marble on each square, as it came to rest
	seeds    [64]uint32       // the seed of the marble on each square: its own play of colour, for the whole game
	nextSeed uint32           // the seed of the next marble to come in
}

// cardWords are the texts the table shows, made when what they say
// changes rather than each frame.
type cardWords struct {
	names     [4]string // the seats' names on their cards
	status    string    // the announcement line in words
	statusL   []string  // it broken into lines for the status panel (one, or two on a narrow screen)
	statusS   float64   // their size
	touch     bool      // the status was said for a player by touch
	statusVer int       // the controller's StatusVersion it was made from
	handKey   string    // the hand's status it was made from ("" for none)
	namesLang *i18n.Lang
	namesGeo  layout.Config
	// shown are the names as the cards show them, at the one size they
	// share (nameSize), cut where they do not fit it; made from sized
	// (the names, the layout and the language they were fitted for).
	shown      [4]string
	nameSize   float64
	sizedNames [4]string
	sizedGeo   layout.Config
	sizedLang  *i18n.Lang
}

// step is a move to show: played from before along tr, or taken back
// (from the position after it to before).
type step struct {
	before   logic.Position
	tr       logic.Trace
	back     bool
	pushOnly bool // a held push taken back: its line was never scored
}

// maxCatchUp is how many ticks of the animation under way run in one
// tick at most while more moves wait behind it (several undos tapped in
// a row): it hurries to its end rather than snap.
const maxCatchUp = 6

// repaintBudget is how long the repaint of the table, the board and the
// cards for a new size (a phone turned) may hold the thread at a time,
// and spend uploading in a frame (see render.Slicer), the old pictures
// stretched meanwhile: painted in one frame, they froze a tablet at three
// times its pixels for a second or more (issue 29).
const repaintBudget = 8 * time.Millisecond

// NewTable lays a session on the table.
func NewTable(c *app.Context, s *play.Session) *Table {
	t := &Table{Ctl: play.NewController(s, c.Pace())}
	t.View.SliceRepaints(repaintBudget)
	for s := range t.look.turns {
		t.look.seeds[s] = view.SquareSeed(logic.Square(s))
		t.look.turns[s] = view.SquareTurn(logic.Square(s), t.look.seeds[s])
	}
	t.look.nextSeed = 0x9E3779B9
	t.Hand.reset()
	t.syncScores()
	return t
}

// Match is the match on the table.
func (t *Table) Match() *play.Match { return t.Ctl.Match() }

// Geometry is the layout.
func (t *Table) Geometry() *layout.Geometry { return &t.View.Geo }

// Animating reports whether a move is being shown.
func (t *Table) Animating() bool { return t.move.anim != nil }

// Pulse is a slow 0..1 wave for highlights, period ticks long.
func (t *Table) Pulse(period float64) float64 {
	return 0.5 + 0.5*math.Sin(2*math.Pi*float64(t.tick)/period)
}

// Ticks counts the table's ticks.
func (t *Table) Ticks() int { return t.tick }

// Wait is a tick in which the table stands still for its screen (the
// game's menu open, the lesson's last step): its pulses go on.
func (t *Table) Wait() { t.tick++ }

// Status is the announcement line in words.
func (t *Table) Status() string { return t.words.status }

// Announce puts text on the announcement line (an online game's own
// news), laid out anew when it changes.
func (t *Table) Announce(c *app.Context, text string) {
	if t.words.status != text {
		t.words.status = text
		t.breakStatus(c)
	}
}

// NameSeat names the card of seat (an online game names its seats from
// the server's table).
func (t *Table) NameSeat(seat int, name string) { t.words.names[seat] = name }

// ShowEnd makes the board under a result's card show the ending's final
// picture.
func (t *Table) ShowEnd() { t.endShown = true }

// Animation is the move being shown, or nil (tests watch it roll).
func (t *Table) Animation() *motion.Animation { return t.move.anim }

// ShownScore is the score seat's card shows, which follows the engine's
// as the move being shown scores.
func (t *Table) ShownScore(seat int) int { return t.shownScore[seat] }

// SeatName is the name on seat's card.
func (t *Table) SeatName(seat int) string { return t.words.names[seat] }

// Relayout lays the table out for the screen, if it changed.
func (t *Table) Relayout(c *app.Context) {
	pos := &t.Match().Pos
	cfg := layout.Config{W: c.W, H: c.H, Scale: c.Scale, Players: pos.Players(), Scoring: pos.Variant().Scores(), Inset: c.Inset}
	if cfg != t.cfg {
		t.cfg = cfg
		t.View.Geo = layout.New(cfg)
		if t.move.anim != nil {
			t.move.anim.SetGeometry(t.View.Geo)
		}
		t.Hand.setGeometry(t.View.Geo)
	}
	c.Sprites.Ensure(int(2 * t.View.Geo.MarbleRadius))
	if t.words.namesLang != c.Lang || t.words.namesGeo != cfg {
		t.nameSeats(c)
		t.words.statusVer, t.words.handKey = -1, "\x00"
	}
	t.sayStatus(c)
}

// Still reports whether nothing on the table moves: no move shown, no
// marble held or rolling back, no refusal fading, no pulsing choice or
// win, the computer not thinking (a player elsewhere may be), the status
// settled, no repaint for a new size under way.
func (t *Table) Still() bool {
	ctl := t.Ctl
	if t.move.anim != nil || !ctl.HumanToMove() && !t.waiting() && !t.ended() || t.words.statusVer != ctl.StatusVersion() || ctl.Hinting() || t.View.Repainting() {
		return false
	}
	return t.Hand.still(t.tick)
}

// ended reports whether the game is over and its ending has played out:
// what stays on the screen then is a still picture (a finished online
// game may stay open for hours).
func (t *Table) ended() bool {
	if t.Ctl.Phase() != play.Over {
		return false
	}
	return t.Ctl.OverFor() > t.flourish(t.reduced).Length()
}

// waiting reports whether the table waits for a player elsewhere (see
// Elsewhere).
func (t *Table) waiting() bool {
	return t.Elsewhere && t.move.anim == nil && t.Ctl.Thinking()
}

// Refresh takes up the settings and the language again, after a screen
// over the table closed.
func (t *Table) Refresh(c *app.Context) {
	t.cfg = layout.Config{}
	t.words.namesLang = nil
	t.Hand.reset()
	t.Ctl.Pace = c.Pace() // the settings may have turned hints on or off
}

// nameSeats names the seats for their cards: in full, or, where one
// computer's full name would shrink below most of its size, every
// computer in the short form ("Orange (Club)"), so that two cards never
// read "Green (Club)" and "Blue (computer, Club)" side by side.
func (t *Table) nameSeats(c *app.Context) {
	t.words.namesLang, t.words.namesGeo = c.Lang, t.cfg
	m := t.Match()
	short := false
	for i := 0; i < m.Pos.Players(); i++ {
		name := play.Name(c.Lang, m.SeatName(i))
		t.words.names[i] = name
		if !m.Computer(i) || t.View.Geo.Cell <= 0 {
			continue
		}
		size, w := t.View.NameRoom(c.Kit(), i, c.Lang.Supply[22])
		short = short || c.Text.Fit(name, size, w, false) < 0.8*size
	}
	for i := 0; short && i < m.Pos.Players(); i++ {
		if m.Computer(i) {
			t.words.names[i] = c.F("seat.short", c.Lang.Colors[m.Pos.SeatColor(i)], c.Lang.Level(m.Level(i)))
		}
	}
}

// shownNames are the seats' names as their cards show them, and the
// size they share (view's FitNames), fitted again when a name, the
// layout or the language changes: an online table renames its seats as
// their clocks tick.
func (t *Table) shownNames(c *app.Context) (*[4]string, float64) {
	w := &t.words
	if w.sizedNames != w.names || w.sizedGeo != t.cfg || w.sizedLang != c.Lang {
		w.sizedNames, w.sizedGeo, w.sizedLang = w.names, t.cfg, c.Lang
		w.shown = w.names
		w.nameSize = t.View.FitNames(c.Kit(), w.shown[:t.Match().Pos.Players()], c.Lang.Supply[:], 0.8)
	}
	return &w.shown, w.nameSize
}

// Update runs one tick of the table with the input in: the player's
// hand, the computer's search, the move under way.
func (t *Table) Update(c *app.Context, in *input.Input) {
	t.tick++
	t.reduced = c.Setup.Reduced
	t.Relayout(c)
	ctl := t.Ctl
	ctl.Step()
	t.events(c)
	switch ph := ctl.Phase(); {
	case ph == play.Showing:
		t.Hand.idle(t, in)
		t.stepAnimation(c)
	case ph == play.ChooseLine || ph == play.ChooseEnd:
		t.updateChoice(c, in)
	case ctl.HumanToMove():
		t.Hand.play(c, t, in)
	default:
		t.Hand.idle(t, in)
	}
	t.events(c)
	t.Hand.updatePreview(t)
	t.sayStatus(c)
}

// sayStatus puts the announcement line into words when it changed: what
// the player's hand is doing while it holds a marble, else the turn's
// announcement.
func (t *Table) sayStatus(c *app.Context) {
	if m, ok := t.Hand.status(); ok {
		key := m.Key
		if len(m.Args) > 0 {
			key += m.Args[len(m.Args)-1].(string)
		}
		if key != t.words.handKey {
			t.words.status, t.words.handKey = c.Say(m), key
			t.breakStatus(c)
		}
		t.words.statusVer = -1
		return
	}
	if v := t.Ctl.StatusVersion(); v != t.words.statusVer || t.words.handKey != "" || t.words.touch != c.Touch {
		t.words.status, t.words.statusVer, t.words.handKey = c.Say(forTouch(t.Ctl.Status(), c.Touch)), v, ""
		t.words.touch = c.Touch
		t.breakStatus(c)
	}
}

// forTouch is m as said to a player who plays by touch: without "or
// press Enter" (issue 26), which a phone has no key for.
func forTouch(m play.Message, touch bool) play.Message {
	if !touch {
		return m
	}
	if m.Key == "status.tapwords" {
		return play.Message{Key: "status.tapwordstouch", Args: m.Args}
	}
	if m.Key == "" && len(m.Args) > 0 {
		args := make([]any, len(m.Args))
		for i, a := range m.Args {
			if n, ok := a.(play.Message); ok {
				a = forTouch(n, true)
			}
			args[i] = a
		}
		return play.Message{Args: args}
	}
	return m
}

// statusRoom is the status panel's room for the announcement: after the
// variant's name, and before the thinking dots.
func (t *Table) statusRoom(c *app.Context) (x, w float64) {
	r := t.View.Geo.Status
	bar := t.View.Geo.Bar
	vw := c.Text.Width(c.Lang.Variants[t.Match().Pos.Variant()], bar*0.42*0.9, true) + bar*0.35
	w = r.W - bar*0.6 - vw
	if t.Ctl.Thinking() {
		w -= bar * 1.4
	}
	return r.X + bar*0.3 + vw, w
}

// breakStatus lays the announcement out in its panel: on one line at
// its size, or wrapped at the largest of a few sizes that the panel
// holds (ui.FitLines: never one line shrunk to fit, which drew a long
// status at 3 px on a phone: issue 26).
func (t *Table) breakStatus(c *app.Context) {
	r := t.View.Geo.Status
	if r.Empty() {
		t.words.statusL = t.words.statusL[:0]
		return
	}
	_, room := t.statusRoom(c)
	bar := t.View.Geo.Bar
	sizes := [...]float64{0.42 * bar, 0.38 * bar, 0.34 * bar, 0.3 * bar}
	t.words.statusL, t.words.statusS = ui.FitLines(c.Text, t.words.status, sizes[:], room, r.H, t.words.statusL[:0])
}

// events shows, sounds and records what the controller did.
func (t *Table) events(c *app.Context) {
	for _, ev := range t.Ctl.Events() {
		switch ev.Kind {
		case play.Played:
			if ev.Move != logic.NoMove {
				c.Record(ev.Move.String())
			}
			if !ev.Continue {
				t.move.opts, t.Hand.opts = t.Hand.opts, motion.Options{}
			}
			ticks, at := t.move.animTicks, 0.0
			if t.move.anim != nil {
				at = t.move.anim.Tick()
			}
			t.startAnimation(c, step{before: ev.Before, tr: ev.Trace}, ev.Hold, t.move.opts)
			if ev.Continue { // resume where the held push stopped: the same time, the same frame
				t.move.anim.Seek(at)
				t.move.animTicks = ticks
			}
		case play.Refused:
			t.Hand.refused, t.Hand.refusedTick = ev.Entry, t.tick
			c.Sound.Play(sound.CueRefuse, 0, 0)
		case play.Ask:
			c.Sound.Play(sound.CueScore, 0, 0)
		case play.Chose:
			c.Sound.Play(sound.CueTap, 0, 0)
		case play.Won:
			c.Sound.Play(sound.CueWin, 0, 0)
		case play.Jumped:
			t.move.anim, t.move.held, t.move.queue = nil, false, t.move.queue[:0]
			t.Hand.reset()
			t.syncScores()
		case play.Replayed:
			t.replay(c, step{before: ev.Before, tr: ev.Trace, back: ev.Back})
		case play.Notice:
			c.Notify(c.Say(ev.Msg))
		}
	}
}

// replay queues a move undone or redone behind the one being shown, or
// shows it at once. A held push (its scoring choice never made) is taken
// back first: the board then stands where the undo starts.
func (t *Table) replay(c *app.Context, st step) {
	if t.move.anim == nil {
		t.startAnimation(c, st, false, motion.Options{})
		return
	}
	if t.move.held && len(t.move.queue) == 0 {
		t.move.queue = append(t.move.queue, step{before: t.move.heldBefore, tr: *t.move.anim.Trace(), back: true, pushOnly: true})
	}
	t.move.queue = append(t.move.queue, st)
}

// startAnimation shows st, with opts saying how it was dragged in (none
// for a move undone or redone). With hold set, the animation pauses once
// the push has settled: a scoring choice follows.
func (t *Table) startAnimation(c *app.Context, st step, hold bool, opts motion.Options) {
	// A computer's move comes from the tray; a player's was dragged in,
	// or stands selected at its entry point (tapped, keyed) already.
	opts.Carry = !opts.Dragged && !opts.Selected
	opts.Back, opts.PushOnly = st.back, st.pushOnly
	opts.Speed = c.AnimSpeed()
	opts.Reduced = opts.Reduced || c.Setup.Reduced
	t.move.anim = motion.New(st.tr, st.before, t.View.Geo, opts)
	t.move.animTicks, t.move.settled, t.move.hold, t.move.held = 0, 0, hold, hold
	t.move.heldBefore = st.before
	t.Hand.reset()
	// Each marble keeps the turn of its swirls and its seed from before
	// the move; one coming onto the board (or out of the tray, going
	// back) gets a new seed of its own.
	for i, m := range t.move.anim.Marbles() {
		t.move.animBase[i] = sprites.SeededTurn(t.look.nextSeed, float64(t.tick%97)*0.61)
		t.move.animSeed[i] = t.look.nextSeed
		if s, ok := squareAt(m.Pos); ok && !m.InTray {
			t.move.animBase[i] = t.look.turns[s]
			t.move.animSeed[i] = t.look.seeds[s]
		} else {
			t.look.nextSeed = t.look.nextSeed*1664525 + 1013904223
		}
	}
	for i := 0; i < st.before.Players(); i++ {
		t.shownScore[i] = st.before.Score(i)
	}
	if st.back && st.tr.Scored && !st.pushOnly {
		// Going back, the cards start from the score after the move.
		if seat := st.before.SeatOf(st.tr.Mover); seat >= 0 {
			t.shownScore[seat] += st.tr.Points
		}
	}
}

// squareAt is the square whose centre is at board point b, if any.
func squareAt(b layout.Point) (logic.Square, bool) {
	f, r := int(math.Floor(b.X)), 6-int(math.Floor(b.Y))
	if b.X < 0 || b.Y < 0 || f > 6 || r < 0 {
		return logic.NoSquare, false
	}
	s := logic.Sq(f, r)
	if layout.CellPos(s).Dist(b) > 0.01 {
		return logic.NoSquare, false
	}
	return s, true
}

// stepAnimation advances the running animation and plays its sounds;
// the controller hears when a held push has settled and when the move
// (and every move undone or redone queued behind it) has been shown.
// While moves wait in the queue, the one under way hurries: several
// ticks of it run in one, so a quick run of undos catches up without a
// jump, and each starts exactly where the one before ended.
func (t *Table) stepAnimation(c *app.Context) {
	a := t.move.anim
	if a == nil {
		t.Ctl.Shown()
		return
	}
	if t.move.held && !t.move.hold {
		// A held push at rest: it waits for the choice, or, taken back
		// by an undo, makes way for what is queued.
		if len(t.move.queue) > 0 {
			t.next(c)
		}
		return
	}
	// Several ticks in one frame while moves wait behind this one, as one
	// step: the animation bounds how far a marble moves in a frame, so it
	// hurries without a jump. A push that will hold for a choice runs
	// tick by tick, to stop where it settles.
	k := min(1+len(t.move.queue), maxCatchUp)
	if t.move.hold {
		k = 1
	}
	a.StepN(k)
	t.move.animTicks += k
	t.animEvents(c, a)
	if t.move.hold && t.move.settled >= len(a.Trace().Slides()) {
		t.move.hold = false
		t.Ctl.Settled()
		return
	}
	if !a.Done() {
		return
	}
	t.next(c)
}

// animEvents plays the sounds of the animation's last step and keeps the
// cards' scores.
func (t *Table) animEvents(c *app.Context, a *motion.Animation) {
	for _, ev := range a.Events() {
		switch ev.Kind {
		case motion.Roll:
			c.Sound.Play(sound.CueRoll, ev.Dist, min(1, ev.Speed/0.3))
		case motion.Impact:
			c.Sound.Play(sound.CueClick, min(1, ev.Speed/0.25), 0)
		case motion.Settle:
			t.move.settled++
		case motion.Score:
			if ev.Points >= 0 {
				c.Sound.Play(sound.CueScore, 0, 0)
			}
			if seat := t.Match().Pos.SeatOf(a.Trace().Mover); seat >= 0 {
				t.shownScore[seat] += ev.Points
			}
		case motion.Land, motion.Place:
			c.Sound.Play(sound.CueClick, 0.1, 0)
		}
	}
}

// next ends the animation shown: each marble on the board keeps its turn
// (as it was last drawn: no snap) and seed on its square; then the next
// queued move is shown, or the controller hears that all has been shown.
func (t *Table) next(c *app.Context) {
	a := t.move.anim
	for i, m := range a.Marbles() {
		if s, ok := squareAt(m.Pos); ok && !m.InTray && m.Lift == 0 {
			t.look.turns[s] = t.View.Rolled(a, i, t.move.animBase[i])
			t.look.seeds[s] = t.move.animSeed[i]
		}
	}
	t.move.anim, t.move.held = nil, false
	if len(t.move.queue) > 0 {
		st := t.move.queue[0]
		t.move.queue = append(t.move.queue[:0], t.move.queue[1:]...)
		t.startAnimation(c, st, false, motion.Options{})
		return
	}
	t.syncScores()
	t.Ctl.Shown()
}

func (t *Table) syncScores() {
	pos := &t.Match().Pos
	for i := 0; i < pos.Players(); i++ {
		t.shownScore[i] = pos.Score(i)
	}
}

// updateChoice takes the tap (or keys) that chooses the line or the end.
func (t *Table) updateChoice(c *app.Context, in *input.Input) {
	for _, k := range in.Keys() {
		switch k {
		case ebiten.KeyArrowLeft, ebiten.KeyArrowUp:
			t.Ctl.PickNext(-1)
		case ebiten.KeyArrowRight, ebiten.KeyArrowDown, ebiten.KeyTab:
			t.Ctl.PickNext(1)
		case ebiten.KeyEnter, ebiten.KeySpace:
			t.Ctl.ConfirmPick()
			return
		}
	}
	for _, p := range t.Hand.taps(t, in) {
		if s, ok := t.View.Geo.CellAt(p); ok && t.Ctl.TapCell(s) {
			return
		}
	}
}

// Draw draws the table: the board, the cards, the marbles, the choice
// or the win, the hand, the status line, all from its frame key
// (partial.go).
func (t *Table) Draw(screen *ebiten.Image, c *app.Context) {
	if t.View.Geo.Cell <= 0 {
		c.Sprites.FillPage(screen)
		return
	}
	k := t.frame(c, ScreenKey{})
	t.live = liveParts{t: t, c: c}
	paintTable(screen, paintKit{k: c.Kit(), view: &t.View, anim: t.move.anim, base: t.move.animBase[:],
		seeds: t.move.animSeed[:], tick: t.tick, live: &t.live}, &k)
}

// paintTable paints the table of key k with kit: see frameKey.
func paintTable(screen *ebiten.Image, kit paintKit, k *frameKey) {
	v, sp := kit.view, kit.k.Sprites
	// A frame drawn in part is clipped to screen's bounds (a sub-image):
	// the cards and the status line outside it are not drawn at all, as
	// nothing of them would show (their text is some hundred draw calls,
	// half the script of a frame of rolling marbles).
	clip := screen.Bounds()
	v.DrawTable(screen, k.theme) // and the board on it
	if !k.hidden {
		for i := 0; i < k.pos.Players(); i++ {
			if ui.Meets(clip, v.SeatCardArea(i)) {
				v.SeatCard(screen, kit.k, &k.pos, i, k.cards[i])
			}
		}
	}
	if k.anim == nil && k.hasLast && k.phase != play.Over {
		v.LastEntry(screen, sp, &k.last)
	}
	if k.live != 0 {
		kit.live.paintLive(screen, liveUnder)
	}
	if k.anim != nil {
		v.Animation(screen, sp, kit.anim, kit.base, kit.seeds)
	} else {
		v.PositionIn(screen, sp, &k.pos, &k.turns, &k.seeds)
		if k.hasLast && k.phase != play.Over {
			v.LastRing(screen, sp, &k.pos, &k.last)
		}
	}
	if k.live != 0 {
		kit.live.paintLive(screen, liveOver)
	}
	// The hint: an arrow into the best move's track.
	if k.hint != logic.NoMove {
		e := k.hint.Entry()
		x, y := v.Px(layout.EntryPos(e))
		sp.Ring(screen, x, y, 1.1, render.Fade(render.Gold, 0.85))
		v.Arrow(screen, e, -layout.EntryOffset+0.45, 0.25, render.Fade(render.Gold, 0.85))
	}
	if k.live != 0 {
		kit.live.paintLive(screen, liveHand)
	}
	beat := kit.tick
	if k.waiting {
		beat = waitingBeat
	}
	if ui.Meets(clip, v.StatusArea(k.statusL[:], k.statusS)) {
		v.Status(screen, kit.k, k.variant, k.statusL[:], k.statusS, k.statusX, k.thinking, beat)
	}
}

// waitingBeat is the dots' beat held while a player elsewhere is to move:
// all three lit, the middle one brightest.
const waitingBeat = 15

// liveParts paints the table's live parts (livePainter): under the
// marbles the candidate lines' glow, over them their rings and the
// ending, and over all the hand.
type liveParts struct {
	t *Table
	c *app.Context
}

func (l *liveParts) paintLive(screen *ebiten.Image, layer liveLayer) {
	t, c := l.t, l.c
	if layer == liveHand {
		t.Hand.draw(screen, c, t)
		return
	}
	over := layer == liveOver
	v, sp, ctl := &t.View, c.Sprites, t.Ctl
	switch ph := ctl.Phase(); {
	case ph == play.ChooseLine:
		for i, ln := range ctl.Lines() {
			tint := render.LineTints[i%len(render.LineTints)]
			if over {
				v.Rings(screen, sp, ln.Squares(), 1.0+0.12*float64(i), render.Fade(tint, 0.75+0.25*t.Pulse(50)))
			} else {
				v.LineGlow(screen, sp, ln.Squares(), tint, 0.45+0.35*t.Pulse(50))
			}
		}
	case ph == play.ChooseEnd && over:
		ln := ctl.Chosen()
		ends := [2]logic.Square{ln.A, ln.B}
		v.Rings(screen, sp, ends[:], 1.05+0.1*t.Pulse(40), render.Gold)
	case ph == play.ChooseEnd:
		v.LineGlow(screen, sp, ctl.Chosen().Squares(), render.Gold, 0.6)
	case ph == play.Over && over:
		win, hasWin := ctl.WinLine()
		t.drawEnding(screen, c, win, hasWin)
	}
}

// Ending is the flourish of the game's end (see motion.Flourish) and the
// ticks since the end as it shows them: at its close once the result
// card has come (the card shows the final picture, however soon a tap
// brought it).
func (t *Table) Ending(c *app.Context) (motion.Flourish, int) {
	f := t.flourish(c.Setup.Reduced)
	k := t.Ctl.OverFor()
	if t.endShown {
		k = max(k, f.Length())
	}
	return f, k
}

// flourish is the game's ending as it plays, with reduced motion or not:
// along the winning line if there is one.
func (t *Table) flourish(reduced bool) motion.Flourish {
	f := motion.Flourish{Reduced: reduced}
	if win, ok := t.Ctl.WinLine(); ok {
		f.Line = win.N
	}
	return f
}

// drawEnding draws the flourish of the game's end (view.Ending).
func (t *Table) drawEnding(screen *ebiten.Image, c *app.Context, win *play.Line, hasWin bool) {
	f, k := t.Ending(c)
	var line []logic.Square
	if hasWin {
		line = win.Squares()
	}
	t.View.Ending(screen, c.Sprites, &t.Match().Pos, f, k, line, &t.look.turns, &t.look.seeds)
}
