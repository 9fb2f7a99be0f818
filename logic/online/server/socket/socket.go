//go:build !js

package socket

import (
	"context"
	"sync"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/proto"
)

// Timings and sizes of a connection's writer.
const (
	writeWait = 10 * time.Second // one frame; a client that reads slower is dropped
	outQueue  = 64               // events queued for one client before it counts as too slow
)

// Conn is the writer's side of one client's WebSocket: frames are
// queued (SendRaw) and a goroutine of their own (Write) sends them, so
// whoever queues never blocks on a client: a full queue closes the
// connection (the client reconnects and resumes), as coder/websocket's
// chat example does.
type Conn struct {
	WS  *websocket.Conn
	Out chan []byte // the frames queued for the writer

	quit     chan struct{}
	once     sync.Once
	status   websocket.StatusCode
	reason   string
	finished chan struct{}
}

// New is the writer's side of ws (nil: a connection whose frames are
// read from Out, as the benchmarks do).
func New(ws *websocket.Conn) *Conn {
	return &Conn{WS: ws, Out: make(chan []byte, outQueue), quit: make(chan struct{}), finished: make(chan struct{})}
}

// SendRaw queues an encoded frame, or closes a client too slow to take it.
func (c *Conn) SendRaw(b []byte) {
	select {
	case c.Out <- b:
	default:
		c.Close(websocket.StatusPolicyViolation, "too slow: reconnect")
	}
}

// Close ends the connection after the writer has sent what is queued.
func (c *Conn) Close(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		c.status, c.reason = code, reason
		close(c.quit)
	})
}

// Bye tells the client to reconnect, then closes: the server is stopping.
func (c *Conn) Bye() {
	select {
	case c.Out <- proto.Encode(proto.Msg{T: proto.TBye, Why: "restart"}):
	default:
	}
	c.Close(websocket.StatusServiceRestart, "restarting: reconnect")
}

// Write sends the queued frames until the connection is closed, then
// those still queued, then the close frame; Finished is closed after.
func (c *Conn) Write() {
	defer close(c.finished)
	write := func(b []byte) bool {
		ctx, cancel := context.WithTimeout(context.Background(), writeWait)
		defer cancel()
		return c.WS.Write(ctx, websocket.MessageText, b) == nil
	}
	for {
		select {
		case b := <-c.Out:
			if !write(b) {
				c.Close(websocket.StatusGoingAway, "write failed")
				c.WS.CloseNow()
				return
			}
		case <-c.quit:
			for {
				select {
				case b := <-c.Out:
					if !write(b) {
						c.WS.CloseNow()
						return
					}
				default:
					c.WS.Close(c.status, c.reason)
					return
				}
			}
		}
	}
}

// Finished is closed when the writer is done.
func (c *Conn) Finished() <-chan struct{} { return c.finished }
