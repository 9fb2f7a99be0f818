// Package postgres is what the store does differently on PostgreSQL,
// for package sqlstore to wire in: the pool and the NOTIFY channel of a
// schema (pool.go), events sent with NOTIFY inside the transaction that
// made them (notify.go), the LISTEN connection that hears every node's
// events and survives a dead socket (listen.go), and a move stored in
// one statement that is its own transaction, its NOTIFY included, many
// of them committed together (move.go, package pgbatch).
package postgres
