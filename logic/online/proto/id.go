package proto

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
)

// NewID is a fresh id, 16 hex digits: a move's Msg.ID, which only has to
// be unique among one session's moves in flight, and the id of a running
// copy of the game (scenes/keep), which only has to differ from the other
// copies'. math/rand/v2's generator (ChaCha8, seeded from the system's
// randomness in each process) serves; crypto/rand would bring its DRBG,
// AES and SHA-2 and -3 into the browser's .wasm for nothing
// (wasm/README.md).
func NewID() string {
	return hex.EncodeToString(binary.LittleEndian.AppendUint64(nil, rand.Uint64()))
}
