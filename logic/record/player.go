package record

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is who plays a seat. It is decided here and only here: the setup,
// the record's Seats line, the stored setup, the saves and main's --seats
// all read and write a seat's player through Player, so a new kind is
// added in one place.
type Kind uint8

// The kinds of player.
const (
	Human    Kind = iota // a person at this screen
	Computer             // the computer, at a level
	Remote               // somebody elsewhere, whose moves arrive from afar
)

// Player is who plays a seat: its kind and, for the computer, its level.
// A setup keeps Level while the seat is human, so that switching back to
// the computer finds the level the player chose; the text form writes it
// only for the computer.
type Player struct {
	Kind  Kind
	Level int // the computer's level, 1..MaxLevel
}

// IsComputer reports whether the computer plays the seat.
func (p Player) IsComputer() bool { return p.Kind == Computer }

// IsHuman reports whether a person at this screen plays the seat.
func (p Player) IsHuman() bool { return p.Kind == Human }

// String is the text form a record's Seats line and a setup file use:
// "human", "computer 3", "remote".
func (p Player) String() string {
	switch p.Kind {
	case Computer:
		return "computer " + strconv.Itoa(p.Level)
	case Remote:
		return "remote"
	}
	return "human"
}

// ParsePlayer reads a player's text form. Besides String's forms it
// takes the command line's ("ai", "ai:3", "computer"), where a computer
// given no level gets Level 0: the caller puts its default level there.
// Levels above MaxLevel are refused; the caller bounds them to its AI.
func ParsePlayer(s string) (Player, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "human":
		return Player{Kind: Human}, nil
	case "remote":
		return Player{Kind: Remote}, nil
	case "computer", "ai":
		return Player{Kind: Computer}, nil
	}
	lv, ok := strings.CutPrefix(s, "ai:")
	if !ok {
		lv, ok = strings.CutPrefix(s, "computer ")
	}
	if !ok {
		return Player{}, fmt.Errorf("%q: want human, computer LEVEL (or ai:LEVEL) or remote", s)
	}
	n, err := strconv.Atoi(strings.TrimSpace(lv))
	if err != nil || n < 1 || n > MaxLevel {
		return Player{}, fmt.Errorf("level %q: want 1 to %d", strings.TrimSpace(lv), MaxLevel)
	}
	return Player{Kind: Computer, Level: n}, nil
}

// OldPlayer is the player of a seat stored in the old form, a boolean and
// a level ("computer": true, "level": 3), as setups and saves written
// before Player were.
func OldPlayer(computer bool, level int) Player {
	if computer {
		return Player{Kind: Computer, Level: level}
	}
	return Player{Kind: Human, Level: level}
}
