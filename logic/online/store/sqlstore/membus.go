//go:build !js

package sqlstore

import (
	"context"

	"shiftago/logic/online/store"
)

// memBus is the bus of a single node (SQLite): events go straight to the
// hub.
type memBus struct {
	hub    *store.Hub
	origin string
}

func (b *memBus) Publish(ctx context.Context, e store.Event) error {
	if err := e.Stamp(b.origin); err != nil {
		return err
	}
	b.hub.Deliver(e)
	return nil
}

func (b *memBus) Subscribe(buffer int) *store.Subscription { return b.hub.Subscribe(buffer) }
