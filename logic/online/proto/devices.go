package proto

// One player, many devices (issue 47): the bodies of /api/devices.
// A device's token is shown once, to the device it belongs to; a link
// or recovery code is exchanged for a new token, so no token is ever in
// a link.

// LinkReply answers POST /api/devices/link: a one-time code (and its
// link's ?link= parameter) that makes another device this player.
type LinkReply struct {
	Code    string `json:"code"`
	Expires int64  `json:"expires"` // Unix ms: the code opens nothing after
}

// DeviceRequest is the body of POST /api/devices: a link code or the
// recovery code, and optionally this device's name ("Desktop"; absent:
// the server names it from its User-Agent).
type DeviceRequest struct {
	Code   string `json:"code"`
	Device string `json:"device,omitempty"`
}

// DeviceReply answers POST /api/devices: the player the code named and
// the new device's token, shown this once.
type DeviceReply struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Token  string `json:"token"`
	Device string `json:"device"` // the new device's id
}

// DeviceInfo is one device of a player.
type DeviceInfo struct {
	ID      string `json:"id"`
	Name    string `json:"name"`           // "Chrome on Android", "Desktop"; "" when unknown
	Created int64  `json:"created"`        // Unix ms
	Seen    int64  `json:"seen"`           // Unix ms, to within 5 minutes
	This    bool   `json:"this,omitempty"` // the device that asked
}

// DevicesReply answers GET /api/devices and DELETE /api/devices/{id}.
type DevicesReply struct {
	Devices  []DeviceInfo `json:"devices"`
	Recovery int64        `json:"recovery,omitempty"` // Unix ms the recovery code was made; absent: none
}

// RecoveryReply answers POST /api/devices/recovery: the new recovery
// code, shown this once (the one before stops working).
type RecoveryReply struct {
	Code string `json:"code"`
}

// CloseRevoked closes the WebSocket of a device that was revoked (after
// a refused with code auth): its token is dead; do not reconnect.
const CloseRevoked = 4403
