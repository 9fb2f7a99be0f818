package online

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/client"
	"shiftago/logic/online/proto"
	"shiftago/logic/record"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// Kept is a move made at this device that the server has not yet
// acknowledged, as the device's store keeps it.
type Kept struct {
	Game string `json:"game"`
	Ply  int    `json:"ply"`  // the moves played before it, on the server
	Move string `json:"move"` // in notation
	Pos  string `json:"pos"`  // the position it was made in (RULES.md §10)

	// A move made at this table is kept parsed, with the position it
	// was made in: the frame hands it over as the table has it, and the
	// writer puts it into words (Move, Pos) off the frame. A move read
	// back from the store has only the words.
	mv     logic.Move
	at     logic.Position
	parsed bool
	ver    int // the Link's outVer that added it: on disk once diskVer reaches it
}

// words is k as the store keeps it and the wire carries it.
func (k Kept) words() Kept {
	if k.parsed && k.Move == "" {
		k.Move, k.Pos = k.mv.String(), k.at.String()
	}
	return k
}

// playedAs reports whether the game's move at k's ply (of st) is k.
func (k Kept) playedAs(st *client.State) bool {
	if k.Ply >= len(st.Moves) {
		return false
	}
	if k.parsed {
		return st.Parsed[k.Ply] == k.mv
	}
	return st.Moves[k.Ply] == k.Move
}

// keptPrefix names the store's files of kept moves, one per game.
const keptPrefix = "online-out-"

// maxKeptFile bounds the kept moves' file: a few moves of one game.
const maxKeptFile = 64 << 10

// KeptName is the store's file of the moves kept for game, or "" when the
// id could not be a file name (the server's ids are lowercase letters and
// digits; anything else is refused rather than written).
func KeptName(game string) string {
	if game == "" || len(game) > 64 {
		return ""
	}
	for _, r := range game {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return ""
		}
	}
	return keptPrefix + game
}

// ReadKept is the moves kept for game in st, oldest first. A damaged
// file reads as none and is said so: it is never sent half-read.
func ReadKept(st saves.Store, game string) ([]Kept, error) {
	name := KeptName(game)
	if st == nil || name == "" {
		return nil, nil
	}
	b, err := st.Read(name)
	if saves.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if len(b) > maxKeptFile {
		return nil, fmt.Errorf("%s: %d bytes, more than kept moves ever take", name, len(b))
	}
	var ks []Kept
	if err := json.Unmarshal(b, &ks); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, k := range ks {
		if k.Game != game || k.Ply < 0 || k.Move == "" {
			return nil, fmt.Errorf("%s: a kept move that is not this game's: %+v", name, k)
		}
	}
	return ks, nil
}

// writeKept replaces the kept moves of game (none: the file goes).
func writeKept(st saves.Store, game string, ks []Kept) error {
	name := KeptName(game)
	if st == nil || name == "" {
		return nil
	}
	if len(ks) == 0 {
		if err := st.Remove(name); err != nil && !saves.IsNotExist(err) {
			return err
		}
		return nil
	}
	out := make([]Kept, len(ks))
	for i, k := range ks {
		out[i] = k.words()
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	return st.WriteNoBackup(name, b)
}

// State is what the Link tells the screen about the connection.
type State uint8

// The states of a Link.
const (
	Connected    State = iota // in sync with the server
	Reconnecting              // the connection is lost; the session is getting it back
	Closed                    // the Link was closed
	SignedOut                 // this device was revoked: its session has stopped for good
)

// Link plays an online game's seats at this screen's table. Make it
// with NewLink, build the table with Table, seat it with Seat, and call
// Step once a tick before the controller's own Step.
type Link struct {
	sess *client.Session
	keep saves.Store
	game string
	mine map[int]bool // the seats this device holds

	// The table, on the screen's goroutine only.
	remote *play.RemotePlayer
	match  *play.Match
	seen   int // the server's moves already handed to the table
	// at is the table's position after its first atPly moves: the
	// position a move made here was made in is one step on from the
	// last one's, never replayed from the start.
	at    logic.Position
	atPly int

	mu   sync.Mutex
	base int // the server's ply at which the table's match starts
	// srv is the session's state as of its version srv.Ver, the game's
	// one truth on this device: replaced whole at each new version,
	// never changed in place, so readers share it.
	srv client.State
	// arrived is the server's ply of the newest move that reached this
	// device, and arrivedAt when (ms since 1970): a move's way here
	// apart from the frame that shows it (the page API's measure).
	arrived   int
	arrivedAt int64
	out       []Kept           // the moves made here not yet acknowledged, oldest first
	outVer    int              // counts the changes to out
	diskVer   int              // the outVer the store holds (the writer's)
	flying    map[int]bool     // acknowledged moves not yet in srv, by ply
	evSeen    int              // the session's events already looked at (EventsSince)
	offers    map[string]Offer // the offers on the table, by kind
	undoneTo  int              // a takeback agreed back to this server ply, for Step to show; -1: none
	rematch   string           // the rematch's game id, once agreed
	resync    bool             // the table no longer matches the server: build it again
	notices   []play.Message   // what the player must be told, oldest first
	conflicts int              // kept moves the game moved past
	sent      int              // moves the server acknowledged
	keepErr   error            // the last failure to keep a move in the store
	soc       social           // quick messages, mutes, blocks (social.go)

	kick   chan struct{} // wakes the sender
	write  chan struct{} // wakes the writer
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewLink links a session of the game to this device's store (nil: the
// moves made here are kept in memory only). The moves kept from an
// earlier run of the game are taken up: sent when the server is where
// they were made, refused plainly when it has moved on.
func NewLink(sess *client.Session, keep saves.Store) (*Link, error) {
	st := sess.Snapshot()
	l := &Link{sess: sess, keep: keep, game: st.Game, mine: map[int]bool{}, flying: map[int]bool{},
		kick: make(chan struct{}, 1), write: make(chan struct{}, 1), offers: map[string]Offer{}, undoneTo: -1}
	_, l.evSeen = sess.EventsSince(0) // what came before the Link is the past
	for _, s := range st.Seats {
		l.mine[s] = true
	}
	l.srv = st
	ks, err := ReadKept(keep, l.game)
	if err != nil {
		l.notices = append(l.notices, play.Msg("online.keptbad"))
		l.outVer = 1 // the writer removes the damaged file
	}
	l.out = ks
	l.ctx, l.cancel = context.WithCancel(context.Background())
	l.wg.Add(3)
	go l.watch()
	go l.send()
	go l.writer()
	l.toWriter() // a damaged file to remove
	l.poke()
	return l, nil
}

// Close stops the Link once the store holds what it must; the session
// stays the caller's to close. Moves not yet acknowledged stay in the
// store for the next Link of the game.
func (l *Link) Close() {
	l.cancel()
	l.wg.Wait()
}

// Client is the game service's client the Link's session uses (this
// device's guest): a rematch opens with it.
func (l *Link) Client() *client.Client { return l.sess.Client() }

// Game is the game's id.
func (l *Link) Game() string { return l.game }

// Mine reports whether this device holds seat i.
func (l *Link) Mine(i int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.mine[i]
}

// Server is the server's game as last seen: the session's state at its
// latest version. Its slices are shared, read them and never change them.
func (l *Link) Server() client.State {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.srv
}

// State says whether the Link is in sync with the server.
func (l *Link) State() State {
	if l.ctx.Err() != nil {
		return Closed
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.srv.SignedOut {
		return SignedOut
	}
	if !l.srv.Synced {
		return Reconnecting
	}
	return Connected
}

// Playing reports whether the game takes moves now: everyone is seated
// and it is not over. The screen takes no move from the hands otherwise.
func (l *Link) Playing() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.srv.Status == proto.StatusPlaying && !l.srv.Pos.Over() && !l.srv.SignedOut
}

// Arrived is the server's ply of the newest move that reached this
// device, and when it did (ms since 1970).
func (l *Link) Arrived() (ply int, at int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.arrived, l.arrivedAt
}

// Pending is the number of moves made here the server has not yet
// acknowledged.
func (l *Link) Pending() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.out)
}

// Acknowledged counts the moves the server acknowledged.
func (l *Link) Acknowledged() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sent
}

// Conflicts counts the moves made here that the game moved past.
func (l *Link) Conflicts() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.conflicts
}

// KeepError is the last failure to write a move to the store (nil: none).
// The move is still sent; only a closed app would lose it.
func (l *Link) KeepError() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.keepErr
}

// Notices hands over what the player must be told since the last call.
func (l *Link) Notices() []play.Message {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.notices
	l.notices = nil
	return n
}

// Offer is an offer on the table: a takeback or a rematch, and the
// seats that agree so far.
type Offer struct {
	Kind  string // proto.OfferTakeback or proto.OfferRematch
	Seats []int  // the seats that offered or accepted
	Ply   int    // the game's ply it was made at: a move voids it
}

// Offers are the offers on the table, takeback first.
func (l *Link) Offers() []Offer {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Offer
	for _, k := range proto.OfferKinds {
		if o, ok := l.offers[k]; ok {
			o.Seats = append([]int(nil), o.Seats...)
			out = append(out, o)
		}
	}
	return out
}

// Asked is the offer of another seat that this device has not answered
// (ok false: none): the screen asks its player to accept or refuse it.
func (l *Link) Asked() (Offer, bool) {
	for _, o := range l.Offers() {
		mine := false
		for _, s := range o.Seats {
			mine = mine || l.Mine(s)
		}
		if !mine {
			return o, true
		}
	}
	return Offer{}, false
}

// Rematch is the rematch's game id once the players agreed ("": none).
func (l *Link) Rematch() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.rematch
}

// Propose offers a takeback or a rematch, or accepts the other seats'
// offer of it. The answer comes as an event (Offers, a notice).
func (l *Link) Propose(kind string) error {
	return l.sess.Send(proto.Msg{T: proto.TOffer, Ply: l.Server().Ply(), Kind: kind})
}

// Refuse declines the offer of kind on the table.
func (l *Link) Refuse(kind string) error {
	l.mu.Lock()
	delete(l.offers, kind) // answered: the prompt goes at once
	l.mu.Unlock()
	return l.sess.Send(proto.Msg{T: proto.TDecline, Ply: l.Server().Ply(), Kind: kind})
}

// Resign gives up the seat this device holds that is to move, else the
// first it holds.
func (l *Link) Resign() error {
	st := l.Server()
	if len(st.Seats) == 0 {
		return errors.New("a spectator holds no seat")
	}
	seat := st.Seats[0]
	if l.Mine(st.Pos.ToMoveSeat()) {
		seat = st.Pos.ToMoveSeat()
	}
	return l.sess.Send(proto.Msg{T: proto.TResign, Ply: st.Ply(), Seat: seat})
}

// NeedsTable reports that the table no longer matches the server's game
// (a takeback, a kept move the game moved past): build it again with
// Table and take it up with a new controller.
func (l *Link) NeedsTable() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.resync
}

// Table builds the table of the game as it stands on the server: the
// seats held here are played by hand (as a person at this screen), the
// others by the remote player. base is the setup's preferences (sound,
// speed, language); its seats are replaced.
func (l *Link) Table(base play.Setup) (*play.Session, error) {
	st := l.Server()
	if st.Pos.Players() < 2 {
		return nil, errors.New("the server has not sent the game yet")
	}
	set := base
	set.Tournament, set.Hints = false, false
	set.Players = st.Pos.Players()
	for i := 0; i < set.Players; i++ {
		k := record.Remote
		if l.Mine(i) {
			k = record.Human
		}
		set.Seats[i].Player = record.Player{Kind: k, Level: set.Seats[i].Player.Level}
	}
	s, _, _, err := play.NewSession(set, st.Pos.String(), nil, 1, uint64(len(st.Moves)), "")
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.base, l.resync = len(st.Moves), false
	l.mu.Unlock()
	l.match, l.seen = s.M, len(st.Moves)
	l.at, l.atPly = s.M.Start, 0
	l.remote = play.NewRemotePlayer(l.made)
	return s, nil
}

// Seat seats the remote player at every seat not held here.
func (l *Link) Seat(c *play.Controller) error {
	if l.remote == nil || c.Match() != l.match {
		return errors.New("seat a table the Link built")
	}
	for i := 0; i < l.match.Start.Players(); i++ {
		if !l.Mine(i) {
			if err := c.Seat(i, l.remote); err != nil {
				return err
			}
		}
	}
	return nil
}

// made is the remote player's word that a move was made at this table
// (ply counts the table's moves before it), on the screen's goroutine:
// it is kept, as parsed; the writer puts it in the store, and the
// sender sends it once it is there. Nothing here waits for a disk.
func (l *Link) made(ply int, mv logic.Move) {
	m := l.match
	if ply < l.atPly || ply > len(m.Moves) {
		l.at, l.atPly = m.Start, 0 // taken back past it: from the start, once
	}
	for ; l.atPly < ply; l.atPly++ {
		if l.at.Play(m.Moves[l.atPly], nil) != nil {
			return // cannot be: the match played them
		}
	}
	l.mu.Lock()
	k := Kept{Game: l.game, Ply: l.base + ply, mv: mv, at: l.at, parsed: true}
	if k.playedAs(&l.srv) {
		l.mu.Unlock()
		return // the server's own move (made on another device), shown here
	}
	l.outVer++
	k.ver = l.outVer
	l.out = append(l.out, k)
	l.mu.Unlock()
	l.toWriter()
}

// poke wakes the sender.
func (l *Link) poke() {
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

// toWriter wakes the writer: the kept moves changed.
func (l *Link) toWriter() {
	select {
	case l.write <- struct{}{}:
	default:
	}
}

// writer keeps the store's file of kept moves as l.out is, on its own
// goroutine: the frame and anything holding l.mu never wait for the
// disk. Each write is of the newest moves; the sender is woken after it,
// so that no move leaves before it is on disk. On Close the last change
// is written before the writer ends.
func (l *Link) writer() {
	defer l.wg.Done()
	for {
		select {
		case <-l.write:
		case <-l.ctx.Done():
			l.persist()
			return
		}
		if l.persist() {
			l.poke()
		}
	}
}

// persist writes the kept moves if they changed since the last write,
// outside l.mu; it reports whether it wrote.
func (l *Link) persist() bool {
	l.mu.Lock()
	ver := l.outVer
	if ver == l.diskVer {
		l.mu.Unlock()
		return false
	}
	ks := append([]Kept(nil), l.out...)
	l.mu.Unlock()
	err := writeKept(l.keep, l.game, ks)
	l.mu.Lock()
	if err != nil {
		l.keepErr = err // the move is still sent: only a closed app would lose it
	}
	l.diskVer = ver
	l.mu.Unlock()
	return true
}

// Step hands the server's new moves to the table, once a tick on the
// screen's goroutine, before the controller's Step: the remote seats'
// moves to the remote player; a move of a seat held here that another
// device of this player made is played as if carried from the tray.
func (l *Link) Step(c *play.Controller) {
	if l.match == nil || c.Match() != l.match {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.resync {
		return
	}
	m := l.match
	moves := l.srv.Parsed
	local := l.base + len(m.Moves)
	if to := l.undoneTo; to >= 0 {
		// An agreed takeback: the table goes back as undo does, once the
		// move being shown is done (a table that does not have those
		// moves is built again).
		switch {
		case to >= local:
			l.undoneTo = -1
		case to < l.base:
			l.undoneTo, l.resync = -1, true
			return
		case c.Phase() == play.Showing:
			return
		default:
			l.undoneTo = -1
			l.mu.Unlock()
			ok := c.TakeBackTo(to - l.base)
			l.mu.Lock()
			if !ok {
				l.resync = true
				return
			}
			l.seen = min(l.seen, to)
			local = to
		}
	}
	if len(moves) < l.base {
		l.resync = true // a takeback to before the table's start
		return
	}
	// The table and the server must agree on every move both have, and
	// a move the table has beyond the server's must be on its way there
	// (else it was taken back).
	for i := min(l.seen, len(moves)); i < local; i++ {
		if (i >= len(moves) || m.Moves[i-l.base] != moves[i]) && !l.pendingAt(i) {
			l.resync = true
			return
		}
	}
	l.seen = max(l.seen, min(len(moves), local))
	if len(moves) <= local {
		return
	}
	// The server is ahead: its next move is either a remote seat's (the
	// remote player gives it to the controller) or this player's, made
	// on another device.
	mv := moves[local]
	if !l.mine[m.Pos.ToMoveSeat()] {
		l.remote.Deliver(len(m.Moves), mv)
		return
	}
	if c.Phase() == play.Playing && c.HumanToMove() {
		l.mu.Unlock()
		err := c.PlayMove(mv)
		l.mu.Lock()
		if err != nil {
			l.resync = true
		}
	}
}

// pendingAt reports whether a move made here for server ply i is still
// on its way (the server may show another until it refuses ours).
func (l *Link) pendingAt(i int) bool {
	for _, k := range l.out {
		if k.Ply == i {
			return true
		}
	}
	return l.flying[i]
}

// watch follows the session's state and its events.
func (l *Link) watch() {
	defer l.wg.Done()
	var ver uint64
	for l.ctx.Err() == nil {
		// Wakes at a new version of the state (a move, an event, a seat
		// that changed); at least every quarter second all the same.
		ctx, cancel := context.WithTimeout(l.ctx, 250*time.Millisecond)
		err := l.sess.Wait(ctx, func(st *client.State) bool { return st.Ver != ver })
		// An error before the quarter second: the session has stopped
		// for good (its device signed out). Wait then returns at once,
		// every time: this loop would spin, and in the browser (no
		// preemption in js/wasm) freeze the page. Its last state is
		// taken up below, then the watch ends.
		ended := err != nil && ctx.Err() == nil
		cancel()
		if l.ctx.Err() != nil {
			return
		}
		l.mu.Lock()
		evs, n := l.sess.EventsSince(l.evSeen)
		l.mu.Unlock()
		if err != nil && len(evs) == 0 && !ended {
			continue
		}
		st := l.sess.Snapshot()
		ver = st.Ver
		l.mu.Lock()
		l.evSeen = n
		for _, e := range evs {
			l.event(e) // against the table as it was before them (names)
		}
		if len(st.Moves) != len(l.srv.Moves) || st.Status != proto.StatusPlaying {
			// An offer holds for the game as it was made in.
			for k, o := range l.offers {
				if o.Ply != len(st.Moves) || k != proto.OfferRematch && st.Status != proto.StatusPlaying {
					delete(l.offers, k)
				}
			}
		}
		if len(st.Moves) > len(l.srv.Moves) {
			l.arrived, l.arrivedAt = len(st.Moves), time.Now().UnixMilli()
		}
		l.srv = st
		for ply := range l.flying {
			if ply < len(st.Moves) {
				delete(l.flying, ply)
			}
		}
		l.mine = map[int]bool{}
		for _, s := range st.Seats {
			l.mine[s] = true
		}
		l.mu.Unlock()
		l.poke()
		if ended {
			return
		}
	}
}

// event takes up one of the session's events; under l.mu, with l.srv
// the game as it was before it. What each event does is in linkEvents,
// keyed by proto's table (a feature's file adds its own in init).
func (l *Link) event(e proto.Msg) {
	if h := linkEvents[e.T]; h != nil {
		h(l, e)
	}
}

// linkEvents are the Link's handlers of the session's kept events.
var linkEvents = map[proto.Type]func(l *Link, e proto.Msg){
	proto.TOffered: func(l *Link, e proto.Msg) {
		l.offers[e.Kind] = Offer{Kind: e.Kind, Seats: append([]int(nil), e.Seats...), Ply: e.Ply}
	},
	proto.TDeclined: func(l *Link, e proto.Msg) {
		if _, ok := l.offers[e.Kind]; ok {
			delete(l.offers, e.Kind)
			l.notices = append(l.notices, play.Msg("online.declined."+e.Kind))
		}
	},
	proto.TUndone: func(l *Link, e proto.Msg) {
		delete(l.offers, proto.OfferTakeback)
		l.undoneTo = e.Ply
		l.notices = append(l.notices, play.Msg("online.tookback"))
	},
	proto.TRematch: func(l *Link, e proto.Msg) {
		clear(l.offers)
		l.rematch = e.Game
	},
	proto.TRefused: func(l *Link, e proto.Msg) {
		if e.ID == "" && (e.Code == proto.CodeNoOffer || e.Code == proto.CodeOver || e.Code == proto.CodeStalePly || e.Code == proto.CodeNotYourSeat || e.Code == proto.CodeRate) {
			l.notices = append(l.notices, play.Msg("online.cannot", play.Text(e.Why)))
		}
	},
	proto.TSeat: (*Link).seatEvent,
}

func (l *Link) seatEvent(e proto.Msg) {
	if e.What != proto.WhatComputer || e.Seat < 0 || e.Seat >= l.srv.Pos.Players() {
		return
	}
	name := ""
	for _, s := range l.srv.Table {
		if s.Seat == e.Seat && s.Kind == proto.SeatHuman {
			name = s.Name
		}
	}
	why := "online.tookseat.left"
	switch e.Why {
	case "time":
		why = "online.tookseat.time"
	case "resign":
		why = "online.tookseat.resign"
	}
	col := l.srv.Pos.SeatColor(e.Seat)
	var who any = col // nobody named: the colour
	if name != "" {
		who = name
	}
	l.notices = append(l.notices, play.Msg(why, who, play.LevelName(max(1, e.Level)), col))
}

// send sends the kept moves, oldest first, each once the server is at
// its ply, and waits for each acknowledgement (the session sends it
// again after every reconnect until then).
func (l *Link) send() {
	defer l.wg.Done()
	for {
		select {
		case <-l.kick:
		case <-l.ctx.Done():
			return
		}
		for l.sendFirst() {
		}
	}
}

// sendFirst sends the oldest kept move; false when there is none, or the
// Link is closing.
func (l *Link) sendFirst() bool {
	l.mu.Lock()
	if len(l.out) == 0 {
		l.mu.Unlock()
		return false
	}
	k := l.out[0]
	onDisk := k.ver <= l.diskVer
	l.mu.Unlock()
	if !onDisk {
		return false // not before it is on disk: the writer wakes the sender then
	}
	w := k.words()
	err := l.sess.Wait(l.ctx, func(st *client.State) bool {
		return st.Synced && (len(st.Moves) > k.Ply || len(st.Moves) == k.Ply && st.Status != proto.StatusOpen)
	})
	if err != nil {
		return false
	}
	st := l.sess.Snapshot()
	switch {
	case k.playedAs(&st):
		l.done(k, nil) // acknowledged before (the app closed before it heard)
		return true
	case len(st.Moves) > k.Ply:
		l.done(k, fmt.Errorf("the game is at move %d", len(st.Moves)))
		return true
	case w.Pos != "" && st.Pos.String() != w.Pos:
		l.done(k, errors.New("the position is not the one the move was made in"))
		return true
	}
	_, err = l.sess.PlayAt(l.ctx, k.Ply+1, w.Move) // never at a later ply than the one it was made for
	if l.ctx.Err() != nil {
		return false // still kept: the next Link sends it
	}
	l.done(k, err)
	return true
}

// done books the end of kept move k: acknowledged (err nil) or refused.
func (l *Link) done(k Kept, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.out) == 0 || l.out[0] != k {
		return
	}
	if err == nil {
		l.out = l.out[1:]
		l.sent++
		if k.Ply >= len(l.srv.Moves) {
			l.flying[k.Ply] = true // until the moved event reaches srv
		}
	} else {
		// The game moved on: this move and every later one made here
		// were made in a position that is gone.
		l.conflicts += len(l.out)
		l.notices = append(l.notices, play.Msg("online.notsent", k.words().Move, refusal(err)))
		l.out = nil
		l.resync = true
	}
	l.outVer++
	l.toWriter()
}

// refusal is the catalogue key that says why a move was refused.
func refusal(err error) play.Message {
	var ref *client.ErrRefused
	if errors.As(err, &ref) {
		switch ref.Msg.Code {
		case proto.CodeStalePly, proto.CodeNotYourTurn:
			return play.Msg("online.why.moved")
		case proto.CodeIllegal:
			return play.Msg("online.why.illegal")
		case proto.CodeOver:
			return play.Msg("online.why.over")
		case proto.CodeNotYourSeat:
			return play.Msg("online.why.seat")
		}
		return play.Text(strings.TrimSpace(ref.Msg.Why))
	}
	return play.Msg("online.why.moved")
}
