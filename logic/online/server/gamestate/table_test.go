//go:build !js

package gamestate

import (
	"math/rand/v2"
	"testing"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// twoPlayers is a playing Express game: Ann holds seat 0, Bob seat 1.
func twoPlayers(t testing.TB) *Table {
	rec := store.Game{ID: "g", Status: store.StatusPlaying, Setup: store.Setup{Variant: "express", Players: 2},
		Seats: []store.Seat{{Index: 0, Guest: "ann"}, {Index: 1, Guest: "bob"}}}
	tb, err := New(rec, nil, map[string]string{"ann": "Ann", "bob": "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// play stores and applies a checked move as the actor does.
func play(t testing.TB, tb *Table, guest string, m proto.Msg) *proto.Msg {
	mv, dup, ref := tb.CheckMove(guest, tb.Held(guest), m)
	if ref != nil || dup {
		return ref
	}
	a := tb.AppendFor(mv, guest, time.Unix(0, 0))
	if err := tb.Apply(store.Move{Game: tb.Rec.ID, Ply: a.Ply, Move: a.Move, By: guest, At: a.At}, a, m.ID); err != nil {
		t.Fatal(err)
	}
	return nil
}

func TestCheckMove(t *testing.T) {
	tb := twoPlayers(t)
	if ref := play(t, tb, "ann", proto.Msg{T: proto.TMove, Ply: 1, ID: "a1", Move: "Nc"}); ref != nil {
		t.Fatalf("Ann's first move refused: %+v", ref)
	}
	for _, tc := range []struct {
		name  string
		guest string
		m     proto.Msg
		code  proto.Code // "" for accepted; "dup" for a resend
	}{
		{"§2 out of turn: Ann again", "ann", proto.Msg{Ply: 2, ID: "a2", Move: "Nd"}, proto.CodeNotYourSeat},
		{"a spectator", "", proto.Msg{Ply: 2, ID: "s", Move: "Nd"}, proto.CodeNotYourTurn},
		{"a stranger", "eve", proto.Msg{Ply: 2, ID: "e", Move: "Nd"}, proto.CodeNotYourTurn},
		{"ply ahead", "bob", proto.Msg{Ply: 3, ID: "b", Move: "Nd"}, proto.CodeStalePly},
		{"Ann's resend, same id", "ann", proto.Msg{Ply: 1, ID: "a1", Move: "Nc"}, "dup"},
		{"Ann's resend after a restart (id lost, same move)", "ann", proto.Msg{Ply: 1, ID: "other", Move: "Nc"}, "dup"},
		{"Bob claims ply 1 with another move", "bob", proto.Msg{Ply: 1, ID: "b", Move: "Ne"}, proto.CodeStalePly},
		{"Ann's rival move at ply 1", "ann", proto.Msg{Ply: 1, ID: "a9", Move: "Ne"}, proto.CodeStalePly},
		// Issue 46: the same id with another move was acknowledged.
		{"Ann's resend, same id, another move", "ann", proto.Msg{Ply: 1, ID: "a1", Move: "Ne"}, proto.CodeStalePly},
		{"§2 not an entry point", "bob", proto.Msg{Ply: 2, ID: "b", Move: "Z9"}, proto.CodeIllegal},
		{"§5 Express scores no lines", "bob", proto.Msg{Ply: 2, ID: "b", Move: "Ndxa1-a4"}, proto.CodeIllegal},
		{"wrong seat named", "bob", proto.Msg{Ply: 2, ID: "b", Move: "Nd", Seat: 0}, ""},
		{"Bob's move", "bob", proto.Msg{Ply: 2, ID: "b", Move: "Nd"}, ""},
	} {
		tc.m.T = proto.TMove
		_, dup, ref := tb.CheckMove(tc.guest, tb.Held(tc.guest), tc.m)
		got := proto.Code("")
		switch {
		case ref != nil:
			got = ref.Code
		case dup:
			got = "dup"
		}
		if got != tc.code {
			t.Errorf("%s: got %q, want %q (%+v)", tc.name, got, tc.code, ref)
		}
	}
	if tb.Ply() != 1 {
		t.Fatalf("checking applied something: ply %d", tb.Ply())
	}
	tb.Rec.Status = store.StatusOpen
	if _, _, ref := tb.CheckMove("bob", tb.Held("bob"), proto.Msg{T: proto.TMove, Ply: 2, ID: "b", Move: "Nd"}); ref == nil || ref.Code != proto.CodeWaiting {
		t.Errorf("a move in an open game: %+v, want waiting", ref)
	}
}

// TestStateResumes: the state for a client at ply k holds the position at
// k and exactly the moves after it, which replayed give the game's.
func TestStateResumes(t *testing.T) {
	tb := twoPlayers(t)
	r := rand.New(rand.NewPCG(1, 2))
	guests := []string{"ann", "bob"}
	for tb.Ply() < 12 && !tb.Pos.Over() {
		var buf [logic.MaxMoves]logic.Move
		moves := tb.Pos.Moves(buf[:0])
		g := guests[tb.Pos.ToMoveSeat()]
		if ref := play(t, tb, g, proto.Msg{T: proto.TMove, Ply: tb.Ply() + 1, ID: "x", Move: moves[r.IntN(len(moves))].String()}); ref != nil {
			t.Fatal(ref)
		}
	}
	for _, from := range []int{0, 1, 5, tb.Ply(), tb.Ply() + 3, -1} {
		st := tb.State(from)
		p, err := logic.ParsePosition(st.Pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range st.Moves {
			if err := p.PlayString(m, nil); err != nil {
				t.Fatalf("from %d: %v", from, err)
			}
		}
		if p.String() != tb.Pos.String() || st.Ply != tb.Ply() || st.From+len(st.Moves) != st.Ply {
			t.Errorf("from %d: state %+v does not rebuild the game", from, st)
		}
	}
}

func TestOffers(t *testing.T) {
	tb := twoPlayers(t)
	if _, why := tb.Offer(1, proto.OfferTakeback); why == "" {
		t.Error("a takeback with no move was accepted")
	}
	play(t, tb, "ann", proto.Msg{T: proto.TMove, Ply: 1, ID: "a", Move: "Nc"})
	if agreed, why := tb.Offer(1, proto.OfferTakeback); agreed || why != "" {
		t.Errorf("Ann alone agreed a takeback: %v %q", agreed, why)
	}
	if agreed, _ := tb.Offer(2, proto.OfferTakeback); !agreed {
		t.Error("both seats said yes and it is not agreed")
	}
	if tb.TakebackTo() != 0 {
		t.Errorf("takeback to %d, want 0", tb.TakebackTo())
	}
	if _, why := tb.Offer(1, proto.OfferRematch); why == "" {
		t.Error("a rematch of a game not over was accepted")
	}
}

// FuzzHandle feeds hostile frames to the decoder and the Table as the
// actor would, from a random guest: nothing panics, a refused command
// changes nothing, an accepted move adds exactly one ply, and the Table's
// position is always its moves replayed from the start.
func FuzzHandle(f *testing.F) {
	f.Add([]byte(`{"t":"move","ply":1,"id":"a","move":"Nc"}`), uint8(0))
	f.Add([]byte(`{"t":"move","ply":2,"id":"b","move":"Sd"}`), uint8(1))
	f.Add([]byte(`{"t":"move","ply":1,"id":"a","move":"Ncxa1-a4=a1"}`), uint8(2))
	f.Add([]byte(`{"t":"offer","ply":1,"kind":"takeback"}`), uint8(1))
	f.Fuzz(func(t *testing.T, frame []byte, who uint8) {
		tb := twoPlayers(t)
		guest := []string{"ann", "bob", "", "eve"}[who%4]
		for i := 0; i < 3; i++ { // the same frame, again and again, as a flood would
			m, err := proto.Decode(frame)
			if err != nil {
				return
			}
			before := tb.Ply()
			switch m.T {
			case proto.TMove:
				ref := play(t, tb, guest, m)
				if ref != nil && tb.Ply() != before {
					t.Fatalf("a refused move changed the game: %+v", ref)
				}
				if ref == nil && tb.Ply() > before+1 {
					t.Fatal("one move added more than one ply")
				}
			case proto.TOffer:
				tb.Offer(tb.Held(guest), m.Kind)
			}
			if p := tb.PositionAt(tb.Ply()); p.String() != tb.Pos.String() {
				t.Fatalf("position %s is not the moves replayed: %s", tb.Pos.String(), p.String())
			}
		}
	})
}
