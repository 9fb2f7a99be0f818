package proto

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckName: what a name may not carry, each with its own refusal.
func TestCheckName(t *testing.T) {
	for _, tc := range []struct {
		name string
		want error
	}{
		{"Ann", nil},
		{"Zoë", nil},
		{"山田", nil},
		{"عليّ", nil},
		{"<b>Ann</b>", nil}, // drawn as text: see CheckName
		{"<3 Ann & Bob", nil},
		{"👨\u200d👩\u200d👧", nil},         // a family: emoji joined by ZWJ
		{"می\u200cخواهم", nil},           // Persian with a zero width non-joiner
		{"Ann\u202eevil", ErrNameBidi},   // right-to-left override
		{"\u2066Ann\u2069", ErrNameBidi}, // an isolate
		{"Ann\u200f", ErrNameBidi},       // right-to-left mark
		{"\u200b", ErrNameInvisible},     // zero width space only
		{"An\u200bn", ErrNameInvisible},  // a look-alike of "Ann"
		{"\u3164", ErrNameInvisible},     // Hangul filler
		{"\u2800\u2800", ErrNameInvisible},
		{"\u200d\u200c", ErrNameInvisible},
		{"\u0301\u0301", ErrNameInvisible}, // combining marks alone
		{"\ufeffAnn", ErrNameInvisible},
		{"Ann\u00ad", ErrNameInvisible}, // soft hyphen
		{"\ue000", ErrNameInvisible},    // private use
		{"Ann\u2028Bob", ErrNameControl},
		{"Ann\u2029", ErrNameControl},
		{"Ann\nBob", ErrNameControl},
		{"Ann\x7f", ErrNameControl},
		{"Ann\u0085", ErrNameControl},
		{"", ErrNameLength},
		{strings.Repeat("a", MaxNameLen+1), ErrNameLength},
		{"Ann\xff", ErrNameLength},
	} {
		if err := CheckName(tc.name); !errors.Is(err, tc.want) {
			t.Errorf("CheckName(%+q) = %v, want %v", tc.name, err, tc.want)
		}
	}
}
