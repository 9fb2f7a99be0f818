//go:build !js

package client

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/proto"
)

// HTTPClient is what Client.HTTP holds off the browser: the API's
// transport (TLS roots, a proxy), which the WebSocket uses too.
type HTTPClient = http.Client

func newHTTPClient() *HTTPClient { return &http.Client{Timeout: 10 * time.Second} }

// roundTrip makes one request of the HTTP API and returns its status,
// body (at most 1 MiB) and Retry-After header.
func roundTrip(ctx context.Context, hc *HTTPClient, method, url, token string, body []byte) (int, []byte, string, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if hc == nil {
		hc = newHTTPClient()
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, b, resp.Header.Get("Retry-After"), err
}

// dial opens the session's WebSocket with the API's transport. The
// dial's context bounds it, which coder/websocket wants instead of an
// http.Client Timeout.
func dial(ctx context.Context, url string, hc *HTTPClient) (conn, error) {
	var opts *websocket.DialOptions
	if hc != nil {
		c := *hc
		c.Timeout = 0
		opts = &websocket.DialOptions{HTTPClient: &c}
	}
	ws, resp, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		if resp != nil && (resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests) {
			return nil, &RetryError{Status: resp.StatusCode, After: parseRetryAfter(resp.Header.Get("Retry-After"))}
		}
		return nil, err
	}
	ws.SetReadLimit(proto.MaxEventFrame)
	return wsConn{ws}, nil
}

type wsConn struct{ c *websocket.Conn }

func (w wsConn) Read(ctx context.Context) ([]byte, error) {
	_, b, err := w.c.Read(ctx)
	return b, err
}

func (w wsConn) Write(ctx context.Context, b []byte) error {
	return w.c.Write(ctx, websocket.MessageText, b)
}

func (w wsConn) Close()    { _ = w.c.Close(websocket.StatusNormalClosure, "") }
func (w wsConn) CloseNow() { _ = w.c.CloseNow() }
