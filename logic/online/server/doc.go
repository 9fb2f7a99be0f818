// Package server is the Shiftago game service behind shiftago-server:
// an HTTP API to create guests and games, a WebSocket per game speaking
// logic/online/proto, and the web app's files, all from one origin.
//
// One goroutine (an actor, game.go) owns each live game and applies its
// moves in order with package logic, refusing illegal, out-of-turn and
// other seats' moves; a move is acknowledged only after the store
// (logic/online/store: SQLite, or PostgreSQL for several nodes) has
// committed it, and the store's unique (game, ply) key is the last word
// when two nodes race for a ply. Nodes hear of each other's changes on
// the store's bus (PostgreSQL LISTEN/NOTIFY) and reload the game, so
// players connected to different nodes see each other's moves at once.
// Computer seats are searched by one bounded pool for all games.
//
// This package is the hub: the actors, the WebSocket and the bus, the
// metrics and the shedding of new work. Its rooms, below this folder, each by
// job: hosting (the command line, which assembles the service), the
// HTTP features registered at construction (Config.Features: accounts,
// matchmaking, standings; they import the hub, never the reverse), and
// what the hub stands on: gamestate (a game's state without I/O), guard
// (limits and caps), admission (when a node takes no new work), metrics,
// httpjson, socket, searchpool and storetime.
package server
