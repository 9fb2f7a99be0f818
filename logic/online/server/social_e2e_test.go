//go:build !js

package server_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// eachEngine runs fn against a node on SQLite (a data folder) and on
// PostgreSQL (skipped without SHIFTAGO_TEST_POSTGRES): args are the
// node's database flags, the same for a restart.
func eachEngine(t *testing.T, fn func(t *testing.T, args []string)) {
	t.Run(store.EngineSQLite, func(t *testing.T) {
		t.Parallel()
		fn(t, []string{"--data", t.TempDir()})
	})
	t.Run(store.EnginePostgres, func(t *testing.T) {
		dsn := storetest.FreshDSN(t, store.EnginePostgres)
		t.Parallel()
		fn(t, []string{"--db", dsn})
	})
}

// cursor reads a session's events from where it last stopped.
type cursor struct {
	s *client.Session
	n int
}

func follow(s *client.Session) *cursor {
	_, n := s.EventsSince(0)
	return &cursor{s: s, n: n}
}

// next waits for the next event that matches, past those already read,
// and says which events it passed over.
func (c *cursor) next(t *testing.T, ctx context.Context, what string, match func(proto.Msg) bool) (proto.Msg, []proto.Msg) {
	t.Helper()
	var passed []proto.Msg
	for {
		evs, n := c.s.EventsSince(c.n)
		for i, e := range evs {
			if match(e) {
				c.n = n - len(evs) + i + 1
				return e, passed
			}
			passed = append(passed, e)
		}
		passed = passed[:0]
		select {
		case <-ctx.Done():
			evs, _ := c.s.EventsSince(c.n)
			t.Fatalf("no %s: events since %v", what, evs)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func offered(kind string, seats ...int) func(proto.Msg) bool {
	return func(m proto.Msg) bool { return m.T == proto.TOffered && m.Kind == kind && slices.Equal(m.Seats, seats) }
}

func refused(code proto.Code) func(proto.Msg) bool {
	return func(m proto.Msg) bool { return m.T == proto.TRefused && m.Code == code }
}

func isT(typ proto.Type) func(proto.Msg) bool { return func(m proto.Msg) bool { return m.T == typ } }

// send sends a command, waiting for the session to be connected (after
// a restart of the server it reconnects by itself).
func send(t *testing.T, s *client.Session, m proto.Msg) {
	t.Helper()
	for i := 0; ; i++ {
		err := s.Send(m)
		if err == nil {
			return
		}
		if i == 200 {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// threeOn is a playing game of Ann, Bob and Cid, each on a node of
// bases (by seat), and its spectator code.
func threeOn(t *testing.T, ctx context.Context, bases ...string) (ss []*client.Session, watch string) {
	req := proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}, {Kind: "open"}}}
	var cs []*client.Client
	for i, name := range []string{"Ann", "Bob", "Cid"} {
		cs = append(cs, guest(t, ctx, name, bases[i%len(bases)]))
	}
	g, err := cs[0].Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs[1:] {
		if _, err := c.Join(ctx, g.Invite); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cs {
		ss = append(ss, open(t, ctx, c, g.Game))
	}
	for _, s := range ss {
		if err := s.Wait(ctx, func(x *client.State) bool { return x.Status == proto.StatusPlaying }); err != nil {
			t.Fatal(err)
		}
	}
	return ss, g.Watch
}

// threeWatched is threeOn on one node, with a spectator's session.
func threeWatched(t *testing.T, ctx context.Context, base string) (ann, bob, cid, spec *client.Session) {
	ss, watch := threeOn(t, ctx, base)
	spec, err := client.New(base).Watch(ctx, watch)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(spec.Close)
	return ss[0], ss[1], ss[2], spec
}

// TestServeDrawOffer: in a three-player game a draw offer gathers the
// players' agreement, outlasts a kill -9 of the server, and ends the game
// drawn when the last accepts; a move voids an offer; a seat's offers are
// limited; an offer from a spectator, a refusal with no offer and an
// offer in a finished game are refused. Both engines.
func TestServeDrawOffer(t *testing.T) {
	eachEngine(t, func(t *testing.T, args []string) {
		ctx := ctxFor(t, 60*time.Second)
		n := startNode(t, "127.0.0.1:0", args...)
		ann, bob, cid, spec := threeWatched(t, ctx, n.Base)
		ca, cb, cc, cs := follow(ann), follow(bob), follow(cid), follow(spec)

		// Hostile: a spectator offers; a refusal with nothing offered.
		send(t, spec, proto.Msg{T: proto.TOffer, Kind: proto.OfferDraw})
		cs.next(t, ctx, "a spectator's offer refused", refused(proto.CodeNotYourSeat))
		send(t, bob, proto.Msg{T: proto.TDecline, Kind: proto.OfferDraw})
		cb.next(t, ctx, "a decline with no offer refused", refused(proto.CodeNoOffer))

		// Ann offers; a move voids it: Bob's "accept" after it is a new offer.
		send(t, ann, proto.Msg{T: proto.TOffer, Kind: proto.OfferDraw})
		cc.next(t, ctx, "Ann's offer at Cid's", offered(proto.OfferDraw, 0))
		if _, err := ann.Play(ctx, "Nd"); err != nil {
			t.Fatal(err)
		}
		send(t, bob, proto.Msg{T: proto.TOffer, Ply: 1, Kind: proto.OfferDraw})
		ca.next(t, ctx, "Bob's new offer after the move", offered(proto.OfferDraw, 1))

		// Ann accepts: two of three. The server dies and comes back.
		send(t, ann, proto.Msg{T: proto.TOffer, Ply: 1, Kind: proto.OfferDraw})
		cc.next(t, ctx, "Ann's acceptance", offered(proto.OfferDraw, 0, 1))
		n.Kill9()
		n = startNode(t, n.Addr, args...) // the same port: the sessions come back by themselves
		cc.next(t, ctx, "the offer after the restart", offered(proto.OfferDraw, 0, 1))
		late := open(t, ctx, cid.Client(), cid.Snapshot().Game) // a new device of Cid's
		from0 := &cursor{s: late}
		from0.next(t, ctx, "the offer on a new connection", offered(proto.OfferDraw, 0, 1))

		// Cid accepts from the new device: a draw, told to everyone.
		send(t, late, proto.Msg{T: proto.TOffer, Ply: 1, Kind: proto.OfferDraw})
		// Every session ends drawn: by the over event, or by the state of
		// a reconnect that came after it (a session still reconnecting
		// after the restart hears the end that way).
		for _, s := range []*client.Session{late, ann, bob, cid, spec} {
			err := s.Wait(ctx, func(x *client.State) bool {
				return x.Status == proto.StatusFinished && x.Result == "draw" && x.Why == "agreed"
			})
			if err != nil {
				t.Fatalf("the agreed draw did not reach a session: %v (%+v)", err, s.Snapshot())
			}
		}
		send(t, ann, proto.Msg{T: proto.TOffer, Ply: 1, Kind: proto.OfferDraw})
		ca.next(t, ctx, "an offer in a finished game refused", refused(proto.CodeNoOffer))
	})
}

// TestServeDrawOfferLimit: a seat starts at most MaxDrawOffers draw
// offers a game; declined ones count, acceptances do not.
func TestServeDrawOfferLimit(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir())
	ctx := ctxFor(t, 40*time.Second)
	ann, bob, _, _ := pair(t, ctx, n.Base, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	ca, cb := follow(ann), follow(bob)
	for range proto.MaxDrawOffers {
		send(t, ann, proto.Msg{T: proto.TOffer, Kind: proto.OfferDraw})
		cb.next(t, ctx, "Ann's offer", offered(proto.OfferDraw, 0))
		send(t, bob, proto.Msg{T: proto.TDecline, Kind: proto.OfferDraw})
		ca.next(t, ctx, "Bob's refusal", func(m proto.Msg) bool { return m.T == proto.TDeclined && m.Kind == proto.OfferDraw })
	}
	send(t, ann, proto.Msg{T: proto.TOffer, Kind: proto.OfferDraw})
	ca.next(t, ctx, "one offer too many refused", refused(proto.CodeNoOffer))
	send(t, bob, proto.Msg{T: proto.TOffer, Kind: proto.OfferDraw}) // Bob's are his own
	ca.next(t, ctx, "Bob's offer", offered(proto.OfferDraw, 1))
}

// TestServeDrawOfferTwoNodes: Ann on one node, Bob on another sharing
// PostgreSQL: the offer crosses on the bus, Bob's acceptance ends the
// game on both, and a quick message and a block cross too.
func TestServeDrawOfferTwoNodes(t *testing.T) {
	dsn := storetest.FreshDSN(t, store.EnginePostgres)
	t.Parallel()
	a := startNode(t, "127.0.0.1:0", "--db", dsn)
	b := startNode(t, "127.0.0.1:0", "--db", dsn)
	ctx := ctxFor(t, 50*time.Second)
	ann, bob, _, _ := pairOn(t, ctx, a.Base, b.Base, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	ca, cb := follow(ann), follow(bob)
	send(t, ann, proto.Msg{T: proto.TSay, Phrase: "goodluck"})
	said, _ := cb.next(t, ctx, "Ann's quick message on the other node", isT(proto.TSaid))
	if said.Seat != 0 || said.Phrase != "goodluck" {
		t.Fatalf("said %+v", said)
	}
	send(t, ann, proto.Msg{T: proto.TOffer, Kind: proto.OfferDraw})
	cb.next(t, ctx, "Ann's offer on the other node", offered(proto.OfferDraw, 0))
	send(t, bob, proto.Msg{T: proto.TOffer, Kind: proto.OfferDraw})
	for _, c := range []*cursor{ca, cb} {
		if over, _ := c.next(t, ctx, "the draw on both nodes", isT(proto.TOver)); over.Result != "draw" {
			t.Fatalf("over %+v", over)
		}
	}
	// Bob blocks Ann on his node: her messages stop reaching him.
	send(t, bob, proto.Msg{T: proto.TBlock, Seat: 0})
	cb.next(t, ctx, "Bob's block", func(m proto.Msg) bool { return m.T == proto.TBlocked && slices.Equal(m.Seats, []int{0}) })
	send(t, ann, proto.Msg{T: proto.TSay, Phrase: "goodgame"})
	ca.next(t, ctx, "Ann's own message", isT(proto.TSaid))
	send(t, bob, proto.Msg{T: proto.TSay, Phrase: "thanks"})
	if _, passed := cb.next(t, ctx, "Bob's own message", func(m proto.Msg) bool { return m.T == proto.TSaid && m.Seat == 1 }); len(passed) != 0 {
		t.Fatalf("Bob, who blocked Ann, got %v", passed)
	}
}

// TestServeQuickMessages: a phrase reaches every player and the
// spectator; a spectator cannot say one, an unknown phrase or free text
// is refused, a flood is cut; a block is kept (a new connection is told
// it) and stops the blocked player's messages until it is lifted. Both
// engines.
func TestServeQuickMessages(t *testing.T) {
	eachEngine(t, func(t *testing.T, args []string) {
		ctx := ctxFor(t, 60*time.Second)
		n := startNode(t, "127.0.0.1:0", args...)
		ann, bob, cid, spec := threeWatched(t, ctx, n.Base)
		ca, cb, cc, cs := follow(ann), follow(bob), follow(cid), follow(spec)

		send(t, ann, proto.Msg{T: proto.TSay, Phrase: "hello"})
		for _, c := range []*cursor{ca, cb, cc, cs} {
			m, _ := c.next(t, ctx, "Ann's hello", isT(proto.TSaid))
			if m.Seat != 0 || m.Phrase != "hello" {
				t.Fatalf("said %+v", m)
			}
		}
		// Hostile input.
		send(t, spec, proto.Msg{T: proto.TSay, Phrase: "hello"})
		cs.next(t, ctx, "a spectator's message refused", refused(proto.CodeNotYourSeat))
		if err := cid.SendRaw([]byte(`{"t":"say","ply":0,"phrase":"you are bad"}`)); err != nil {
			t.Fatal(err)
		}
		cc.next(t, ctx, "free text refused", refused(proto.CodeBadMessage))
		send(t, cid, proto.Msg{T: proto.TBlock, Seat: 2})
		cc.next(t, ctx, "blocking oneself refused", refused(proto.CodeNotYourSeat))

		// Bob blocks Ann: kept, told to a new connection of his.
		send(t, bob, proto.Msg{T: proto.TBlock, Seat: 0})
		cb.next(t, ctx, "Bob's block", func(m proto.Msg) bool { return m.T == proto.TBlocked && slices.Equal(m.Seats, []int{0}) })
		again := open(t, ctx, bob.Client(), bob.Snapshot().Game)
		(&cursor{s: again}).next(t, ctx, "the block on a new connection", func(m proto.Msg) bool { return m.T == proto.TBlocked && slices.Equal(m.Seats, []int{0}) })
		send(t, ann, proto.Msg{T: proto.TSay, Phrase: "oops"})
		cc.next(t, ctx, "Ann's oops at Cid's", func(m proto.Msg) bool { return m.T == proto.TSaid && m.Phrase == "oops" })
		send(t, bob, proto.Msg{T: proto.TSay, Phrase: "takeyourtime"})
		if _, passed := cb.next(t, ctx, "Bob's own message", func(m proto.Msg) bool { return m.T == proto.TSaid && m.Seat == 1 }); slices.ContainsFunc(passed, isT(proto.TSaid)) {
			t.Fatalf("Bob, who blocked Ann, got %v", passed)
		}

		// A flood: Ann has had 2 of her 3; the 4th in a row is refused.
		for range 3 {
			send(t, ann, proto.Msg{T: proto.TSay, Phrase: "wellplayed"})
		}
		ca.next(t, ctx, "a flood cut", refused(proto.CodeRate))

		// Bob lifts the block after a restart: kept across it, then gone.
		n.Kill9()
		n = startNode(t, n.Addr, args...)
		cb.next(t, ctx, "the block after the restart", func(m proto.Msg) bool { return m.T == proto.TBlocked && slices.Equal(m.Seats, []int{0}) })
		send(t, bob, proto.Msg{T: proto.TUnblock, Seat: 0})
		cb.next(t, ctx, "the block lifted", func(m proto.Msg) bool { return m.T == proto.TBlocked && len(m.Seats) == 0 })
		send(t, ann, proto.Msg{T: proto.TSay, Phrase: "thanks"})
		cb.next(t, ctx, "Ann's thanks after the unblock", func(m proto.Msg) bool { return m.T == proto.TSaid && m.Phrase == "thanks" })
	})
}
