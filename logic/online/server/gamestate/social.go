//go:build !js

package gamestate

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"shiftago/logic/online/server/guard"
	"shiftago/logic/online/store"
)

// The rate of quick messages per guest and game: a burst of SayBurst,
// then one every 1/SayRate seconds.
const (
	SayRate  = 0.2
	SayBurst = 3
)

// Social is a game's state for quick messages: the blocks of the guests
// connected to it, so that a message is filtered without a read, and
// each guest's bucket of quick messages. The zero value is ready.
type Social struct {
	blocks map[string]map[string]bool // guest → the guests it blocked
	rate   map[string]*guard.Bucket   // guest → its quick messages' bucket
}

// Known reports whether guest's blocks are held here.
func (s *Social) Known(guest string) bool {
	_, ok := s.blocks[guest]
	return ok
}

// SetBlocks holds guest's blocks as the store lists them.
func (s *Social) SetBlocks(guest string, list []string) {
	set := map[string]bool{}
	for _, b := range list {
		set[b] = true
	}
	if s.blocks == nil {
		s.blocks = map[string]map[string]bool{}
	}
	s.blocks[guest] = set
}

// Block records that guest blocks other (on) or no longer does.
func (s *Social) Block(guest, other string, on bool) {
	if s.blocks == nil {
		s.blocks = map[string]map[string]bool{}
	}
	if s.blocks[guest] == nil {
		s.blocks[guest] = map[string]bool{}
	}
	if on {
		s.blocks[guest][other] = true
	} else {
		delete(s.blocks[guest], other)
	}
}

// Blocks reports whether guest blocked other.
func (s *Social) Blocks(guest, other string) bool { return s.blocks[guest][other] }

// BlockedSeats are the seats held by guests that guest blocked.
func (s *Social) BlockedSeats(guest string, seats []store.Seat) []int {
	var out []int
	for i, x := range seats {
		if x.Guest != "" && x.Kind != store.SeatComputer && s.blocks[guest][x.Guest] {
			out = append(out, i)
		}
	}
	return out
}

// Allow takes a quick message of guest's at now from its bucket; false:
// past the rate (SayBurst in a row, then one every 1/SayRate s).
func (s *Social) Allow(guest string, now time.Time) bool {
	if s.rate == nil {
		s.rate = map[string]*guard.Bucket{}
	}
	b := s.rate[guest]
	if b == nil {
		b = &guard.Bucket{}
		s.rate[guest] = b
	}
	return b.Take(now, SayRate, SayBurst)
}

// SaidData is a quick message as the bus carries it between nodes:
// "seat:phrase:guest" (the guest so that each node filters by its own
// clients' blocks).
func SaidData(seat int, phrase, guest string) string {
	return fmt.Sprintf("%d:%s:%s", seat, phrase, guest)
}

// ParseSaid reads SaidData; ok false for data that is not one.
func ParseSaid(data string) (seat int, phrase, guest string, ok bool) {
	parts := strings.SplitN(data, ":", 3)
	if len(parts) != 3 {
		return 0, "", "", false
	}
	seat, err := strconv.Atoi(parts[0])
	if err != nil {
		return 0, "", "", false
	}
	return seat, parts[1], parts[2], true
}
