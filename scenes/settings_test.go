package scenes

import (
	"os"
	"path/filepath"
	"testing"

	"shiftago/logic"
)

func TestSetupRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "setup.json")
	s, err := LoadSetup(path)
	if err != nil || s != DefaultSetup() {
		t.Fatalf("missing file: %+v, %v; want the default", s, err)
	}
	s.Variant, s.Players, s.Starter, s.Tournament = "expert", 3, -1, true
	s.Seats[2] = SeatSetup{Color: "w", Computer: true, Level: 5, SitOuts: 2}
	s.Seats[3].Color = "b"
	if err := SaveSetup(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSetup(path)
	if err != nil || got != s {
		t.Fatalf("read back %+v, %v; want %+v", got, err, s)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("%d files left in the config dir, want just setup.json", len(entries))
	}
}

func TestSetupNormalize(t *testing.T) {
	s := Setup{Variant: "chess", Players: 9, Starter: 7, Volume: 3}
	s.Seats[0] = SeatSetup{Color: "g", Level: 99, SitOuts: -3}
	s.Seats[1] = SeatSetup{Color: "g"}
	s.Seats[2] = SeatSetup{Color: "x"}
	s.Normalize()
	if s.Variant != "express" || s.Players != 4 || s.Starter != 0 || s.Volume != 0.8 {
		t.Errorf("normalized to %+v", s)
	}
	seen := map[logic.Color]bool{}
	for i := 0; i < 4; i++ {
		c := s.SeatColor(i)
		if c > logic.White || seen[c] {
			t.Errorf("seat %d has colour %v (seen twice or none): %+v", i, c, s.Seats)
		}
		seen[c] = true
	}
	if s.Seats[0].Level != 5 || s.Seats[0].SitOuts != 0 {
		t.Errorf("seat 0 = %+v", s.Seats[0])
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
