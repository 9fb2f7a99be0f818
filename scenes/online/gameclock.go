package online

import (
	"fmt"

	"shiftago/logic/online/proto"
)

// GameClocks are the seats' game clocks as their cards show them, in
// minutes and seconds ("4:57", "1:02:05" past an hour), the same in
// every language: the seat to move's runs down to its deadline (while
// it has not moved yet, that is its first move's time), every other
// seat shows the time it had left after its last move (clocks, ms). A
// computer's seat shows none: its clock never ends its part.
func GameClocks(clocks []int64, table []proto.SeatInfo, mover int, deadline, now int64) [4]string {
	var words [4]string
	for i := range min(len(clocks), len(words)) {
		if i < len(table) && table[i].Kind == proto.SeatComputer {
			continue
		}
		left := clocks[i]
		if i == mover && deadline > 0 {
			left = deadline - now
		}
		words[i] = ClockWords(left)
	}
	return words
}

// ClockWords says a game clock's time left (ms), rounded down to the
// second (a clock never shows more than is left), never below 0:00.
func ClockWords(ms int64) string {
	s := max(ms, 0) / 1000
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
