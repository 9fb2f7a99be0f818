package saves

import (
	"encoding/json"
	"fmt"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/scenes/i18n"
	"shiftago/scenes/play"
)

// setupName is the store's name of the remembered setup (setup.json on
// the desktop, as it always was).
const setupName = "setup"

// setupFile is the setup as it is written: colours as letters and the
// variant by name, so the file reads well and old files still load.
type setupFile struct {
	Variant    string      `json:"variant"`
	Players    int         `json:"players"`
	Seats      [4]seatFile `json:"seats"`
	Starter    int         `json:"starter"`
	Tournament bool        `json:"tournament"`
	Muted      bool        `json:"muted"`
	Volume     float64     `json:"volume"`

	Lang        string  `json:"lang,omitempty"`
	Symbols     bool    `json:"symbols,omitempty"`
	Board       string  `json:"board,omitempty"`
	AnimSpeed   float64 `json:"animSpeed,omitempty"`
	Reduced     bool    `json:"reducedMotion,omitempty"`
	Pace        int     `json:"pace,omitempty"`
	HotSeatUndo bool    `json:"hotSeatUndo,omitempty"`
	Confirm     bool    `json:"confirmOnRelease,omitempty"`
	Vibrate     bool    `json:"vibrate"`
	Hints       bool    `json:"hints,omitempty"`
}

// seatFile is a seat in the setup file. Player is the seat's player in
// record.Player's text form; Computer is the form files had before (read
// when Player is absent, never written). Level is the computer's level,
// kept while the seat is human.
type seatFile struct {
	Color    string `json:"color"`
	Player   string `json:"player,omitempty"`
	Computer bool   `json:"computer,omitempty"`
	Level    int    `json:"level"`
	SitOuts  int    `json:"sitOuts"`
}

// EncodeSetup writes s as the setup file's JSON.
func EncodeSetup(s play.Setup) ([]byte, error) {
	f := setupFile{Variant: s.Variant.String(), Players: s.Players, Starter: s.Starter, Tournament: s.Tournament,
		Muted: s.Muted, Volume: s.Volume, Lang: s.Lang, Symbols: s.Symbols, Board: s.Board, AnimSpeed: s.AnimSpeed,
		Reduced: s.Reduced, Pace: s.Pace, HotSeatUndo: s.HotSeatUndo, Confirm: s.ConfirmRelease, Vibrate: s.Vibrate, Hints: s.Hints}
	for i, st := range s.Seats {
		kind := st.Player
		kind.Level = max(1, kind.Level) // the text form's level; the level itself is below
		f.Seats[i] = seatFile{Color: string(st.Color.Letter()), Player: kind.String(), Level: st.Player.Level, SitOuts: st.SitOuts}
	}
	b, err := json.MarshalIndent(f, "", "  ")
	return append(b, '\n'), err
}

// DecodeSetup reads a setup file over the defaults and brings every
// field into range: a hand-edited or old file never breaks the game.
func DecodeSetup(data []byte) (play.Setup, error) {
	def := play.DefaultSetup()
	f, _ := decodeInto(def)
	if err := json.Unmarshal(data, &f); err != nil {
		return def, err
	}
	s := play.Setup{Players: f.Players, Starter: f.Starter, Tournament: f.Tournament, Muted: f.Muted,
		Volume: f.Volume, Lang: f.Lang, Symbols: f.Symbols, Board: f.Board, AnimSpeed: f.AnimSpeed, Reduced: f.Reduced,
		Pace: f.Pace, HotSeatUndo: f.HotSeatUndo, ConfirmRelease: f.Confirm, Vibrate: f.Vibrate, Hints: f.Hints}
	s.Variant, _ = logic.ParseVariant(f.Variant)
	for i, st := range f.Seats {
		c := logic.NoColor
		if len(st.Color) == 1 {
			if k, ok := logic.ColorOf(st.Color[0]); ok {
				c = k
			}
		}
		who := record.OldPlayer(st.Computer, st.Level)
		if p, err := record.ParsePlayer(st.Player); st.Player != "" && err == nil {
			who = record.Player{Kind: p.Kind, Level: st.Level}
		}
		s.Seats[i] = play.Seat{Color: c, Player: who, SitOuts: st.SitOuts}
	}
	s.Normalize(i18n.Supported)
	return s, nil
}

// decodeInto is the file form of s, so that fields a file leaves out
// keep their defaults.
func decodeInto(s play.Setup) (setupFile, error) {
	b, err := EncodeSetup(s)
	var f setupFile
	if err == nil {
		err = json.Unmarshal(b, &f)
	}
	// The defaults' players in the old form: a file of either form then
	// decides the seats it names (JSON fills the array's seats in place).
	for i := range f.Seats {
		f.Seats[i].Player, f.Seats[i].Computer = "", s.Seats[i].Player.IsComputer()
	}
	return f, err
}

// LoadSetup reads the remembered setup from st; none gives the default,
// a bad one the default and an error that says why.
func LoadSetup(st Store) (play.Setup, error) {
	if st == nil {
		return play.DefaultSetup(), nil
	}
	b, err := st.Read(setupName)
	if IsNotExist(err) {
		return play.DefaultSetup(), nil
	}
	if err != nil {
		return play.DefaultSetup(), err
	}
	s, err := DecodeSetup(b)
	if err != nil {
		return s, fmt.Errorf("%s: %w", st.Where(), err)
	}
	return s, nil
}

// SaveSetup remembers s in st (atomically, like every file of the store).
func SaveSetup(st Store, s play.Setup) error {
	if st == nil {
		return nil
	}
	b, err := EncodeSetup(s)
	if err == nil {
		err = st.Write(setupName, b)
	}
	return err
}
