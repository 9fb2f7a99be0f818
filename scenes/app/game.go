package app

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/sprites"
	"shiftago/render/ui"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input"
	"shiftago/scenes/sound"
)

// Game runs the screens: it is the ebiten.Game.
type Game struct {
	ctx   *Context
	stack []Scene
	src   input.Source
	recf  *os.File // the record file of --record (the keeper writes it)
	safe  input.SafeArea
	// safeImg is the safe area's image, for screens the shell draws there (safearea.go).
	safeImg *ebiten.Image
	// started: the game the options start has been opened (only once).
	started bool
	// OnTick, when set, runs at the start of every Update (tests use it to
	// drive the game and look at it).
	OnTick func(g *Game) error
	// OnDraw, when set, runs at the end of every Draw.
	OnDraw func(g *Game, screen *ebiten.Image)
	// SkipIdleDraws draws a frame only when something changed: the game
	// must run with ebiten.SetScreenClearedEveryFrame(false), so that the
	// last frame stays on screen (main does; the test harness does not).
	SkipIdleDraws bool

	dirty bool // the next Draw must draw
	// present: the next Draw, if it draws nothing, has ebiten show the
	// screen image again all the same (the idle desktop's repaint);
	// Presents counts those frames.
	present  bool
	Presents int
	// touch is a transparent pixel drawn on the screen to have it shown
	// again (presentAgain).
	touch *ebiten.Image
	// drawnScene is the screen the last full frame showed; Partials counts
	// the frames drawn in part (see Partial).
	drawnScene Scene
	// drawnPartial is drawnScene as a Partial, if it is one: asked once
	// per full frame, not every frame (a type assertion's cache is built
	// at random on its slow path, and that allocates).
	drawnPartial Partial
	Partials     int
	clips        clips
	// gcPercent is the collector's setting to go back to once the first
	// frame at a new size is painted (0: none pending).
	gcPercent int
	seenW     float64 // the screen size last drawn
	seenH     float64
	seenInset layout.Insets // the unsafe edges the last full frame kept clear of
	// Frames counts the frames drawn (in full or in part), for the page's
	// end-to-end tests that wait for one.
	Frames    int
	drawnTick int     // the tick of the last frame drawn
	notice    string  // the notice last drawn
	lastX     float64 // the pointer last seen
	lastY     float64
	laidW     float64 // the screen size of the last Update
	laidH     float64
	laidTick  int     // the tick that saw that size first
	insetW    float64 // the screen size the insets were last read at
	insetH    float64

	// stop: the process was told to end (QuitSoon); any goroutine sets it.
	stop atomic.Bool

	// announce tells assistive tools a new status (the page's live
	// region, in the browser; nil elsewhere); said is what it last said.
	announce func(text string)
	said     string
	// publish gives the page the phase when it changes (window.shiftago.now,
	// in the browser; nil elsewhere); shown is what it last gave.
	publish func(phase string)
	shown   string
}

// New prepares the game: fonts, sprites, sound, the language, the first
// screen (the game the options start, else the saved game, else the
// title). src is the input (nil: the real devices).
func New(opts Options, screens Screens, src input.Source) (*Game, error) {
	text, err := render.NewText()
	if err != nil {
		return nil, err
	}
	c := &Context{Screen: Screen{W: 1280, H: 800, Scale: 1}, Text: text, Sprites: &sprites.Sprites{}, Setup: opts.Setup, Opts: opts, Screens: &screens}
	c.Setup.Normalize(i18n.Supported)
	lang := c.Setup.Lang
	if opts.Lang != "" {
		lang = opts.Lang
	}
	if lang == "" {
		lang = i18n.Detect(systemLocales()...)
	}
	c.SetLanguage(lang)
	c.Sprites.SetTheme(render.ThemeOf(render.ParseBoard(c.Setup.Board), c.Setup.Symbols))
	c.Touch = input.CoarsePointer()
	c.Sound = sound.New(opts.NoAudio, c.Setup.Muted, c.Setup.Volume)
	if n := c.Sound.Notice(); n != "" {
		c.Notify(c.T(n))
	}
	if src == nil {
		src = &input.Ebiten{}
	}
	g := &Game{ctx: c, src: src}
	c.shell.g = g
	if opts.RecordPath != "" {
		f, err := os.OpenFile(opts.RecordPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("--record: %w", err)
		}
		g.recf = f
	}
	k := c.keeper()
	var first Scene
	switch {
	case k.Foreign():
		// Another window or tab has this save open: ask before anything
		// is written (a game the options start waits too).
		k.StopSaving()
		first = screens.Elsewhere(c)
	default:
		k.Claim()
		if first, err = g.opening(); err != nil {
			k.Close()
			return nil, err
		}
	}
	g.stack = []Scene{first}
	if opts.Replay != nil && screens.Replay != nil {
		g.stack = append(g.stack, screens.Replay(c, opts.Replay)) // closing it shows what lies under it
	}
	if !opts.Online.Opens() && !opts.StartGame && opts.Replay == nil {
		// The online table open when this copy last ran (a reload, the
		// tab or the game opened again): back to it, over the title.
		if game := c.rememberedTable(); game != "" {
			opts.Online.Game, c.Opts.Online.Game = game, game
		}
	}
	if opts.Online.Opens() && screens.Online != nil {
		g.stack = append(g.stack, screens.Online(c)) // an invite link: its lobby over the game kept here
	}
	g.storeNotice() // after the opening's own notices: this one matters more
	installPage(g)  // window.shiftago in the browser; nothing elsewhere
	return g, nil
}

// opening is the first screen: the game the options start (the game in
// progress kept aside first), else the saved game (firstScene).
func (g *Game) opening() (Scene, error) {
	c := g.ctx
	if c.Opts.StartGame && !g.started {
		g.started = true
		g.keepSaved()
		return c.Screens.NewGame(c, c.Opts.Position)
	}
	return g.firstScene(), nil
}

// firstScene is the saved game, the screen that says what is wrong
// with it, or the title.
func (g *Game) firstScene() Scene {
	if s := g.resume(); s != nil {
		return s
	}
	return g.ctx.Screens.Title(g.ctx)
}

// Context is the game's shared context.
func (g *Game) Context() *Context { return g.ctx }

// Scene is the screen showing.
func (g *Game) Scene() Scene { return g.stack[len(g.stack)-1] }

// Show puts s on screen at once, alone, and lays it out (an Update with
// no input), as if it had been opened this tick: for screenshots and
// tests that look at one screen.
func (g *Game) Show(s Scene) {
	g.stack = append(g.stack[:0], s)
	in := g.ctx.In
	g.ctx.In = input.Input{}.Neutral()
	g.ctx.In.X, g.ctx.In.Y = -100, -100
	g.updateScene(s)
	g.ctx.In = in
	g.ctx.notice.text = ""
	g.ctx.shell.op, g.ctx.shell.next = opNone, nil
}

// Depth is the number of screens open, one over the other.
func (g *Game) Depth() int { return len(g.stack) }

// Close saves the game one last time, waits until every save is
// written, gives the save up and closes the record file.
func (g *Game) Close() {
	g.autosave()
	g.ctx.keeper().Close()
	if g.recf != nil {
		g.recf.Close()
	}
}

// QuitSoon ends the game at its next tick, as Quit does; unlike Quit,
// any goroutine may call it (a signal's).
func (g *Game) QuitSoon() { g.stop.Store(true) }

// Update runs one tick: the input is read once, the screen on top runs;
// a screen it opens is laid out (updated once with the input's edges
// taken away) before it is ever drawn.
func (g *Game) Update() error {
	c := g.ctx
	if g.OnTick != nil {
		if err := g.OnTick(g); err != nil {
			return err
		}
	}
	c.Tick++
	if c.Sound != nil && (c.In.Pressed || len(c.In.Keys()) > 0) {
		// The browser's audio context, at the player's first gesture
		// (sound.New): c.In is still last tick's input, the gesture's.
		c.Sound.Open()
	}
	if c.W != g.laidW || c.H != g.laidH {
		// A new window size (a tablet turned): the screens paint their
		// boards and marbles afresh. Collect the old ones first, so the
		// heap (which WebAssembly memory never gives back) does not grow
		// with every turn; and collect often while they paint (tens of
		// megabytes of scratch pixels at a tablet's size), until the
		// screen stands still at the new size (the table repaints behind
		// its frames for seconds: until its first frame only, the heap
		// grew from 138 to 165 MiB over 16 turns of a tablet at DPR 3),
		// so that the heap's peak, which WebAssembly memory keeps, stays
		// near what is live.
		g.laidW, g.laidH, g.laidTick = c.W, c.H, c.Tick
		runtime.GC()
		if g.gcPercent == 0 {
			g.gcPercent = debug.SetGCPercent(paintGCPercent)
		}
	}
	g.src.Sample(&c.In)
	if c.In.Pressed {
		c.Touch = c.In.Touch // the last press says how the player plays
	}
	// A rotation or a browser bar moves the safe area: look again now and
	// then, and at once when the size changed (a phone turned), so that
	// the first frame at the new size already keeps clear of the new
	// notch where the browser already knows it. active sees a change and
	// asks for a frame (a change while idle went unpainted: issue 26).
	if c.Tick%30 == 1 || c.W != g.insetW || c.H != g.insetH {
		g.insetW, g.insetH = c.W, c.H
		in := g.safe.Read()
		c.Inset = layout.Insets{Top: in.Top * c.Scale, Right: in.Right * c.Scale, Bottom: in.Bottom * c.Scale, Left: in.Left * c.Scale}
	}
	if g.SkipIdleDraws && !Browser && c.Tick-g.drawnTick >= idleRepaint {
		// An X11 window without a compositor that another window
		// uncovers keeps that window's pixels until it is drawn again,
		// and ebiten tells nothing of it (issue 26): show it again now
		// and then while idle. The screen image still holds the last
		// frame (the screen is not cleared between frames), so the
		// window needs only that image copied into it, not the screen
		// drawn afresh: drawing the whole table once a second cost an
		// idle game under Xvfb 0.5-0.8 s of CPU in 10 s, three times
		// all the rest of its idle work (issue 50).
		g.present = true
	}
	c.dismissNotice()
	g.heartbeat()
	if err := g.updateScene(g.Scene()); err != nil {
		return err
	}
	g.autosave()
	if c.shell.op != opNone || g.active() {
		g.dirty = true
	}
	for k := 0; c.shell.op != opNone && k < 4; k++ {
		g.apply()
		in := c.In
		c.In = in.Neutral()
		err := g.updateScene(g.Scene())
		c.In = in
		if err != nil {
			return err
		}
		g.autosave()
	}
	if g.announce != nil {
		if a := g.PageAnnouncement(); a != g.said {
			g.said = a
			if a != "" {
				g.announce(a)
			}
		}
	}
	if g.publish != nil {
		if p := g.PagePhase(); p != g.shown {
			g.shown = p
			g.publish(p)
		}
	}
	if c.shell.quit || g.stop.Load() {
		return ebiten.Termination
	}
	return nil
}

// active reports whether this tick may change what is on screen: input
// came, the notice or the window changed, or the screen says something
// moves.
func (g *Game) active() bool {
	c := g.ctx
	in := &c.In
	if in.Down || in.Pressed || in.Released || in.Wheel != 0 || len(in.Keys()) > 0 || in.X != g.lastX || in.Y != g.lastY {
		g.lastX, g.lastY = in.X, in.Y
		return true
	}
	if c.W != g.seenW || c.H != g.seenH || c.Inset != g.seenInset || c.Notice() != g.notice {
		return true
	}
	if s, ok := g.Scene().(Still); ok {
		return !s.Still()
	}
	return true
}

// apply carries out the screen change asked for this tick.
func (g *Game) apply() {
	c := g.ctx
	op, next := c.shell.op, c.shell.next
	c.shell.op, c.shell.next = opNone, nil
	if op != opNone {
		c.screenChanged()
	}
	var gone []Scene // the screens this change closes, told once it is made
	switch op {
	case opPush:
		g.stack = append(g.stack, next)
	case opReplace:
		gone = append(gone, g.stack[len(g.stack)-1])
		g.stack[len(g.stack)-1] = next
	case opReset:
		gone = append(gone, g.stack...)
		clear(g.stack)
		g.stack = append(g.stack[:0], next)
	case opPop:
		gone = append(gone, g.stack[len(g.stack)-1])
		g.stack[len(g.stack)-1] = nil
		g.stack = g.stack[:len(g.stack)-1]
		closed(c, gone, nil) // before the screen under it resumes
		gone = nil
		if len(g.stack) == 0 {
			g.stack = append(g.stack, c.Screens.Title(c))
		} else if r, ok := g.Scene().(Resumer); ok {
			r.Resume(c)
		}
	}
	closed(c, gone, next)
}

// closed tells each screen of gone that implements Closer that it is
// closed, the top one first as Pops would (next, put back on the stack
// by the same change, is not closed).
func closed(c *Context, gone []Scene, next Scene) {
	for i := len(gone) - 1; i >= 0; i-- {
		if s, ok := gone[i].(Closer); ok && gone[i] != next {
			s.Closed(c)
		}
	}
}

// Draw draws the screen, then any notice over it (with SkipIdleDraws,
// only when something changed).
func (g *Game) Draw(screen *ebiten.Image) {
	c := g.ctx
	if g.SkipIdleDraws && !g.dirty {
		if g.present {
			g.presentAgain(screen)
		}
		return
	}
	g.present = false
	g.dirty = false
	// The marbles are lit from the screen's light (render's light.go),
	// also when a partial frame draws them into a piece of the screen.
	c.Sprites.SetStage(c.W, c.H)
	if !g.partialDraw(screen) {
		g.drawFrame(screen)
		g.drawnScene = g.Scene()
		g.drawnPartial, _ = g.drawnScene.(Partial)
		g.seenW, g.seenH, g.seenInset, g.notice = c.W, c.H, c.Inset, c.Notice()
	}
	c.noticeDrawn()
	g.Frames++
	g.drawnTick = c.Tick
	if g.gcPercent != 0 && c.W == g.laidW && c.H == g.laidH && (g.settled() || c.Tick-g.laidTick > paintGCTicks) {
		debug.SetGCPercent(g.gcPercent) // painted at the new size
		g.gcPercent = 0
	}
	if g.OnDraw != nil {
		g.OnDraw(g, screen)
	}
}

// presentAgain has ebiten copy the screen image, which still holds the
// last frame, into the window once more, without drawing the screen:
// ebiten shows a frame only when the screen image was drawn on, so a
// transparent pixel is drawn on it, which changes none of its pixels.
func (g *Game) presentAgain(screen *ebiten.Image) {
	g.present = false
	g.Presents++
	g.drawnTick = g.ctx.Tick
	if screen == nil { // a test's Draw without a loop
		return
	}
	if g.touch == nil {
		g.touch = ebiten.NewImage(1, 1) // all zero: transparent
	}
	screen.DrawImage(g.touch, nil)
}

// Redraw has the next frame drawn in full, as if nothing were on the
// screen yet (the page's end-to-end tests compare an idle frame with it).
func (g *Game) Redraw() {
	g.dirty = true
	g.drawnScene, g.drawnPartial = nil, nil
}

// drawFrame draws the screen and any notice over it into dst: the whole
// screen, or the part of it that partialDraw clipped.
func (g *Game) drawFrame(dst *ebiten.Image) {
	if !g.drawFramed(dst) {
		g.drawScene(dst)
	}
}

// drawScene draws the screen and any notice over it into dst, whose size
// is the context's.
func (g *Game) drawScene(dst *ebiten.Image) {
	c := g.ctx
	g.Scene().Draw(dst, c)
	if n := c.Notice(); n != "" {
		if p, ok := g.Scene().(NoticePlacer); ok {
			ui.DrawNoticeIn(dst, c.Kit(), n, p.NoticeArea())
		} else {
			ui.DrawNotice(dst, c.Kit(), n, c.W, c.H)
		}
	}
}

// DrawFull draws the whole of the current screen into dst, as a frame
// drawn in full would be (tests compare it with what partial frames left
// on the screen).
func (g *Game) DrawFull(dst *ebiten.Image) {
	g.ctx.Sprites.SetStage(g.ctx.W, g.ctx.H)
	g.drawFrame(dst)
}

// Layout is required by ebiten.Game; LayoutF is the one used.
func (g *Game) Layout(w, h int) (int, int) {
	x, y := g.LayoutF(float64(w), float64(h))
	return int(x), int(y)
}

// LayoutF makes the screen as large as the window in device pixels, so
// everything is drawn sharp on high-DPI monitors.
func (g *Game) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	g.ctx.Scale = s
	g.ctx.W, g.ctx.H = math.Ceil(w*s), math.Ceil(h*s)
	return g.ctx.W, g.ctx.H
}

// idleRepaint is how often, in ticks, an idle desktop window is drawn
// whole all the same (see Update).
const idleRepaint = 60

// paintGCPercent is the collector's setting while the screens repaint
// for a new size: a collection each time the heap grows a tenth.
const paintGCPercent = 10

// paintGCTicks bounds how long after a new size paintGCPercent stays, for
// a screen that never stands still (two computers playing on).
const paintGCTicks = 1800

// settled reports whether the screen stands still (see Still): at a new
// size, its repaint is done.
func (g *Game) settled() bool {
	s, ok := g.Scene().(Still)
	return !ok || s.Still()
}
