package proto

import (
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Errors of CheckName, each a refusal a player can act on.
var (
	ErrNameLength    = fmt.Errorf("a name is 1 to %d bytes of UTF-8", MaxNameLen)
	ErrNameControl   = errors.New("a name has no control characters, line or paragraph separators")
	ErrNameBidi      = errors.New("a name has no direction controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C)")
	ErrNameInvisible = errors.New("a name has no invisible characters and at least one visible one")
)

// CheckName says whether a display name (already trimmed) may be shown
// to other players. A name is drawn as text beside a seat and in the
// lists of other players' devices, so it must not be able to hide
// itself, reorder the text around it, or break a line:
//
//   - control characters (C0, DEL, C1) and U+2028/U+2029, the line and
//     paragraph separators;
//   - bidirectional controls: an override (U+202E) shows "Ann‮evil" as
//     "Annlive" and can make a name read as another;
//   - format characters that draw nothing (U+200B zero width space, word
//     joiner, soft hyphen, BOM…): they make two names that look alike
//     differ, or a name that draws nothing at all. Zero width joiner and
//     non-joiner stay (emoji sequences, Persian and Indic scripts), and so
//     do the tag characters of flag emoji, but not alone;
//   - a name with no visible character (only spaces, fillers such as
//     U+3164 or U+2800, combining marks, joiners).
//
// '<' and '&' are allowed: the game draws a name as text, never as HTML,
// and "<3 Ann" is a name people choose. A page that ever shows names in
// HTML must escape them (html/template does).
func CheckName(n string) error {
	if n == "" || len(n) > MaxNameLen || !utf8.ValidString(n) {
		return ErrNameLength
	}
	visible := false
	for _, r := range n {
		switch {
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029:
			return ErrNameControl
		case isBidiControl(r):
			return ErrNameBidi
		case r == 0x200c || r == 0x200d || (r >= 0xe0020 && r <= 0xe007f):
			// joiners and emoji tags: allowed, but they show nothing
		case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || isFiller(r):
			// A private-use character draws as a box at best.
			return ErrNameInvisible
		case unicode.IsSpace(r) || unicode.In(r, unicode.Mn, unicode.Me):
			// shows nothing by itself
		default:
			visible = visible || unicode.IsGraphic(r)
		}
	}
	if !visible {
		return ErrNameInvisible
	}
	return nil
}

// isBidiControl: the explicit direction marks, embeddings, overrides and
// isolates of Unicode's bidirectional algorithm (UAX #9).
func isBidiControl(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// isFiller: letters and symbols that Unicode classes as graphic but that
// draw blank (the Hangul fillers, the blank Braille pattern).
func isFiller(r rune) bool {
	switch r {
	case 0x115f, 0x1160, 0x3164, 0xffa0, 0x2800:
		return true
	}
	return false
}
