package store

import (
	"testing"

	"shiftago/logic"
	"shiftago/scenes/play"
)

func TestSetupRoundTrip(t *testing.T) {
	st := &Memory{}
	s, err := LoadSetup(st)
	if err != nil || s != play.DefaultSetup() {
		t.Fatalf("no file: %+v, %v; want the default", s, err)
	}
	s.Variant, s.Players, s.Starter, s.Tournament = logic.Expert, 3, -1, true
	s.Seats[2] = play.Seat{Color: logic.White, Computer: true, Level: 5, SitOuts: 2}
	s.Seats[3].Color = logic.Blue
	s.Lang, s.Symbols, s.AnimSpeed, s.Pace, s.HotSeatUndo = "de", true, 2, 1, true
	if err := SaveSetup(st, s); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSetup(st)
	if err != nil || got != s {
		t.Fatalf("read back %+v, %v; want %+v", got, err, s)
	}
}

// TestSetupFileOfEarlierVersions: the file written before the setup was
// typed (colours as letters, the variant by name, fields missing) still
// loads, and a bad one gives the defaults and says why.
func TestSetupFileOfEarlierVersions(t *testing.T) {
	old := `{"variant": "extreme", "players": 3, "seats": [{"color": "b"}, {"color": "b", "computer": true, "level": 9}, {"color": "x"}], "starter": 1, "volume": 0.5}`
	s, err := DecodeSetup([]byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if s.Variant != logic.Extreme || s.Players != 3 || s.Starter != 1 || s.Volume != 0.5 || s.Seats[0].Color != logic.Blue || s.Seats[1].Level != 5 {
		t.Errorf("read %+v", s)
	}
	if s.Seats[1].Color == logic.Blue || s.Seats[2].Color > logic.White {
		t.Errorf("colours not made distinct: %+v", s.Seats)
	}
	m := &Memory{}
	m.Write(setupName, []byte("{not json"))
	if s, err := LoadSetup(m); err == nil || s != play.DefaultSetup() {
		t.Errorf("a bad file: %+v, %v", s, err)
	}
}
