package store

import (
	"context"
	"time"
)

// Devices are one player's devices (issue 47): each has its own token,
// stored as its SHA-256 like every token, and can be revoked alone. A
// device joins its player by a link code another device made (single
// use, for a few minutes) or by the player's recovery code (until it is
// renewed); both are kept as SHA-256 only.
type Devices interface {
	// LinkCode makes a one-time link code for guest, valid for ttl,
	// replacing the guest's link code made before (one live at a time).
	LinkCode(ctx context.Context, guest string, ttl time.Duration) (code string, expires time.Time, err error)
	// NewRecovery makes the guest's recovery code (RecoveryLength
	// letters), replacing the one before; it is returned this once.
	NewRecovery(ctx context.Context, guest string) (string, error)
	// UseCode makes a new device, named device, of the guest a link
	// code (which it uses up) or recovery code names, and returns the
	// guest (Device set) and the new device's token. ErrNotFound: no
	// such code, used, or expired.
	UseCode(ctx context.Context, code, device string) (g Guest, token string, err error)
	// DevicesOf lists a guest's devices, the most recently seen first,
	// and when its recovery code was made (zero: none).
	DevicesOf(ctx context.Context, guest string) (devs []Device, recovery time.Time, err error)
	// NameDevice names a device of guest (a name from its User-Agent).
	NameDevice(ctx context.Context, guest, device, name string) error
	// RevokeDevice deletes a device of guest: its token finds nobody
	// from then on. ErrNotFound: guest has no such device.
	RevokeDevice(ctx context.Context, guest, device string) error
}

// Device is one device of a guest.
type Device struct {
	ID      string
	Name    string // "Chromium on Android", "Desktop"; "" when unknown
	Created time.Time
	Seen    time.Time // when its token was last used, to within DeviceSeenEvery
}

// DeviceSeenEvery is how stale Device.Seen may be: GuestByToken writes it
// when it is older, so a device in play costs a write every few minutes.
const DeviceSeenEvery = 5 * time.Minute

// RecoveryLength is a recovery code's length: 20 letters of the join
// code's alphabet, 31^20 ≈ 6.7e29 (99 bits), so that neither guessing
// at the server nor a stolen database (a fast hash of each code) finds
// one (logic/online/README.md, "One player, many devices").
const RecoveryLength = 20

// ValidDeviceCode reports whether code (NormalizeCode) could be a link
// code (CodeLength letters) or a recovery code (RecoveryLength).
func ValidDeviceCode(code string) bool {
	return validCode(code, CodeLength) || validCode(code, RecoveryLength)
}
