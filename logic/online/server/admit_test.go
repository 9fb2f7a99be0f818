//go:build !js

package server_test

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
)

// TestServeShedsNewWork: a node past its admission bound (here a store
// latency bound of 1 ns, passed by the first stored move) refuses new
// games and new connections with 503 and Retry-After, while the game it
// has admitted goes on, its players' reconnects let in.
func TestServeShedsNewWork(t *testing.T) {
	t.Parallel()
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir(), "--shed-latency", "1ns")
	ctx := ctxFor(t, 40*time.Second)
	express := proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}}
	sa, sb, ann, _ := pair(t, ctx, n.Base, express)
	r := rand.New(rand.NewPCG(4, 6))
	bySeat := map[int]*client.Session{0: sa, 1: sb}
	playOut(t, ctx, r, bySeat, 2)

	// A new game: refused, with the time to come back.
	_, err := ann.Create(ctx, express)
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusServiceUnavailable || ae.RetryAfter <= 0 {
		t.Fatalf("a new game on a full node: %v, want 503 with Retry-After", err)
	}
	// A new connection that names no game live here: refused before the
	// upgrade.
	ws, resp, err := websocket.Dial(ctx, "ws://"+n.Addr+"/api/ws", nil)
	if err == nil {
		ws.CloseNow()
		t.Fatal("a new WebSocket on a full node was accepted")
	}
	if resp == nil || resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a new WebSocket on a full node: %v, want 503 with Retry-After", err)
	}

	// The admitted game goes on, through a dropped connection too.
	sb.Drop()
	playOut(t, ctx, r, bySeat, 8)
	moves := sameGame(t, ctx, sa, sb)
	if len(moves) < 8 && !over(sa) {
		t.Fatalf("the admitted game stopped at %v", moves)
	}
	if sb.Conns() < 2 {
		t.Fatal("Bob's session did not reconnect")
	}
	if got := metric(t, n.Base, "shiftago_refusals_total", `reason="overload-latency"`); got < 2 {
		t.Fatalf("shiftago_refusals_total{reason=\"overload-latency\"} = %v, want 2 or more", got)
	}
	if strings.Contains(n.Log.String(), "level=ERROR") {
		t.Fatalf("errors logged:\n%s", n.Log.String())
	}
}
