package table

import (
	"strings"
	"testing"

	"shiftago/scenes/i18n"
	"shiftago/scenes/play"
)

// TestStatusForTouch: "or press Enter" is left out for a player by
// touch, also inside a line of several messages (issue 26).
func TestStatusForTouch(t *testing.T) {
	lang := i18n.New("en")
	m := play.Msg("status.tapwords", "W4", "a4")
	if s := play.Say(lang, forTouch(m, true)); strings.Contains(s, "Enter") {
		t.Errorf("by touch: %q", s)
	}
	if s := play.Say(lang, forTouch(play.Text("x").Then(m), true)); strings.Contains(s, "Enter") || !strings.Contains(s, "W4") {
		t.Errorf("by touch, in a longer line: %q", s)
	}
	if s := play.Say(lang, forTouch(m, false)); !strings.Contains(s, "Enter") {
		t.Errorf("with a keyboard: %q", s)
	}
}
