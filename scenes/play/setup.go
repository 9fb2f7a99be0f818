package play

import (
	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/record"
)

// Seat is one seat of the setup: its colour, who plays it, its handicap.
type Seat struct {
	Color   logic.Color
	Player  record.Player // who plays it; Level 1..ai.MaxLevel, kept while human
	SitOuts int           // turns to sit out at the start, 0..logic.MaxSitOuts
}

// Setup is what the title screen sets and remembers between runs, with
// the settings screen's choices.
type Setup struct {
	Variant    logic.Variant
	Players    int     // 2..4
	Seats      [4]Seat // the first Players are used
	Starter    int     // the seat that starts, or -1: drawn
	Tournament bool    // an Express tournament (§8)
	Muted      bool
	Volume     float64 // 0..1

	Lang        string  // en, de, fr, it, es; "" until chosen: the system's
	Symbols     bool    // a symbol on each colour's marbles
	Board       string  // the board's look: its name (render.BoardKind's String: "classic", "walnut"), or "" (walnut)
	AnimSpeed   float64 // 0.5, 1 or 2; 0 means 1
	Reduced     bool    // short animations without bounce
	Pace        int     // the computer's pace: 0 normal, 1 quick, 2 calm
	HotSeatUndo bool    // undo allowed between human players
	// ConfirmRelease: a marble that touches the board waits for the
	// release (casual players can take a drag back); off, the touch
	// decides, as on the real board.
	ConfirmRelease bool
	Vibrate        bool // a short buzz on pick-up, touch and refusal, where the device can
	Hints          bool // the board shows the best move for the human to move (never in a tournament)
}

// DefaultSetup is two players, you against a Club computer, Express.
func DefaultSetup() Setup {
	s := Setup{Variant: logic.Express, Players: 2, Volume: 0.8, Vibrate: true}
	for i := range s.Seats {
		s.Seats[i] = Seat{Color: logic.Color(i), Player: record.Player{Kind: record.Human, Level: ai.DefaultLevel}}
	}
	s.Seats[1].Player.Kind = record.Computer
	return s
}

// Normalize brings every field into range and makes the colours
// distinct, so a hand-edited or old file never breaks the game. valid
// says which languages exist (nil accepts any).
func (s *Setup) Normalize(valid func(lang string) bool) {
	if s.Variant > logic.Extreme {
		s.Variant = logic.Express
	}
	s.Players = max(2, min(4, s.Players))
	if !boardName(s.Board) {
		s.Board = "" // walnut, the one before themes
	}
	var used [4]bool
	for i := range s.Seats {
		st := &s.Seats[i]
		st.Player.Level = max(1, min(ai.MaxLevel, st.Player.Level))
		if st.Player.Kind > record.Remote {
			st.Player.Kind = record.Human
		}
		st.SitOuts = max(0, min(logic.MaxSitOuts, st.SitOuts))
		if st.Color > logic.White || used[st.Color] {
			st.Color = logic.NoColor
		} else {
			used[st.Color] = true
		}
	}
	for i := range s.Seats { // the seats left without one get a free colour
		if s.Seats[i].Color != logic.NoColor {
			continue
		}
		for c := logic.Orange; c <= logic.White; c++ {
			if !used[c] {
				used[c] = true
				s.Seats[i].Color = c
				break
			}
		}
	}
	if s.Starter < -1 || s.Starter >= s.Players {
		s.Starter = 0
	}
	if s.Volume < 0 || s.Volume > 1 || s.Volume != s.Volume {
		s.Volume = 0.8
	}
	if s.Lang != "" && valid != nil && !valid(s.Lang) {
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

// NextColor gives seat i the next colour; the seat that had it takes the
// seat's old colour, so the colours stay distinct.
func (s *Setup) NextColor(i int) {
	old := s.Seats[i].Color
	next := (old + 1) % 4
	for j := range s.Seats {
		if j != i && s.Seats[j].Color == next {
			s.Seats[j].Color = old
		}
	}
	s.Seats[i].Color = next
}

// LogicSetup turns the setup into the rules engine's, drawing the
// starter with draw (a number 0..n-1) when the setup says so.
func (s *Setup) LogicSetup(draw func(n int) int) logic.Setup {
	ls := logic.Setup{Variant: s.Variant, Starter: s.Starter}
	for i := 0; i < s.Players; i++ {
		ls.Seats = append(ls.Seats, s.Seats[i].Color)
		ls.SitOuts = append(ls.SitOuts, s.Seats[i].SitOuts)
	}
	if ls.Starter < 0 {
		ls.Starter = draw(s.Players)
	}
	return ls
}

// ThinkTicks is the least time, in ticks, the computer seems to think at
// the setup's pace, so that its move never lands before the player saw
// whose turn it is.
func (s *Setup) ThinkTicks() int {
	switch s.Pace {
	case 1:
		return 6
	case 2:
		return 60
	}
	return 24
}

// Rotated is the setup of a rematch with the colours rotated: each player
// (human or computer, with its level and handicap) moves to the next
// seat, and so to the next colour and turn; the colours and the rest stay.
func (s Setup) Rotated() Setup {
	n := s.Players
	out := s
	for i := 0; i < n; i++ {
		from := s.Seats[(i+n-1)%n]
		out.Seats[i].Player, out.Seats[i].SitOuts = from.Player, from.SitOuts
	}
	return out
}

// boardName reports whether s can be a board's name. The names are
// render's (which this window-free room cannot import), so the setup
// keeps any short lowercase word: a board added there is kept here
// without a change, and one this version does not know (a newer
// version's save) is drawn as walnut and still kept.
func boardName(s string) bool {
	if len(s) == 0 || len(s) > 16 {
		return false
	}
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}
