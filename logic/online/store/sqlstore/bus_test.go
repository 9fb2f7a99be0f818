//go:build !js

package sqlstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

// eventWait bounds a wait for an event, or for calls that must not
// block: a ceiling for a hang, not a speed goal. An event comes in
// milliseconds on an idle machine; 5 s was within reach of a -race run
// starved at load ~90, where a store call passed 30 s (8f56a1f).
const eventWait = time.Minute

// next waits (boundedly) for the next event of kind on sub.
func next(t *testing.T, sub *store.Subscription, kind store.EventKind) store.Event {
	t.Helper()
	timeout := time.After(eventWait)
	for {
		select {
		case e, ok := <-sub.C():
			if !ok {
				t.Fatalf("subscription ended while waiting for %s: %v", kind, sub.Err())
			}
			if e.Kind == kind {
				return e
			}
		case <-timeout:
			t.Fatalf("no %s event within %v", kind, eventWait)
		}
	}
}

// TestBusBetweenNodes: a move committed through one Store is heard by a
// subscriber of another Store on the same database (PostgreSQL: NOTIFY
// from one node, LISTEN on the other). For SQLite, a single node, the
// store's own subscribers hear it.
func TestBusBetweenNodes(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		a := open(t, dsn)
		b := a
		if a.Engine() == store.EnginePostgres {
			b = open(t, dsn)
		}
		sub := b.Bus().Subscribe(16)
		defer sub.Close()
		ann, bob := guest(t, a, "Ann"), guest(t, a, "Bob")
		g := twoPlayer(t, a, ann.ID, bob.ID, 0)
		start := time.Now()
		deadline := time.Now().Add(time.Hour).Truncate(time.Millisecond).UTC()
		stored, err := a.AppendMove(ctx, store.Append{Game: g.ID, Ply: 1, Move: "Na", By: ann.ID, ToMoveSeat: 1, Deadline: deadline})
		if err != nil {
			t.Fatal(err)
		}
		e := next(t, sub, store.EventMove)
		if e.Game != g.ID || e.Ply != 1 || e.Version != g.Version+1 {
			t.Fatalf("event %+v, want game %s ply 1 version %d", e, g.ID, g.Version+1)
		}
		// The event carries the move as stored, for the other node to
		// apply without reading it back.
		m, ap, ok := e.StoredMove()
		if !ok || m != stored || ap.ToMoveSeat != 1 || !ap.Deadline.Equal(deadline) || ap.Status != store.StatusNone {
			t.Fatalf("the move event says %+v / %+v (%v); want %+v, seat 1 to move, deadline %v", m, ap, ok, stored, deadline)
		}
		rec, err := b.Game(ctx, g.ID)
		if err != nil || rec.Version != e.Version || rec.Ply != 1 || rec.ToMoveSeat != 1 || !rec.Deadline.Equal(deadline) {
			t.Fatalf("stored game %+v (%v), want the event's version %d, ply 1, seat 1, deadline %v", rec, err, e.Version, deadline)
		}
		t.Logf("%s: move heard by the other store after %v", a.Engine(), time.Since(start))

		// A refused move publishes nothing; the next event is the
		// server's own, published through the bus.
		if _, err := a.AppendMove(ctx, store.Append{Game: g.ID, Ply: 1, Move: "Sb", By: bob.ID}); !errors.Is(err, store.ErrPlyTaken) {
			t.Fatal(err)
		}
		if err := a.Bus().Publish(ctx, store.Event{Game: g.ID, Kind: "takeback-offer", Ply: 1, Data: "from ann"}); err != nil {
			t.Fatal(err)
		}
		select {
		case e := <-sub.C():
			if e.Kind != "takeback-offer" || e.Data != "from ann" || e.Origin == "" {
				t.Fatalf("after a refused move, heard %+v; want the published offer", e)
			}
		case <-time.After(eventWait):
			t.Fatalf("published event not heard within %v", eventWait)
		}

		for _, bad := range []store.Event{{Kind: "x"}, {Game: g.ID}, {Game: g.ID, Kind: "x", Data: string(make([]byte, store.MaxEventData+1))}} {
			if err := a.Bus().Publish(ctx, bad); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("Publish(%.40v) = %v, want ErrInvalid", bad, err)
			}
		}
	})
}

// TestSlowSubscriberDropped: a subscriber that reads nothing is dropped
// when its buffer is full; the store and a reading subscriber go on.
func TestSlowSubscriberDropped(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s := open(t, dsn)
		slow := s.Bus().Subscribe(2)
		fast := s.Bus().Subscribe(64)
		defer fast.Close()
		ann, bob := guest(t, s, "Ann"), guest(t, s, "Bob")
		g := twoPlayer(t, s, ann.ID, bob.ID, 0)
		const moves = 6
		done := make(chan error, 1)
		go func() {
			for ply := 1; ply <= moves; ply++ {
				if _, err := s.AppendMove(ctx, store.Append{Game: g.ID, Ply: ply, Move: "Na", By: ann.ID}); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(eventWait):
			t.Fatal("a subscriber that reads nothing blocked the store")
		}
		for ply := 1; ply <= moves; ply++ {
			if e := next(t, fast, store.EventMove); e.Ply != ply {
				t.Fatalf("fast subscriber heard ply %d, want %d", e.Ply, ply)
			}
		}
		n := 0
		for range slow.C() { // ends: the channel is closed
			n++
		}
		if !errors.Is(slow.Err(), store.ErrSlow) || n != 2 {
			t.Fatalf("slow subscriber: %d events then %v; want its 2 buffered and ErrSlow", n, slow.Err())
		}
		slow.Close() // harmless after the drop
	})
}

func TestSubscriptionsEndAtClose(t *testing.T) {
	each(t, func(t *testing.T, dsn string) {
		s, err := sqlstore.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		own := s.Bus().Subscribe(1)
		own.Close()
		if _, ok := <-own.C(); ok || own.Err() != nil {
			t.Fatalf("after the subscriber's Close: open channel or Err %v, want nil", own.Err())
		}
		sub := s.Bus().Subscribe(1)
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if _, ok := <-sub.C(); ok || !errors.Is(sub.Err(), store.ErrClosed) {
			t.Fatalf("after Close: open channel or Err %v", sub.Err())
		}
		late := s.Bus().Subscribe(1)
		if _, ok := <-late.C(); ok || !errors.Is(late.Err(), store.ErrClosed) {
			t.Fatal("a subscription made after Close is open")
		}
	})
}

// TestListenerReconnects kills the PostgreSQL connection a store LISTENs
// on (as a database restart or a network cut would): its subscribers are
// told to resync, and events flow again.
func TestListenerReconnects(t *testing.T) {
	dsn := fresh(t, store.EnginePostgres)
	ctx := ctxT(t)
	a, b := open(t, dsn), open(t, dsn)
	sub := b.Bus().Subscribe(64)
	defer sub.Close()
	ann, bob := guest(t, a, "Ann"), guest(t, a, "Bob")
	g := twoPlayer(t, a, ann.ID, bob.ID, 0)
	// The backends LISTENing on this schema's channel (both stores'),
	// never another test's.
	res, err := rawDB(t, dsn).ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid()
		AND query LIKE 'LISTEN %' AND position(current_schema() in query) > 0`)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n < 1 {
		t.Fatalf("no LISTEN connection found to kill (%d)", n)
	}
	if e := next(t, sub, store.EventResync); e.Game != "*" {
		t.Fatalf("resync event %+v", e)
	}
	if _, err := a.AppendMove(ctx, store.Append{Game: g.ID, Ply: 1, Move: "Na", By: ann.ID, ToMoveSeat: 1}); err != nil {
		t.Fatal(err)
	}
	if e := next(t, sub, store.EventMove); e.Game != g.ID || e.Ply != 1 {
		t.Fatalf("after the reconnect: %+v", e)
	}
}
