//go:build !js

package store

import "context"

// OpenAtVersion opens dsn with its schema brought to version only, for a
// test of the next migration step.
func OpenAtVersion(ctx context.Context, dsn string, version int) (Store, error) {
	return openAt(ctx, dsn, Options{}, version)
}
