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
// The command line and hosting are package hosting, below this folder.
package server
