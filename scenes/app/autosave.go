package app

import (
	"errors"

	"shiftago/scenes/play"
	"shiftago/scenes/store"
)

// saveName is the store's name of the game in progress.
const saveName = "game"

// autosaver remembers which session was saved last, at which version.
type autosaver struct {
	session *play.Session
	version int
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
// animation: quitting at any moment loses nothing.
func (g *Game) autosave() {
	c := g.ctx
	s := g.holder()
	if s == nil || c.Opts.Store == nil || (s == g.saver.session && s.M.Version == g.saver.version) {
		return
	}
	g.saver = autosaver{session: s, version: s.M.Version}
	data, err := store.EncodeGame(&store.Game{Record: s.Record(), Redo: s.M.Redo, Tournament: s.Tourney0})
	if err == nil {
		err = c.Opts.Store.Write(saveName, data)
	}
	if err != nil {
		c.Notify(c.F("notice.savefail", err.Error()))
	}
}

// Saved marks s as saved as it stands (a game just resumed from the save).
func (g *Game) Saved(s *play.Session) { g.saver = autosaver{session: s, version: s.M.Version} }

// resume opens the saved game, if there is one: the game at its last
// move, or, for a save that cannot be read, the screen that says so.
func (g *Game) resume() Scene {
	c := g.ctx
	st := c.Opts.Store
	if st == nil {
		if c.Opts.StoreErr != nil {
			c.Notify(c.F("notice.nostore", c.Opts.StoreErr.Error()))
		}
		return nil
	}
	data, err := st.Read(saveName)
	if store.IsNotExist(err) {
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
	// Never overwrite a save we could not read: put it aside first.
	p := SaveProblem{Err: err, Kept: true}
	where, perr := st.PutAside(saveName)
	if perr != nil {
		where, p.Kept = st.Where(), false
	}
	p.Where = where
	if b, e := st.ReadBackup(saveName); e == nil {
		if _, _, e := c.decodeSession(b); e == nil {
			p.Backup = b
		}
	}
	return c.Screens.SaveProblem(c, p)
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
	sg, err := store.DecodeGame(data)
	if err != nil {
		return nil, c.Setup, err
	}
	return play.Resume(sg.Record, sg.Redo, sg.Tournament, c.Setup, c.Opts.Seed)
}

// ProblemKey is the catalogue key that says what is wrong with a save.
func ProblemKey(err error) string {
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
