// Package store is what the online games of shiftago-server keep, and
// the contract of the store that keeps them: guests (a display name and
// the SHA-256 of a random device token), games (setup, seats, status,
// result, whose turn and until when), their moves, devices, the lobby's
// pairing, ratings, draw offers and blocks (the Store interface and its
// types, store.go, devices.go, lobby.go), the errors its methods return,
// the events every node hears (bus.go), and the shapes of codes, setups
// and database names (codes.go, setup.go, dsn.go, dir.go).
//
// Package sqlstore keeps them in SQLite or PostgreSQL behind this
// interface (sqlstore.Open); the server sees only Store. Every change is
// one transaction, and every read of a game with its seats (or of a list
// of games) one read-only snapshot, so a reader never sees a seat taken
// in a game still "open". The primary key (game, ply) of the moves table
// is the last word when two nodes race for a ply: AppendMove returns
// ErrPlyTaken with the move already there, and Move.Same tells a resend
// (acknowledge it again) from a rival move (resync).
//
// Bus carries small events (game, kind, ply, version) to every node,
// through a Hub that fans them out to a node's subscribers: in process
// for SQLite, PostgreSQL NOTIFY and LISTEN for PostgreSQL. A subscriber
// whose buffer is full is dropped, never waited for; the store, not the
// bus, is the truth to resync from.
//
// It has no driver, so it builds everywhere, js/wasm included.
package store
