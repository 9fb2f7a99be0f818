//go:build !js

package matchmaking

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
)

// TestLobbyDiffApplies: for random lists before and after (games
// joining, filling, moving, ending, falling off a full list, the same
// instant twice), the client's lists after the listed frame are the
// server's new ones, entry for entry and in order; and no change makes
// no frame.
func TestLobbyDiffApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 1))
	game := func(i int) proto.LobbyGame {
		return proto.LobbyGame{Watch: fmt.Sprintf("w%02d", i), Variant: "expert", Players: 2 + r.IntN(3), Seated: 1 + r.IntN(2),
			Ply: r.IntN(3), Created: int64(r.IntN(5)), Updated: int64(r.IntN(5))}
	}
	lists := func() (open, live []proto.LobbyGame) {
		for i := range 12 {
			switch g := game(i); r.IntN(3) {
			case 0:
				g.Invite = "I" + g.Watch
				open = append(open, g)
			case 1:
				live = append(live, g)
			}
		}
		order := func(isLive bool) func(a, b proto.LobbyGame) int {
			return func(a, b proto.LobbyGame) int {
				if proto.LobbyBefore(a, b, isLive) {
					return -1
				}
				return 1
			}
		}
		slices.SortFunc(open, order(false))
		slices.SortFunc(live, order(true))
		return open, live
	}
	for range 2000 {
		oo, ol := lists()
		no, nl := lists()
		m := lobbyDiff(oo, ol, no, nl)
		go_, gl := client.ApplyListed(oo, ol, m)
		if !reflect.DeepEqual(slices.Clip(go_), slices.Clip(no)) && (len(go_) > 0 || len(no) > 0) ||
			!reflect.DeepEqual(slices.Clip(gl), slices.Clip(nl)) && (len(gl) > 0 || len(nl) > 0) {
			t.Fatalf("from %v %v by %+v: got %v %v, want %v %v", oo, ol, m, go_, gl, no, nl)
		}
		if same := lobbyDiff(no, nl, no, nl); same.Open != nil || same.Live != nil || same.Gone != nil {
			t.Fatalf("no change made a frame: %+v", same)
		}
	}
}
