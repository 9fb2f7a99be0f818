// Package matchmaking is the HTTP API that makes and finds games: a
// game created (POST /api/games) and joined by its invite code (POST
// /api/join, wrong codes metered), the guest's list of games, an
// invite's description (invite.go), the lobby of public games
// (lobby.go; pushed on its own socket, GET /api/lobby/ws, as they
// change: lobbyfeed.go) and quick pairing (pairing.go: the store's queue, shared by
// every node). A server.Feature: the games it makes are played by the
// hub's actors, which read them from the store.
package matchmaking
