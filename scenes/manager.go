package scenes

import (
	"bufio"
	"fmt"
	"image/color"
	"math"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
	"shiftago/scenes/store"
)

// A Scene is one screen of the game. Update changes state (and only
// Update does); Draw only reads it.
type Scene interface {
	Update(c *Context) error
	Draw(screen *ebiten.Image, c *Context)
}

// Options are what the command line chose.
type Options struct {
	Setup      Setup  // the game to start (or the title screen's defaults)
	Position   string // a position string (RULES.md §10) to start from, or ""
	StartGame  bool   // go straight to the game instead of the title screen
	RecordPath string // append every move played to this file, or ""
	NoAudio    bool   // never create the audio context (--mute)
	SetupPath  string // where the last setup is remembered, or "" for none
	Seed       uint64 // seeds the AI and the drawn starter
	// NodesPerTick bounds the AI's work per frame (0: the default).
	NodesPerTick int
	// AnimSpeed speeds up every animation (tests); 0 means normal.
	AnimSpeed float64
	// Store keeps the game in progress and, where there is no setup file,
	// the setup; nil: nothing is saved (tests).
	Store store.Store
	// StoreErr says why there is no store, to tell the player once.
	StoreErr error
	// Lang forces the interface's language (--lang); "" follows the
	// settings, then the system.
	Lang string
}

// Context is what every scene shares: the screen size, the input of this
// tick, the drawing helpers, the sound, the setup. There are no globals.
type Context struct {
	W, H  float64 // screen size in device pixels
	Scale float64 // device scale factor (1, 2, ...)
	Tick  int     // ticks since start
	In    Input   // this tick's input

	Text    *render.Text
	Sprites *render.Sprites
	Sound   *Sound
	Setup   Setup
	Opts    Options
	// Tourney is the Express tournament under way, if any.
	Tourney *logic.Tournament

	record *bufio.Writer
	recf   *os.File

	notice      string // a message shown for a while over any scene
	noticeUntil int

	next Scene
	quit bool
}

// GoTo switches to scene s at the start of the next tick.
func (c *Context) GoTo(s Scene) { c.next = s }

// Quit ends the game after this tick.
func (c *Context) Quit() { c.quit = true }

// Notify shows msg at the bottom of the screen for a few seconds.
func (c *Context) Notify(msg string) {
	c.notice, c.noticeUntil = msg, c.Tick+5*60
}

// SaveSetup remembers the setup for the next run; failing to is not fatal.
func (c *Context) SaveSetup() {
	if c.Opts.SetupPath == "" {
		c.saveSetupToStore()
		return
	}
	if err := SaveSetup(c.Opts.SetupPath, c.Setup); err != nil {
		c.Notify(msgf("notice.setupfail", err.Error()))
	}
}

// Record appends a played move to the record file, flushed at once so
// another program can follow the game.
func (c *Context) Record(move string) {
	if c.record == nil {
		return
	}
	c.record.WriteString(move)
	c.record.WriteByte('\n')
	if err := c.record.Flush(); err != nil {
		c.Notify(msgf("notice.recordfail", err.Error()))
	}
}

// U is the interface unit: a size in pixels that grows with the screen and
// the device scale, for text and targets.
func (c *Context) U() float64 {
	u := math.Min(c.W/22, c.H/17)
	return math.Max(u, 22*c.Scale*0.8)
}

// Game runs the scenes: it is the ebiten.Game.
type Game struct {
	ctx   *Context
	scene Scene
	src   InputSource
	// OnTick, when set, runs at the start of every Update (tests use it to
	// drive the game and look at it).
	OnTick func(g *Game) error
	// OnDraw, when set, runs at the end of every Draw.
	OnDraw func(g *Game, screen *ebiten.Image)
}

// NewGame prepares the game: fonts, sprites, sound, the first scene.
func NewGame(opts Options, src InputSource) (*Game, error) {
	text, err := render.NewText()
	if err != nil {
		return nil, err
	}
	c := &Context{Text: text, Sprites: &render.Sprites{}, Setup: opts.Setup, Opts: opts, Scale: 1, W: 1280, H: 800}
	c.loadSetupFromStore()
	c.Setup.Normalize()
	c.applyPrefs()
	c.Sound = NewSound(opts.NoAudio, c.Setup.Muted, c.Setup.Volume)
	if n := c.Sound.Notice(); n != "" {
		c.Notify(n)
	}
	if opts.RecordPath != "" {
		f, err := os.OpenFile(opts.RecordPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("--record: %w", err)
		}
		c.recf, c.record = f, bufio.NewWriter(f)
	}
	if src == nil {
		src = &EbitenInput{}
	}
	g := &Game{ctx: c, src: src}
	if opts.StartGame {
		gs, err := NewGameScene(c, opts.Position)
		if err != nil {
			return nil, err
		}
		g.scene = gs
	} else if s := c.resume(); s != nil {
		g.scene = s
	} else {
		g.scene = NewSetupScene(c)
	}
	installPage(g) // window.shiftago in the browser; nothing elsewhere
	return g, nil
}

// Context is the game's shared context.
func (g *Game) Context() *Context { return g.ctx }

// Scene is the scene now showing.
func (g *Game) Scene() Scene { return g.scene }

// Close releases the record file.
func (g *Game) Close() {
	if g.ctx.recf != nil {
		g.ctx.record.Flush()
		g.ctx.recf.Close()
	}
	g.ctx.autosave(g.scene)
}

// Update runs one tick.
func (g *Game) Update() error {
	c := g.ctx
	if g.OnTick != nil {
		if err := g.OnTick(g); err != nil {
			return err
		}
	}
	c.Tick++
	g.src.Sample(&c.In)
	if c.next != nil {
		g.scene, c.next = c.next, nil
	}
	if err := g.scene.Update(c); err != nil {
		return err
	}
	c.autosave(g.scene)
	if c.next != nil {
		g.scene, c.next = c.next, nil
	}
	if c.quit {
		return ebiten.Termination
	}
	return nil
}

var noticeBg = color.RGBA{0x10, 0x14, 0x12, 0xd8}

// Draw draws the scene, then any notice over it.
func (g *Game) Draw(screen *ebiten.Image) {
	c := g.ctx
	g.scene.Draw(screen, c)
	if c.notice != "" && c.Tick < c.noticeUntil {
		u := c.U()
		size := c.Text.Fit(c.notice, 0.55*u, c.W-2*u, false)
		w := c.Text.Width(c.notice, size, false) + 1.2*u
		c.Sprites.Panel(screen, (c.W-w)/2, c.H-1.35*u, w, 0.95*u, 0.3*u, noticeBg)
		c.Text.Draw(screen, c.notice, c.W/2, c.H-0.875*u, size, colText, render.AlignCenter, false)
	}
	if g.OnDraw != nil {
		g.OnDraw(g, screen)
	}
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
