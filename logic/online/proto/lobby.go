package proto

// The lobby's bodies (issue 47): public games and quick pairing.

// LobbyGame is a public game as the lobby lists it. Invite joins it
// (POST /api/join) while a seat is free; Watch opens it read-only.
type LobbyGame struct {
	Invite  string `json:"invite,omitempty"`
	Watch   string `json:"watch"`
	Variant string `json:"variant"`
	Players int    `json:"players"`
	Seated  int    `json:"seated"`            // seats held (people and computers)
	PerMove int    `json:"permove,omitempty"` // seconds per move, 0 for none
	Rated   bool   `json:"rated,omitempty"`
	Ply     int    `json:"ply,omitempty"`
	Creator string `json:"creator"` // the creator's display name
	// Rating is the creator's in the game's variant and player count
	// (absent: never rated there).
	Rating  *RatingInfo `json:"rating,omitempty"`
	Created int64       `json:"created"` // Unix ms
	// Updated is the game's last change (Unix ms): the live list's order.
	Updated int64 `json:"updated,omitempty"`

	// Clock and Increment: the game clock (seconds), 0 for none.
	Clock     int `json:"clock,omitempty"`
	Increment int `json:"increment,omitempty"`
}

// The lobby's WebSocket (GET /api/lobby/ws) pushes the lists: TLobby
// (Msg.Open and Msg.Live whole) first and after a resync, then TListed
// for each change (the entries added or changed, Msg.Gone the watch
// codes that left). It is not a game's socket: these two are not in the
// game's table (Specs); a client sends only TPing on it.
const (
	TLobby  Type = "lobby"
	TListed Type = "listed"
)

// LobbyPath is the lobby's WebSocket.
const LobbyPath = "/api/lobby/ws"

// LobbyBefore says whether a lists before b in its list: newest first
// (Created for the open games, Updated for the live ones), ties by
// Watch, as the server orders them.
func LobbyBefore(a, b LobbyGame, live bool) bool {
	ka, kb := a.Created, b.Created
	if live {
		ka, kb = a.Updated, b.Updated
	}
	if ka != kb {
		return ka > kb
	}
	return a.Watch < b.Watch
}

// LobbyReply answers GET /api/lobby.
type LobbyReply struct {
	Open []LobbyGame `json:"open"` // to join, newest first
	Live []LobbyGame `json:"live"` // under way, to watch, last moved first
}

// PairRequest is the body of POST /api/pairing: the game to be paired
// for. Its time control is CreateRequest's: none (a live game), a time
// per move (PerMove), or a game clock (Clock, Increment), in the same
// bounds; an ask is paired only with asks of the same variant, players,
// time control and Rated. Fill (3 or 4 players, not rated): seconds
// after which computers may take the seats still free; 0: wait for
// people.
type PairRequest struct {
	Variant string `json:"variant"`
	Players int    `json:"players"`
	PerMove int    `json:"permove,omitempty"`
	Rated   bool   `json:"rated,omitempty"`
	Fill    int    `json:"fill,omitempty"`
	// Clock and Increment: the game clock, in seconds (issue 47's
	// pairing pools: "5+3", "10+5"). Absent, as an older client sends
	// it: no clock.
	Clock     int `json:"clock,omitempty"`
	Increment int `json:"increment,omitempty"`
}

// The bounds of PairRequest.Fill, in seconds.
const MinFill, MaxFill = 10, 600

// The states of PairReply.
const (
	PairWaiting = "waiting"
	PairPaired  = "paired"
	PairNone    = "none" // no ask: cancelled, never made, or dropped after a silence
)

// PairReply answers the pairing requests: while waiting, since when and
// how many wait for the same game (the asker included) and for any;
// once paired, the game (as POST /api/games answers it).
type PairReply struct {
	Status   string     `json:"status"`
	Since    int64      `json:"since,omitempty"` // Unix ms
	Waiting  int        `json:"waiting,omitempty"`
	Everyone int        `json:"everyone,omitempty"`
	Fill     int        `json:"fill,omitempty"`
	Game     *GameReply `json:"game,omitempty"`
}
