// Package store keeps the online games of shiftago-server: guests (a
// display name and the SHA-256 of a random device token), games (setup,
// seats, status, result, whose turn and until when), and their moves, in
// SQLite (one node, no setup: modernc.org/sqlite, pure Go) or PostgreSQL
// (several nodes sharing one database: github.com/jackc/pgx/v5).
//
// Open(ctx, dsn) picks the engine from the DSN (ParseDSN) and applies the
// versioned schema (schema.go), safely when two nodes start at once.
// Every change is one transaction, and every read of a game with its
// seats (or of a list of games) one read-only snapshot, so a reader
// never sees a seat taken in a game still "open". The primary key (game,
// ply) of the moves table is the last word when two nodes race for a
// ply: AppendMove returns ErrPlyTaken with the move already there, and
// Move.Same tells a resend (acknowledge it again) from a rival move
// (resync).
//
// Bus carries small events (game, kind, ply, version) to every node: in
// process for SQLite, PostgreSQL NOTIFY (sent inside the transaction, so
// only committed changes are heard) and LISTEN for PostgreSQL. A
// subscriber whose buffer is full is dropped, never waited for; the
// store, not the bus, is the truth to resync from.
//
// The drivers do not build for js/wasm, so the engines are behind
// `//go:build !js`; the types build everywhere.
package store
