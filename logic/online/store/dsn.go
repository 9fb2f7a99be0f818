package store

import (
	"fmt"
	"strings"
)

// Engines Open knows.
const (
	EngineSQLite   = "sqlite"
	EnginePostgres = "postgres"
)

// ParseDSN says which engine a data source name is for, and what to hand
// it:
//
//	""                        SQLite in DefaultDir()/DBFile (target "")
//	postgres://… postgresql://…  PostgreSQL (target: the DSN as given)
//	sqlite:PATH               SQLite file PATH
//	PATH (no scheme)          SQLite file PATH
//
// A SQLite path may not carry its own "?" options (the store sets the
// pragmas it depends on) nor a NUL byte; any other scheme is refused.
func ParseDSN(dsn string) (engine, target string, err error) {
	if strings.ContainsRune(dsn, 0) {
		return "", "", fmt.Errorf("%w: a NUL byte in the database name", ErrInvalid)
	}
	if dsn == "" {
		return EngineSQLite, "", nil
	}
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return EnginePostgres, dsn, nil
	}
	path, isSQLite := strings.CutPrefix(dsn, "sqlite:")
	if !isSQLite {
		if i := strings.Index(dsn, "://"); i > 0 {
			return "", "", fmt.Errorf("%w: unknown database scheme %q (want postgres:// or a SQLite file)", ErrInvalid, dsn[:i])
		}
	}
	path = strings.TrimPrefix(path, "//")
	if path == "" {
		return "", "", fmt.Errorf("%w: an empty SQLite file name", ErrInvalid)
	}
	if strings.ContainsRune(path, '?') {
		return "", "", fmt.Errorf("%w: SQLite file name %q has a '?': options are the store's to set", ErrInvalid, path)
	}
	return EngineSQLite, path, nil
}
