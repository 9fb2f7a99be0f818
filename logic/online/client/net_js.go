//go:build js

package client

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"shiftago/logic/online/proto"
)

// HTTPClient is unused in the browser: the page's fetch and WebSocket
// have the browser's own TLS and proxy settings.
type HTTPClient struct{}

func newHTTPClient() *HTTPClient { return nil }

// await waits for a promise: its value, or its rejection as an error.
// The callbacks stay registered if ctx ends first (a settled promise
// calls them once, later): releasing them then would make that call
// panic.
func await(ctx context.Context, p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- result{v: args[0]}
		ok.Release()
		fail.Release()
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- result{err: errors.New(js.Global().Get("String").Invoke(args[0]).String())}
		ok.Release()
		fail.Release()
		return nil
	})
	p.Call("then", ok, fail)
	select {
	case r := <-ch:
		return r.v, r.err
	case <-ctx.Done():
		return js.Undefined(), ctx.Err()
	}
}

// roundTrip makes one request of the HTTP API with the page's fetch.
func roundTrip(ctx context.Context, _ *HTTPClient, method, url, token string, body []byte) (int, []byte, string, error) {
	headers := map[string]any{"Content-Type": "application/json"}
	if token != "" {
		headers["Authorization"] = "Bearer " + token
	}
	opts := map[string]any{"method": method, "headers": headers, "cache": "no-store"}
	if body != nil {
		opts["body"] = string(body)
	}
	resp, err := await(ctx, js.Global().Call("fetch", url, opts))
	if err != nil {
		return 0, nil, "", err
	}
	text, err := await(ctx, resp.Call("text"))
	if err != nil {
		return 0, nil, "", err
	}
	b := []byte(text.String())
	if len(b) > 1<<20 {
		return 0, nil, "", fmt.Errorf("an answer of %d bytes", len(b))
	}
	return resp.Get("status").Int(), b, resp.Get("headers").Call("get", "Retry-After").String(), nil
}

// jsConn is the browser's WebSocket. Its events arrive on the page's
// event loop: they never block (a reader that falls 1,024 frames behind
// loses the connection, and the session resyncs as after any drop).
type jsConn struct {
	ws     js.Value
	frames chan []byte
	gone   chan struct{} // closed when the connection ends
	funcs  []js.Func

	once sync.Once
	err  error
}

var errSlowReader = errors.New("websocket: the reader fell behind")

// end records why the connection ended, once, and lets the socket's
// callbacks go (Release may be called from inside the callback itself).
func (c *jsConn) end(err error) {
	c.once.Do(func() {
		c.err = err
		for _, ev := range []string{"onopen", "onmessage", "onclose", "onerror"} {
			c.ws.Set(ev, js.Null())
		}
		for _, f := range c.funcs {
			f.Release()
		}
		close(c.gone)
	})
}

func dial(ctx context.Context, url string, _ *HTTPClient) (conn, error) {
	ws := js.Global().Get("WebSocket").New(url)
	c := &jsConn{ws: ws, frames: make(chan []byte, 1024), gone: make(chan struct{})}
	opened := make(chan struct{}, 1)
	on := func(ev string, f func(js.Value)) {
		fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
			f(args[0])
			return nil
		})
		c.funcs = append(c.funcs, fn)
		ws.Set(ev, fn)
	}
	on("onopen", func(js.Value) {
		select {
		case opened <- struct{}{}:
		default:
		}
	})
	on("onmessage", func(e js.Value) {
		data := e.Get("data")
		if data.Type() != js.TypeString { // the protocol speaks in text frames only
			return
		}
		b := []byte(data.String())
		if len(b) > proto.MaxEventFrame {
			ws.Call("close", 1009, "frame too large")
			c.end(fmt.Errorf("websocket: a frame of %d bytes", len(b)))
			return
		}
		select {
		case c.frames <- b:
		default:
			ws.Call("close")
			c.end(errSlowReader)
		}
	})
	on("onclose", func(e js.Value) {
		c.end(fmt.Errorf("websocket closed: %d %s", e.Get("code").Int(), e.Get("reason").String()))
	})
	on("onerror", func(js.Value) { c.end(errors.New("websocket: connection failed")) })
	select {
	case <-opened:
		return c, nil
	case <-c.gone:
		return nil, c.err
	case <-ctx.Done():
		c.CloseNow()
		return nil, ctx.Err()
	}
}

// Read returns the frames that arrived, in order, before it reports the
// end of the connection.
func (c *jsConn) Read(ctx context.Context) ([]byte, error) {
	select {
	case b := <-c.frames:
		return b, nil
	default:
	}
	select {
	case b := <-c.frames:
		return b, nil
	case <-c.gone:
		select {
		case b := <-c.frames:
			return b, nil
		default:
			return nil, c.err
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *jsConn) Write(_ context.Context, b []byte) error {
	select {
	case <-c.gone:
		return c.err
	default:
	}
	if c.ws.Get("readyState").Int() != 1 { // OPEN
		return errors.New("websocket: not open")
	}
	c.ws.Call("send", string(b))
	return nil
}

func (c *jsConn) Close() {
	c.ws.Call("close", 1000, "")
	c.end(errors.New("websocket: closed"))
}

func (c *jsConn) CloseNow() {
	c.ws.Call("close")
	c.end(errors.New("websocket: closed"))
}
