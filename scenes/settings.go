package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// SeatSetup is one seat of the setup: its colour, who plays it, and its
// handicap.
type SeatSetup struct {
	Color    string `json:"color"`    // "o", "g", "b" or "w"
	Computer bool   `json:"computer"` // played by the AI
	Level    int    `json:"level"`    // AI level 1..5
	SitOuts  int    `json:"sitOuts"`  // turns to sit out at the start, 0..6
}

// Setup is what the title screen sets and remembers between runs.
type Setup struct {
	Variant    string       `json:"variant"` // express, expert, extreme
	Players    int          `json:"players"` // 2..4
	Seats      [4]SeatSetup `json:"seats"`   // the first Players are used
	Starter    int          `json:"starter"` // seat that starts, or -1: drawn
	Tournament bool         `json:"tournament"`
	Muted      bool         `json:"muted"`
	Volume     float64      `json:"volume"` // 0..1

	// The settings screen's choices.
	Lang        string  `json:"lang,omitempty"`          // en, de, fr, it, es; "" until chosen: from the system
	Symbols     bool    `json:"symbols,omitempty"`       // a symbol on each colour's marbles
	AnimSpeed   float64 `json:"animSpeed,omitempty"`     // 0.5, 1 or 2; 0 means 1
	Reduced     bool    `json:"reducedMotion,omitempty"` // short animations without bounce
	Pace        int     `json:"pace,omitempty"`          // the computer's pace: 0 normal, 1 quick, 2 calm
	HotSeatUndo bool    `json:"hotSeatUndo,omitempty"`   // undo allowed between human players
}

// DefaultSetup is two players, you against a Club computer, Express.
func DefaultSetup() Setup {
	s := Setup{Variant: "express", Players: 2, Starter: 0, Volume: 0.8}
	for i := range s.Seats {
		s.Seats[i] = SeatSetup{Color: string(logic.Color(i).Letter()), Level: ai.DefaultLevel}
	}
	s.Seats[1].Computer = true
	return s
}

// Normalize brings every field into range and makes the colours distinct,
// so a hand-edited or old file never breaks the game.
func (s *Setup) Normalize() {
	if _, err := logic.ParseVariant(s.Variant); err != nil {
		s.Variant = "express"
	}
	s.Players = max(2, min(4, s.Players))
	var used [4]bool
	for i := range s.Seats {
		st := &s.Seats[i]
		st.Level = max(1, min(ai.MaxLevel, st.Level))
		st.SitOuts = max(0, min(logic.MaxSitOuts, st.SitOuts))
		c, ok := logic.ColorOf(firstByte(st.Color))
		if !ok || used[c] {
			c = logic.NoColor
		} else {
			used[c] = true
		}
		st.Color = string(c.Letter())
	}
	for i := range s.Seats { // give the seats left without one a free colour
		if s.Seats[i].Color != "-" {
			continue
		}
		for c := logic.Orange; c <= logic.White; c++ {
			if !used[c] {
				used[c] = true
				s.Seats[i].Color = string(c.Letter())
				break
			}
		}
	}
	if s.Starter < -1 || s.Starter >= s.Players {
		s.Starter = 0
	}
	if s.Volume < 0 || s.Volume > 1 {
		s.Volume = 0.8
	}
	s.normalizePrefs()
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// SeatColor is the colour of seat i.
func (s *Setup) SeatColor(i int) logic.Color {
	c, _ := logic.ColorOf(firstByte(s.Seats[i].Color))
	return c
}

// LogicSetup turns the setup into the rules engine's, drawing the starter
// with draw (a number 0..n-1) when the setup says so.
func (s *Setup) LogicSetup(draw func(n int) int) logic.Setup {
	v, _ := logic.ParseVariant(s.Variant)
	ls := logic.Setup{Variant: v, Starter: s.Starter}
	for i := 0; i < s.Players; i++ {
		ls.Seats = append(ls.Seats, s.SeatColor(i))
		ls.SitOuts = append(ls.SitOuts, s.Seats[i].SitOuts)
	}
	if ls.Starter < 0 {
		ls.Starter = draw(s.Players)
	}
	return ls
}

// SetupPath is where the last setup is kept: setup.json in the user's
// configuration directory.
func SetupPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "shiftago", "setup.json"), nil
}

// LoadSetup reads the setup at path; a missing file gives the default.
func LoadSetup(path string) (Setup, error) {
	s := DefaultSetup()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return DefaultSetup(), fmt.Errorf("%s: %w", path, err)
	}
	s.Normalize()
	return s, nil
}

// SaveSetup writes the setup to path atomically: to a temporary file in
// the same directory, synced, then renamed over the old one, so a crash
// never leaves half a file.
func SaveSetup(path string, s Setup) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".setup-*.json")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
