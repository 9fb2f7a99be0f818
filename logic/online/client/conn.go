package client

import "context"

// conn is one WebSocket as a session uses it: text frames of the
// protocol, read one at a time. Off the browser it is coder/websocket's
// (net_other.go); in the browser it is the browser's own WebSocket,
// reached through syscall/js (net_js.go), so the web app carries neither
// net/http nor crypto/tls: they would add about 7 MB to the game's
// WebAssembly (1.3 MiB with brotli) for what the browser already has.
type conn interface {
	// Read returns the next frame; an error once the connection is gone.
	Read(ctx context.Context) ([]byte, error)
	// Write sends one text frame.
	Write(ctx context.Context, b []byte) error
	// Close closes with a normal closure.
	Close()
	// CloseNow drops the connection at once, as a network would.
	CloseNow()
}
