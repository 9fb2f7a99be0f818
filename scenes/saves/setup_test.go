package saves

import (
	"strings"
	"testing"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/logic/record"
	"shiftago/scenes/play"
)

func TestSetupRoundTrip(t *testing.T) {
	st := &Memory{}
	s, err := LoadSetup(st)
	if err != nil || s != play.DefaultSetup() {
		t.Fatalf("no file: %+v, %v; want the default", s, err)
	}
	s.Variant, s.Players, s.Starter, s.Tournament = logic.Expert, 3, -1, true
	s.Seats[2] = play.Seat{Color: logic.White, Player: record.Player{Kind: record.Computer, Level: 5}, SitOuts: 2}
	s.Seats[3].Color = logic.Blue
	s.Lang, s.Symbols, s.Board, s.AnimSpeed, s.Pace, s.HotSeatUndo = "de", true, "classic", 2, 1, true
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
	if s.Variant != logic.Extreme || s.Players != 3 || s.Starter != 1 || s.Volume != 0.5 || s.Seats[0].Color != logic.Blue || s.Seats[1].Player != (record.Player{Kind: record.Computer, Level: 5}) {
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

// TestSetupSeatForms: a seat's player is written in record.Player's text
// form; the boolean form of earlier files reads as the same kind, with
// the level kept for a human seat; a remote seat round-trips.
func TestSetupSeatForms(t *testing.T) {
	s := play.DefaultSetup()
	s.Seats[0].Player = record.Player{Kind: record.Remote, Level: 3}
	b, err := EncodeSetup(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"player": "remote"`) || !strings.Contains(string(b), `"player": "computer 3"`) || strings.Contains(string(b), `"computer":`) {
		t.Errorf("written as %s", b)
	}
	if got, err := DecodeSetup(b); err != nil || got != s {
		t.Errorf("read back %+v, %v", got.Seats, err)
	}
	for _, c := range []struct {
		file string
		want [2]record.Player
	}{
		{`{"seats": [{"color": "o", "computer": true, "level": 4}, {"color": "g", "computer": false, "level": 3}]}`,
			[2]record.Player{{Kind: record.Computer, Level: 4}, {Kind: record.Human, Level: 3}}},
		{`{"seats": [{"color": "o", "level": 4}, {"color": "g", "player": "human", "level": 3}]}`,
			[2]record.Player{{Kind: record.Human, Level: 4}, {Kind: record.Human, Level: 3}}},
		{`{"seats": [{"color": "o", "player": "computer 1", "level": 4}, {"color": "g", "player": "remote", "computer": true}]}`,
			[2]record.Player{{Kind: record.Computer, Level: 4}, {Kind: record.Remote, Level: ai.DefaultLevel}}}, // the level left out: the default's
		{`{"seats": [{"color": "o", "player": "robot", "computer": true, "level": 2}, {"color": "g", "player": "human"}]}`, // an unknown form: the old one decides
			[2]record.Player{{Kind: record.Computer, Level: 2}, {Kind: record.Human, Level: ai.DefaultLevel}}},
	} {
		s, err := DecodeSetup([]byte(c.file))
		if err != nil {
			t.Fatal(err)
		}
		if got := [2]record.Player{s.Seats[0].Player, s.Seats[1].Player}; got != c.want {
			t.Errorf("%s: read %v (levels %d, %d), want %v", c.file, got, got[0].Level, got[1].Level, c.want)
		}
	}
}
