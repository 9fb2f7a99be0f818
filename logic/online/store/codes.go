package store

import (
	"strings"
	"unicode"
)

// TokenBytes is the randomness of a guest token: 256 bits, well over the
// 128 the issue asks, so that a stolen database (hashes only) or a
// guessing attacker gets nothing.
const TokenBytes = 32

// CodeAlphabet is the join code's: no 0/O, 1/I/L, so it reads aloud and
// types on a phone. 31 letters.
const CodeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// CodeLength is a join code's length: 31^10 ≈ 8.2e14 codes (49.5 bits),
// so that guessing a live one is hopeless at the rate the server allows
// (the arithmetic is in logic/online/README.md, "Abuse limits"). Still
// ten letters to read aloud or type: no 0/O or 1/I/L to confuse.
const CodeLength = 10

// NormalizeCode is a typed code as stored: upper case, without the
// spaces and dashes a friend may type to group its letters.
func NormalizeCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToUpper(r)
	}, code)
}

// ValidCode reports whether code (normalized) could be a join code: its
// length, its letters. Anything else is a typo, refused without a lookup.
func ValidCode(code string) bool { return validCode(code, CodeLength) }

// validCode reports whether code is n letters of CodeAlphabet.
func validCode(code string, n int) bool {
	if len(code) != n {
		return false
	}
	for i := 0; i < len(code); i++ {
		if !strings.ContainsRune(CodeAlphabet, rune(code[i])) {
			return false
		}
	}
	return true
}
