package game

import (
	"image"
	"math"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/motion"
	"shiftago/render/view"
	"shiftago/scenes/app"
	"shiftago/scenes/play"
)

// frameKey is everything a frame of the table shows but its rolling
// marbles. While a move rolls and the key stays the same, a frame differs
// from the last only where marbles moved, and the table says so (Dirty):
// the shell then redraws that rectangle alone. Anything drawn that is not
// in the key must not change while the key is equal; the partial-frame
// test compares every such frame with a full drawing.
type frameKey struct {
	board    layout.Rect // the board's place and size
	phase    play.Phase
	thinking bool
	status   string
	cards    [4]view.Card
	hint     logic.Move
	hidden   bool
	screen   screenKey         // what the game screen draws over the table
	anim     *motion.Animation // a new move's animation: a full frame
}

// lastFrame is what the last frame of the table showed: its key and
// where each rolling marble was drawn. Only Draw writes it (a render
// cache: Table.drawn); Dirty reads it to say what the next frame changes.
type lastFrame struct {
	key frameKey
	ok  bool // key was made (a frame whose key could not be made is drawn whole)
	at  [logic.Size*logic.Size + 1]shownMarble
	n   int // marbles in at
}

// shownMarble is where a marble of the animation was drawn, and how.
type shownMarble struct {
	x, y, lift, angle float64
	shown             bool
}

// screenKey is what the game screen draws over the table: the menu and
// undo buttons.
type screenKey struct {
	open    bool
	pressed int
	undo    bool
}

// cardsNow is what each seat's card shows now.
func (t *Table) cardsNow(c *app.Context) (cards [4]view.Card) {
	pos := &t.Match().Pos
	turn := pos.ToMoveSeat()
	if t.move.anim != nil {
		// While a move is shown (or taken back), its mover's card is
		// framed: the match has moved on already, the picture not yet.
		turn = pos.SeatOf(t.move.anim.Trace().Mover)
	}
	for i := 0; i < pos.Players(); i++ {
		card := view.Card{Name: t.words.names[i], Supply: pos.Supply(i), Score: t.shownScore[i], Pulse: -1}
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

// key is the table's frame key now; ok is false when the frame has
// something else that changes by itself (a pulse, a refusal's shake, a
// hand at work), so that no frame can be drawn in part. Two things may
// change under an equal key: the marbles of a move rolling, and the
// three dots of the computer thinking.
func (t *Table) key(c *app.Context, sk screenKey) (k frameKey, ok bool) {
	ctl := t.Ctl
	h := &t.Hand
	rolling := t.move.anim != nil && ctl.Phase() == play.Showing
	thinking := t.move.anim == nil && ctl.Thinking()
	if !rolling && !thinking || ctl.HumanToMove() || h.rollback || t.tick-h.refusedTick < view.RefusalTicks {
		return k, false
	}
	k = frameKey{board: t.View.Geo.Board, phase: ctl.Phase(), thinking: thinking, status: t.words.status, hidden: t.HideCards, screen: sk, anim: t.move.anim}
	if !t.HideCards {
		k.cards = t.cardsNow(c)
	}
	k.hint = logic.NoMove
	if mv, ok := ctl.Hint(); ok {
		k.hint = mv
	}
	return k, true
}

// shown is how marble m of the animation is drawn now.
func (t *Table) shown(m *motion.Marble) shownMarble {
	x, y := t.View.Px(m.Pos)
	return shownMarble{x: x, y: y, lift: m.Lift, angle: m.Angle, shown: !m.InTray}
}

// area is the rectangle a marble drawn so covers, with its shadow (further
// off when it is lifted) and a pixel of margin for filtering.
func (t *Table) area(sp *render.Sprites, m shownMarble) image.Rectangle {
	if !m.shown {
		return image.Rectangle{}
	}
	h := sp.Reach(m.lift) + 2
	return image.Rect(int(math.Floor(m.x-h)), int(math.Floor(m.y-h)), int(math.Ceil(m.x+h)), int(math.Ceil(m.y+h)))
}

// dirty implements app.Partial for the table under the game screen's
// key sk: while only marbles roll, the part of the screen where any
// marble was drawn otherwise in the last frame, and where it is now. A
// marble is compared by what the frame shows of it, not by what the
// motion says moves, so a marble no motion flag names cannot leave a
// trail.
func (t *Table) dirty(c *app.Context, sk screenKey) (image.Rectangle, bool) {
	k, ok := t.key(c, sk)
	if !ok || !t.last.ok || k != t.last.key {
		return image.Rectangle{}, false
	}
	if k.thinking {
		_, r := t.dots(c)
		return r, true
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
	return t.band(r), true
}

// band widens r, when it lies on the board, to the whole row band (or
// column band) of the board it is in: a push rolls along one track, so
// its frames then share one rectangle, and the shell's clip for it is
// made once (a new one allocates), for a few more pixels to fill.
func (t *Table) band(r image.Rectangle) image.Rectangle {
	f := t.View.Geo.Frame
	fr := image.Rect(int(math.Floor(f.X)), int(math.Floor(f.Y)), int(math.Ceil(f.X+f.W)), int(math.Ceil(f.Y+f.H)))
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

// drawn notes what the frame just drawn showed, for the next dirty.
func (t *Table) drawn(c *app.Context, sk screenKey) {
	t.last.key, t.last.ok = t.key(c, sk)
	t.last.n = 0
	if !t.last.ok || t.move.anim == nil {
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

// screenKey is the game screen's part of the frame key.
func (g *Screen) screenKey(c *app.Context) screenKey {
	return screenKey{open: g.menu.open, pressed: g.menu.pressed, undo: g.menu.undoOK && g.t.Ctl.CanUndo(c.Setup.HotSeatUndo)}
}

// Dirty implements app.Partial: see Table.dirty.
func (g *Screen) Dirty(c *app.Context) (image.Rectangle, bool) {
	if g.menu.open {
		return image.Rectangle{}, false
	}
	return g.t.dirty(c, g.screenKey(c))
}
