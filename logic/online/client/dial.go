//go:build !js

package client

import (
	"net/http"

	"github.com/coder/websocket"
)

// dialOptions makes the WebSocket use the API's transport (TLS roots, a
// proxy). The dial's context bounds it, which coder/websocket wants
// instead of an http.Client Timeout.
func dialOptions(hc *http.Client) *websocket.DialOptions {
	if hc == nil {
		return nil
	}
	c := *hc
	c.Timeout = 0
	return &websocket.DialOptions{HTTPClient: &c}
}
