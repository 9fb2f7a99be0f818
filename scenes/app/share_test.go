package app

import (
	"net/url"
	"strings"
	"testing"

	"shiftago/logic/record"
)

// TestReplayLinkRoundTrip: a finished game's link reads back into the
// same record; a link that was cut, changed or overlong is refused in
// words, never with a panic.
func TestReplayLinkRoundTrip(t *testing.T) {
	rec, err := record.Parse("Shiftago record 1\nVariant: express\nSeats: orange human, green computer 3\nHandicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n1. W4\n2. Nd\n")
	if err != nil {
		t.Fatal(err)
	}
	q, err := url.ParseQuery(strings.TrimPrefix(ReplayQuery(rec), "?"))
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseReplayParam(q.Get("replay"))
	if err != nil || back.String() != rec.String() {
		t.Fatalf("read back %v, %v", back, err)
	}
	for _, bad := range []string{"", "!!!", q.Get("replay")[:10], strings.Repeat("A", 200000)} {
		if _, err := ParseReplayParam(bad); err == nil || len(err.Error()) > 200 {
			t.Errorf("%.20q: %v", bad, err)
		}
	}
	if got := PositionQuery("7/7/7/7/7/7/7 express og o 22,22 0,0 0,0"); !strings.HasPrefix(got, "?position=7%2F7") {
		t.Errorf("position link %q", got)
	}
}
