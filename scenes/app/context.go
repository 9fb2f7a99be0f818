package app

import (
	"time"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render"
	"shiftago/render/layout"
	"shiftago/render/sprites"
	"shiftago/render/ui"
	"shiftago/scenes/i18n"
	"shiftago/scenes/input"
	"shiftago/scenes/keep"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
	"shiftago/scenes/sound"
)

// Options are what the command line (or the page's link) chose.
type Options struct {
	Setup     play.Setup // the game to start (or the title screen's defaults)
	Position  string     // a position string (RULES.md §10) to start from, or ""
	StartGame bool       // go straight to the game instead of the title screen
	// Replay is a record to show at once, over whatever the start opens
	// (a shared link to a finished game); nil for none.
	Replay     *record.Record
	RecordPath string // append every move played to this file, or ""
	NoAudio    bool   // never create the audio context (--mute)
	Seed       uint64 // seeds the AI and the drawn starter
	// NodesPerTick bounds the AI's work per frame (0: the default).
	NodesPerTick int
	// AnimSpeed speeds up every animation (tests); 0 means normal.
	AnimSpeed float64
	// Store keeps the game in progress and the setup; nil: nothing is
	// saved (tests).
	Store saves.Store
	// StoreErr says why there is no store, to tell the player once.
	StoreErr error
	// Lang forces the interface's language (--lang); "" follows the
	// settings, then the system.
	Lang string
	// Date is today (YYYY-MM-DD), for the records' headers.
	Date string
	// InstanceID names this copy of the game (a window, a browser tab)
	// in the save's owner record; "" leaves ownership out (tests).
	InstanceID string
	// Now is the wall clock (nil: time.Now): the owner's heartbeat, and
	// how long a notice shows.
	Now func() time.Time
	// Process is this desktop process, for the owner record (zero in the
	// browser).
	Process Process
	// WriteBehind writes the saves on a goroutine of their own, off the
	// frame (the desktop: a save syncs the disk); false writes them in
	// the frame (the browser's localStorage is quick; tests).
	WriteBehind bool
	// Buzz takes the buzzes in place of the device's vibrator (tests: a
	// desktop has nothing to buzz); nil: the device.
	Buzz func(input.Buzz)
	// Online is how this copy reaches the game service, and the invite
	// or spectator code the link (or --join, --watch) opens.
	Online OnlineOptions
}

// Process names a desktop process in the owner record (keep.Process).
type Process = keep.Process

// Context is what every screen shares: the screen, the input of this
// tick, the drawing kit, the sound, the language, the setup, and the way
// to other screens. The shell's own machinery (the notice, the screen
// changes asked for, the save policy) sits in two private fields.
type Context struct {
	Screen // the screen's size and unsafe edges
	Frame  // this tick and its input

	Text    *render.Text
	Sprites *sprites.Sprites
	Sound   *sound.Sound
	Lang    *i18n.Lang
	Setup   play.Setup
	// Tourney is the Express tournament under way, if any.
	Tourney *logic.Tournament
	Opts    Options
	Screens *Screens

	notice notice
	shell  shell
}

// Screen is the screen's size, in device pixels, and its scale.
type Screen struct {
	W, H  float64 // screen size in device pixels
	Scale float64 // device scale factor (1, 2, ...)
	// Inset is the screen's unsafe edges (a notch, a home bar) in device
	// pixels, which layouts keep clear.
	Inset layout.Insets
}

// Frame is this tick and what the player did in it.
type Frame struct {
	Tick int // ticks since start
	In   input.Input
	// Touch: the player plays by touch (the browser's main pointer is a
	// finger, or the last press was a touch), so texts leave out keys.
	Touch bool
}

// notice is a message shown for a while over any screen.
type notice struct {
	text string
	// until is when it goes, by the wall clock: counted in ticks, a
	// notice stayed for minutes where frames came slowly (a loaded
	// machine, software WebGL in a browser). It is set when the notice is
	// first drawn (zero until then): given while the game starts, a
	// notice went before the first frame on a slow device ("the storage
	// is full" was never seen).
	until time.Time
	tap   bool // the notice stays until the player taps (a link's problem)
	// tick and lang are the tick and the language a notice was given
	// in: it belongs to the screen it was given on (one opened or closed
	// after that tick takes it away: "Move taken back" stayed on the
	// rules) and to its language ("Link kopiert" stayed on English
	// screens).
	tick    int
	lang    string
	swallow bool // the tap that closes a notice goes no further, up to its release
}

// shell is the shell's part of the context: the screen change asked for
// this tick, the game, and the save policy.
type shell struct {
	op   stackOp
	next Scene
	quit bool
	g    *Game
	keep *keep.Keeper // nil: a context made by a test, saving nothing
}

type stackOp uint8

const (
	opNone stackOp = iota
	opPush
	opPop
	opReplace
	opReset
)

// Vibrate buzzes b if the player allows it (the Vibration setting), on
// the device or where Options.Buzz says.
func (c *Context) Vibrate(b input.Buzz) {
	if c.Opts.Buzz != nil {
		if c.Setup.Vibrate {
			c.Opts.Buzz(b)
		}
		return
	}
	input.Vibrate(c.Setup.Vibrate, b)
}

// Kit is the drawing kit of the widgets.
func (c *Context) Kit() ui.Kit { return ui.Kit{Text: c.Text, Sprites: c.Sprites} }

// Unit is the interface unit of this screen size.
func (c *Context) Unit() float64 { return ui.Unit(c.W, c.H) }

// Push opens s over the current screen, at the start of the next tick.
func (c *Context) Push(s Scene) { c.shell.op, c.shell.next = opPush, s }

// Pop closes the current screen; the one under it shows again (the
// title, if there is none).
func (c *Context) Pop() { c.shell.op, c.shell.next = opPop, nil }

// Replace puts s in the current screen's place.
func (c *Context) Replace(s Scene) { c.shell.op, c.shell.next = opReplace, s }

// Reset closes every screen and opens s.
func (c *Context) Reset(s Scene) { c.shell.op, c.shell.next = opReset, s }

// Quit ends the game after this tick.
func (c *Context) Quit() { c.shell.quit = true }

// T is the text of key in the player's language.
func (c *Context) T(key string) string { return c.Lang.T(key) }

// F formats the text of key in the player's language.
func (c *Context) F(key string, a ...any) string { return c.Lang.F(key, a...) }

// Say puts a message into words.
func (c *Context) Say(m play.Message) string { return play.Say(c.Lang, m) }

// Notify shows msg for a few seconds, where the screen shown keeps
// room for notices (NoticePlacer), else at the bottom.
func (c *Context) Notify(msg string) {
	if c.notice.tap && c.Notice() != "" {
		return // a message the player must read first is not pushed away
	}
	c.notice = notice{text: msg, tick: c.Tick, lang: c.Lang.Code, swallow: c.notice.swallow}
}

// noticeDrawn starts the clock of a notice on the frame that first
// shows it.
func (c *Context) noticeDrawn() {
	if n := &c.notice; n.text != "" && !n.tap && n.until.IsZero() {
		n.until = c.now().Add(NoticeFor)
	}
}

// NoticeFor is how long Notify's notice stays, from the first frame that
// shows it.
const NoticeFor = 5 * time.Second

// now is the wall clock (Opts.Now, else time.Now).
func (c *Context) now() time.Time {
	if c.Opts.Now != nil {
		return c.Opts.Now()
	}
	return time.Now()
}

// NotifyUntilTap shows msg until the player taps (or presses a key): for
// what must be read, not glimpsed, such as why a link did not work. The
// tap that closes it does nothing else.
func (c *Context) NotifyUntilTap(msg string) {
	c.notice = notice{text: msg, tap: true, tick: c.Tick, lang: c.Lang.Code, swallow: c.notice.swallow}
}

// screenChanged drops a notice given before this tick: it spoke of the
// screen now gone. One the player must tap away stays.
func (c *Context) screenChanged() {
	if !c.notice.tap && c.notice.tick != c.Tick {
		c.notice.text = ""
	}
}

// dismissNotice lets a tap (or a key) close a notice kept until then;
// the tap goes no further, up to its release.
func (c *Context) dismissNotice() {
	n := &c.notice
	if n.swallow {
		if !c.In.Down || c.In.Released {
			n.swallow = false
		}
		c.In = c.In.Neutral()
		return
	}
	if !n.tap || c.Notice() == "" {
		return
	}
	if c.In.Pressed || c.In.Released || len(c.In.Keys()) > 0 {
		n.text, n.tap = "", false
		n.swallow = c.In.Down && !c.In.Released
		c.In = c.In.Neutral()
	}
}

// Notice is the message shown over the screen now, or "".
func (c *Context) Notice() string {
	if n := &c.notice; n.text != "" && (n.tap || n.until.IsZero() || c.now().Before(n.until)) && n.lang == c.Lang.Code {
		return n.text
	}
	return ""
}

// SetLanguage switches the interface to lang (the setting is the
// caller's to change).
func (c *Context) SetLanguage(lang string) { c.Lang = i18n.New(lang) }

// SaveSetup remembers the setup for the next run, off the frame; failing
// to is not fatal (the player is told).
func (c *Context) SaveSetup() {
	k := c.keeper()
	k.SaveSetup(c.Setup)
	c.sayKept(k.Poll())
}

// EditSetup changes the setup with edit, puts it in order and remembers
// it: the one way the settings and setup screens change it.
func (c *Context) EditSetup(edit func(st *play.Setup)) {
	edit(&c.Setup)
	c.Setup.Normalize(i18n.Supported)
	c.SaveSetup()
}

// Record appends a played move to the record file (--record), written
// at once, off the frame, so another program can follow the game.
func (c *Context) Record(move string) { c.keeper().Record(move) }

// AnimSpeed is the animations' pace: the tests' override, else the
// setting.
func (c *Context) AnimSpeed() float64 {
	if c.Opts.AnimSpeed != 0 {
		return c.Opts.AnimSpeed
	}
	return c.Setup.AnimSpeed
}

// Pace is how the computer's turns are paced.
func (c *Context) Pace() play.Pace {
	return play.Pace{NodesPerTick: c.Opts.NodesPerTick, ThinkTicks: c.Setup.ThinkTicks(), Hurry: c.AnimSpeed() > 1, Hints: c.Setup.Hints, Away: true}
}

// NewSession starts a game from the setup (or a position string) and
// keeps the setup and tournament as they now stand.
func (c *Context) NewSession(position string) (*play.Session, error) {
	s, st, t, err := play.NewSession(c.Setup, position, c.Tourney, c.Opts.Seed, uint64(c.Tick), c.Opts.Date)
	if err != nil {
		return nil, err
	}
	c.Setup, c.Tourney = st, t
	return s, nil
}
