package play

import (
	"testing"

	"shiftago/logic"
	"shiftago/logic/record"
)

func TestSetupNormalize(t *testing.T) {
	s := Setup{Variant: 9, Players: 9, Starter: 7, Volume: 3, Lang: "xx", AnimSpeed: 3, Pace: 5, Board: "Oak board"}
	s.Seats[0] = Seat{Color: logic.Green, Player: record.Player{Level: 99}, SitOuts: -3}
	s.Seats[1] = Seat{Color: logic.Green}
	s.Seats[2] = Seat{Color: 7}
	s.Normalize(func(l string) bool { return l == "de" })
	if s.Variant != logic.Express || s.Players != 4 || s.Starter != 0 || s.Volume != 0.8 || s.Lang != "" || s.AnimSpeed != 0 || s.Pace != 0 || s.Board != "" {
		t.Errorf("normalized to %+v", s)
	}
	seen := map[logic.Color]bool{}
	for i := 0; i < 4; i++ {
		c := s.Seats[i].Color
		if c > logic.White || seen[c] {
			t.Errorf("seat %d has colour %v (seen twice or none): %+v", i, c, s.Seats)
		}
		seen[c] = true
	}
	if s.Seats[0].Player.Level != 5 || s.Seats[0].SitOuts != 0 {
		t.Errorf("seat 0 = %+v", s.Seats[0])
	}
}

func TestNextColorKeepsColoursDistinct(t *testing.T) {
	s := DefaultSetup()
	for k := 0; k < 9; k++ {
		s.NextColor(k % 3)
		seen := map[logic.Color]bool{}
		for _, st := range s.Seats {
			if seen[st.Color] {
				t.Fatalf("after %d changes two seats share %v: %+v", k+1, st.Color, s.Seats)
			}
			seen[st.Color] = true
		}
	}
}

func TestLogicSetupDrawsStarter(t *testing.T) {
	s := DefaultSetup()
	s.Players, s.Starter = 3, -1
	ls := s.LogicSetup(func(n int) int { return n - 1 })
	if ls.Starter != 2 || len(ls.Seats) != 3 || ls.Seats[2] != logic.Blue {
		t.Errorf("LogicSetup = %+v", ls)
	}
	if _, err := logic.NewGame(ls); err != nil {
		t.Error(err)
	}
}

// TestNewSessionChangesNothingInPlace: starting a game hands back the
// setup and tournament as they now stand; the caller's are untouched.
func TestNewSessionChangesNothingInPlace(t *testing.T) {
	st := DefaultSetup()
	st.Tournament = true
	s, st2, tour, err := NewSession(st, "", nil, 1, 2, "2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	if tour == nil || s.Tourney != tour || s.Tourney0 == tour {
		t.Fatalf("tournament %v, session's %v / %v", tour, s.Tourney, s.Tourney0)
	}
	if st2 != st {
		t.Errorf("setup changed by a normal start: %+v", st2)
	}
	pos := "7/7/7/7/7/7/7 extreme ogbw b 22,22,22,22 0,0,0,0 0,0,0,0"
	s, st2, tour, err = NewSession(st, pos, nil, 1, 2, "2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	if st.Players != 2 || st2.Players != 4 || st2.Variant != logic.Extreme || tour != nil {
		t.Errorf("from a position: setup %+v → %+v, tournament %v", st, st2, tour)
	}
	if s.Header.Position == "" || s.Header.Starter != 2 {
		t.Errorf("header %+v", s.Header)
	}
}

// TestRotated: in a rematch each player takes the next colour; the
// colours stay as they were, and n rotations give the setup back.
func TestRotated(t *testing.T) {
	s := DefaultSetup()
	s.Players = 3
	s.Seats[2] = Seat{Color: logic.Blue, Player: record.Player{Kind: record.Computer, Level: 5}, SitOuts: 2}
	r := s.Rotated()
	if r.Seats[1].Player.IsComputer() || !r.Seats[2].Player.IsComputer() || r.Seats[2].Player.Level != s.Seats[1].Player.Level || !r.Seats[0].Player.IsComputer() || r.Seats[0].Player.Level != 5 || r.Seats[0].SitOuts != 2 {
		t.Errorf("rotated %+v", r.Seats)
	}
	for i := 0; i < 3; i++ {
		if r.Seats[i].Color != s.Seats[i].Color {
			t.Errorf("seat %d changed colour", i)
		}
	}
	if r.Rotated().Rotated() != s {
		t.Error("three rotations of three players do not give the setup back")
	}
}

// TestSetupKeepsBoardNames: the setup keeps any board's name, so a board
// added to render (which this room cannot see) or one of a newer version
// survives a restart; only what cannot be a name is dropped.
func TestSetupKeepsBoardNames(t *testing.T) {
	for in, want := range map[string]string{"classic": "classic", "walnut": "walnut", "oak": "oak", "": "", "Oak": "", "oak board": "", "<b>": "", "abcdefghijklmnopq": ""} {
		s := Setup{Board: in}
		s.Normalize(nil)
		if s.Board != want {
			t.Errorf("board %q normalized to %q, want %q", in, s.Board, want)
		}
	}
}
