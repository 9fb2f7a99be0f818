package store

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode"
)

// TokenBytes is the randomness of a guest token: 256 bits, well over the
// 128 the issue asks, so that a stolen database (hashes only) or a
// guessing attacker gets nothing.
const TokenBytes = 32

// idBytes is the randomness of game and spectator ids: 128 bits.
const idBytes = 16

// codeAlphabet is the join code's: no 0/O, 1/I/L, so it reads aloud and
// types on a phone. 31 letters.
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// CodeLength is a join code's length: 31^10 ≈ 8.2e14 codes (49.5 bits),
// so that guessing a live one is hopeless at the rate the server allows
// (the arithmetic is in logic/online/README.md, "Abuse limits"). Still
// ten letters to read aloud or type: no 0/O or 1/I/L to confuse.
const CodeLength = 10

// newID is 128 random bits, 26 lowercase base32 letters.
func newID() string {
	b := make([]byte, idBytes)
	rand.Read(b) // never fails (crypto/rand, Go 1.24+)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// newToken is TokenBytes random bytes, base64url (43 characters).
func newToken() string {
	b := make([]byte, TokenBytes)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashToken is what the store keeps of a token: SHA-256, hex. A salt is
// not needed: the token is random and long, so no table can precompute it.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// newCode is a random join code, every letter equally likely: a byte
// of 248 or more is drawn again (248 = 8 × 31), so that the code's
// entropy is the whole 49.5 bits the arithmetic counts on.
func newCode() string { return randomCode(CodeLength) }

// randomCode is n letters of codeAlphabet, each equally likely (newCode).
func randomCode(n int) string {
	out := make([]byte, 0, n)
	var b [16]byte
	for len(out) < n {
		rand.Read(b[:])
		for _, x := range b {
			if int(x) < 256/len(codeAlphabet)*len(codeAlphabet) && len(out) < n {
				out = append(out, codeAlphabet[int(x)%len(codeAlphabet)])
			}
		}
	}
	return string(out)
}

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

// validCode reports whether code is n letters of codeAlphabet.
func validCode(code string, n int) bool {
	if len(code) != n {
		return false
	}
	for i := 0; i < len(code); i++ {
		if !strings.ContainsRune(codeAlphabet, rune(code[i])) {
			return false
		}
	}
	return true
}
