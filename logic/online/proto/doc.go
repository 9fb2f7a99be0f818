// Package proto is the wire protocol between a Shiftago client and the
// Shiftago server (logic/online/server): versioned JSON messages, one a
// WebSocket text frame. PROTOCOL.md beside this file lists every command
// and event with its fields; this package is its single implementation,
// shared by the server, the headless client (logic/online/client), the
// native game and the web app, so it builds for js/wasm and imports only
// the standard library and logic.
//
// Every message about a game carries its ply (the number of moves played
// when it was sent), so a client that reconnects says which ply it has
// and the server answers with what it missed: a position string
// (RULES.md §10) and the moves after it, never a replay of animations.
// A move carries an id the client chooses: sent twice (a lost
// acknowledgement), it is acknowledged twice and applied once.
package proto
