package online

import (
	"testing"

	"shiftago/logic/online/proto"
)

// TestGameClocks: the seat to move's clock runs to its deadline, the
// others show what they had left; a computer's seat shows none.
func TestGameClocks(t *testing.T) {
	const now = 1_800_000_000_000
	table := []proto.SeatInfo{{Kind: proto.SeatHuman}, {Kind: proto.SeatHuman}, {Kind: proto.SeatComputer}}
	got := GameClocks([]int64{300_000, 61_500, 9_000}, table, 1, now+4_999, now)
	if want := [4]string{"5:00", "0:04", "", ""}; got != want {
		t.Fatalf("clocks %q, want %q", got, want)
	}
	for ms, want := range map[int64]string{-5: "0:00", 999: "0:00", 59_999: "0:59", 600_000: "10:00", 3_725_000: "1:02:05"} {
		if got := ClockWords(ms); got != want {
			t.Errorf("ClockWords(%d) = %q, want %q", ms, got, want)
		}
	}
}
