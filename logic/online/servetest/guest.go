//go:build !js

package servetest

import (
	"context"
	"testing"

	"shiftago/logic/online/client"
)

// Guest is a new guest named name on the server at base, as a client
// holding its token; a refusal fails t.
func Guest(t testing.TB, ctx context.Context, base, name string) *client.Client {
	t.Helper()
	cl := client.New(base)
	if err := cl.NewGuest(ctx, name); err != nil {
		t.Fatal(err)
	}
	return cl
}
