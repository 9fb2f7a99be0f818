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
)

// TestServeCapsAcrossNodes: two nodes on one PostgreSQL database are one
// service: --new-per-hour caps the guests and the games both nodes make
// together, and the 30 wrong join codes of a window count the misses of
// both (issue 46). Before, each node counted its own (x/time/rate in
// its memory): two nodes allowed twice the figure, k nodes k times.
func TestServeCapsAcrossNodes(t *testing.T) {
	t.Parallel()
	dsn := storetest.FreshDSN(t, store.EnginePostgres)
	args := []string{"--db", dsn, "--new-per-addr", "100", "--new-per-hour", "6"}
	nodes := []*node{startNode(t, "127.0.0.1:0", args...), startNode(t, "127.0.0.1:0", args...)}
	ctx := ctxFor(t, 2*time.Minute)
	// The counts are per window (an hour; 30 s for misses): start where
	// the steps below end inside one.
	if left := time.Until(time.Now().Truncate(missWindow).Add(missWindow)); left < 20*time.Second {
		time.Sleep(left + 100*time.Millisecond)
	}
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
	misses := 0
	for ip := 10; ip < 14; ip++ {
		addr := fmt.Sprintf("127.0.0.%d", ip)
		for i := range 9 {
			a := call(t, ctx, from(addr), "POST", nodes[(ip+i)%2].Base+"/api/join", tokens[ip%6], `{"code":"`+wrongCode(100*ip+i)+`"}`)
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
