//go:build !js

package server_test

import (
	"testing"
	"time"

	"github.com/coder/websocket"

	"shiftago/logic/online/proto"
)

// TestServeHelloOtherGame: a connection whose hello names another game
// (or another game's spectator code) than its upgrade's ?game= is
// refused wrong-game and closed with 1008: a proxy sends the connection
// to the node of the ?game= (deploy/nginx.conf), and a full node admits
// it by the ?game= (issue 46). The same hello with the right ?game=, or
// with none, is welcome.
func TestServeHelloOtherGame(t *testing.T) {
	ctx := ctxFor(t, 30*time.Second)
	n := startNode(t, "127.0.0.1:0", "--data", t.TempDir())
	ann, one := hotSeat(t, ctx, n.Base)
	other, err := ann.Create(ctx, proto.CreateRequest{Variant: "express", Seats: []proto.SeatRequest{{Kind: "me"}, {Kind: "me"}}})
	if err != nil {
		t.Fatal(err)
	}
	token := ann.Token
	for _, tc := range []struct {
		name, query string
		hello       proto.Msg
		want        proto.Type
	}{
		{"another game", "?game=" + one, proto.Msg{T: proto.THello, V: proto.Version, Token: token, Game: other.Game}, proto.TRefused},
		{"another game's spectator code", "?game=" + one, proto.Msg{T: proto.THello, V: proto.Version, Watch: other.Watch}, proto.TRefused},
		{"a game that is none", "?game=nothing", proto.Msg{T: proto.THello, V: proto.Version, Token: token, Game: one}, proto.TRefused},
		{"the same game", "?game=" + one, proto.Msg{T: proto.THello, V: proto.Version, Token: token, Game: one}, proto.TWelcome},
		{"the game of the spectator code", "?game=" + other.Game, proto.Msg{T: proto.THello, V: proto.Version, Watch: other.Watch}, proto.TWelcome},
		{"no ?game=", "", proto.Msg{T: proto.THello, V: proto.Version, Token: token, Game: other.Game}, proto.TWelcome},
	} {
		ws, _, err := websocket.Dial(ctx, "ws://"+n.Addr+"/api/ws"+tc.query, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := sendRead(t, ctx, ws, string(proto.Encode(tc.hello)))
		if got.T != tc.want {
			t.Errorf("%s: got %+v, want %s", tc.name, got, tc.want)
		}
		if tc.want == proto.TRefused {
			if got.Code != proto.CodeWrongGame {
				t.Errorf("%s: refused %q (%s), want %q", tc.name, got.Code, got.Why, proto.CodeWrongGame)
			}
			if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Errorf("%s: after the refusal %v, want a close 1008", tc.name, err)
			}
		}
		ws.CloseNow()
	}
}
