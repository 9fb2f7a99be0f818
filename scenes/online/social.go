package online

import (
	"encoding/json"
	"slices"
	"sync"
	"time"

	"shiftago/logic/online/proto"
)

// Quick messages, mutes and blocks at the Link. A phrase comes as its id
// and the screen words it in its player's language. A mute is this
// device's (kept in its store, per game and seat); a block is the
// server's (the blocked player's messages never reach this guest).

// SaidFor is how long a quick message stays by its seat (a variable:
// the screenshot test holds a bubble while it draws 15 screens).
var SaidFor = 5 * time.Second

// maxSaid bounds the messages a Link keeps for the screen.
const maxSaid = 8

// Said is a quick message a seat said.
type Said struct {
	Seat   int
	Phrase string // one of proto.Phrases
	At     time.Time
}

// social is the Link's state for quick messages; under Link.mu but for
// the mutes' load, which is once and off the frame.
type social struct {
	said    []Said
	blocked []int        // the seats whose holders this guest blocked (the server says)
	muted   map[int]bool // the seats muted here
	load    sync.Once
}

// mutePrefix names the store's files of mutes, one per game.
const mutePrefix = "online-mute-"

func init() {
	linkEvents[proto.TSaid] = func(l *Link, e proto.Msg) {
		l.soc.said = append(l.soc.said, Said{Seat: e.Seat, Phrase: e.Phrase, At: time.Now()})
		if len(l.soc.said) > maxSaid {
			l.soc.said = l.soc.said[len(l.soc.said)-maxSaid:]
		}
	}
	linkEvents[proto.TBlocked] = func(l *Link, e proto.Msg) {
		l.soc.blocked = append([]int(nil), e.Seats...)
	}
}

// Say sends a quick message from this device's seat.
func (l *Link) Say(phrase string) error {
	return l.sess.Send(proto.Msg{T: proto.TSay, Ply: l.Server().Ply(), Phrase: phrase})
}

// Block asks the server to block (or unblock) the holder of seat.
func (l *Link) Block(seat int, on bool) error {
	t := proto.TUnblock
	if on {
		t = proto.TBlock
	}
	return l.sess.Send(proto.Msg{T: t, Ply: l.Server().Ply(), Seat: seat})
}

// Blocked reports whether this guest blocked the holder of seat.
func (l *Link) Blocked(seat int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Contains(l.soc.blocked, seat)
}

// loadMutes reads the mutes of the game once, in the background (the
// frame never waits for a disk); until they are read, nobody is muted.
func (l *Link) loadMutes() {
	l.soc.load.Do(func() {
		go func() {
			var seats []int
			if name := muteName(l.game); l.keep != nil && name != "" {
				if b, err := l.keep.Read(name); err == nil && len(b) < 1<<10 {
					_ = json.Unmarshal(b, &seats) // a damaged file mutes nobody
				}
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			if l.soc.muted == nil {
				l.soc.muted = map[int]bool{}
				for _, s := range seats {
					l.soc.muted[s] = true
				}
			}
		}()
	})
}

func muteName(game string) string {
	if KeptName(game) == "" {
		return ""
	}
	return mutePrefix + game
}

// Muted reports whether seat's messages are hidden on this device.
func (l *Link) Muted(seat int) bool {
	l.loadMutes()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.soc.muted[seat]
}

// Mute hides (or shows again) the messages of seat on this device, and
// keeps it in the device's store (written off the frame).
func (l *Link) Mute(seat int, on bool) {
	l.loadMutes()
	l.mu.Lock()
	if l.soc.muted == nil {
		l.soc.muted = map[int]bool{}
	}
	if on {
		l.soc.muted[seat] = true
	} else {
		delete(l.soc.muted, seat)
	}
	var seats []int
	for s := range l.soc.muted {
		seats = append(seats, s)
	}
	l.mu.Unlock()
	slices.Sort(seats)
	keep, name := l.keep, muteName(l.game)
	if keep == nil || name == "" {
		return
	}
	go func() {
		b, _ := json.Marshal(seats)
		if err := keep.WriteNoBackup(name, b); err != nil {
			l.mu.Lock()
			l.keepErr = err
			l.mu.Unlock()
		}
	}()
}

// Said is the quick messages to show at now: those said in the last
// SaidFor by seats not muted here, the newest of each seat, oldest first.
func (l *Link) Said(now time.Time) []Said {
	l.loadMutes()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Said
	for _, s := range l.soc.said {
		if now.Sub(s.At) >= SaidFor || l.soc.muted[s.Seat] {
			continue
		}
		out = slices.DeleteFunc(out, func(o Said) bool { return o.Seat == s.Seat })
		out = append(out, s)
	}
	return out
}

// OtherPlayer reports whether seat is held by a person on another device
// (this device holds a seat): a player this one can mute or block.
func (l *Link) OtherPlayer(seat int) bool {
	st := l.Server()
	if len(st.Seats) == 0 || l.Mine(seat) {
		return false
	}
	return slices.ContainsFunc(st.Table, func(s proto.SeatInfo) bool { return s.Seat == seat && s.Kind == proto.SeatHuman })
}
