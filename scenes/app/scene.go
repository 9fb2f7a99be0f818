package app

import (
	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/scenes/online"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/play"
)

// A Scene is one screen of the game. Update changes state (and only
// Update does); Draw only reads it and fills render caches.
type Scene interface {
	Update(c *Context) error
	Draw(screen *ebiten.Image, c *Context)
}

// Screens opens every screen. main fills it in with the screen
// packages' constructors; the screens open each other through it.
type Screens struct {
	Title       func(c *Context) Scene
	NewGame     func(c *Context, position string) (Scene, error) // from the setup, or a position string
	Resume      func(c *Context, s *play.Session) Scene          // a saved game, at its last move
	Settings    func(c *Context) Scene
	Rules       func(c *Context, v logic.Variant) Scene
	Records     func(c *Context, game *record.Record) Scene // game: the game in progress, to export (nil if none)
	Replay      func(c *Context, rec *record.Record) Scene
	Moves       func(c *Context, game *record.Record) Scene // the moves of the game in progress
	Tutorial    func(c *Context) (Scene, error)
	SaveProblem func(c *Context, p SaveProblem) Scene
	// Elsewhere says that another window or tab has the game open, and
	// offers to take over (Context.TakeOver) or play without saving.
	Elsewhere func(c *Context) Scene
	// Online opens the online games: a new game to create, or the lobby
	// of the game that Opts.Online's invite or spectator code names.
	Online func(c *Context) Scene
	// MyGames lists this player's online games, their turns and clocks.
	MyGames func(c *Context) Scene
	// Profile shows this player's ratings and their history;
	// Leaderboard the best players of a variant and player count.
	Profile     func(c *Context) Scene
	Leaderboard func(c *Context) Scene
	// Devices shows this player's devices: a code to link another
	// device, the code of one to use here, revoke, the recovery code.
	Devices func(c *Context) Scene
	// OnlineGame is the table of an online game the Link plays; leave
	// ends the Link and its session (the screen calls it as it closes).
	OnlineGame func(c *Context, l *online.Link, leave func()) (Scene, error)
	// Puzzles opens the puzzles at the puzzle of the day.
	Puzzles func(c *Context) (Scene, error)
}

// The interfaces below are how the shell asks a screen for what it
// needs; a screen implements those that fit it.

// Resumer is a screen told that it shows again after the screen over it
// closed (the language or the window may have changed meanwhile).
type Resumer interface {
	Resume(c *Context)
}

// Closer is a screen told that it has left the stack for good: closed
// by Pop, put aside by Replace, or swept away by Reset. What it runs
// beside the frame (a watcher's fetches, a game's connection) stops
// here, however the screen was closed; the screen's own Back is only
// one of those ways.
type Closer interface {
	Closed(c *Context)
}

// Still is a screen that can say whether anything on it moves: when
// nothing does and no input came, the shell draws nothing new (the last
// frame stays on screen), so an idle game costs next to nothing.
type Still interface {
	Still() bool
}

// SessionHolder is a screen that shows a game worth saving. The shell
// saves the session after every change to its moves.
type SessionHolder interface {
	Session() *play.Session
}

// PageScene is what the browser page's API reads of a screen: its phase,
// the position and match it shows, its geometry, its buttons. Every
// method may answer with nothing.
type PageScene interface {
	// PagePhase names what the screen is doing (RULES of the page API).
	PagePhase() string
}

// PageBoard is a screen that shows a game's board.
type PageBoard interface {
	PageGeometry() *layout.Geometry
	PageMatch() *play.Match
}

// PagePosition is a screen that shows a position (the replay).
type PagePosition interface {
	PagePosition() string
}

// PageButtons is a screen with buttons.
type PageButtons interface {
	PageButtons() []ui.Info
}

// PageStatus is a screen with a status line: assistive tools are told
// each new one (who played where, whose turn it is, who won).
type PageStatus interface {
	PageStatus() string
}

// PageAnalysis is a screen that analyses a game (the replay): how many of
// its positions are known, of how many, and how many of them were
// searched in the frame loop rather than away from it (page API,
// analysis()).
type PageAnalysis interface {
	PageAnalysis() (done, total, inFrame int)
}

// PageNotice is a screen with a message of its own (why a record was
// refused).
type PageNotice interface {
	PageNotice() string
}

// NoticePlacer is a screen that says where notices go over it, so that
// they never cover what the player must reach (the game's entry cups at
// the bottom of the board): the rectangle, in device pixels.
type NoticePlacer interface {
	NoticeArea() layout.Rect
}
