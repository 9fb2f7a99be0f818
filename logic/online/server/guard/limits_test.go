//go:build !js

package guard

import (
	"fmt"
	"testing"
	"time"
)

func TestBucket(t *testing.T) {
	var b Bucket
	t0 := time.Unix(100, 0)
	for i := 0; i < 5; i++ {
		if !b.Take(t0, 2, 5) {
			t.Fatalf("take %d of a burst of 5 refused", i+1)
		}
	}
	if b.Take(t0, 2, 5) {
		t.Fatal("a sixth at once was allowed")
	}
	if !b.Take(t0.Add(500*time.Millisecond), 2, 5) || b.Take(t0.Add(500*time.Millisecond), 2, 5) {
		t.Fatal("half a second at 2/s should give exactly one more")
	}
	if !b.Take(t0.Add(time.Hour), 2, 5) || b.tokens != 4 {
		t.Fatalf("an hour later the bucket holds %v after one take, want the burst less one (4)", b.tokens)
	}
}

func TestAddrs(t *testing.T) {
	var a Addrs
	l := Limits{AddrPerSec: 1, AddrBurst: 2}
	if !a.Open("x", 2) || !a.Open("x", 2) || a.Open("x", 2) {
		t.Fatal("a third connection of two allowed")
	}
	a.Close("x")
	if !a.Open("x", 2) {
		t.Fatal("a closed connection was not given back")
	}
	now := time.Unix(0, 0)
	for i := 0; i < maxAddrs+10; i++ {
		a.Allow(fmt.Sprint(i), now, l)
	}
	a.Allow("late", now.Add(time.Minute), l)
	if len(a.m) > 100 || a.m["x"] == nil {
		t.Fatalf("%d addresses kept (and x with its connections: %v)", len(a.m), a.m["x"] != nil)
	}
}
