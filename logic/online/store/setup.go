package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"shiftago/logic/online/proto"
)

// MaxSetupJSON bounds a stored setup: it is small, and a larger one is
// not a setup.
const MaxSetupJSON = 1024

// JSON is the setup as the store keeps it.
func (s Setup) JSON() string {
	b, err := json.Marshal(s)
	if err != nil { // cannot happen: only strings, ints and a slice of ints
		panic(err)
	}
	return string(b)
}

// ParseSetup reads a setup written by JSON, refusing unknown fields,
// trailing data and anything Validate refuses.
func ParseSetup(text string) (Setup, error) {
	var s Setup
	if len(text) > MaxSetupJSON {
		return s, fmt.Errorf("%w: setup longer than %d bytes", ErrInvalid, MaxSetupJSON)
	}
	d := json.NewDecoder(strings.NewReader(text))
	d.DisallowUnknownFields()
	if err := d.Decode(&s); err != nil {
		return Setup{}, fmt.Errorf("%w: setup: %v", ErrInvalid, err)
	}
	if d.More() || d.InputOffset() != int64(len(bytes.TrimRight([]byte(text), " \t\r\n"))) {
		return Setup{}, fmt.Errorf("%w: setup: data after the object", ErrInvalid)
	}
	if err := s.Validate(); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// maxMoveTime is the longest time per move the store accepts: a month is
// slow enough for any correspondence game.
const maxMoveTime = 31 * 24 * time.Hour

// Validate checks the setup's shape: a known variant, 2 to 4 players,
// as many distinct colour letters (o, g, b, w) as players if any, as many
// sit-outs (0 to 6) as players if any, a starter among them, and a time
// per move between 0 and a month. The rules themselves (logic.NewGame)
// are the server's to apply.
func (s Setup) Validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: setup: %s", ErrInvalid, fmt.Sprintf(format, a...))
	}
	switch s.Variant {
	case "express", "expert", "extreme":
	default:
		return bad("unknown variant %q", s.Variant)
	}
	if s.Players < 2 || s.Players > 4 {
		return bad("%d players (want 2 to 4)", s.Players)
	}
	if s.Colors != "" {
		if len(s.Colors) != s.Players {
			return bad("%d colours for %d players", len(s.Colors), s.Players)
		}
		for i := 0; i < len(s.Colors); i++ {
			c := s.Colors[i]
			if !strings.ContainsRune("ogbw", rune(c)) || strings.IndexByte(s.Colors[:i], c) >= 0 {
				return bad("colours %q: want distinct letters of o, g, b, w", s.Colors)
			}
		}
	}
	if s.SitOuts != nil {
		if len(s.SitOuts) != s.Players {
			return bad("%d sit-outs for %d players", len(s.SitOuts), s.Players)
		}
		for _, n := range s.SitOuts {
			if n < 0 || n > 6 {
				return bad("sit-out %d (want 0 to 6)", n)
			}
		}
	}
	if s.Starter < 0 || s.Starter >= s.Players {
		return bad("starter %d of %d players", s.Starter, s.Players)
	}
	if s.MoveTime < 0 || s.MoveTime > maxMoveTime {
		return bad("time per move %v (want 0 to %v)", s.MoveTime, maxMoveTime)
	}
	if s.Clock < 0 || s.Clock > maxClock || s.Increment < 0 || s.Increment > maxIncrement || (s.Clock == 0 && s.Increment != 0) {
		return bad("clock %v + %v (want 0 to %v, plus 0 to %v)", s.Clock, s.Increment, maxClock, maxIncrement)
	}
	if s.Clock > 0 && s.MoveTime > 0 {
		return bad("a game clock and a time per move")
	}
	if s.Takeover < 0 || s.Takeover > 99 { // the bounds of a computer seat's level
		return bad("takeover level %d (want 0 to 99)", s.Takeover)
	}
	return nil
}

// The bounds of a game clock the store accepts (the server's own are
// proto's).
const (
	maxClock     = 24 * time.Hour
	maxIncrement = time.Hour
)

// FirstMoveTime is the time the first player to move has once a game
// starts: the time per move, or with a game clock the first-move time
// (a seat's first move is not on its clock, see gamestate's clock.go),
// or the clock itself when it is shorter;
// 0: no clock.
func (s Setup) FirstMoveTime() time.Duration {
	switch {
	case s.MoveTime > 0:
		return s.MoveTime
	case s.Clock > 0:
		return min(proto.ClockFirstMove*time.Second, s.Clock)
	}
	return 0
}
