package sqlstore

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"shiftago/logic/online/store"
)

// idBytes is the randomness of game and spectator ids: 128 bits.
const idBytes = 16

// newID is 128 random bits, 26 lowercase base32 letters.
func newID() string {
	b := make([]byte, idBytes)
	rand.Read(b) // never fails (crypto/rand, Go 1.24+)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// newToken is store.TokenBytes random bytes, base64url (43 characters).
func newToken() string {
	b := make([]byte, store.TokenBytes)
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
func newCode() string { return randomCode(store.CodeLength) }

// randomCode is n letters of store.CodeAlphabet, each equally likely (newCode).
func randomCode(n int) string {
	out := make([]byte, 0, n)
	var b [16]byte
	for len(out) < n {
		rand.Read(b[:])
		for _, x := range b {
			if int(x) < 256/len(store.CodeAlphabet)*len(store.CodeAlphabet) && len(out) < n {
				out = append(out, store.CodeAlphabet[int(x)%len(store.CodeAlphabet)])
			}
		}
	}
	return string(out)
}
