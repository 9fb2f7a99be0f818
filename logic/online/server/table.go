//go:build !js

package server

import (
	"fmt"
	"strings"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// table is a live game's state without any I/O: the stored game, the
// position after its moves, the client ids of the moves this node stored
// and the offers on the table. The game's actor owns it; the tests and
// the fuzz target drive it directly.
type table struct {
	rec    store.Game
	start  logic.Position
	pos    logic.Position
	moves  []store.Move      // moves[i].Ply == i+1
	ids    map[int]string    // ply → the client's id for the move (this node's moves)
	names  map[string]string // guest id → display name
	offers map[string]uint8  // offer kind → seats that made or accepted it (bits)
}

// setupOf turns a stored setup into the rules' setup.
func setupOf(st store.Setup) (logic.Setup, error) {
	v, err := logic.ParseVariant(st.Variant)
	if err != nil {
		return logic.Setup{}, err
	}
	if st.Players < 2 || st.Players > 4 {
		return logic.Setup{}, fmt.Errorf("%d players: want 2 to 4", st.Players)
	}
	s := logic.Standard(v, st.Players, st.SitOuts)
	if st.Colors != "" {
		if len(st.Colors) != st.Players {
			return logic.Setup{}, fmt.Errorf("%d colours for %d players", len(st.Colors), st.Players)
		}
		s.Seats = nil
		for i := 0; i < len(st.Colors); i++ {
			c, ok := logic.ColorOf(st.Colors[i])
			if !ok {
				return logic.Setup{}, fmt.Errorf("colour %q", st.Colors[i])
			}
			s.Seats = append(s.Seats, c)
		}
	}
	s.Starter = st.Starter
	return s, nil
}

// startOf is the position a setup starts from, checked by the rules.
func startOf(st store.Setup) (logic.Position, error) {
	s, err := setupOf(st)
	if err != nil {
		return logic.Position{}, err
	}
	return logic.NewGame(s)
}

// newTable replays the stored moves of rec. A stored move the rules
// refuse means a corrupt store: an error, never a silent skip.
func newTable(rec store.Game, moves []store.Move, names map[string]string) (*table, error) {
	start, err := startOf(rec.Setup)
	if err != nil {
		return nil, fmt.Errorf("game %s: %v", rec.ID, err)
	}
	if names == nil {
		names = map[string]string{}
	}
	t := &table{rec: rec, start: start, pos: start, ids: map[int]string{}, names: names, offers: map[string]uint8{}}
	for i, m := range moves {
		if m.Ply != i+1 {
			return nil, fmt.Errorf("game %s: stored move %d has ply %d", rec.ID, i+1, m.Ply)
		}
		if err := t.pos.PlayString(m.Move, nil); err != nil {
			return nil, fmt.Errorf("game %s: stored move %d: %v", rec.ID, i+1, err)
		}
		t.moves = append(t.moves, m)
	}
	return t, nil
}

// ply is the number of moves played: the last move's ply.
func (t *table) ply() int { return len(t.moves) }

func (t *table) over() bool {
	return t.rec.Status == store.StatusFinished || t.rec.Status == store.StatusAbandoned
}

// held is the set of seats (bits) a guest holds: its own and the
// hot-seat seats it plays on the same device.
func (t *table) held(guest string) uint8 {
	var b uint8
	for i, s := range t.rec.Seats {
		if guest != "" && s.Kind != store.SeatComputer && s.Guest == guest {
			b |= 1 << i
		}
	}
	return b
}

// humans is the set of seats held by people.
func (t *table) humans() uint8 {
	var b uint8
	for i, s := range t.rec.Seats {
		if s.Kind != store.SeatComputer && s.Guest != "" {
			b |= 1 << i
		}
	}
	return b
}

// positionAt replays the first ply moves.
func (t *table) positionAt(ply int) logic.Position {
	p := t.start
	for _, m := range t.moves[:ply] {
		if p.PlayString(m.Move, nil) != nil {
			break // cannot happen: the moves were checked when applied
		}
	}
	return p
}

// checkMove says whether a guest holding seats may play m now, and which
// move it is. A resend of a stored move (same ply, same mover, the same
// move in any notation of it) is dup: acknowledged again, never applied
// twice. The same id with another move is no resend: acknowledging it
// would tell the client a move it never made was stored.
func (t *table) checkMove(guest string, seats uint8, m proto.Msg) (mv logic.Move, dup bool, ref *proto.Msg) {
	refuse := func(c proto.Code, why string) (logic.Move, bool, *proto.Msg) {
		r := proto.Refuse(t.ply(), m.ID, c, why)
		r.Game = t.rec.ID
		return logic.NoMove, false, &r
	}
	if m.Ply >= 1 && m.Ply <= t.ply() {
		st := t.moves[m.Ply-1]
		if guest != "" && st.By == guest && (st.Move == m.Move || canonical(t.positionAt(m.Ply-1), m.Move) == st.Move) {
			return logic.NoMove, true, nil
		}
		if id := t.ids[m.Ply]; id != "" && id == m.ID {
			return refuse(proto.CodeStalePly, fmt.Sprintf("ply %d holds %s, not %s: the same id was sent with another move", m.Ply, st.Move, m.Move))
		}
		return refuse(proto.CodeStalePly, fmt.Sprintf("ply %d is played; the game is at ply %d", m.Ply, t.ply()))
	}
	if m.Ply != t.ply()+1 {
		return refuse(proto.CodeStalePly, fmt.Sprintf("ply %d is not the next, %d", m.Ply, t.ply()+1))
	}
	if t.over() {
		return refuse(proto.CodeOver, "the game is over")
	}
	if seats == 0 {
		return refuse(proto.CodeNotYourTurn, "a spectator cannot move")
	}
	if t.rec.Status != store.StatusPlaying {
		return refuse(proto.CodeWaiting, "the game waits for players to take their seats")
	}
	seat := t.pos.ToMoveSeat()
	if seats&(1<<seat) == 0 || (m.Seat != 0 && m.Seat != seat) {
		return refuse(proto.CodeNotYourSeat, fmt.Sprintf("seat %d is to move and is not yours", seat))
	}
	mv, err := t.pos.ParseMove(m.Move)
	if err != nil {
		return refuse(proto.CodeIllegal, err.Error())
	}
	return mv, false, nil
}

// canonical is a move's notation as the rules write it ("" if illegal),
// so that "Ndxg4-c4" and "Ndxc4-g4" are one move.
func canonical(p logic.Position, s string) string {
	mv, err := p.ParseMove(s)
	if err != nil {
		return ""
	}
	return mv.String()
}

// appendFor is what the store needs to keep move mv by guest (""
// for a computer) at the next ply: the move and the state after it.
func (t *table) appendFor(mv logic.Move, by string, now time.Time) store.Append {
	q := t.pos
	q.Apply(mv, nil)
	a := store.Append{Game: t.rec.ID, Ply: t.ply() + 1, Move: mv.String(), By: by, At: now, ToMoveSeat: -1}
	if q.Over() {
		a.Status, a.Result = store.StatusFinished, q.Result().String()
	} else {
		a.ToMoveSeat = q.ToMoveSeat()
		if t.rec.Setup.MoveTime > 0 {
			a.Deadline = now.Add(t.rec.Setup.MoveTime)
		}
	}
	return a
}

// apply plays a stored move (checked by this node or another) and follows
// the game's record as the store changed it.
func (t *table) apply(m store.Move, a store.Append, id string) error {
	q := t.pos
	if err := q.PlayString(m.Move, nil); err != nil {
		return err
	}
	t.pos = q
	t.moves = append(t.moves, m)
	if id != "" {
		t.ids[m.Ply] = id
	}
	clear(t.offers)
	t.rec.Ply, t.rec.Version, t.rec.ToMoveSeat, t.rec.Deadline = m.Ply, t.rec.Version+1, a.ToMoveSeat, a.Deadline
	if a.Status != store.StatusNone {
		t.rec.Status, t.rec.Result = a.Status, a.Result
	}
	return nil
}

// result splits the stored result ("win g; o resigned") into the
// protocol's result and why.
func result(s string) (res, why string) {
	res, why, _ = strings.Cut(s, "; ")
	if res != "" && why == "" {
		why = "rules"
	}
	return res, why
}

// state is the snapshot a client at ply from needs: the position there
// and the moves after it. A from that is not a ply of this game (ahead,
// or below 0) gets the whole game from its start.
func (t *table) state(from int) proto.Msg {
	if from < 0 || from > t.ply() {
		from = 0
	}
	p := t.positionAt(from)
	res, why := result(t.rec.Result)
	msg := proto.Msg{T: proto.TState, Game: t.rec.ID, Ply: t.ply(), From: from, Pos: p.String(),
		PerMove: int(t.rec.Setup.MoveTime / time.Second), Result: res, Why: why, Status: t.rec.Status.Wire()}
	for _, m := range t.moves[from:] {
		msg.Moves = append(msg.Moves, m.Move)
	}
	msg.ToMove = -1
	if !t.over() && !t.pos.Over() {
		msg.ToMove = t.pos.ToMoveSeat()
		if !t.rec.Deadline.IsZero() {
			msg.Deadline = t.rec.Deadline.UnixMilli()
		}
	}
	for i, s := range t.rec.Seats {
		msg.Table = append(msg.Table, seatInfo(i, s, t.pos.SeatColor(i), t.names[s.Guest]))
	}
	return msg
}

// seatInfo describes seat s (index i, colour col) as the protocol does;
// name is its holder's, if a person holds it.
func seatInfo(i int, s store.Seat, col logic.Color, name string) proto.SeatInfo {
	info := proto.SeatInfo{Seat: i, Color: string(col.Letter()), Level: s.Level}
	switch {
	case s.Kind == store.SeatComputer:
		info.Kind = proto.SeatComputer
	case s.Guest == "":
		info.Kind = proto.SeatOpen
	default:
		info.Kind, info.Name = proto.SeatHuman, name
	}
	return info
}

// offer records that seats offer (or accept) kind; agreed says that every
// seat held by a person now agrees. A takeback needs a person's move to
// take back and a game still going; a rematch needs a finished game.
func (t *table) offer(seats uint8, kind string) (agreed bool, why string) {
	switch kind {
	case proto.OfferTakeback:
		if t.over() {
			return false, "the game is over"
		}
		if t.takebackTo() < 0 {
			return false, "no move of a person to take back"
		}
	case proto.OfferRematch:
		if !t.over() {
			return false, "the game is not over"
		}
	}
	t.offers[kind] |= seats
	h := t.humans()
	return t.offers[kind]&h == h, ""
}

// takebackTo is the ply the game returns to on an agreed takeback: before
// the last move of a person (the computers' replies after it go too);
// -1 if no person has moved.
func (t *table) takebackTo() int {
	for i := len(t.moves) - 1; i >= 0; i-- {
		if t.moves[i].By != "" {
			return i
		}
	}
	return -1
}
