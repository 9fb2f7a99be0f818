package play

import (
	"runtime"
	"slices"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/record"
)

// refGame is a whole Express game between two level-1 computers: the
// moves the human and the remote seat will make.
func refGame(t *testing.T) []logic.Move {
	t.Helper()
	p, err := logic.NewGame(logic.Standard(logic.Express, 2, nil))
	if err != nil {
		t.Fatal(err)
	}
	var moves []logic.Move
	for k := 0; !p.Over(); k++ {
		mv := ai.Think(p, ai.Config{Level: 1, Seed: uint64(k), Workers: 1})
		if err := p.Play(mv, nil); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, mv)
	}
	return moves
}

// TestRemotePlayerStandIn: a human here against somebody elsewhere whose
// moves arrive early and out of order, twice, late, illegal, contradicted,
// far ahead, and (the last one) not at all until the end. The controller
// plays the reference game exactly, never plays a move out of turn, waits
// without moving while a move is missing, and sends each move made here
// once, in order. Nothing in the controller knows the remote player.
func TestRemotePlayerStandIn(t *testing.T) {
	ref := refGame(t)
	st := DefaultSetup()
	st.Seats[0].Player = record.Player{Kind: record.Human}
	st.Seats[1].Player = record.Player{Kind: record.Remote}
	st.Starter = 0
	s, _, _, err := NewSession(st, "", nil, 1, 1, "2026-11-25")
	if err != nil {
		t.Fatal(err)
	}
	if s.M.Start.SeatColor(0) != logic.Standard(logic.Express, 2, nil).Seats[0] {
		t.Fatal("the session's seats are not the reference game's")
	}
	type sent struct {
		ply int
		mv  logic.Move
	}
	var out []sent
	r := NewRemotePlayer(func(ply int, mv logic.Move) { out = append(out, sent{ply, mv}) })
	c := NewController(s, Pace{Hurry: true})
	if err := c.Seat(1, r); err != nil {
		t.Fatal(err)
	}

	// The remote plies: those the second seat plays in the reference.
	var theirs []int
	p := s.M.Start
	for k, mv := range ref {
		if p.ToMoveSeat() == 1 {
			theirs = append(theirs, k)
		}
		p.Apply(mv, nil)
	}
	if len(theirs) < 6 {
		t.Fatalf("a reference game with %d remote moves is too short to test", len(theirs))
	}
	last := theirs[len(theirs)-1]
	// Early: every other remote move, delivered before the game starts,
	// newest first, each twice; one contradicted; one far ahead.
	wantRefused := 2
	for i := len(theirs) - 2; i >= 0; i -= 2 {
		r.Deliver(theirs[i], ref[theirs[i]])
		r.Deliver(theirs[i], ref[theirs[i]])
	}
	early := theirs[len(theirs)-2]
	r.Deliver(early, ref[early-1]) // contradicts the first delivery: dropped
	r.Deliver(maxAhead+5, ref[0])  // no game is that long: dropped
	// One late move is preceded by an illegal one: here a move the rules
	// never generate (every insertion of so short a game is legal), as a
	// corrupted message would bring.
	illegalAt, illegal := -1, logic.Move(1<<31|5)
	for _, k := range theirs {
		if _, early := r.inbox[k]; !early && k != last && illegalAt < 0 && !remoteLegal(s.M.Start, ref[:k], illegal) {
			illegalAt = k
			wantRefused++
		}
	}

	waited := map[int]int{} // ticks spent waiting for each remote ply
	stalled := 0
	for tick := 0; tick < 200000 && c.Phase() != Over; tick++ {
		m := c.Match()
		ply := len(m.Moves)
		switch {
		case c.HumanToMove():
			if slices.Contains(theirs, ply) {
				t.Fatalf("ply %d: the human is asked for the remote's move", ply)
			}
			if err := c.PlayString(ref[ply].String()); err != nil {
				t.Fatalf("ply %d: %v", ply, err)
			}
		case c.Thinking():
			if !slices.Contains(theirs, ply) {
				t.Fatalf("ply %d: waiting for the remote on the human's move", ply)
			}
			waited[ply]++
			switch {
			case ply == illegalAt && waited[ply] == 10:
				r.Deliver(ply, illegal)
			case ply == last && waited[ply] == 500:
				// Never, so far: the game waited without a move.
				stalled = waited[ply]
				if n := len(m.Moves); n != ply || !c.Thinking() {
					t.Fatalf("while the last move is missing: %d moves, waiting %v", n, c.Thinking())
				}
				r.Deliver(ply, ref[ply])
			case ply != last && waited[ply] == 30: // late
				r.Deliver(ply, ref[ply])
			}
		}
		c.Step()
		for _, ev := range show(c) {
			if ev.Kind == Notice {
				t.Fatalf("ply %d: notice %v", ply, ev.Msg)
			}
		}
	}
	if !slices.Equal(s.M.Moves, ref) {
		t.Fatalf("played %v\nwant %v", s.M.Moves, ref)
	}
	if stalled != 500 {
		t.Errorf("the missing last move was never waited for (%d ticks)", stalled)
	}
	if illegalAt < 0 {
		t.Error("no illegal delivery was tried")
	}
	if got := r.Refusals(); got != wantRefused {
		t.Errorf("%d deliveries refused, want %d", got, wantRefused)
	}
	var want []sent
	for k, mv := range ref {
		if !slices.Contains(theirs, k) {
			want = append(want, sent{k, mv})
		}
	}
	if !slices.Equal(out, want) {
		t.Errorf("sent %v\nwant %v", out, want)
	}
	if waited[early] > 1 {
		t.Errorf("ply %d was delivered early, yet waited for %d ticks", early, waited[early])
	}
}

// remoteLegal reports whether mv is legal after moves from start.
func remoteLegal(start logic.Position, moves []logic.Move, mv logic.Move) bool {
	p := start
	for _, x := range moves {
		p.Apply(x, nil)
	}
	var buf [logic.MaxMoves]logic.Move
	return slices.Contains(p.Moves(buf[:0]), mv)
}

// TestRemotePlayerAcrossGoroutines: the connection delivers from its own
// goroutine while the frame loop plays (run with -race); the game is the
// reference game all the same.
func TestRemotePlayerAcrossGoroutines(t *testing.T) {
	ref := refGame(t)
	st := DefaultSetup()
	st.Seats[0].Player, st.Seats[1].Player, st.Starter = record.Player{Kind: record.Human}, record.Player{Kind: record.Remote}, 0
	s, _, _, err := NewSession(st, "", nil, 1, 1, "2026-11-25")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRemotePlayer(nil)
	c := NewController(s, Pace{Hurry: true})
	if err := c.Seat(1, r); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for k := len(ref) - 1; k >= 0; k-- {
			r.Deliver(k, ref[k]) // the human's plies too: never asked for, never played from here
		}
	}()
	// The ticks are counted once every move has been delivered: on a
	// loaded machine the delivering goroutine may not run for a while,
	// and the loop would run out of ticks before it starts (seen at load
	// average 25). Until then the loop yields to it.
	delivered := false
	for tick := 0; tick < 200000 && c.Phase() != Over; {
		select {
		case <-done:
			delivered = true
		default:
		}
		if delivered {
			tick++
		} else {
			runtime.Gosched()
		}
		if c.HumanToMove() {
			if err := c.PlayString(ref[len(c.Match().Moves)].String()); err != nil {
				t.Fatal(err)
			}
		}
		c.Step()
		show(c)
	}
	<-done
	if !slices.Equal(s.M.Moves, ref) {
		t.Fatalf("played %v\nwant %v", s.M.Moves, ref)
	}
}
