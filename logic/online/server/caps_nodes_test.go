//go:build !js

package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
	"shiftago/logic/online/store/storetest"
	"shiftago/logic/race"
)

// TestServeCapsAcrossNodes: two nodes on one PostgreSQL database are one
// service: --new-per-hour caps the guests and the games both nodes make
// together, and the 30 wrong join codes of a window count the misses of
// both (issue 46). Before, each node counted its own (x/time/rate in
// its memory): two nodes allowed twice the figure, k nodes k times.
func TestServeCapsAcrossNodes(t *testing.T) {
	// Its wrong codes must land in one 30 s window: under -race on a busy
	// CI machine the steps before them took longer (CI runs it without).
	race.SkipSlow(t)
	t.Parallel()
	dsn := storetest.FreshDSN(t, store.EnginePostgres)
	args := []string{"--db", dsn, "--new-per-addr", "100", "--new-per-hour", "6"}
	nodes := []*node{startNode(t, "127.0.0.1:0", args...), startNode(t, "127.0.0.1:0", args...)}
	ctx := ctxFor(t, 2*time.Minute)
	// The counts are per window (an hour; 30 s for misses): start where
	// the steps below end inside one.
	if left := time.Until(time.Now().Truncate(time.Hour).Add(time.Hour)); left < time.Minute {
		t.Skip("the hour's window ends within the test: its counts would be split")
	}

	// Guests: 6 across both nodes, then each node refuses for the service.
	var tokens []string
	for i := range 6 {
		a := call(t, ctx, from("127.0.0.2"), "POST", nodes[i%2].Base+"/api/guests", "", `{"name":"G"}`)
		if a.status != http.StatusCreated {
			t.Fatalf("guest %d of 6 (node %d): %d %+v", i+1, i%2, a.status, a.err)
		}
		tokens = append(tokens, guestToken(t, a))
	}
	for i, n := range nodes {
		is429(t, fmt.Sprintf("a 7th guest on node %d", i), call(t, ctx, from("127.0.0.3"), "POST", n.Base+"/api/guests", "", `{"name":"G"}`),
			"too-many-guests", "this server")
	}

	// Games: the same, counted apart from the guests.
	for i := range 6 {
		a := call(t, ctx, from("127.0.0.2"), "POST", nodes[i%2].Base+"/api/games", tokens[i],
			`{"variant":"express","seats":[{"kind":"me"},{"kind":"computer","level":1}]}`)
		if a.status != http.StatusCreated {
			t.Fatalf("game %d of 6 (node %d): %d %+v", i+1, i%2, a.status, a.err)
		}
	}
	for i, n := range nodes {
		is429(t, fmt.Sprintf("a 7th game on node %d", i), call(t, ctx, from("127.0.0.3"), "POST", n.Base+"/api/games", tokens[0],
			`{"variant":"express","seats":[{"kind":"me"},{"kind":"computer","level":1}]}`), "too-many-new-games", "this server")
	}

	// Wrong codes: four addresses, nine each (under their 10), on the two
	// nodes in turn: the 31st miss of the window is refused, whichever
	// node it reaches.
	// The window is aligned on the clock: the misses start at a window's
	// start, and a window that ends before the last of them (a machine
	// too slow for 36 requests in 30 s) makes the count meaningless.
	time.Sleep(time.Until(time.Now().Truncate(missWindow).Add(missWindow)) + 100*time.Millisecond)
	window := time.Now().Truncate(missWindow)
	misses := 0
	for ip := 10; ip < 14; ip++ {
		addr := fmt.Sprintf("127.0.0.%d", ip)
		for i := range 9 {
			a := call(t, ctx, from(addr), "POST", nodes[(ip+i)%2].Base+"/api/join", tokens[ip%6], `{"code":"`+wrongCode(100*ip+i)+`"}`)
			if !time.Now().Truncate(missWindow).Equal(window) {
				t.Skipf("the 30 s window ended after %d wrong codes: this machine is too slow for the count", misses)
			}
			if misses < 30 {
				if a.status != http.StatusNotFound {
					t.Fatalf("wrong code %d of the window from %s: %d %+v, want 404", misses+1, addr, a.status, a.err)
				}
				misses++
				continue
			}
			is429(t, fmt.Sprintf("wrong code %d of the window from %s", misses+1, addr), a, "too-many-guesses", "this server")
		}
	}
}

// guestToken is the token of a 201 answer to POST /api/guests.
func guestToken(t *testing.T, a answer) string {
	t.Helper()
	var rep proto.GuestReply
	if err := json.Unmarshal(a.body, &rep); err != nil || rep.Token == "" {
		t.Fatalf("guest answer %s: %v", a.body, err)
	}
	return rep.Token
}
