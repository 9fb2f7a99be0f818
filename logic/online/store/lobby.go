package store

import (
	"context"
	"time"
)

// Lobby is the store's side of the lobby (issue 47): the games whose
// creators made them public, and quick pairing, whose queue is in the
// database so that every node sharing it pairs the same players.
type Lobby interface {
	// PublicGames lists the public games: open ones whose code still
	// opens a seat (newest first) and playing ones (most recently moved
	// first), at most limit each (limit <= 0: 100), with their creators'
	// names and ratings in the game's variant and player count.
	PublicGames(ctx context.Context, limit int) (open, live []LobbyGame, err error)
	// Pair files or polls a guest's ask for a game (PairAsk) and pairs
	// it when it can, in one transaction holding its queue's lock.
	Pair(ctx context.Context, a PairAsk) (Pairing, error)
	// CancelPairing withdraws the guest's ask. Too late, it answers the
	// game the ask was paired into; never asked, PairNone.
	CancelPairing(ctx context.Context, guest string) (Pairing, error)
}

// LobbyGame is a public game with its creator's name and rating (nil:
// never rated in that variant and player count).
type LobbyGame struct {
	Game
	CreatorName string
	Rating      *Rating
}

// PairAsk is a guest's ask for a quick pairing.
type PairAsk struct {
	Guest string
	// Setup is the game asked for; its JSON is the queue, so only asks
	// for the very same game are paired. nil: a poll of the ask standing.
	Setup *Setup
	// Fill: after this wait, computers at Level may take the seats still
	// free (3 or 4 players), beside the others waiting who allow it too.
	Fill  time.Duration
	Level int
}

// PairState is where a guest's ask is.
type PairState uint8

// The states of an ask.
const (
	PairNone    PairState = iota // no ask (cancelled, or never made)
	PairWaiting                  // in its queue
	PairPaired                   // Game is the game made for it
)

// Pairing answers Pair and CancelPairing.
type Pairing struct {
	State PairState
	Game  string
	Asked time.Time
	Setup Setup
	Fill  time.Duration
	// Waiting counts the asks of the queue now (this one included), and
	// Everyone the asks of every queue.
	Waiting, Everyone int
}

// PairFresh is how long an ask stays in its queue without a poll: an
// ask of a closed page is never paired after it (a browser tab in the
// background may run its timers only once a minute).
const PairFresh = 75 * time.Second
