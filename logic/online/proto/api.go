package proto

// The HTTP API's bodies (JSON). A guest's token goes in the header
// "Authorization: Bearer <token>", never in a URL.

// GuestRequest is the body of POST /api/guests.
type GuestRequest struct {
	Name string `json:"name"`
}

// GuestReply answers POST /api/guests: the token is shown this once.
type GuestReply struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Token string `json:"token,omitempty"` // only when the guest is created
}

// SeatRequest is one seat of a new game: "me" (the creator holds it; a
// creator holding several seats plays them hot-seat on one device),
// "open" (for a friend, by the invite code) or "computer" at a level.
type SeatRequest struct {
	Kind  string `json:"kind"`
	Level int    `json:"level,omitempty"`
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Variant string        `json:"variant"` // express, expert, extreme
	Seats   []SeatRequest `json:"seats"`   // 2 to 4, in turn order (orange, green, blue, white)
	SitOuts []int         `json:"sitouts,omitempty"`
	Starter int           `json:"starter,omitempty"`
	PerMove int           `json:"permove,omitempty"` // seconds per move, 0 for none
	// Takeover is the level (1 to ai.MaxLevel) of the computer that takes
	// the seat of a player who resigns or runs out of time in a game of 3
	// or 4; 0: the server's default.
	Takeover int `json:"takeover,omitempty"`
	// Clock is each player's time for the whole game, in seconds
	// (MinClock to MaxClock; 0: none), exclusive with PerMove; Increment
	// (0 to MaxIncrement, with Clock only) is added after each of a
	// player's moves. PROTOCOL.md's "Game clock" says how it runs.
	Clock     int `json:"clock,omitempty"`
	Increment int `json:"increment,omitempty"`
	// Rated: the game changes its players' ratings (Glicko-2, per
	// variant and player count). Needs permove of at least
	// MinRatedPerMove or a clock of at least MinRatedClock, and no
	// computer or hot-seat seat; a rated game cannot be taken back.
	Rated bool `json:"rated,omitempty"`
	// Public: the game is listed in the lobby (GET /api/lobby) while a
	// seat is free, and to watch while it is played.
	Public bool `json:"public,omitempty"`
}

// MinRatedPerMove is the least time per move (seconds) of a rated game:
// a rating says how well one plays with time to think.
const MinRatedPerMove = 60

// The game clock's bounds (seconds). MinRatedClock is the least clock of
// a rated game: some 20 moves a player make 5 minutes 15 s a move, the
// least that rates thinking rather than reflexes (a live game can bank
// time for the hard moves, so it may go below MinRatedPerMove a move).
const (
	MinClock      = 60
	MaxClock      = 3 * 3600
	MaxIncrement  = 60
	MinRatedClock = 300
	// ClockFirstMove is the time a seat of a game with a clock has for its
	// first move: its clock runs from its second move on.
	ClockFirstMove = 60
)

// GameReply describes a game to the guest who asked (POST /api/games,
// POST /api/join, and each item of GET /api/games).
type GameReply struct {
	Game     string `json:"game"`
	Invite   string `json:"invite,omitempty"` // while a seat is free
	Watch    string `json:"watch"`            // the spectator code
	Seats    []int  `json:"seats"`            // the seats the guest holds
	Variant  string `json:"variant"`
	Players  int    `json:"players"`
	Status   Status `json:"status"`
	Ply      int    `json:"ply"`
	YourMove bool   `json:"yourmove"`
	ToMove   int    `json:"tomove,omitempty"` // the seat to move (while playing)
	Result   string `json:"result,omitempty"`
	Deadline int64  `json:"deadline,omitempty"` // Unix ms
	PerMove  int    `json:"permove,omitempty"`  // seconds per move, 0 for none
	// Clock and Increment: the game clock (seconds), 0 for none.
	Clock     int `json:"clock,omitempty"`
	Increment int `json:"increment,omitempty"`
	// Table is every seat: colour, kind, the holder's name, the
	// computer's level (GET /api/games and GET /api/invites/{code}: the
	// list and the invite show who plays).
	Table []SeatInfo `json:"table,omitempty"`
	Rated bool       `json:"rated,omitempty"`
}

// RatingInfo is one rating: a player's in a variant and player count.
type RatingInfo struct {
	// ID is the player's guest id, as MeReply's: a device finds its own
	// row by it (names are not unique).
	ID          string  `json:"id,omitempty"`
	Name        string  `json:"name"` // the player's display name
	Variant     string  `json:"variant"`
	Players     int     `json:"players"`
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Games       int     `json:"games"`
	Provisional bool    `json:"provisional"` // RD above 110: not enough games yet
}

// MeReply answers GET /api/guests/me: the caller and their ratings.
type MeReply struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Ratings []RatingInfo `json:"ratings"`
	// History is the caller's rating after each of their latest rated
	// games (every variant and player count), oldest first: with
	// ?history=1 only.
	History []RatingPoint `json:"history,omitempty"`
	// Computer is the caller's results against the computer levels in
	// finished online games, one per level played, lowest first: with
	// ?history=1 only (the profile's), absent when none. Only seats
	// the computer held from the start count, never one it took over.
	Computer []ComputerRecord `json:"computer,omitempty"`
}

// ComputerRecord is a player's results against the computer at one
// level: one per game and computer seat (a game with two computers of a
// level counts twice), in games of 3 or 4 whether the player finished
// ahead of that seat (won), behind it (lost) or level with it (drawn).
type ComputerRecord struct {
	Level  int `json:"level"`  // 1 to ai.MaxLevel
	Played int `json:"played"` // won + lost + drawn
	Won    int `json:"won"`
	Lost   int `json:"lost"`
	Drawn  int `json:"drawn"`
}

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	Variant string  `json:"variant"`
	Players int     `json:"players"`
	Rating  float64 `json:"rating"`
	RD      float64 `json:"rd"`
	At      int64   `json:"at"` // Unix ms
}

// JoinRequest is the body of POST /api/join.
type JoinRequest struct {
	Code string `json:"code"`
}

// APIError is the body of every refused API request.
type APIError struct {
	Error string `json:"error"` // a short code
	Why   string `json:"why"`   // in words
}
