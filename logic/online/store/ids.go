package store

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"strings"
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

// CodeLength is a join code's length: 31^6 ≈ 8.9e8 codes (about 30 bits).
// That is guessable by brute force, which is why the server rate-limits
// code lookups per address and a code only fills a free seat.
const CodeLength = 6

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

// newCode is a random join code. The small bias of b%31 does not matter:
// the server's rate limit, not the code's entropy, keeps it safe.
func newCode() string {
	b := make([]byte, CodeLength)
	rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// NormalizeCode is a typed code as stored: trimmed and upper case, so
// that a friend may type it in either case.
func NormalizeCode(code string) string {
	return strings.ToUpper(strings.TrimSpace(code))
}
