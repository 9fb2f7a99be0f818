// Package sqlstore is the store.Store of shiftago-server, in SQLite (one
// node, no setup: modernc.org/sqlite, pure Go) or PostgreSQL (several
// nodes sharing one database: github.com/jackc/pgx/v5): one set of
// queries, written with "?" and rebound to "$n" for PostgreSQL.
//
// Open(ctx, dsn) picks the engine from the DSN (store.ParseDSN) and
// applies the versioned schema (the schema room, schema.Steps), safely when two nodes start
// at once. The files by job: sql.go the core (transactions, guests,
// games, seats, moves), open.go SQLite's file and pragmas, postgres.go
// the wiring of PostgreSQL's own parts (package postgres: its pool, the
// one-statement move, LISTEN/NOTIFY), devices_sql.go, lobby_sql.go,
// ratings.go, social.go and counts.go one feature each.
// Events go to the node's store.Hub after each commit (SQLite,
// membus.go) or by NOTIFY inside the transaction (PostgreSQL, package
// postgres).
//
// The drivers do not build for js/wasm, so the engine is behind
// `//go:build !js`.
package sqlstore
