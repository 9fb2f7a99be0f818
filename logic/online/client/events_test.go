package client

import (
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/logic/online/proto"
)

// TestEventsSinceAndSeats: the table follows the seat events, and a
// reader of EventsSince sees every event once in order, however many
// came, as long as it reads before maxEvents more come; one that falls
// further behind gets those kept.
func TestEventsSinceAndSeats(t *testing.T) {
	s := &Session{changed: make(chan struct{})}
	s.st.Table = []proto.SeatInfo{{Seat: 0, Kind: proto.SeatHuman, Name: "Ann", Connected: true}, {Seat: 1, Kind: proto.SeatOpen}, {Seat: 2, Kind: proto.SeatHuman, Name: "Cid"}}
	s.st.Seats = []int{0, 2}
	steps := []struct {
		m    proto.Msg
		want proto.SeatInfo
	}{
		{proto.Msg{T: proto.TSeat, Seat: 1, What: proto.WhatJoined, Why: "Bob"}, proto.SeatInfo{Seat: 1, Kind: proto.SeatHuman, Name: "Bob"}},
		{proto.Msg{T: proto.TSeat, Seat: 1, What: proto.WhatConnected}, proto.SeatInfo{Seat: 1, Kind: proto.SeatHuman, Name: "Bob", Connected: true}},
		{proto.Msg{T: proto.TSeat, Seat: 1, What: proto.WhatLeft}, proto.SeatInfo{Seat: 1, Kind: proto.SeatHuman, Name: "Bob"}},
		{proto.Msg{T: proto.TSeat, Seat: 2, What: proto.WhatComputer, Why: "time", Level: 3}, proto.SeatInfo{Seat: 2, Kind: proto.SeatComputer, Level: 3}},
	}
	read := 0
	for i, st := range steps {
		s.handle(st.m)
		if got := s.st.Table[st.want.Seat]; got != st.want {
			t.Fatalf("step %d (%s %s): seat %+v, want %+v", i, st.m.What, st.m.Why, got, st.want)
		}
		evs, n := s.EventsSince(read)
		if len(evs) != 1 || evs[0].Seat != st.m.Seat || evs[0].What != st.m.What || n != i+1 {
			t.Fatalf("step %d: EventsSince(%d) = %d events, %d", i, read, len(evs), n)
		}
		read = n
	}
	if len(s.st.Seats) != 1 || s.st.Seats[0] != 0 {
		t.Fatalf("the seat the computer took is still held: %v", s.st.Seats)
	}
	// A reader that keeps up never misses one, past the kept window.
	for i := 0; i < 3*maxEvents; i++ {
		s.handle(proto.Msg{T: proto.TSeat, Seat: 0, What: []string{proto.WhatLeft, proto.WhatConnected}[i%2], Ply: i})
		if i%7 == 6 {
			evs, n := s.EventsSince(read)
			if len(evs) != 7 || evs[0].Ply != i-6 || evs[6].Ply != i {
				t.Fatalf("after %d: %d events from ply %d", i, len(evs), evs[0].Ply)
			}
			read = n
		}
	}
	if !s.st.Table[0].Connected {
		t.Fatal("seat 0 is away after its last event said connected")
	}
	// One that fell behind gets the kept ones; a count from the future
	// gets nothing.
	if evs, n := s.EventsSince(0); len(evs) != maxEvents || n != 4+3*maxEvents {
		t.Fatalf("EventsSince(0): %d events, count %d", len(evs), n)
	}
	if evs, _ := s.EventsSince(1 << 30); len(evs) != 0 {
		t.Fatalf("EventsSince(far ahead): %d events", len(evs))
	}
}

// TestStateVersionAndParsedMoves: every change of the state (a state, a
// move, a repeat refused, a takeback) is a new version, and the moves
// are kept parsed beside their notation, the same after each change.
func TestStateVersionAndParsedMoves(t *testing.T) {
	s := &Session{changed: make(chan struct{})}
	start, err := logic.NewGame(logic.Standard(logic.Express, 2, nil))
	if err != nil {
		t.Fatal(err)
	}
	var buf [logic.MaxMoves]logic.Move
	pos := start
	var moves []string
	for range 4 {
		mv := pos.Moves(buf[:0])[0]
		moves = append(moves, mv.String())
		if err := pos.Play(mv, nil); err != nil {
			t.Fatal(err)
		}
	}
	ver := s.st.Ver
	check := func(what string, ply int) {
		t.Helper()
		if s.st.Ver <= ver {
			t.Fatalf("%s: version %d, was %d", what, s.st.Ver, ver)
		}
		ver = s.st.Ver
		if len(s.st.Moves) != ply || len(s.st.Parsed) != ply {
			t.Fatalf("%s: %d moves, %d parsed, want %d", what, len(s.st.Moves), len(s.st.Parsed), ply)
		}
		p := start
		for i, mv := range s.st.Parsed {
			if mv.String() != s.st.Moves[i] || mv.String() != moves[i] || p.Play(mv, nil) != nil {
				t.Fatalf("%s: parsed %s at %d, notation %s, played %s", what, mv, i, s.st.Moves[i], moves[i])
			}
		}
		if p != s.st.Pos {
			t.Fatalf("%s: the position is not the moves'", what)
		}
	}
	s.handle(proto.Msg{T: proto.TState, Pos: start.String(), Moves: moves[:2], Status: "playing"})
	check("state", 2)
	s.handle(proto.Msg{T: proto.TMoved, Ply: 3, Move: moves[2]})
	check("moved", 3)
	s.handle(proto.Msg{T: proto.TMoved, Ply: 3, Move: moves[2]}) // a repeat: no move more
	check("repeat", 3)
	s.basePos, s.baseFrom = start, 0
	s.handle(proto.Msg{T: proto.TUndone, Ply: 1})
	check("undone", 1)
	at1 := start // a state from ply 1 carries the position there
	if err := at1.PlayString(moves[0], nil); err != nil {
		t.Fatal(err)
	}
	s.handle(proto.Msg{T: proto.TState, Pos: at1.String(), From: 1, Moves: moves[1:4], Status: "playing"})
	check("state from 1", 4)
}

// TestEveryEventHandled: the client's handler covers proto's table (the
// check open makes), and the check finds each kind of gap: an event
// neither handled nor kept, and a handler for a type the table lacks or
// has as a command.
func TestEveryEventHandled(t *testing.T) {
	if err := eventsCovered(); err != nil {
		t.Fatal(err)
	}
	gaps := []struct {
		name string
		edit func(handled map[proto.Type]bool)
		want string
	}{
		{"an event neither handled nor kept", func(h map[proto.Type]bool) { delete(h, proto.TMoved) }, "moved is neither handled nor kept"},
		{"a type the table lacks", func(h map[proto.Type]bool) { h["teleported"] = true }, "serves teleported"},
		{"a command as an event", func(h map[proto.Type]bool) { h[proto.TMove] = true }, "serves move"},
	}
	for _, gap := range gaps {
		handled := map[proto.Type]bool{}
		for typ := range events {
			handled[typ] = true
		}
		gap.edit(handled)
		err := coverEvents(handled)
		if err == nil || !strings.Contains(err.Error(), gap.want) {
			t.Errorf("%s: %v, want an error saying %q", gap.name, err, gap.want)
		}
	}
}
