package play

import (
	"testing"

	"shiftago/logic/record"
	"shiftago/scenes/play/away"
)

// setLevel makes seat i of c's match the computer at level lv, in the
// match and in the controller's player.
func setLevel(c *Controller, i, lv int) {
	c.S.M.seats[i] = record.Player{Kind: record.Computer, Level: lv}
	c.players[i].Stop()
	c.players[i] = NewPlayer(c.S.M.seats[i], c.S.M.Seed())
}

// searchOf is the search under way of the computer to move in c, or nil.
func searchOf(c *Controller) *away.Thought {
	m := c.S.M
	if m.Pos.Over() {
		return nil
	}
	if p, ok := c.players[m.Pos.ToMoveSeat()].(*ComputerPlayer); ok {
		return p.search
	}
	return nil
}

// TestNewPlayerByKind: each kind of seat gets its player, and a remote
// seat with nobody connected waits without moving and without a search.
func TestNewPlayerByKind(t *testing.T) {
	for _, k := range []record.Kind{record.Human, record.Computer, record.Remote} {
		if p := NewPlayer(record.Player{Kind: k, Level: 1}, 1); p.Kind() != k {
			t.Errorf("NewPlayer(%v) is a %v", k, p.Kind())
		}
	}
	st := DefaultSetup()
	st.Seats[1].Player = record.Player{Kind: record.Remote}
	s, _, _, err := NewSession(st, "", nil, 1, 1, "2026-11-25")
	if err != nil {
		t.Fatal(err)
	}
	c := NewController(s, Pace{Hurry: true})
	if err := c.PlayString("W4"); err != nil {
		t.Fatal(err)
	}
	show(c)
	for range 50 {
		c.Step()
	}
	if n := len(c.Match().Moves); n != 1 || !c.Thinking() || c.HumanToMove() {
		t.Errorf("with nobody elsewhere: %d moves, waiting %v, human to move %v", n, c.Thinking(), c.HumanToMove())
	}
	if got := Say(english, c.Status()); got != "Green to move: waiting for the move from elsewhere" {
		t.Errorf("status %q", got)
	}
	if c.CanUndo(true) {
		t.Error("undo offered in a game with somebody elsewhere")
	}
	if err := c.Seat(1, human{}); err == nil {
		t.Error("a human seated at a remote seat")
	}
	if err := c.Seat(1, waiting{}); err != nil {
		t.Errorf("a remote player refused at a remote seat: %v", err)
	}
}

// TestOldSaveResumesWithItsPlayers: a save written before seats had
// players (its record reads "green computer 3", its setup the boolean)
// resumes with the computer at its level in the seat, which then moves.
func TestOldSaveResumesWithItsPlayers(t *testing.T) {
	old := "Shiftago record 1\nVariant: express\nSeats: orange human, green computer 3\nHandicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n1. W4\n"
	rec, err := record.Parse(old)
	if err != nil {
		t.Fatal(err)
	}
	s, st, err := Resume(rec, nil, nil, DefaultSetup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if st.Seats[1].Player != (record.Player{Kind: record.Computer, Level: 3}) || !st.Seats[0].Player.IsHuman() {
		t.Fatalf("setup seats %v, %v", st.Seats[0].Player, st.Seats[1].Player)
	}
	if s.M.Player(1) != st.Seats[1].Player || len(s.M.Moves) != 1 {
		t.Fatalf("match seat 2 %v, %d moves", s.M.Player(1), len(s.M.Moves))
	}
	c := NewController(s, Pace{Hurry: true})
	for ticks := 0; len(s.M.Moves) == 1 && ticks < 100000; ticks++ {
		c.Step()
	}
	if len(s.M.Moves) != 2 {
		t.Fatalf("the resumed computer did not move")
	}
	if got := s.Header.Seats[1].Player; got != st.Seats[1].Player {
		t.Errorf("the save's header seats %v", got)
	}
}
