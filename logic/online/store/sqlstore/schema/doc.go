// Package schema is the online store's SQL schema: one migration a
// version (Steps), applied in order by sqlstore when it opens a database,
// and never edited once released. It holds SQL only, common to SQLite and
// PostgreSQL, so that a reader sees every table and every step's reason
// in one place, apart from the queries that use them.
package schema
