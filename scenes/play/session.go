package play

import (
	"math/rand/v2"

	"shiftago/logic"
	"shiftago/logic/record"
)

// Session is a game as a save keeps it: the match, the record's header
// (how the game was set up), and in a tournament the standings before
// this game and as they now stand.
type Session struct {
	M      *Match
	Header record.Record // the record without its moves
	// Tourney is the tournament under way (nil if none); the game's result
	// is booked in it when the game ends.
	Tourney *logic.Tournament
	// Tourney0 is the tournament as it stood before this game, which a
	// save keeps with the moves.
	Tourney0 *logic.Tournament
}

// NewSession starts a game from the setup st, or from a position string
// if one is given, on date (YYYY-MM-DD); a drawn starter is drawn from
// seed and salt. In an Express tournament it
// books into t (or starts a new one). It returns the setup and the
// tournament as they now stand, for the caller to keep: a position
// string sets the variant, players and colours; nothing is changed in
// place.
func NewSession(st Setup, position string, t *logic.Tournament, seed, salt uint64, date string) (*Session, Setup, *logic.Tournament, error) {
	var pos logic.Position
	var err error
	var ls logic.Setup
	if position != "" {
		if pos, err = logic.ParsePosition(position); err != nil {
			return nil, st, t, err
		}
		st.Players = pos.Players()
		st.Variant = pos.Variant()
		for i := 0; i < pos.Players(); i++ {
			st.Seats[i].Color = pos.SeatColor(i)
		}
	} else {
		rng := rand.New(rand.NewPCG(seed, salt))
		ls = st.LogicSetup(rng.IntN)
		if st.Tournament && ls.Variant == logic.Express {
			if t == nil || !sameSeats(t.Seats, ls.Seats) {
				if t, err = logic.NewTournament(ls.Seats, ls.SitOuts, ls.Starter); err != nil {
					return nil, st, nil, err
				}
			}
			ls = t.Setup()
		} else {
			t = nil
		}
		if pos, err = logic.NewGame(ls); err != nil {
			return nil, st, t, err
		}
	}
	s := &Session{M: NewMatch(pos, &st, seed), Tourney: t, Tourney0: CopyTournament(t)}
	s.Header = header(s.M, ls, position != "", date)
	return s, st, t, nil
}

// header is the record's header of a game that began with ls (or from
// a position string, when fromPos).
func header(m *Match, ls logic.Setup, fromPos bool, date string) record.Record {
	r := record.Record{Variant: m.Start.Variant(), Starter: ls.Starter, Date: date}
	if fromPos {
		r.Position = m.Start.String()
		r.Starter = max(0, m.Start.ToMoveSeat())
	}
	for i := 0; i < m.Start.Players(); i++ {
		st := record.Seat{Color: m.Start.SeatColor(i), Player: m.seats[i]}
		if !st.Player.IsComputer() {
			st.Player.Level = 0 // a record names a level for the computer only
		}
		if !fromPos && i < len(ls.SitOuts) {
			st.SitOuts = ls.SitOuts[i]
		}
		r.Seats = append(r.Seats, st)
	}
	return r
}

// Resume rebuilds a saved game: the setup from the record (on top of
// base, which keeps the player's settings), the moves replayed, what
// there is to redo, and the tournament as it stood before the game.
func Resume(rec *record.Record, redo []logic.Move, t0 *logic.Tournament, base Setup, seed uint64) (*Session, Setup, error) {
	st := base
	st.Variant = rec.Variant
	st.Players = len(rec.Seats)
	for i, s := range rec.Seats {
		st.Seats[i].Color = s.Color
		st.Seats[i].Player.Kind = s.Player.Kind
		if s.Player.IsComputer() {
			st.Seats[i].Player.Level = s.Player.Level
		}
		st.Seats[i].SitOuts = s.SitOuts
	}
	st.Starter = rec.Starter
	st.Tournament = t0 != nil
	st.Normalize(nil)
	start, err := rec.Start()
	if err != nil {
		return nil, base, err
	}
	s := &Session{M: NewMatch(start, &st, seed), Header: *rec, Tourney: CopyTournament(t0), Tourney0: CopyTournament(t0)}
	s.Header.Moves = nil
	for _, mv := range rec.Moves {
		if err := s.M.Play(mv); err != nil {
			return nil, base, err
		}
	}
	s.M.Redo = append([]logic.Move(nil), redo...)
	return s, st, nil
}

// Record is the game so far as a record.
func (s *Session) Record() *record.Record {
	r := s.Header
	r.Seats = append([]record.Seat(nil), s.Header.Seats...)
	r.Moves = append([]logic.Move(nil), s.M.Moves...)
	return &r
}

// CopyTournament is an independent copy of t (nil for nil).
func CopyTournament(t *logic.Tournament) *logic.Tournament {
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

func sameSeats(a, b []logic.Color) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
