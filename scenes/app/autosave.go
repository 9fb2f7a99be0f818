package app

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"shiftago/scenes/play"
	"shiftago/scenes/store"
)

// saveName is the store's name of the game in progress; keptPrefix
// begins the names of games kept aside, unfinished, to be resumed from
// the records screen.
const (
	saveName   = "game"
	keptPrefix = "kept-"
)

// errMissing is the problem of a save that is gone while its backup is
// there.
var errMissing = fmt.Errorf("the save is missing: %w", fs.ErrNotExist)

// autosaver remembers which session was saved last, at which version;
// and for the history, the session last shown and the last one kept.
type autosaver struct {
	session *play.Session
	version int
	played  *play.Session // the game shown last (nil: none yet, or one resumed)
	kept    *play.Session // the game last kept in the history
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
// save. The move list is saved as soon as a move is played, before its
// animation: quitting at any moment loses nothing. It never writes where
// another window owns the save, nor after the player chose to play
// without saving.
func (g *Game) autosave() {
	c := g.ctx
	if c.markSaved != nil {
		g.Saved(c.markSaved)
		c.markSaved = nil
	}
	s := g.holder()
	if s == nil || c.Opts.Store == nil || c.saveOff || (s == g.saver.session && s.M.Version == g.saver.version) {
		return
	}
	if g.takenOver() {
		return
	}
	g.keepHistory(s)
	g.saver.session, g.saver.version = s, s.M.Version
	data, err := store.EncodeGame(&store.Game{Record: s.Record(), Redo: s.M.Redo, Tournament: s.Tourney0})
	if err == nil {
		if c.noRotate {
			// The file in place is a damaged save that could not be moved
			// aside: it must never become the backup.
			err = c.Opts.Store.WriteNoBackup(saveName, data)
		} else {
			err = c.Opts.Store.Write(saveName, data)
		}
	}
	if err != nil {
		// Once, in words: a failed save repeats with every move.
		if !c.saveFailing {
			c.Notify(c.T(saveFailKey(err)))
		}
		c.saveFailing = true
		return
	}
	c.noRotate, c.saveFailing = false, false
}

// saveFailKey says in words why a save failed: the browser's storage is
// full or refuses (its own error text is for developers), or the disk.
func saveFailKey(err error) string {
	if errors.Is(err, store.ErrStorage) || errors.Is(err, store.ErrFull) {
		return "notice.storagefull"
	}
	return "notice.savefailed"
}

// Saved marks s as saved as it stands (a game just resumed from the save):
// the game shown before it is not abandoned, it is kept or saved still.
func (g *Game) Saved(s *play.Session) {
	g.saver.session, g.saver.version, g.saver.played = s, s.M.Version, s
}

// historyLimit is how many games the history keeps here.
func historyLimit() int {
	if Browser {
		return store.HistoryLimitBrowser
	}
	return store.HistoryLimitDesktop
}

// keepHistory keeps s in the game history once it is over (once a
// session: an undo and a second ending add nothing), and the game shown
// before s in its place, if s replaced it unfinished (a new game started
// over it), as abandoned. A failed write is said once, like a save's.
func (g *Game) keepHistory(s *play.Session) {
	c := g.ctx
	var err error
	if old := g.saver.played; old != nil && old != s && old != g.saver.kept && !old.M.Pos.Over() && len(old.M.Moves) > 0 {
		_, err = store.KeepInHistory(c.Opts.Store, old.Record(), true, historyLimit())
	}
	g.saver.played = s
	if s.M.Pos.Over() && g.saver.kept != s {
		g.saver.kept = s
		if _, kerr := store.KeepInHistory(c.Opts.Store, s.Record(), false, historyLimit()); kerr != nil {
			err = kerr
		}
	}
	if err != nil {
		c.Notify(c.T(saveFailKey(err)))
	}
}

// storeNotice tells the player once why games are not saved, or saved
// only in part, in plain words.
func (g *Game) storeNotice() {
	c := g.ctx
	switch err := c.Opts.StoreErr; {
	case err == nil:
	case errors.Is(err, store.ErrFull):
		c.Notify(c.T("notice.storagefull"))
	case c.Opts.Store == nil:
		c.Notify(c.T("notice.nosaves"))
	}
}

// keepSaved puts the game in progress aside before a game started by
// the command line or a link takes its place: an unfinished game is kept
// under a new name (the records screen offers to resume it), a save that
// cannot be read is put aside. It says what it did.
func (g *Game) keepSaved() {
	c := g.ctx
	st := c.Opts.Store
	if st == nil || c.saveOff {
		return
	}
	data, err := st.Read(saveName)
	if store.IsNotExist(err) {
		// A lone backup is the game in progress too: the new game's
		// second save would rotate it away.
		if b, berr := st.ReadBackup(saveName); berr == nil {
			if s, _, derr := c.decodeSession(b); derr == nil && !s.M.Pos.Over() {
				if _, werr := keepAs(st, b); werr == nil {
					c.NotifyUntilTap(c.T("notice.kept"))
				} else {
					c.saveOff = true // this game must not rotate it away
					c.NotifyUntilTap(c.T("notice.notsaving"))
				}
			}
		}
		return
	}
	if err == nil {
		s, _, derr := c.decodeSession(data)
		if derr == nil && s.M.Pos.Over() {
			return // a finished game: the records keep nothing to resume
		}
		if derr == nil {
			if _, werr := keepAs(st, data); werr == nil {
				c.NotifyUntilTap(c.T("notice.kept"))
				return
			}
		}
	}
	// Unreadable, or it could not be copied: move it out of the way
	// rather than let the new game write over it.
	if where, perr := st.PutAside(saveName); perr == nil {
		c.NotifyUntilTap(c.F("notice.keptaside", where))
		return
	}
	// Nothing could be moved: this game must not overwrite it.
	c.saveOff = true
	c.NotifyUntilTap(c.T("notice.notsaving"))
}

// keepAs stores data as a new kept game and returns its name.
func keepAs(st store.Store, data []byte) (string, error) {
	n := 0
	for _, k := range st.Names(keptPrefix) {
		if v, err := strconv.Atoi(strings.TrimPrefix(k, keptPrefix)); err == nil && v > n {
			n = v
		}
	}
	name := fmt.Sprintf("%s%04d", keptPrefix, n+1)
	return name, st.WriteNoBackup(name, data)
}

// KeepGame keeps data, a save's bytes, aside as a kept game the records
// screen offers to resume, if it holds an unfinished game; it reports
// whether it did. A backup the player passes over for a new game is kept
// so: that game's second save would otherwise rotate it away unasked.
func (c *Context) KeepGame(data []byte) bool {
	st := c.Opts.Store
	if st == nil || c.saveOff {
		return false
	}
	s, _, err := c.decodeSession(data)
	if err != nil || s.M.Pos.Over() {
		return false
	}
	_, err = keepAs(st, data)
	return err == nil
}

// KeptGame is an unfinished game kept aside.
type KeptGame struct {
	Name    string
	Session *play.Session
}

// KeptGames lists the unfinished games kept aside that can be resumed,
// the newest first.
func (c *Context) KeptGames() []KeptGame {
	st := c.Opts.Store
	if st == nil {
		return nil
	}
	var out []KeptGame
	names := st.Names(keptPrefix)
	for i := len(names) - 1; i >= 0; i-- {
		data, err := st.Read(names[i])
		if err != nil {
			continue
		}
		if s, _, err := c.decodeSession(data); err == nil {
			out = append(out, KeptGame{Name: names[i], Session: s})
		}
	}
	return out
}

// ResumeKept swaps the kept game name with the game in progress: the
// kept one becomes the save and is shown, the one in progress (if
// unfinished) is kept in its turn. Nothing is lost at any step: the
// game in progress is copied aside before the save is replaced.
func (c *Context) ResumeKept(name string) error {
	st := c.Opts.Store
	if st == nil || c.saveOff {
		return errors.New("saving is off")
	}
	data, err := st.Read(name)
	if err != nil {
		return err
	}
	if _, _, err := c.decodeSession(data); err != nil {
		return err
	}
	kept := false
	if cur, err := st.Read(saveName); err == nil {
		if s, _, err := c.decodeSession(cur); err == nil && !s.M.Pos.Over() {
			if _, err := keepAs(st, cur); err != nil {
				return err
			}
			kept = true
		}
	}
	if err := st.Write(saveName, data); err != nil {
		return err
	}
	st.Remove(name)
	s, err := c.ResumeSession(data)
	if err != nil {
		return err
	}
	c.markSaved = s
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
	st := c.Opts.Store
	if st == nil {
		return nil
	}
	data, err := st.Read(saveName)
	if store.IsNotExist(err) {
		if b, e := st.ReadBackup(saveName); e == nil {
			if s, _, e := c.decodeSession(b); e == nil && !s.M.Pos.Over() {
				return c.Screens.SaveProblem(c, SaveProblem{Err: errMissing, Backup: b})
			}
		}
		return nil
	}
	if err == nil {
		var s *play.Session
		if s, err = c.ResumeSession(data); err == nil {
			g.Saved(s)
			c.Notify(c.T("notice.resumed"))
			return c.Screens.Resume(c, s)
		}
	}
	if c.saveOff {
		return nil // playing without saving: leave the save alone
	}
	// Never overwrite a save we could not read: put it aside first.
	p := SaveProblem{Err: err, Kept: true}
	where, perr := st.PutAside(saveName)
	if perr != nil {
		where, p.Kept = st.Where(), false
		c.noRotate = true // it stays in place: the next save replaces it, never the backup
	}
	p.Where = where
	if b, e := st.ReadBackup(saveName); e == nil {
		if _, _, e := c.decodeSession(b); e == nil {
			p.Backup = b
		}
	}
	return c.Screens.SaveProblem(c, p)
}

// Missing reports whether p is a save that is gone (its backup is
// offered).
func (p SaveProblem) Missing() bool { return errors.Is(p.Err, errMissing) }

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
	sg, err := store.DecodeGame(data)
	if err != nil {
		return nil, c.Setup, err
	}
	return play.Resume(sg.Record, sg.Redo, sg.Tournament, c.Setup, c.Opts.Seed)
}

// ProblemKey is the catalogue key that says what is wrong with a save.
func ProblemKey(err error) string {
	if errors.Is(err, errMissing) {
		return "problem.missing"
	}
	var le *store.LoadError
	if errors.As(err, &le) {
		switch le.Problem {
		case store.Foreign:
			return "problem.foreign"
		case store.Future:
			return "problem.future"
		}
	}
	return "problem.damaged"
}
