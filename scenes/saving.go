package scenes

import (
	"encoding/json"
	"errors"
	"time"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/scenes/i18n"
	"shiftago/scenes/store"
)

// saveName is the store's name of the game in progress.
const saveName = "game"

// saved is what a game scene keeps for saves and exports: the record's
// header, the tournament as it stood before this game, and the version of
// the move list last saved.
type saved struct {
	rec          record.Record
	tourney0     *logic.Tournament
	savedVersion int

	seatShort [4]string // the seat names for narrow cards
}

// copyTournament is an independent copy of t (nil for nil).
func copyTournament(t *logic.Tournament) *logic.Tournament {
	if t == nil {
		return nil
	}
	u := *t
	u.Seats = append([]logic.Color(nil), t.Seats...)
	u.Wins = append([]int(nil), t.Wins...)
	if t.SitOuts != nil {
		u.SitOuts = append([]int(nil), t.SitOuts...)
	}
	return &u
}

// initRecord fills the record's header from the setup the game began
// with (or the position string it started from).
func (g *GameScene) initRecord(ls logic.Setup, position string) {
	m := g.m
	r := record.Record{Variant: m.Start.Variant(), Starter: ls.Starter, Date: time.Now().Format("2006-01-02")}
	if position != "" {
		r.Position = m.Start.String()
		r.Starter = max(0, m.Start.ToMoveSeat())
	}
	for i := 0; i < m.Start.Players(); i++ {
		st := record.Seat{Color: m.Start.SeatColor(i), Computer: m.computer[i]}
		if st.Computer {
			st.Level = m.level[i]
		}
		if position == "" && i < len(ls.SitOuts) {
			st.SitOuts = ls.SitOuts[i]
		}
		r.Seats = append(r.Seats, st)
	}
	g.rec = r
	g.tourney0 = copyTournament(g.tourney)
	g.savedVersion = -1
}

// cardName is seat i's name for its card: in full, or, where that would
// shrink below most of its size, the short form ("Orange (Club)").
func (g *GameScene) cardName(c *Context, i int, size, w float64) string {
	if c.Text.Fit(g.seatLabel[i], size, w, false) >= 0.8*size || !g.m.Computer(i) {
		return g.seatLabel[i]
	}
	if g.seatShort[i] == "" {
		g.seatShort[i] = msgf("seat.short", colorName[g.m.Pos.SeatColor(i)], levelName(g.m.level[i]))
	}
	return g.seatShort[i]
}

// GameRecord is the game so far as a record.
func (g *GameScene) GameRecord() *record.Record {
	r := g.rec
	r.Seats = append([]record.Seat(nil), g.rec.Seats...)
	r.Moves = append([]logic.Move(nil), g.m.Moves...)
	return &r
}

// gameOf is the game a scene shows, if any.
func gameOf(s Scene) *GameScene {
	switch s := s.(type) {
	case *GameScene:
		return s
	case *ResultScene:
		return s.game
	case interface{ Game() *GameScene }:
		return s.Game()
	}
	return nil
}

// autosave saves the game shown by s if its moves changed since the last
// save. The move list is saved as soon as a move is played, before its
// animation: quitting at any moment loses nothing.
func (c *Context) autosave(s Scene) {
	g := gameOf(s)
	if g == nil || c.Opts.Store == nil || g.savedVersion == g.m.Version {
		return
	}
	g.savedVersion = g.m.Version
	data, err := store.EncodeGame(&store.Game{Record: g.GameRecord(), Redo: g.m.Redo, Tournament: g.tourney0})
	if err == nil {
		err = c.Opts.Store.Write(saveName, data)
	}
	if err != nil {
		c.Notify(msgf("notice.savefail", err.Error()))
	}
}

// resume opens the saved game, if there is one: the game scene at its last
// move, or, for a save that cannot be read, the scene that says so.
func (c *Context) resume() Scene {
	st := c.Opts.Store
	if st == nil {
		if c.Opts.StoreErr != nil {
			c.Notify(msgf("notice.nostore", c.Opts.StoreErr.Error()))
		}
		return nil
	}
	data, err := st.Read(saveName)
	if store.IsNotExist(err) {
		return nil
	}
	if err == nil {
		var sg *store.Game
		if sg, err = store.DecodeGame(data); err == nil {
			var gs *GameScene
			if gs, err = c.resumeGame(sg); err == nil {
				c.Notify(msg("notice.resumed"))
				return gs
			}
		}
	}
	// Never overwrite a save we could not read: put it aside first.
	where, perr := st.PutAside(saveName)
	if perr != nil {
		where = st.Where()
	}
	return NewSaveProblemScene(c, err, where)
}

// resumeGame rebuilds a saved game: the setup from the record, the
// tournament, the moves replayed, and what there is to redo.
func (c *Context) resumeGame(sg *store.Game) (*GameScene, error) {
	r := sg.Record
	st := &c.Setup
	st.Variant = r.Variant.String()
	st.Players = len(r.Seats)
	for i, s := range r.Seats {
		st.Seats[i].Color = string(s.Color.Letter())
		st.Seats[i].Computer = s.Computer
		if s.Computer {
			st.Seats[i].Level = s.Level
		}
		st.Seats[i].SitOuts = s.SitOuts
	}
	st.Starter = r.Starter
	st.Tournament = sg.Tournament != nil
	st.Normalize()
	start, err := r.Start()
	if err != nil {
		return nil, err
	}
	c.Tourney = copyTournament(sg.Tournament)
	gs, err := NewGameScene(c, start.String())
	if err != nil {
		return nil, err
	}
	gs.rec = *r
	gs.rec.Moves = nil
	gs.tourney = c.Tourney
	gs.tourney0 = copyTournament(sg.Tournament)
	for _, mv := range r.Moves {
		if err := gs.m.Play(mv); err != nil {
			return nil, err
		}
	}
	gs.m.Redo = append([]logic.Move(nil), sg.Redo...)
	gs.savedVersion = gs.m.Version
	gs.afterJump(c)
	return gs, nil
}

// problemOf is the catalogue key that says what is wrong with a save.
func problemOf(err error) string {
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

// The settings beyond the setup: language, symbols, animation, pace.

func (s *Setup) normalizePrefs() {
	if s.Lang != "" && !i18n.Supported(s.Lang) {
		s.Lang = ""
	}
	switch s.AnimSpeed {
	case 0, 0.5, 1, 2:
	default:
		s.AnimSpeed = 0
	}
	if s.Pace < 0 || s.Pace > 2 {
		s.Pace = 0
	}
}

// applyPrefs puts the settings into effect: the language (--lang, else the
// one chosen, else the system's) and the colour symbols.
func (c *Context) applyPrefs() {
	l := c.Setup.Lang
	if c.Opts.Lang != "" {
		l = c.Opts.Lang
	}
	if l == "" {
		l = i18n.Detect(systemLocales()...)
	}
	SetLanguage(l)
	c.Sprites.Symbols = c.Setup.Symbols
}

// animSpeed is the animations' pace: the tests' override, else the
// setting.
func (c *Context) animSpeed() float64 {
	if c.Opts.AnimSpeed != 0 {
		return c.Opts.AnimSpeed
	}
	return c.Setup.AnimSpeed
}

// thinkTicks is the least time the computer seems to think.
func (c *Context) thinkTicks() int {
	switch c.Setup.Pace {
	case 1:
		return 6
	case 2:
		return 60
	}
	return minThinkTicks
}

// saveSetupToStore keeps the setup in the store where there is no setup
// file (the browser).
func (c *Context) saveSetupToStore() {
	if c.Opts.Store == nil {
		return
	}
	b, err := json.Marshal(c.Setup)
	if err == nil {
		err = c.Opts.Store.Write("setup", b)
	}
	if err != nil {
		c.Notify(msgf("notice.setupfail", err.Error()))
	}
}

// loadSetupFromStore reads the setup kept by saveSetupToStore, where there
// is no setup file; a bad one is ignored (the defaults stand).
func (c *Context) loadSetupFromStore() {
	if c.Opts.SetupPath != "" || c.Opts.Store == nil {
		return
	}
	b, err := c.Opts.Store.Read("setup")
	if err != nil {
		return
	}
	s := c.Setup
	if json.Unmarshal(b, &s) == nil {
		c.Setup = s
	}
}
