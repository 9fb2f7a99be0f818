//go:build !js

package gamestate

import (
	"slices"
	"testing"
	"time"

	"shiftago/logic/online/store"
)

// TestSocial: blocks held per guest (read from the store, then changed),
// the seats they cover (never a computer's), the quick messages' rate
// (a burst, then one every 1/SayRate s), and the bus's form of a quick
// message, which refuses what is not one.
func TestSocial(t *testing.T) {
	var s Social
	if s.Known("ann") || s.Blocks("ann", "bob") {
		t.Fatal("a fresh state knows blocks")
	}
	s.SetBlocks("ann", []string{"bob"})
	seats := []store.Seat{{Guest: "ann"}, {Guest: "bob"}, {Guest: "cid"}, {Guest: "bob", Kind: store.SeatComputer}}
	if !s.Known("ann") || !s.Blocks("ann", "bob") || s.Blocks("bob", "ann") {
		t.Fatal("the store's blocks are not held as read")
	}
	if got := s.BlockedSeats("ann", seats); !slices.Equal(got, []int{1}) {
		t.Errorf("blocked seats %v, want [1] (not the computer's seat)", got)
	}
	s.Block("ann", "cid", true)
	s.Block("ann", "bob", false)
	s.Block("dan", "ann", true) // a guest whose blocks were never read
	if got := s.BlockedSeats("ann", seats); !slices.Equal(got, []int{2}) {
		t.Errorf("after the changes: blocked seats %v, want [2]", got)
	}
	if !s.Blocks("dan", "ann") {
		t.Error("a block of a guest not read yet is lost")
	}

	t0 := time.Unix(1000, 0)
	for i := range SayBurst {
		if !s.Allow("ann", t0) {
			t.Fatalf("message %d of the burst refused", i+1)
		}
	}
	if s.Allow("ann", t0) {
		t.Fatal("a message past the burst allowed")
	}
	if !s.Allow("bob", t0) {
		t.Fatal("one guest's burst counted against another")
	}
	if !s.Allow("ann", t0.Add(time.Duration(float64(time.Second)/SayRate))) {
		t.Fatal("no message allowed after 1/SayRate s")
	}

	if seat, phrase, guest, ok := ParseSaid(SaidData(2, "gg", "ann")); !ok || seat != 2 || phrase != "gg" || guest != "ann" {
		t.Errorf("round trip: %d %q %q %v", seat, phrase, guest, ok)
	}
	for _, bad := range []string{"", "2:gg", "x:gg:ann"} {
		if _, _, _, ok := ParseSaid(bad); ok {
			t.Errorf("%q read as a quick message", bad)
		}
	}
}
