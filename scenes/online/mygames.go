package online

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// Group is where a game stands in the player's list, in the list's order.
type Group uint8

// The groups of the player's list of games.
const (
	GroupYourMove Group = iota // under way, a seat of the player's to move
	GroupWaiting               // under way, another seat to move
	GroupOpen                  // waiting for players to take the free seats
	GroupFinished              // finished or abandoned
)

func (g Group) String() string {
	return [...]string{"yourmove", "waiting", "open", "finished"}[min(int(g), 3)]
}

// GroupOf is the group of game g in the player's list.
func GroupOf(g proto.GameReply) Group {
	switch g.Status {
	case proto.StatusPlaying:
		if g.YourMove {
			return GroupYourMove
		}
		return GroupWaiting
	case proto.StatusOpen:
		return GroupOpen
	}
	return GroupFinished
}

// SortGames orders a list as the player reads it: their move first, the
// one whose clock runs out first at the top (games without a clock after
// those with one), then the games waiting for others, the open ones and
// the finished ones. Within a group the server's order (most recently
// changed first) stays.
func SortGames(gs []proto.GameReply) {
	slices.SortStableFunc(gs, func(a, b proto.GameReply) int {
		ga, gb := GroupOf(a), GroupOf(b)
		if ga != gb {
			return int(ga) - int(gb)
		}
		if ga != GroupYourMove || a.Deadline == b.Deadline {
			return 0
		}
		switch {
		case a.Deadline == 0:
			return 1
		case b.Deadline == 0:
			return -1
		case a.Deadline < b.Deadline:
			return -1
		}
		return 1
	})
}

// TimeLeft says how long is left on a move clock that runs out at
// deadline (Unix ms), seen at now (Unix ms), in the largest two units
// that matter, rounded down (a clock never shows more than is left):
// "online.left.d" (days, hours), "online.left.h" (hours, minutes),
// "online.left.m" (minutes), "online.left.s" (under a minute: seconds),
// "online.left.out" (run out; the server is about to act on it). ok is
// false when the game has no clock.
func TimeLeft(deadline, now int64) (m play.Message, ok bool) {
	if deadline <= 0 {
		return play.Message{}, false
	}
	left := time.Duration(deadline-now) * time.Millisecond
	switch {
	case left <= 0:
		return play.Msg("online.left.out"), true
	case left < time.Minute:
		return play.Msg("online.left.s", int(left/time.Second)), true
	case left < time.Hour:
		return play.Msg("online.left.m", int(left/time.Minute)), true
	case left < 24*time.Hour:
		return play.Msg("online.left.h", int(left/time.Hour), int(left%time.Hour/time.Minute)), true
	}
	return play.Msg("online.left.d", int(left/(24*time.Hour)), int(left%(24*time.Hour)/time.Hour)), true
}

// NewTurns are the games of now that became the player's to move since
// before: not in before, or not the player's move there, or the player's
// move at another ply (the others moved and it came round again).
func NewTurns(before, now []proto.GameReply) []proto.GameReply {
	was := make(map[string]int, len(before))
	for _, g := range before {
		if GroupOf(g) == GroupYourMove {
			was[g.Game] = g.Ply
		}
	}
	var out []proto.GameReply
	for _, g := range now {
		if ply, ok := was[g.Game]; GroupOf(g) == GroupYourMove && (!ok || ply != g.Ply) {
			out = append(out, g)
		}
	}
	return out
}

// Games is the player's list of games as last fetched from a server.
type Games struct {
	Server string            `json:"server"`
	At     int64             `json:"at"` // when it was fetched, Unix ms
	List   []proto.GameReply `json:"games"`
}

// gamesFile keeps the last list on the device, for the offline list.
const gamesFile = "online-games"

// maxGamesFile bounds the kept list: the server lists at most 100 games.
const maxGamesFile = 256 << 10

// ReadGames is the list kept in st for server; none (At 0) when there is
// none, it is damaged, or it is another server's.
func ReadGames(st saves.Store, server string) (Games, error) {
	if st == nil {
		return Games{}, nil
	}
	b, err := st.Read(gamesFile)
	if saves.IsNotExist(err) {
		return Games{}, nil
	}
	if err != nil {
		return Games{}, err
	}
	if len(b) > maxGamesFile {
		return Games{}, fmt.Errorf("%s: %d bytes, more than a list ever takes", gamesFile, len(b))
	}
	var g Games
	if err := json.Unmarshal(b, &g); err != nil {
		return Games{}, fmt.Errorf("%s: %w", gamesFile, err)
	}
	if g.Server != server {
		return Games{}, nil
	}
	return g, nil
}

// writeGames keeps g in st.
func writeGames(st saves.Store, g Games) error {
	if st == nil {
		return nil
	}
	b, err := json.Marshal(g)
	if err != nil {
		return err
	}
	return st.WriteNoBackup(gamesFile, b)
}

// Watcher keeps the player's list of games fresh while it is shown: it
// fetches the list on its own goroutine when shown and then every
// Interval, keeps the last one on the device (the offline list), and
// tells of the games that became the player's to move. The screen only
// reads what it has (List, Turns): a frame never waits for the server.
type Watcher struct {
	fetch    func(ctx context.Context) ([]proto.GameReply, error)
	keep     saves.Store
	server   string
	now      func() time.Time
	interval time.Duration
	onTurn   func(g proto.GameReply) // called on the fetching goroutine

	mu      sync.Mutex
	games   Games
	live    bool  // the last fetch worked
	based   bool  // a fetch of this watcher worked: the turns count from it
	fetched bool  // a fetch finished since the watcher was made
	err     error // the last fetch's error
	turns   []proto.GameReply
	ver     int    // counts the changes, for the screen to redraw
	open    string // the game on screen: not a new turn for the list
	cancel  context.CancelFunc
	done    chan struct{}
	kick    chan struct{}
}

// Interval is how often a shown list is fetched again.
const Interval = 30 * time.Second

// NewWatcher watches the list of server's games that fetch gets; keep
// holds the last list (nil: memory only), now is the clock (nil:
// time.Now). onTurn (may be nil) is told, on the watcher's goroutine, of
// each game that became the player's to move between two of its fetches
// (the first list is shown to the player: it tells of nothing).
func NewWatcher(fetch func(ctx context.Context) ([]proto.GameReply, error), keep saves.Store, server string, now func() time.Time, onTurn func(proto.GameReply)) *Watcher {
	if now == nil {
		now = time.Now
	}
	w := &Watcher{fetch: fetch, keep: keep, server: server, now: now, interval: Interval, onTurn: onTurn, kick: make(chan struct{}, 1)}
	if g, err := ReadGames(keep, server); err == nil {
		w.games = g
	}
	return w
}

// SetInterval changes how often a shown list is fetched (tests).
func (w *Watcher) SetInterval(d time.Duration) { w.interval = d }

// Show starts fetching: now, then every interval, until Hide. Showing
// a shown watcher fetches again at once.
func (w *Watcher) Show() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cancel != nil {
		select {
		case w.kick <- struct{}{}:
		default:
		}
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel, w.done = cancel, make(chan struct{})
	go w.run(ctx, w.done)
}

// Hide stops fetching and waits for the fetch under way.
func (w *Watcher) Hide() {
	w.mu.Lock()
	cancel, done := w.cancel, w.done
	w.cancel, w.done = nil, nil
	w.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// SetOpen names the game on screen over the list ("" for none): its
// turns are the game screen's to tell.
func (w *Watcher) SetOpen(game string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.open = game
}

func (w *Watcher) run(ctx context.Context, done chan struct{}) {
	defer close(done)
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-w.kick:
		}
		w.once(ctx)
		t.Reset(w.interval)
	}
}

// once fetches the list once and takes it up.
func (w *Watcher) once(ctx context.Context) {
	fctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	list, err := w.fetch(fctx)
	cancel()
	if ctx.Err() != nil {
		return // hidden meanwhile: nothing learnt
	}
	w.mu.Lock()
	w.fetched, w.ver = true, w.ver+1
	if err != nil {
		w.live, w.err = false, err
		w.mu.Unlock()
		return
	}
	SortGames(list)
	var turns []proto.GameReply
	if w.based { // the first list is in front of the player: no news in it
		for _, g := range NewTurns(w.games.List, list) {
			if g.Game != w.open {
				turns = append(turns, g)
			}
		}
	}
	w.games = Games{Server: w.server, At: w.now().UnixMilli(), List: list}
	w.live, w.err, w.based = true, nil, true
	w.turns = append(w.turns, turns...)
	g := w.games
	w.mu.Unlock()
	_ = writeGames(w.keep, g) // the offline list; losing it loses nothing else
	if w.onTurn != nil {
		for _, t := range turns {
			w.onTurn(t)
		}
	}
}

// Snapshot is what a watcher knows, for the screen.
type Snapshot struct {
	Games   Games
	Live    bool  // Games is what the server said at the last fetch
	Fetched bool  // a fetch finished (false: the kept list, or nothing, so far)
	Err     error // why the last fetch failed
	Ver     int   // counts the changes
}

// Snapshot is the list as last known.
func (w *Watcher) Snapshot() Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	g := w.games
	g.List = slices.Clone(g.List)
	return Snapshot{Games: g, Live: w.live, Fetched: w.fetched, Err: w.err, Ver: w.ver}
}

// Ver counts the changes to the list (fetches that ended): a screen
// takes a Snapshot only when it moved, not every tick.
func (w *Watcher) Ver() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.ver
}

// Turns hands over the games that became the player's to move since
// the last call.
func (w *Watcher) Turns() []proto.GameReply {
	w.mu.Lock()
	defer w.mu.Unlock()
	t := w.turns
	w.turns = nil
	return t
}

// Outcome is how a finished game ended, for the player: won, lost (to
// the seat winner), a draw, abandoned, or over for a reason the list
// does not tell (winner -1 unless lost).
func Outcome(g proto.GameReply) (key string, winner int) {
	if g.Status == proto.StatusAbandoned {
		if strings.HasPrefix(g.Result, "aborted") { // a rated game nobody started
			return "online.res.aborted", -1
		}
		return "online.res.abandoned", -1
	}
	res, _, _ := strings.Cut(g.Result, "; ")
	if res == "draw" {
		return "online.res.draw", -1
	}
	col, ok := strings.CutPrefix(res, "win ")
	if !ok {
		return "online.res.over", -1
	}
	for _, s := range g.Table {
		if s.Color != col {
			continue
		}
		if slices.Contains(g.Seats, s.Seat) {
			return "online.res.won", -1
		}
		return "online.res.lost", s.Seat
	}
	return "online.res.over", -1
}

// Opponents are the seats of g the player does not hold, in turn order.
func Opponents(g proto.GameReply) []proto.SeatInfo {
	var out []proto.SeatInfo
	for _, s := range g.Table {
		if !slices.Contains(g.Seats, s.Seat) {
			out = append(out, s)
		}
	}
	return out
}
