package store

import (
	"context"
	"errors"
	"time"

	"shiftago/logic/online/proto"
)

// The errors a Store returns. Callers test them with errors.Is; the
// returned error may wrap one of them with details.
var (
	// ErrNotFound: no guest, game or move with that key.
	ErrNotFound = errors.New("store: not found")
	// ErrPlyTaken: a move is already stored at that ply. AppendMove
	// returns the stored move with it, so that a resend of the same move
	// by the same guest can be acknowledged again (Move.Same).
	ErrPlyTaken = errors.New("store: ply already taken")
	// ErrPlyGap: the ply is beyond the next one; moves are stored in order.
	ErrPlyGap = errors.New("store: ply is not the next one")
	// ErrNotPlaying: a move for a game that is not under way (still
	// open, or over). A resend of a stored move is ErrPlyTaken first, so
	// the last move of a game can still be acknowledged again.
	ErrNotPlaying = errors.New("store: game is not being played")
	// ErrStale: the version given is not the game's version any more
	// (another change came first); reread the game and decide again.
	ErrStale = errors.New("store: stale version")
	// ErrSeatTaken: the seat is held already, or is not a free remote seat.
	ErrSeatTaken = errors.New("store: seat not free")
	// ErrRematchExists: a rematch of that game exists already (RematchOf
	// finds it); two players asking at once get one new game.
	ErrRematchExists = errors.New("store: rematch exists already")
	// ErrInvalid: the input is refused before anything is written.
	ErrInvalid = errors.New("store: invalid input")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("store: closed")
)

// Store keeps guests, games, seats and moves, and tells every node of the
// changes through its Bus. Every method is safe for concurrent use, and
// every change is one transaction: what a method returned without error
// is committed and survives a crash of the process.
type Store interface {
	Devices // one player, many devices (devices.go)
	// CreateGuest makes a guest with a new random token (TokenBytes of
	// randomness). The token is returned once, here; only its SHA-256 is
	// stored, so it cannot be given again: the client must keep it.
	CreateGuest(ctx context.Context, name string) (g Guest, token string, err error)
	// GuestByToken finds the guest a token belongs to (by its hash).
	GuestByToken(ctx context.Context, token string) (Guest, error)
	// Guest finds a guest by id.
	Guest(ctx context.Context, id string) (Guest, error)
	// RenameGuest changes a guest's display name.
	RenameGuest(ctx context.Context, id, name string) (Guest, error)
	// PurgeGuests deletes at most limit guests (limit <= 0: 100) not
	// seen (GuestByToken) since before, holding no seat and creator of
	// no game, and says how many it deleted.
	PurgeGuests(ctx context.Context, before time.Time, limit int) (int, error)

	// CreateGame stores a new game with fresh unguessable ids (id, join
	// code, spectator id) and its seats, status StatusOpen unless every
	// remote seat is held (then StatusPlaying). With RematchOf set and a
	// rematch of that game existing already, it returns ErrRematchExists.
	CreateGame(ctx context.Context, ng NewGame) (Game, error)
	// Game finds a game by id.
	Game(ctx context.Context, id string) (Game, error)
	// GameByCode finds a game by its join code (NormalizeCode: either
	// case, spaces and dashes ignored), while the code is live: before
	// Game.CodeExpires. A game that filled meanwhile is found too (its
	// invite page offers to watch; TakeSeat gives no seat). The
	// server still rate-limits failed lookups (see logic/online/README.md
	// for the arithmetic).
	GameByCode(ctx context.Context, code string) (Game, error)
	// GameBySpectator finds a game by its spectator id.
	GameBySpectator(ctx context.Context, spectator string) (Game, error)
	// RematchOf finds the game created as the rematch of game old.
	RematchOf(ctx context.Context, old string) (Game, error)

	// TakeSeat gives a free remote seat to a guest, atomically: of two
	// guests racing for one seat, one gets it and the other ErrSeatTaken.
	// A game whose remote seats are then all held becomes StatusPlaying.
	TakeSeat(ctx context.Context, game string, seat int, guest string) (Game, error)
	// ReplaceSeat overwrites seat s.Index (e.g. a computer takes over a
	// seat whose player ran out of time), if the game's version is still
	// version; else ErrStale.
	ReplaceSeat(ctx context.Context, game string, version int64, s Seat) (Game, error)
	// SetConnected records whether the seat's holder is connected. It does
	// not change the game's version (it is presence, not game state).
	SetConnected(ctx context.Context, game string, seat int, connected bool) error
	// SetStatus changes a game's status and result (resign, abandon, a
	// loss on time) if its version is still version; else ErrStale.
	SetStatus(ctx context.Context, game string, version int64, st Status, result string) (Game, error)

	// AppendMove stores move a.Ply of a game, in the same transaction as
	// the game's new ply, version, side to move, deadline and (when the
	// move ends the game) status and result. The database's primary key
	// (game, ply) is the last word: of two nodes racing for a ply exactly
	// one wins; the other gets ErrPlyTaken together with the move stored
	// at that ply. A ply beyond the next gives ErrPlyGap, a game not
	// under way ErrNotPlaying, and a takeback committed in the middle
	// ErrStale (nothing is stored then: reread the game).
	AppendMove(ctx context.Context, a Append) (Move, error)
	// Moves lists a game's moves with a ply above after, in order: all of
	// them with after 0, what a client missed with after its last ply.
	Moves(ctx context.Context, game string, after int) ([]Move, error)
	// Takeback deletes the moves above t.Ply and sets the game's side to
	// move and deadline, if the game's version is still t.Version; else
	// ErrStale and nothing changes.
	Takeback(ctx context.Context, t Takeback) (Game, error)

	// GamesOf lists the games where a guest holds a seat: playing games
	// where the guest's seat is to move first (earliest deadline first),
	// then other playing games, then open ones, then finished and
	// abandoned ones, each group most recently changed first. At most
	// limit games (limit <= 0: 100).
	GamesOf(ctx context.Context, guest string, limit int) ([]Game, error)
	// Expired lists playing games whose deadline is set and not after
	// now, earliest first, at most limit (limit <= 0: 100).
	Expired(ctx context.Context, now time.Time, limit int) ([]Game, error)

	// ApplyRatings applies a finished rated game's Glicko-2 updates
	// (package rating) to its players' ratings for the game's variant and
	// player count, and records each player's new rating in the history,
	// in one transaction. It is idempotent per game: a game applied
	// already changes nothing. It returns the players' ratings as they
	// are then, in the order of rg.Guests. A player with no rating yet
	// starts at rating.New(). ErrNotFound: no such game. With no Guests
	// (nobody left to rate) it only clears the game from RatingsDue.
	ApplyRatings(ctx context.Context, rg RatedGame) ([]Rating, error)
	// RatingsDue lists at most limit (limit <= 0: 100) finished rated
	// games whose ratings were never applied (a node died between the
	// end's commit and ApplyRatings), the longest finished first.
	RatingsDue(ctx context.Context, limit int) ([]string, error)
	// Count adds one to the service-wide counter name of the window
	// that starts at window, unless it holds limit already (limit <= 0:
	// none), and says whether it did and the count; with add false it
	// only reads (ok: below limit). One statement, for every node.
	Count(ctx context.Context, name string, window time.Time, limit int, add bool) (n int, ok bool, err error)
	// DropCounts deletes the counters of the windows before before.
	DropCounts(ctx context.Context, before time.Time) error
	// RatingsOf lists a guest's ratings, one per variant and player count
	// played rated, most games first.
	RatingsOf(ctx context.Context, guest string) ([]Rating, error)
	// Leaderboard lists the best ratings of a variant and player count,
	// highest first, settled ones (RD at most rating.ProvisionalRD)
	// before provisional ones, or only settled ones when settledOnly; at
	// most limit (limit <= 0: 100).
	Leaderboard(ctx context.Context, variant string, players int, settledOnly bool, limit int) ([]Rating, error)
	// RatingHistory lists a guest's ratings after each rated game, every
	// variant and player count, the latest limit (limit <= 0: 100) in
	// the order they were played (a profile's chart).
	RatingHistory(ctx context.Context, guest string, limit int) ([]Rating, error)

	Lobby           // public games and quick pairing (lobby.go)
	ComputerResults // a profile's results against the computer levels (computer.go)
	// ChangeDraw changes a game's draw offer by change, holding the game's
	// row (two nodes at once: one after the other); change's error writes nothing.
	ChangeDraw(ctx context.Context, game string, change func(d *Draw) error) (Draw, error)
	// DrawOf is a game's last draw offer (the zero Draw: none).
	DrawOf(ctx context.Context, game string) (Draw, error)
	// SetBlock records (on) or lifts guest's block of other (no messages, no pairing).
	SetBlock(ctx context.Context, guest, other string, on bool) error
	// BlocksOf lists the guests guest has blocked.
	BlocksOf(ctx context.Context, guest string) ([]string, error)
	// Blocked says whether a or b blocked the other: a pairing never seats them together.
	Blocked(ctx context.Context, a, b string) (bool, error)

	// Bus carries events between the nodes sharing this database. The
	// store publishes an event after every change it commits.
	Bus() Bus
	// Ping answers nil when the database answers a trivial query before
	// ctx ends: a node's readiness (/readyz) is this.
	Ping(ctx context.Context) error
	// Engine is "sqlite" or "postgres".
	Engine() string
	// Close stops the bus and closes the database.
	Close() error
}

// Draw is a game's draw offer, as the store keeps it (ChangeDraw).
type Draw struct {
	Ply   int    // the game's ply when it was made: it holds only while the game is there
	Seats uint8  // the seats that offered or accepted (bits); 0: declined
	Made  [4]int // the offers each seat started in the game
}

// On says the offer is on the table of a game at ply.
func (d Draw) On(ply int) bool { return d.Seats != 0 && d.Ply == ply }

// Guest is a player identified by a device token, with no password.
type Guest struct {
	ID      string
	Name    string
	Created time.Time
	// Seen is when its token was last used, to within SeenEvery.
	Seen time.Time
	// Device is the device whose token found the guest (GuestByToken)
	// or was made with it (CreateGuest); "" from Guest(id).
	Device string
}

// SeenEvery is how stale Guest.Seen may be: GuestByToken writes it when
// it is older, so a guest playing all day costs one write a day.
const SeenEvery = 24 * time.Hour

// DefaultCodeTTL is how long a join code opens a free seat when
// NewGame.CodeTTL is 0.
const DefaultCodeTTL = 24 * time.Hour

// Status is where a game is in its life.
type Status uint8

// The statuses. The zero Status means "unchanged" where a change is asked
// (Append.Status).
const (
	StatusNone      Status = iota // no change / unknown
	StatusOpen                    // waiting for players to take seats
	StatusPlaying                 // under way
	StatusFinished                // ended by the rules, a resignation or time
	StatusAbandoned               // given up without a result
)

// Wire is the status as the protocol names it (proto owns the names).
func (s Status) Wire() proto.Status { return wireStatus[min(int(s), len(wireStatus)-1)] }

// wireStatus: any status beyond the known ones (a corrupt row) is "none".
var wireStatus = [...]proto.Status{StatusNone: "none", StatusOpen: proto.StatusOpen, StatusPlaying: proto.StatusPlaying,
	StatusFinished: proto.StatusFinished, StatusAbandoned: proto.StatusAbandoned, StatusAbandoned + 1: "none"}

// String is the status's name.
func (s Status) String() string { return string(s.Wire()) }

// SeatKind says who plays a seat.
type SeatKind uint8

// The kinds of seat.
const (
	SeatRemote   SeatKind = iota // a person on their own device (Guest holds it)
	SeatHotSeat                  // a person sharing the device of the seat's Guest
	SeatComputer                 // the server plays it at Level
)

// String is the kind's name.
func (k SeatKind) String() string {
	switch k {
	case SeatRemote:
		return "remote"
	case SeatHotSeat:
		return "hotseat"
	case SeatComputer:
		return "computer"
	}
	return "?"
}

// Seat is one seat of a game, in turn order.
type Seat struct {
	Index     int      // 0-based, the seat's place in turn order
	Kind      SeatKind //
	Level     int      // the computer's level (SeatComputer)
	Guest     string   // the holder's guest id; "" for a free remote seat or a computer
	Connected bool     // the holder has a live connection (presence only)
}

// Setup is how a game is played. The store keeps it as JSON
// (ParseSetup, Setup.JSON) and checks only its shape (Setup.Validate);
// the server checks it against the rules before creating a game.
type Setup struct {
	Variant  string        `json:"variant"`             // "express", "expert" or "extreme"
	Players  int           `json:"players"`             // 2 to 4
	Colors   string        `json:"colors,omitempty"`    // colour letters in turn order (RULES.md §10), "" for the standard ones
	SitOuts  []int         `json:"sitouts,omitempty"`   // handicap per seat, 0 to 6
	Starter  int           `json:"starter,omitempty"`   // seat that moves first
	MoveTime time.Duration `json:"move_time,omitempty"` // time per move, 0 for none
	// Takeover is the level of the computer that takes the seat of a
	// player who leaves or runs out of time (3 or 4 players), 1 to 99;
	// 0: the server's default.
	Takeover int `json:"takeover,omitempty"`
	// Clock is each player's time for the whole game (a game clock,
	// exclusive with MoveTime) and Increment the time added after each of
	// a player's moves but the first (gamestate's clock.go derives the
	// clocks from the moves' times: nothing else is stored).
	Clock     time.Duration `json:"clock,omitempty"`
	Increment time.Duration `json:"increment,omitempty"`
	// Rated: the game's end changes its players' ratings (ApplyRatings).
	Rated bool `json:"rated,omitempty"`
	// Public: the game is listed in the lobby (PublicGames).
	Public bool `json:"public,omitempty"`
}

// Game is a stored game.
type Game struct {
	ID        string // unguessable; grants nothing by itself
	Code      string // short join code for a free seat (rate-limited by the server)
	Spectator string // unguessable; grants read-only watching
	Creator   string // guest id
	Setup     Setup
	Seats     []Seat
	Status    Status
	Result    string // the server's words for the end ("win o", "draw", "o resigned"); "" while playing
	Ply       int    // number of moves stored; the last move's ply
	// Version counts changes of game state (moves, takebacks, seats,
	// status); a change that must not cross another carries it.
	Version    int64
	ToMoveSeat int       // seat index to move, -1 when nobody is (open or over)
	Deadline   time.Time // when the side to move runs out of time; zero for none
	RematchOf  string    // the game this one is the rematch of, or ""
	Created    time.Time
	Updated    time.Time
	// CodeExpires is when Code stops finding the game; zero for a game
	// created with no free seat. A game that filled keeps it: its code
	// still finds it (a late invite offers to watch) but opens no seat.
	CodeExpires time.Time
}

// SeatOf is the index of the first seat guest holds, or -1.
func (g *Game) SeatOf(guest string) int {
	for _, s := range g.Seats {
		if guest != "" && s.Guest == guest {
			return s.Index
		}
	}
	return -1
}

// NewGame is what CreateGame needs.
type NewGame struct {
	Creator    string
	Setup      Setup
	Seats      []Seat // in turn order; Index is set from the position
	ToMoveSeat int    // the seat to move once the game starts
	Deadline   time.Time
	RematchOf  string
	// CodeTTL is how long the join code opens a free seat; 0:
	// DefaultCodeTTL.
	CodeTTL time.Duration
}

// Move is a stored move.
type Move struct {
	Game string
	Ply  int    // 1 for the first move
	Move string // the move in the project's notation (RULES.md §10)
	By   string // guest id of the mover; "" for a computer
	At   time.Time
}

// Same reports whether m is the move a asks to store: same game, ply,
// text and mover. A resend after a lost acknowledgement is Same, and is
// acknowledged again instead of refused.
func (m Move) Same(a Append) bool {
	return m.Game == a.Game && m.Ply == a.Ply && m.Move == a.Move && m.By == a.By
}

// Append is a move to store and the game state that follows it.
type Append struct {
	Game       string
	Ply        int // must be the game's Ply+1
	Move       string
	By         string    // "" for a computer
	At         time.Time // zero: now
	ToMoveSeat int       // the seat to move after this move, -1 if none
	Deadline   time.Time // the next deadline; zero for none
	Status     Status    // StatusNone to keep; StatusFinished when the move ends the game
	Result     string    // with StatusFinished
}

// Takeback undoes moves down to Ply.
type Takeback struct {
	Game       string
	Version    int64 // the version the players agreed on
	Ply        int   // keep moves 1..Ply
	ToMoveSeat int
	Deadline   time.Time
}

// RatedGame is a finished rated game's outcome, for ApplyRatings.
type RatedGame struct {
	Game    string
	Variant string
	Players int // the game's player count: ratings are kept per count
	// Guests and Places are the rated players and their finishing places
	// (0 first, equal places tied; rating.Pairwise), two or more, each
	// guest once.
	Guests []string
	Places []int
	At     time.Time // zero: now
}

// Rating is a guest's Glicko-2 rating in one variant and player count.
type Rating struct {
	Guest   string
	Name    string // the guest's display name
	Variant string
	Players int
	Rating  float64
	RD      float64
	Vol     float64
	Games   int // rated games played
	Updated time.Time
}
