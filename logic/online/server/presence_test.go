//go:build !js

package server_test

import (
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// TestServePresenceCountsConnections: a player with two tabs open on a
// game who closes one is still there. The server told every table that
// the seat's holder left as soon as any of its connections closed, so
// the other players saw "(away)" beside a player still connected.
func TestServePresenceCountsConnections(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir())
	ctx := ctxFor(t, 30*time.Second)
	sa, sb, ann, _ := pair(t, ctx, n.Base, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	tab2 := open(t, ctx, &client.Client{Bases: []string{n.Base}, Token: ann.Token, ID: ann.ID}, sa.Snapshot().Game)
	if err := tab2.Wait(ctx, func(x *client.State) bool { return x.Synced }); err != nil {
		t.Fatal(err)
	}
	stillThere(t, sb, 0, "Ann closed one of her two tabs", sa.Close)
	gone(t, sb, 0, "Ann closed her last tab", tab2.Close)
}

// TestServePresenceAcrossNodes: Ann has a tab on each of two nodes; Bob,
// on the first, still sees her connected when she closes the tab there,
// and away once she closes the other too.
func TestServePresenceAcrossNodes(t *testing.T) {
	dsn := storetest.FreshDSN(t, store.EnginePostgres) // skips without SHIFTAGO_TEST_POSTGRES
	t.Parallel()
	a := startNode(t, "127.0.0.1:0", "--db", dsn)
	b := startNode(t, "127.0.0.1:0", "--db", dsn)
	ctx := ctxFor(t, 50*time.Second)
	sa, sb, ann, _ := pair(t, ctx, a.Base, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	onB := open(t, ctx, &client.Client{Bases: []string{b.Base}, Token: ann.Token, ID: ann.ID}, sa.Snapshot().Game)
	if err := onB.Wait(ctx, func(x *client.State) bool { return x.Synced }); err != nil {
		t.Fatal(err)
	}
	stillThere(t, sb, 0, "Ann closed her tab on this node, not the one on the other", sa.Close)
	gone(t, sb, 0, "Ann closed her tab on the other node too", onB.Close)
}

// stillThere runs close and checks, for a while after, that s sees seat
// connected all along: the connections are counted across tabs and
// nodes, and a transient "left" would show "(away)" for a moment.
func stillThere(t *testing.T, s *client.Session, seat int, what string, close func()) {
	t.Helper()
	_, before := s.EventsSince(0)
	close()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		evs, _ := s.EventsSince(before)
		for _, e := range evs {
			if e.T == proto.TSeat && e.Seat == seat && e.What == proto.WhatLeft {
				t.Fatalf("%s: the others were told she left: %v", what, e)
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	if tb := s.Snapshot().Table; seat >= len(tb) || !tb[seat].Connected {
		t.Fatalf("%s: her seat shows away: %+v", what, tb)
	}
}

// gone runs close and waits until s sees seat away.
func gone(t *testing.T, s *client.Session, seat int, what string, close func()) {
	t.Helper()
	close()
	ctx := ctxFor(t, 10*time.Second)
	if err := s.Wait(ctx, func(x *client.State) bool { return seat < len(x.Table) && !x.Table[seat].Connected }); err != nil {
		t.Fatalf("%s: her seat never showed away: %v", what, err)
	}
}
