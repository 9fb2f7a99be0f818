package proto

import (
	"errors"
	"fmt"
	"slices"
)

// Dir says which way a message type travels.
type Dir uint8

// The directions.
const (
	Command Dir = 1 + iota // client to server
	Event                  // server to client
)

// Spec is one message type of the protocol. The table of them (Specs) is
// the protocol's one list of commands and events: Decode checks commands
// by it, the server's dispatch and the client's handler are keyed by its
// types and check at start that they cover it (Types, SpecOf), and a
// test checks that PROTOCOL.md documents every entry. Adding a command is a line
// here, its handler in the server's game and its word on the screen.
type Spec struct {
	T   Type
	Dir Dir
	// Check is a command's own checks beyond those of every command
	// (limits, no event fields); nil: none.
	Check func(m *Msg) error
	// Conn: a command the connection answers itself (hello, ping) rather
	// than the game's actor.
	Conn bool
	// Kept: an event the client keeps for its screen (Session.Events)
	// besides whatever it changes in the state.
	Kept bool
}

// specs is the table. Order is PROTOCOL.md's.
var specs = []Spec{
	{T: THello, Dir: Command, Conn: true, Check: checkHello},
	{T: TMove, Dir: Command, Check: checkMove},
	{T: TResign, Dir: Command},
	{T: TOffer, Dir: Command, Check: checkOffer},
	{T: TDecline, Dir: Command, Check: checkOffer},
	{T: TSay, Dir: Command, Check: checkSay},
	{T: TBlock, Dir: Command},
	{T: TUnblock, Dir: Command},
	{T: TSnapshot, Dir: Command},
	{T: TPing, Dir: Command, Conn: true},

	{T: TWelcome, Dir: Event},
	{T: TState, Dir: Event},
	{T: TMoved, Dir: Event},
	{T: TAck, Dir: Event},
	{T: TRefused, Dir: Event, Kept: true},
	{T: TSeat, Dir: Event, Kept: true},
	{T: TOver, Dir: Event, Kept: true},
	{T: TOffered, Dir: Event, Kept: true},
	{T: TDeclined, Dir: Event, Kept: true},
	{T: TUndone, Dir: Event, Kept: true},
	{T: TRematch, Dir: Event, Kept: true},
	{T: TSaid, Dir: Event, Kept: true},
	{T: TBlocked, Dir: Event, Kept: true},
	{T: TPong, Dir: Event},
	{T: TBye, Dir: Event, Kept: true},
}

// byType finds a type's entry.
var byType = func() map[Type]Spec {
	m := make(map[Type]Spec, len(specs))
	for _, s := range specs {
		if _, dup := m[s.T]; dup {
			panic("proto: type " + string(s.T) + " twice in the table")
		}
		m[s.T] = s
	}
	return m
}()

// SpecOf is the entry of type t; ok false for a type the protocol does
// not have.
func SpecOf(t Type) (s Spec, ok bool) {
	s, ok = byType[t]
	return s, ok
}

// Types lists the types that travel in direction d, in the table's order.
func Types(d Dir) []Type {
	var out []Type
	for _, s := range specs {
		if s.Dir == d {
			out = append(out, s.T)
		}
	}
	return out
}

func checkHello(m *Msg) error {
	if m.V <= 0 {
		return errors.New("hello needs v, the protocol version")
	}
	if (m.Token == "") == (m.Watch == "") {
		return errors.New("hello needs a token or a watch code, one of them")
	}
	if m.Token != "" && m.Game == "" {
		return errors.New("hello with a token needs the game")
	}
	return nil
}

func checkMove(m *Msg) error {
	if m.ID == "" || m.Move == "" || len(m.Move) > 16 {
		return errors.New("move needs an id and a move of at most 16 bytes")
	}
	if m.Ply < 1 {
		return errors.New("a move's ply is 1 for the first move")
	}
	return nil
}

func checkOffer(m *Msg) error {
	if !slices.Contains(OfferKinds, m.Kind) {
		return fmt.Errorf("offer kind %q: want one of %v", truncate(m.Kind, 24), OfferKinds)
	}
	return nil
}

func checkSay(m *Msg) error {
	if !slices.Contains(Phrases, m.Phrase) {
		return fmt.Errorf("phrase %q: want one of %v (no free text)", truncate(m.Phrase, 24), Phrases)
	}
	return nil
}
