package proto

import (
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// Version is the protocol's version. A client says which it speaks in
// hello; the server refuses another with CodeVersion, so an old app asks
// to be updated instead of misreading messages.
const Version = 1

// MaxFrame is the largest message either side accepts, in bytes. The
// largest real message, a state with the moves of a whole game, is far
// below it for any game people play (a move is at most 11 bytes).
const MaxFrame = 16 << 10

// MaxEventFrame is the largest message a client accepts from the server:
// a state carries a whole game, which may be long.
const MaxEventFrame = 1 << 20

// Limits on the fields a client sends.
const (
	MaxIDLen    = 64  // a move's client-chosen id
	MaxTokenLen = 128 // a guest token (base64url of 32 bytes is 43)
	MaxGameLen  = 64  // a game id
	MaxNameLen  = 32  // a display name, in bytes
	// MaxPly bounds a ply: scored marbles go back to their supply
	// (RULES.md §5), so a game has no short limit, but none is this long.
	MaxPly = 100000
)

// Type names a message.
type Type string

// Commands, client to server.
const (
	THello    Type = "hello"    // first message: version, token, game, the client's ply
	TMove     Type = "move"     // play a move at a ply, with a client-chosen id
	TResign   Type = "resign"   // a seat gives up
	TOffer    Type = "offer"    // offer or accept a takeback or a rematch
	TDecline  Type = "decline"  // refuse an opponent's offer
	TPing     Type = "ping"     // keep-alive; answered by pong
	TSnapshot Type = "snapshot" // ask for the whole state again
	TSay      Type = "say"      // a quick message: one of Phrases, by its id
	TBlock    Type = "block"    // no more quick messages from the holder of Seat (kept by the server)
	TUnblock  Type = "unblock"  // quick messages from the holder of Seat again
)

// Events, server to client.
const (
	TWelcome  Type = "welcome"  // answer to hello: the seats the client holds, then a state
	TState    Type = "state"    // a snapshot: position at From and the moves after it
	TMoved    Type = "moved"    // a move was played (to everyone, the mover too)
	TAck      Type = "ack"      // the mover's move (by id) is stored at Ply
	TRefused  Type = "refused"  // a command was refused: Code and Why
	TSeat     Type = "seat"     // a seat's holder connected, left, joined, or was replaced by a computer
	TOver     Type = "over"     // the game ended: Result and Why
	TOffered  Type = "offered"  // a seat offers a takeback or a rematch
	TDeclined Type = "declined" // an offer was refused
	TUndone   Type = "undone"   // a takeback was agreed: the game is back at Ply
	TRematch  Type = "rematch"  // the rematch was agreed: Game is the new game's id
	TSaid     Type = "said"     // Seat said Phrase
	TBlocked  Type = "blocked"  // Seats: the seats whose holders this client has blocked
	TPong     Type = "pong"
	TBye      Type = "bye" // the server is going away: reconnect (to any node) and resume
)

// Code is why a command was refused.
type Code string

// The refusal codes.
const (
	CodeBadMessage  Code = "bad-message"   // not JSON, unknown type, or a field out of range
	CodeVersion     Code = "version"       // the protocol version is not spoken
	CodeAuth        Code = "auth"          // unknown token, or a command before hello
	CodeNoGame      Code = "no-game"       // the game does not exist
	CodeNotYourSeat Code = "not-your-seat" // the seat to move is not held by this client
	CodeNotYourTurn Code = "not-your-turn" // a spectator, or a seat that holds no turn now
	CodeStalePly    Code = "stale-ply"     // the ply is not the game's: resync (a state follows)
	CodeIllegal     Code = "illegal"       // the move breaks the rules
	CodeOver        Code = "over"          // the game is over
	CodeRate        Code = "rate"          // too many messages: slow down
	CodeNoOffer     Code = "no-offer"      // nothing to accept or decline
	CodeBusy        Code = "busy"          // the server could not store the move now: send it again
	CodeWaiting     Code = "waiting"       // the game waits for players to take their free seats
	CodeWrongGame   Code = "wrong-game"    // hello names another game than the upgrade's ?game=
)

// Seat states in a Seat event and in State.Seats.
const (
	SeatOpen     = "open"     // nobody holds it yet: the invite code takes it
	SeatHuman    = "human"    // a guest holds it
	SeatComputer = "computer" // the server plays it
)

// Seat events' What.
const (
	WhatConnected = "connected"
	WhatLeft      = "left"
	WhatJoined    = "joined"
	WhatComputer  = "computer" // a computer took the seat (Why says: time, left)
)

// Offer kinds.
const (
	OfferTakeback = "takeback"
	OfferRematch  = "rematch"
	// OfferDraw ends a game under way drawn once every person's seat
	// agrees; a move voids it, and the server keeps it (a restart or a
	// reconnect finds it on the table).
	OfferDraw = "draw"
)

// OfferKinds are the kinds an offer may have, in the order a client
// lists them.
var OfferKinds = []string{OfferTakeback, OfferDraw, OfferRematch}

// MaxDrawOffers is how many draw offers one seat may start in a game
// (accepting another's offer is not one): enough to ask again as the
// game changes, too few to nag.
const MaxDrawOffers = 3

// Phrases are the quick messages' ids, in the order a client lists them.
// A client shows each in its player's language: no free text travels.
var Phrases = []string{"hello", "goodluck", "goodgame", "thanks", "oops", "takeyourtime", "wellplayed"}

// Status is where a game is in its life (State.Status, GameReply.Status).
type Status string

// The statuses.
const (
	StatusOpen      Status = "open"      // waiting for players to take the free seats
	StatusPlaying   Status = "playing"   // under way
	StatusFinished  Status = "finished"  // ended by the rules, a resignation, time or a draw agreed
	StatusAbandoned Status = "abandoned" // given up without a result
)

// Over says the game has ended, with a result or without.
func (s Status) Over() bool { return s == StatusFinished || s == StatusAbandoned }

// SeatInfo describes one seat in a State.
type SeatInfo struct {
	Seat      int    `json:"seat"`
	Color     string `json:"color"`          // o, g, b, w
	Kind      string `json:"kind"`           // open, human, computer
	Name      string `json:"name,omitempty"` // the holder's display name
	Level     int    `json:"level,omitempty"`
	Connected bool   `json:"connected,omitempty"`
}

// Msg is every message, command or event: one flat struct, so that a
// decoder sees every field of every type and an unknown field of one type
// is simply empty in another. Which fields a type uses is in PROTOCOL.md.
type Msg struct {
	T    Type   `json:"t"`
	Ply  int    `json:"ply"`
	Game string `json:"game,omitempty"`

	// hello
	V     int    `json:"v,omitempty"`
	Token string `json:"token,omitempty"`
	Watch string `json:"watch,omitempty"` // a spectator code, instead of a token

	// move, ack, moved, resign
	ID   string `json:"id,omitempty"`
	Move string `json:"move,omitempty"`
	Seat int    `json:"seat,omitempty"` // with Seats: which seat (hot-seat clients hold several)

	// welcome
	Seats []int `json:"seats,omitempty"` // the seats this client holds

	// state
	Pos      string     `json:"pos,omitempty"`   // position at From (RULES.md §10)
	From     int        `json:"from,omitempty"`  // ply of Pos
	Moves    []string   `json:"moves,omitempty"` // moves From, From+1, …, Ply-1
	Table    []SeatInfo `json:"table,omitempty"`
	ToMove   int        `json:"tomove,omitempty"`
	Deadline int64      `json:"deadline,omitempty"` // Unix ms by which the seat to move must move; 0: no clock
	Status   Status     `json:"status,omitempty"`
	PerMove  int        `json:"permove,omitempty"` // seconds per move; 0: no clock
	// state and moved (a game clock, PROTOCOL.md "Game clock"): seconds
	// per player and increment, and each seat's time left in ms as of
	// the last move (the seat to move's runs down to Deadline).
	Clock     int     `json:"clock,omitempty"`
	Increment int     `json:"increment,omitempty"`
	Clocks    []int64 `json:"clocks,omitempty"`

	// refused, seat, over
	Code   Code   `json:"code,omitempty"`
	Why    string `json:"why,omitempty"`
	What   string `json:"what,omitempty"`
	Result string `json:"result,omitempty"` // "win o", "draw"

	// offer, offered
	Kind string `json:"kind,omitempty"`
	// say, said: one of Phrases
	Phrase string `json:"phrase,omitempty"`
	// seat (what computer): the computer's level
	Level int `json:"level,omitempty"`

	// lobby, listed (the lobby's socket): the lists' entries, and the
	// watch codes of the games that left them
	Open []LobbyGame `json:"open,omitempty"`
	Live []LobbyGame `json:"live,omitempty"`
	Gone []string    `json:"gone,omitempty"`
}

// Errors of Decode.
var (
	ErrTooLarge = errors.New("proto: message too large")
	ErrBad      = errors.New("proto: bad message")
)

// Decode reads one command from a client and checks it: a known type, the
// fields it needs in range. A hostile frame gets an error that says why
// (wrapping ErrBad or ErrTooLarge), never a panic and never a half-valid
// Msg: on error the Msg is the zero value.
func Decode(b []byte) (Msg, error) {
	if len(b) > MaxFrame {
		return Msg{}, ErrTooLarge
	}
	if !utf8.Valid(b) {
		return Msg{}, fmt.Errorf("%w: not UTF-8", ErrBad)
	}
	var m Msg
	if err := DecodeStrict(b, &m); err != nil {
		return Msg{}, fmt.Errorf("%w: %v", ErrBad, err)
	}
	if err := m.checkCommand(); err != nil {
		return Msg{}, fmt.Errorf("%w: %v", ErrBad, err)
	}
	return m, nil
}

func (m *Msg) checkCommand() error {
	spec, ok := SpecOf(m.T)
	if !ok || spec.Dir != Command {
		return fmt.Errorf("unknown command %q", truncate(string(m.T), 24))
	}
	if m.Ply < 0 || m.Ply > MaxPly {
		return fmt.Errorf("ply %d out of range 0..%d", m.Ply, MaxPly)
	}
	if m.Seat < 0 || m.Seat > 3 {
		return fmt.Errorf("seat %d out of range 0..3", m.Seat)
	}
	if len(m.Game) > MaxGameLen || len(m.ID) > MaxIDLen || len(m.Token) > MaxTokenLen || len(m.Watch) > MaxGameLen {
		return errors.New("a field is too long")
	}
	// Events' fields are never accepted from a client: a command carrying
	// one is a confused or hostile client.
	if m.Pos != "" || m.Moves != nil || m.Table != nil || m.Seats != nil || m.Code != "" || m.Result != "" || m.What != "" || m.Why != "" || m.Deadline != 0 || m.Status != "" || m.From != 0 || m.ToMove != 0 || m.PerMove != 0 || m.Level != 0 || m.Clock != 0 || m.Increment != 0 || m.Clocks != nil {
		return errors.New("event fields in a command")
	}
	if m.Open != nil || m.Live != nil || m.Gone != nil {
		return errors.New("lobby fields in a command")
	}
	if m.Phrase != "" && m.T != TSay {
		return errors.New("a phrase outside say")
	}
	if spec.Check != nil {
		return spec.Check(m)
	}
	return nil
}

// Encode writes a message as one frame.
func Encode(m Msg) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		// Msg holds only strings, numbers and slices of them: Marshal cannot fail.
		panic(err)
	}
	return b
}

// DecodeEvent reads a message from the server. It checks less than Decode
// (the server is trusted to be well-formed) but still refuses oversized or
// malformed frames rather than panicking.
func DecodeEvent(b []byte) (Msg, error) {
	if len(b) > MaxEventFrame {
		return Msg{}, ErrTooLarge
	}
	var m Msg
	if err := json.Unmarshal(b, &m); err != nil {
		return Msg{}, fmt.Errorf("%w: %v", ErrBad, err)
	}
	if m.T == "" {
		return Msg{}, fmt.Errorf("%w: no type", ErrBad)
	}
	return m, nil
}

// VersionRefusal is the why of a hello in another version than Version.
func VersionRefusal() string {
	return fmt.Sprintf("this server speaks protocol version %d", Version)
}

// Refuse is a refusal event.
func Refuse(ply int, id string, code Code, why string) Msg {
	return Msg{T: TRefused, Ply: ply, ID: id, Code: code, Why: why}
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
