// Package client is a headless Go client of the Shiftago server: it
// creates a guest, creates and joins games, and plays them over the
// WebSocket protocol (logic/online/proto), reconnecting by itself and
// resuming from the last ply it has, and sending again the moves the
// server has not acknowledged (the server acknowledges a resend once and
// never applies it twice). The tests, the load tool and, later, the
// game's screens use it; it builds for js/wasm, where coder/websocket
// uses the browser's WebSocket.
package client
