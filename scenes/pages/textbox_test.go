package pages

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestFieldText: what a one-line field keeps of what was typed or pasted:
// no control characters, at most max bytes, never half a character.
func TestFieldText(t *testing.T) {
	cases := []struct {
		name, in string
		max      int
		want     string
	}{
		{"as typed", "Ann", 32, "Ann"},
		{"a pasted line break", "Ann\nLee\r\t", 32, "AnnLee"},
		{"a bell and DEL", "A\anne\x7f", 32, "Anne"},
		{"cut at max", strings.Repeat("a", 40), 32, strings.Repeat("a", 32)},
		{"cut between characters", strings.Repeat("é", 20), 31, strings.Repeat("é", 15)},
		{"an emoji kept whole or not at all", "ab😀", 5, "ab"},
		{"invalid UTF-8 dropped", "A\xffB", 32, "AB"},
		{"a link", "http://127.0.0.1:8080/?join=ABC123", 200, "http://127.0.0.1:8080/?join=ABC123"},
		{"empty", "", 32, ""},
	}
	for _, tc := range cases {
		got := fieldText(tc.in, tc.max)
		if got != tc.want || len(got) > tc.max || !utf8.ValidString(got) {
			t.Errorf("%s: fieldText(%q, %d) = %q, want %q", tc.name, tc.in, tc.max, got, tc.want)
		}
	}
}
