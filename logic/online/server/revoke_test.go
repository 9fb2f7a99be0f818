//go:build !js

package server_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
)

// TestServeRevokedToldOnce: every socket of a revoked device is told so
// once (a refused auth), then closed with CloseRevoked, on both engines.
// The node that revokes closes the device's sockets at once, and it also
// hears its own revoke on the bus: it said it again to every socket whose
// writer had not yet sent the first refusal (the browser test's desktop
// was told twice). Whether the bus's listener runs before the writers is
// the scheduler's choice (here, on an idle machine, one revoke in eight
// or so said it twice to every socket), so the test revokes devices one
// after another, each with a few sockets.
func TestServeRevokedToldOnce(t *testing.T) {
	const devices, sockets = 16, 4
	for _, engine := range []string{store.EngineSQLite, store.EnginePostgres} {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			n := startNode(t, "127.0.0.1:0", "--db", storetest.FreshDSN(t, engine))
			ctx := ctxFor(t, 90*time.Second)
			phone := guest(t, ctx, "Ann", n.Base)
			g, err := phone.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
			if err != nil {
				t.Fatal(err)
			}
			for round := range devices {
				told, closed := revokeOpen(t, ctx, phone, n.Base, g.Game, sockets)
				for i := range told {
					if told[i] != 1 || closed[i] != proto.CloseRevoked {
						t.Errorf("device %d, socket %d: refused auth %d times, closed %d; want once, then close %d", round, i, told[i], closed[i], proto.CloseRevoked)
					}
				}
				if t.Failed() {
					return
				}
			}
		})
	}
}

// revokeOpen links a new device to phone's player, opens sockets of it
// at game, revokes it from phone and reads each socket to its end: how
// many refused auths each was told, and its close code.
func revokeOpen(t *testing.T, ctx context.Context, phone *client.Client, base, game string, sockets int) ([]int, []websocket.StatusCode) {
	t.Helper()
	lc, err := phone.LinkCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dev := client.New(base)
	if err := dev.UseCode(ctx, lc.Code, "Tablet"); err != nil {
		t.Fatal(err)
	}
	conns := make([]*websocket.Conn, 0, sockets)
	for range sockets {
		ws := dialWS(t, ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/ws")
		if ws == nil {
			t.FailNow()
		}
		defer ws.CloseNow()
		if err := ws.Write(ctx, websocket.MessageText, proto.Encode(proto.Msg{T: proto.THello, V: proto.Version, Token: dev.Token, Game: game})); err != nil {
			t.Fatal(err)
		}
		_, b, err := ws.Read(ctx)
		if m, _ := proto.DecodeEvent(b); err != nil || m.T != proto.TWelcome {
			t.Fatalf("the device's hello: %+v, %v; want welcome", m, err)
		}
		conns = append(conns, ws)
	}
	devs, err := phone.Devices(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id := ""
	for _, d := range devs.Devices {
		if d.Name == "Tablet" {
			id = d.ID
		}
	}
	if _, err := phone.Revoke(ctx, id); err != nil {
		t.Fatal(err)
	}
	told := make([]int, sockets)
	closed := make([]websocket.StatusCode, sockets)
	var wg sync.WaitGroup
	for i, ws := range conns {
		wg.Go(func() {
			for {
				_, b, err := ws.Read(ctx)
				if err != nil {
					closed[i] = websocket.CloseStatus(err)
					return
				}
				if m, _ := proto.DecodeEvent(b); m.T == proto.TRefused && m.Code == proto.CodeAuth {
					told[i]++
				}
			}
		})
	}
	wg.Wait()
	return told, closed
}
