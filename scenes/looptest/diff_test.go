package looptest

import "testing"

// TestFrameDiff checks FrameDiff, which passes over equal rows, against
// byteDiff over the whole screen (the count it replaced), on screens that
// differ nowhere, in one byte, in scattered bytes and everywhere,
// including differences at and past the tolerance.
func TestFrameDiff(t *testing.T) {
	size := 4 * W * 3 // three rows
	for _, tc := range []struct {
		name string
		edit func(b []byte)
	}{
		{"equal", func([]byte) {}},
		{"one byte past", func(b []byte) { b[5] += 9 }},
		{"one byte at the tolerance", func(b []byte) { b[len(b)-1] -= 8 }},
		{"scattered", func(b []byte) {
			for i := 3; i < len(b); i += 997 {
				b[i] += byte(i % 23)
			}
		}},
		{"everywhere", func(b []byte) {
			for i := range b {
				b[i] ^= 0x55
			}
		}},
	} {
		a := make([]byte, size)
		for i := range a {
			a[i] = byte(i * 7)
		}
		b := append([]byte(nil), a...)
		tc.edit(b)
		gotN, gotMost := FrameDiff(a, b, 8)
		wantN, wantMost := byteDiff(a, b, 8)
		if gotN != wantN || gotMost != wantMost {
			t.Errorf("%s: FrameDiff = %d bytes, most %d; byte by byte: %d, %d", tc.name, gotN, gotMost, wantN, wantMost)
		}
		// The plain cases, counted by hand.
		if hand, ok := map[string][2]int{"equal": {0, 0}, "one byte past": {1, 9}, "one byte at the tolerance": {0, 8}}[tc.name]; ok && (gotN != hand[0] || gotMost != hand[1]) {
			t.Errorf("%s: FrameDiff = %d bytes, most %d; want %d, %d", tc.name, gotN, gotMost, hand[0], hand[1])
		}
	}
}
