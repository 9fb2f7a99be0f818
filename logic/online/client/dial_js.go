//go:build js

package client

import (
	"net/http"

	"github.com/coder/websocket"
)

// dialOptions: in the browser the WebSocket is the browser's, with its
// own TLS and proxy settings.
func dialOptions(*http.Client) *websocket.DialOptions { return nil }
