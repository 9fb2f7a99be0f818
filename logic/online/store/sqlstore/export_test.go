//go:build !js

package sqlstore

import (
	"context"

	"shiftago/logic/online/store"
)

// OpenAtVersion opens dsn with its schema brought to version only, for a
// test of the next migration step.
func OpenAtVersion(ctx context.Context, dsn string, version int) (store.Store, error) {
	return openAt(ctx, dsn, Options{}, version)
}
