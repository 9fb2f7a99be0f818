package app

import (
	"errors"

	"shiftago/scenes/keep"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// The save policy is scenes/keep's: this file asks it, in the frame, and
// says on screen what it did.

// SaveProblem is a saved game that could not be read (keep.Problem).
type SaveProblem = keep.Problem

// KeptGame is an unfinished game kept aside (keep.KeptGame).
type KeptGame = keep.KeptGame

// ProblemKey is the catalogue key that says what is wrong with a save.
func ProblemKey(err error) string { return keep.ProblemKey(err) }

// newKeeper is the save policy of the options.
func newKeeper(c *Context) *keep.Keeper {
	o := c.Opts
	limit := saves.HistoryLimitDesktop
	if Browser {
		limit = saves.HistoryLimitBrowser
	}
	cfg := keep.Config{Store: o.Store, ID: o.InstanceID, Process: o.Process, Now: o.Now, Background: o.WriteBehind, HistoryLimit: limit,
		Decode: func(data []byte) (*play.Session, error) {
			s, _, err := c.decodeSession(data)
			return s, err
		}}
	if c.shell.g != nil && c.shell.g.recf != nil {
		cfg.Log = c.shell.g.recf
	}
	return keep.New(cfg)
}

// keeper is the save policy; a context made by a test without the shell
// gets one that saves in the frame.
func (c *Context) keeper() *keep.Keeper {
	if c.shell.keep == nil {
		c.shell.keep = newKeeper(c)
	}
	return c.shell.keep
}

// holder is the screen nearest the top that holds a game, if any.
func (g *Game) holder() *play.Session {
	for i := len(g.stack) - 1; i >= 0; i-- {
		if h, ok := g.stack[i].(SessionHolder); ok {
			return h.Session()
		}
	}
	return nil
}

// autosave saves the game shown if its moves changed since the last
// save. The move list is handed over as soon as a move is played, before
// its animation: quitting at any moment loses nothing (Close flushes).
// It never writes where another window owns the save, nor after the
// player chose to play without saving.
func (g *Game) autosave() {
	k := g.ctx.keeper()
	k.Autosave(g.holder())
	g.ctx.sayKept(k.Poll())
}

// heartbeat runs every tick: now and then the owner record is renewed,
// or found taken over.
func (g *Game) heartbeat() {
	k := g.ctx.keeper()
	k.Heartbeat(g.ctx.Tick)
	g.ctx.sayKept(k.Poll())
}

// sayKept says what the writer did that the player must know: that
// another copy took the save over, that a save failed (once, in words:
// a failed save repeats with every move), that the history or the
// record file could not be written.
func (c *Context) sayKept(ev keep.Events) {
	switch {
	case ev.TakenOver:
		c.NotifyUntilTap(c.T("notice.takenover"))
		return
	case ev.SaveErr != nil:
		c.Notify(c.T(keep.SaveFailKey(ev.SaveErr)))
	case ev.HistoryErr != nil:
		c.Notify(c.T(keep.SaveFailKey(ev.HistoryErr)))
	}
	if ev.SetupErr != nil {
		c.Notify(c.F("notice.setupfail", ev.SetupErr.Error()))
	}
	if ev.LogErr != nil {
		c.Notify(c.F("notice.recordfail", ev.LogErr.Error()))
	}
}

// Saved marks s as saved as it stands (a game just resumed from the save):
// the game shown before it is not abandoned, it is kept or saved still.
func (g *Game) Saved(s *play.Session) { g.ctx.keeper().Saved(s) }

// FlushSaves waits until every save asked for is written: the shell
// calls it as it closes; main when the process is told to end.
func (g *Game) FlushSaves() { g.ctx.keeper().Flush() }

// storeNotice tells the player once why games are not saved, or saved
// only in part, in plain words.
func (g *Game) storeNotice() {
	c := g.ctx
	switch err := c.Opts.StoreErr; {
	case err == nil:
	case errors.Is(err, saves.ErrFull):
		c.Notify(c.T("notice.storagefull"))
	case errors.Is(err, saves.ErrUnavailable) || c.Opts.Store == nil:
		// Open's Memory store: the session's games, no more.
		c.Notify(c.T("notice.nosaves"))
	}
}

// keepSaved puts the game in progress aside before a game started by
// the command line or a link takes its place, and says what it did.
func (g *Game) keepSaved() {
	c := g.ctx
	switch what, where := c.keeper().KeepAside(); what {
	case keep.AsideKept:
		c.NotifyUntilTap(c.T("notice.kept"))
	case keep.AsideMoved:
		c.NotifyUntilTap(c.F("notice.keptaside", where))
	case keep.AsideNoSaving:
		c.NotifyUntilTap(c.T("notice.notsaving"))
	}
}

// SavedStore is the store with every save asked for written (the game
// that just ended is in the history): for a screen that reads it.
func (c *Context) SavedStore() saves.Store {
	c.keeper().Flush()
	return c.Opts.Store
}

// KeepGame keeps data, a save's bytes, aside as a kept game the records
// screen offers to resume, if it holds an unfinished game; it reports
// whether it did. A backup the player passes over for a new game is kept
// so: that game's second save would otherwise rotate it away unasked.
func (c *Context) KeepGame(data []byte) bool { return c.keeper().KeepGame(data) }

// KeptGames lists the unfinished games kept aside that can be resumed,
// the newest first.
func (c *Context) KeptGames() []KeptGame { return c.keeper().KeptGames() }

// ResumeKept swaps the kept game name with the game in progress: the
// kept one becomes the save and is shown, the one in progress (if
// unfinished) is kept in its turn.
func (c *Context) ResumeKept(name string) error {
	k := c.keeper()
	data, kept, err := k.SwapKept(name)
	if err != nil {
		return err
	}
	s, err := c.ResumeSession(data)
	if err != nil {
		return err
	}
	k.MarkSaved(s)
	c.Reset(c.Screens.Resume(c, s))
	if kept {
		c.Notify(c.T("notice.swapped"))
	}
	return nil
}

// resume opens the saved game, if there is one: the game at its last
// move, or, for a save that cannot be read, the screen that says so.
// A save that is gone while its backup is fine offers the backup.
func (g *Game) resume() Scene {
	c := g.ctx
	k := c.keeper()
	data, missing, err := k.Load()
	if missing != nil {
		return c.Screens.SaveProblem(c, *missing)
	}
	if saves.IsNotExist(err) {
		return nil
	}
	if err == nil {
		var s *play.Session
		if s, err = c.ResumeSession(data); err == nil {
			k.Saved(s)
			c.Notify(c.T("notice.resumed"))
			return c.Screens.Resume(c, s)
		}
	}
	if k.Off() {
		return nil // playing without saving: leave the save alone
	}
	// Never overwrite a save we could not read: put it aside first.
	return c.Screens.SaveProblem(c, k.Damaged(err))
}

// ResumeSession rebuilds a saved game from its file, and takes the
// setup and tournament it was played with.
func (c *Context) ResumeSession(data []byte) (*play.Session, error) {
	s, st, err := c.decodeSession(data)
	if err != nil {
		return nil, err
	}
	c.Setup, c.Tourney = st, s.Tourney
	return s, nil
}

// decodeSession rebuilds a saved game, changing nothing.
func (c *Context) decodeSession(data []byte) (*play.Session, play.Setup, error) {
	sg, err := saves.DecodeGame(data)
	if err != nil {
		return nil, c.Setup, err
	}
	return play.Resume(sg.Record, sg.Redo, sg.Tournament, c.Setup, c.Opts.Seed)
}

// SavingOff reports whether this copy does not save (another window
// owns the save, or the player chose to play without saving).
func (c *Context) SavingOff() bool { return c.keeper().Off() }

// TakeOver makes this copy the one that saves (the player chose it on
// the Elsewhere screen) and opens the saved game, or the title.
func (c *Context) TakeOver() {
	c.keeper().TakeOver()
	c.open()
}

// OwnerHold says whether the copy that owns the save is still there:
// keep.Free once it has gone (its tab closed or crashed, its process
// ended, its heartbeat stopped), keep.Unsure while the browser has not
// said whether a tab that beats no more is open. The Elsewhere screen
// asks every half second, resumes here by itself once the owner has gone
// and says "may be open" while unsure. A browser may let a crashed tab's
// lock go only a moment after the next tab has looked, and a player
// should not have to choose between two copies when there is one.
func (c *Context) OwnerHold() keep.Hold { return c.keeper().Hold() }

// PlayWithoutSaving leaves the save to the other copy: the saved game
// (as it stood) is shown but never written, nor anything else.
func (c *Context) PlayWithoutSaving() {
	c.keeper().StopSaving()
	c.open()
}

// open shows the opening screen after the Elsewhere screen.
func (c *Context) open() {
	s, err := c.shell.g.opening()
	if err != nil {
		c.Notify(err.Error())
		s = c.Screens.Title(c)
	}
	c.Reset(s)
}
