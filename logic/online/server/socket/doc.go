// Package socket is the writer's side of a client's WebSocket for the
// game hub: a bounded queue of frames and the goroutine that sends them,
// closing a client too slow to keep up instead of waiting for it. The
// hub (package server, ws.go) reads the commands and owns the rest of
// the connection.
package socket
