package record

import (
	"strings"
	"testing"
)

// TestPlayerText: every player's text form reads back as itself, the
// command line's short forms read as the computer, and bad forms are
// refused with a reason.
func TestPlayerText(t *testing.T) {
	for _, p := range []Player{{Kind: Human}, {Kind: Remote}, {Kind: Computer, Level: 1}, {Kind: Computer, Level: MaxLevel}} {
		q, err := ParsePlayer(p.String())
		if err != nil || q != p {
			t.Errorf("%v reads back as %v, %v", p, q, err)
		}
	}
	for _, c := range []struct {
		in   string
		want Player
	}{
		{" Human ", Player{Kind: Human}},
		{"ai", Player{Kind: Computer}},
		{"computer", Player{Kind: Computer}},
		{"ai:3", Player{Kind: Computer, Level: 3}},
		{"REMOTE", Player{Kind: Remote}},
	} {
		if got, err := ParsePlayer(c.in); err != nil || got != c.want {
			t.Errorf("ParsePlayer(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "robot", "ai:0", "ai:x", "computer 10", "human 3", "remote 2"} {
		if p, err := ParsePlayer(bad); err == nil {
			t.Errorf("ParsePlayer(%q) = %v, want a refusal", bad, p)
		}
	}
}

// TestOldPlayer: the old boolean form reads as the new kind, the level
// kept.
func TestOldPlayer(t *testing.T) {
	if p := OldPlayer(true, 4); p != (Player{Kind: Computer, Level: 4}) {
		t.Errorf("OldPlayer(true, 4) = %v", p)
	}
	if p := OldPlayer(false, 4); !p.IsHuman() || p.Level != 4 {
		t.Errorf("OldPlayer(false, 4) = %v", p)
	}
}

// TestRemoteSeatRoundTrip: a record with a remote seat writes and reads
// back; a record written before remote seats existed still reads.
func TestRemoteSeatRoundTrip(t *testing.T) {
	text := "Shiftago record 1\nVariant: express\nSeats: orange remote, green computer 3\n\n1. Na\n"
	r, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if r.Seats[0].Player.Kind != Remote || r.Seats[1].Player != (Player{Kind: Computer, Level: 3}) {
		t.Fatalf("seats read as %+v", r.Seats)
	}
	if !strings.Contains(r.String(), "Seats: orange remote, green computer 3\n") {
		t.Fatalf("written as:\n%s", r)
	}
	for _, bad := range []string{"orange ai, green human", "orange computer, green human"} {
		if _, err := Parse("Shiftago record 1\nVariant: express\nSeats: " + bad + "\n"); err == nil {
			t.Errorf("Seats: %s was read; a record names the level", bad)
		}
	}
}
