package table

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/sprites"
	"shiftago/render/ui"
	"shiftago/render/view"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
)

// frameKey is every input of the table's picture as one comparable
// value: Draw makes it (frame) and paints from it alone (paintTable, a
// function that sees no Table), with beside it only what may change under
// an equal key (paintKit: the marbles of the move rolling, the thinking
// dots' beat). So nothing drawn can be left out of the key: what is not
// in it does not reach the painting. A frame whose key equals the last
// one's differs from it only in the kit's things, and is drawn in part
// (Dirty). What changes by itself while it shows (a pulse, the hand at
// work, a refusal's shake, the ending) is painted only while the key
// holds the tick (live), which no two frames share.
type frameKey struct {
	theme    render.Theme
	geo      layout.Config // the layout (View.Geo is made from it)
	phase    play.Phase
	thinking bool
	waiting  bool             // thinking is a player elsewhere's: the dots stand still
	pos      logic.Position   // the marbles at rest
	turns    [64]sprites.Turn // each one's orientation and seed
	seeds    [64]uint32
	last     logic.Trace // the last move: its entry glows, its marble ringed
	hasLast  bool
	status   string
	statusL  [4]string // the status in lines, at statusS, from statusX
	statusS  float64
	statusX  float64
	variant  string
	cards    [4]view.Card
	hint     logic.Move        // the hint's arrow, or NoMove
	hidden   bool              // the cards hidden
	screen   ScreenKey         // what the game screen draws over the table
	anim     *motion.Animation // a new move's animation: a full frame
	live     int               // the tick + 1 while something drawn changes by itself, else 0
}

// paintKit is what paintTable draws with besides the key: the drawing
// kit and the board's caches, and the two things that may change under
// an equal key. live paints what changes by itself, and only while the
// key says so.
type paintKit struct {
	k     ui.Kit
	view  *view.Board
	anim  *motion.Animation // the move rolling (its marbles), or nil
	base  []sprites.Turn
	seeds []uint32
	tick  int // the thinking dots' beat
	live  livePainter
}

// livePainter paints the parts of the table that change by themselves,
// layer by layer.
type livePainter interface {
	paintLive(screen *ebiten.Image, layer liveLayer)
}

// liveLayer is where a live part lies: under the marbles, over them, or
// over everything but the status line (the hand).
type liveLayer uint8

const (
	liveUnder liveLayer = iota
	liveOver
	liveHand
)

// lastFrame is what the last frame of the table showed: its key and
// where each rolling marble was drawn. Only Draw writes it (a render
// cache: Table.Drawn); Dirty reads it to say what the next frame changes.
type lastFrame struct {
	key frameKey
	ok  bool // the key was not live (a live frame is drawn whole)
	// shown is the last frame's key, live or not, with live cleared:
	// what Unchanged compares.
	shown frameKey
	drawn bool
	at    [logic.Size*logic.Size + 1]shownMarble
	n     int // marbles in at
}

// Unchanged reports whether a frame drawn now under sk would show the
// table as the last frame drawn did, but for what changes by itself
// (the live parts, which Still answers for). A screen whose table takes
// words from elsewhere (an online table's names, away marks and status)
// asks it before it says it is still: those change with no input here
// and no new status from the controller.
func (t *Table) Unchanged(c *app.Context, sk ScreenKey) bool {
	if !t.last.drawn {
		return false
	}
	k := t.frame(c, sk)
	k.live = 0
	return k == t.last.shown
}

// shownMarble is where a marble of the animation was drawn, and how.
type shownMarble struct {
	x, y, lift, angle float64
	shown             bool
}

// ScreenKey is what the game screen draws over the table: the menu and
// undo buttons.
type ScreenKey struct {
	Open    bool
	Pressed int
	Undo    bool
}

// CardsNow is what each seat's card shows now.
func (t *Table) CardsNow(c *app.Context) (cards [4]view.Card) {
	pos := &t.Match().Pos
	turn := pos.ToMoveSeat()
	if t.move.anim != nil {
		// While a move is shown (or taken back), its mover's card is
		// framed: the match has moved on already, the picture not yet.
		turn = pos.SeatOf(t.move.anim.Trace().Mover)
	}
	names, size := t.shownNames(c)
	for i := 0; i < pos.Players(); i++ {
		card := view.Card{Name: names[i], Supply: pos.Supply(i), Score: t.shownScore[i], Pulse: -1, NameSize: size}
		if i == turn && t.Ctl.Phase() != play.Over {
			card.Pulse = 1 // a still frame: an idle game draws nothing new
		}
		if t.move.anim != nil {
			card.Supply = t.move.anim.TrayCount(i)
		} else if i == turn && t.Hand.inHand() {
			card.Supply-- // the marble in the hand is out of the tray
		}
		card.Left = c.Lang.Supply[max(0, min(len(c.Lang.Supply)-1, card.Supply))]
		if n := pos.SitOuts(i); n > 0 {
			card.SitOut = c.Lang.SitOuts[min(n, logic.MaxSitOuts)]
		}
		cards[i] = card
	}
	return cards
}

// frame is the table's frame key now, under the game screen's key sk.
// Only a move rolling or the computer thinking, with no hand at work,
// may be drawn in part: anything else is live.
func (t *Table) frame(c *app.Context, sk ScreenKey) frameKey {
	ctl, h, m := t.Ctl, &t.Hand, t.Match()
	thinking := t.move.anim == nil && ctl.Thinking()
	k := frameKey{theme: c.Sprites.Theme(), geo: t.cfg, phase: ctl.Phase(), thinking: thinking, waiting: thinking && t.Elsewhere, pos: m.Pos,
		turns: t.look.turns, seeds: t.look.seeds, last: m.Last, hasLast: m.HasLast, status: t.words.status,
		statusS: t.words.statusS, variant: c.Lang.Variants[m.Pos.Variant()], hidden: t.HideCards, screen: sk, anim: t.move.anim}
	if t.liveNow() {
		k.live = t.tick + 1
	}
	copy(k.statusL[:], t.words.statusL)
	k.statusX, _ = t.statusRoom(c)
	if !t.HideCards {
		k.cards = t.CardsNow(c)
	}
	k.hint = logic.NoMove
	if mv, ok := ctl.Hint(); ok && !h.Dragging() {
		k.hint = mv
	}
	return k
}

// liveNow reports whether something the table draws changes by itself
// now: anything but a move rolling or the computer thinking with no hand
// at work. A live frame is drawn whole, so Dirty and Drawn need not make
// its key.
func (t *Table) liveNow() bool {
	ctl, h := t.Ctl, &t.Hand
	rolling := t.move.anim != nil && ctl.Phase() == play.Showing
	thinking := t.move.anim == nil && ctl.Thinking()
	return !rolling && !thinking || ctl.HumanToMove() || h.rollback || t.tick-h.refusedTick < view.RefusalTicks
}

// shown is how marble m of the animation is drawn now.
func (t *Table) shown(m *motion.Marble) shownMarble {
	x, y := t.View.Px(m.Pos)
	return shownMarble{x: x, y: y, lift: m.Lift, angle: m.Angle, shown: !m.InTray}
}

// area is the rectangle a marble drawn so covers, with its shadow (further
// off when it is lifted) and a pixel of margin for filtering.
func (t *Table) area(sp *sprites.Sprites, m shownMarble) image.Rectangle {
	if !m.shown {
		return image.Rectangle{}
	}
	h := sp.Reach(m.lift) + 2
	return pixels(layout.Rect{X: m.x - h, Y: m.y - h, W: 2 * h, H: 2 * h})
}

// Dirty implements app.Partial for the table under the game screen's
// key sk: while only marbles roll, the part of the screen where any
// marble was drawn otherwise in the last frame, and where it is now. A
// marble is compared by what the frame shows of it, not by what the
// motion says moves, so a marble no motion flag names cannot leave a
// trail. While the table is repainted for a new size (in slices), every
// frame is whole: the new pictures replace the stand-ins everywhere.
func (t *Table) Dirty(c *app.Context, sk ScreenKey) (image.Rectangle, bool) {
	if t.liveNow() || !t.last.ok || t.View.Repainting() {
		return image.Rectangle{}, false
	}
	k := t.frame(c, sk)
	var parts image.Rectangle // the cards and status line that changed
	if k != t.last.key {
		var ok bool
		if parts, ok = t.partsChanged(&k, &t.last.key); !ok {
			return image.Rectangle{}, false
		}
	}
	if k.waiting {
		return parts, true // the dots stand still
	}
	if k.thinking {
		_, r := t.View.StatusDots(c.Text, k.statusL[:], k.statusS, k.statusX)
		return r.Union(parts), true
	}
	ms := t.move.anim.Marbles()
	if len(ms) != t.last.n {
		return image.Rectangle{}, false
	}
	var r image.Rectangle
	for i := range ms {
		now, was := t.shown(&ms[i]), t.last.at[i]
		if now != was {
			r = r.Union(t.area(c.Sprites, was)).Union(t.area(c.Sprites, now))
		}
	}
	return t.band(r).Union(parts), true
}

// partsChanged compares the key of the frame to draw, k, with the last
// one's, was: if they differ only in seat cards (a marble taken from a
// tray as the move begins, a score) and the status line, it gives the
// part of the screen those cover, now and before (each drawn whole
// there, the clip being wide enough: SeatCardArea, StatusArea), so the
// frame is still drawn in part; ok is false for any other difference.
func (t *Table) partsChanged(k, was *frameKey) (r image.Rectangle, ok bool) {
	same := *k
	same.cards = was.cards
	same.status, same.statusL, same.statusS, same.statusX = was.status, was.statusL, was.statusS, was.statusX
	if same != *was {
		return image.Rectangle{}, false
	}
	for i := range k.cards {
		if k.cards[i] != was.cards[i] {
			r = r.Union(pixels(t.View.SeatCardArea(i)))
		}
	}
	if k.status != was.status || k.statusL != was.statusL || k.statusS != was.statusS || k.statusX != was.statusX {
		r = r.Union(pixels(t.View.StatusArea(k.statusL[:], k.statusS))).Union(pixels(t.View.StatusArea(was.statusL[:], was.statusS)))
	}
	return r, true
}

// pixels is the smallest rectangle of whole pixels that holds r.
func pixels(r layout.Rect) image.Rectangle {
	if r.Empty() {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(r.X)), int(math.Floor(r.Y)), int(math.Ceil(r.X+r.W)), int(math.Ceil(r.Y+r.H)))
}

// band widens r, when it lies on the board, to the whole row band (or
// column band) of the board it is in: a push rolls along one track, so
// its frames then share one rectangle, and the shell's clip for it is
// made once (a new one allocates), for a few more pixels to fill.
func (t *Table) band(r image.Rectangle) image.Rectangle {
	fr := pixels(t.View.Geo.Frame)
	if r.Empty() || !r.In(fr) {
		return r
	}
	if r.Dx() >= r.Dy() {
		r.Min.X, r.Max.X = fr.Min.X, fr.Max.X
	} else {
		r.Min.Y, r.Max.Y = fr.Min.Y, fr.Max.Y
	}
	return r
}

// Drawn notes what the frame just drawn showed, for the next Dirty.
func (t *Table) Drawn(c *app.Context, sk ScreenKey) {
	k := t.frame(c, sk)
	t.last.shown, t.last.drawn = k, true
	t.last.shown.live = 0
	t.last.ok, t.last.n = !t.liveNow(), 0
	if !t.last.ok {
		return
	}
	t.last.key = k
	if t.move.anim == nil {
		return
	}
	ms := t.move.anim.Marbles()
	if len(ms) > len(t.last.at) {
		t.last.ok = false
		return
	}
	for i := range ms {
		t.last.at[i] = t.shown(&ms[i])
	}
	t.last.n = len(ms)
}
