//go:build !js

package gamestate

import (
	"fmt"
	"strings"
	"time"

	"shiftago/logic"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// Table is a live game's state without any I/O: the stored game, the
// position after its moves, the client ids of the moves this node stored
// and the offers on the table. The game's actor owns it; the tests and
// the fuzz target drive it directly.
type Table struct {
	Rec    store.Game
	Start  logic.Position
	Pos    logic.Position
	Moves  []store.Move      // Moves[i].Ply == i+1
	Movers []int             // Movers[i]: the seat that played Moves[i]
	IDs    map[int]string    // ply → the client's id for the move (this node's moves)
	Names  map[string]string // guest id → display name
	Offers map[string]uint8  // offer kind → seats that made or accepted it (bits)
}

// SetupOf turns a stored setup into the rules' setup.
func SetupOf(st store.Setup) (logic.Setup, error) {
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

// StartOf is the position a setup starts from, checked by the rules.
func StartOf(st store.Setup) (logic.Position, error) {
	s, err := SetupOf(st)
	if err != nil {
		return logic.Position{}, err
	}
	return logic.NewGame(s)
}

// New replays the stored moves of rec. A stored move the rules
// refuse means a corrupt store: an error, never a silent skip.
func New(rec store.Game, moves []store.Move, names map[string]string) (*Table, error) {
	start, err := StartOf(rec.Setup)
	if err != nil {
		return nil, fmt.Errorf("game %s: %v", rec.ID, err)
	}
	if names == nil {
		names = map[string]string{}
	}
	t := &Table{Rec: rec, Start: start, Pos: start, IDs: map[int]string{}, Names: names, Offers: map[string]uint8{}}
	for i, m := range moves {
		if m.Ply != i+1 {
			return nil, fmt.Errorf("game %s: stored move %d has ply %d", rec.ID, i+1, m.Ply)
		}
		seat := t.Pos.ToMoveSeat()
		if err := t.Pos.PlayString(m.Move, nil); err != nil {
			return nil, fmt.Errorf("game %s: stored move %d: %v", rec.ID, i+1, err)
		}
		t.Moves, t.Movers = append(t.Moves, m), append(t.Movers, seat)
	}
	return t, nil
}

// Ply is the number of moves played: the last move's ply.
func (t *Table) Ply() int { return len(t.Moves) }

// Over says whether the game has ended (finished or abandoned).
func (t *Table) Over() bool {
	return t.Rec.Status == store.StatusFinished || t.Rec.Status == store.StatusAbandoned
}

// Held is the set of seats (bits) a guest holds: its own and the
// hot-seat seats it plays on the same device.
func (t *Table) Held(guest string) uint8 {
	var b uint8
	for i, s := range t.Rec.Seats {
		if guest != "" && s.Kind != store.SeatComputer && s.Guest == guest {
			b |= 1 << i
		}
	}
	return b
}

// Humans is the set of seats held by people.
func (t *Table) Humans() uint8 {
	var b uint8
	for i, s := range t.Rec.Seats {
		if s.Kind != store.SeatComputer && s.Guest != "" {
			b |= 1 << i
		}
	}
	return b
}

// PositionAt replays the first ply moves.
func (t *Table) PositionAt(ply int) logic.Position {
	p := t.Start
	for _, m := range t.Moves[:ply] {
		if p.PlayString(m.Move, nil) != nil {
			break // cannot happen: the moves were checked when applied
		}
	}
	return p
}

// CheckMove says whether a guest holding seats may play m now, and which
// move it is. A resend of a stored move (same ply, same mover, the same
// move in any notation of it) is dup: acknowledged again, never applied
// twice. The same id with another move is no resend: acknowledging it
// would tell the client a move it never made was stored.
func (t *Table) CheckMove(guest string, seats uint8, m proto.Msg) (mv logic.Move, dup bool, ref *proto.Msg) {
	refuse := func(c proto.Code, why string) (logic.Move, bool, *proto.Msg) {
		r := proto.Refuse(t.Ply(), m.ID, c, why)
		r.Game = t.Rec.ID
		return logic.NoMove, false, &r
	}
	if m.Ply >= 1 && m.Ply <= t.Ply() {
		st := t.Moves[m.Ply-1]
		if guest != "" && st.By == guest && (st.Move == m.Move || canonical(t.PositionAt(m.Ply-1), m.Move) == st.Move) {
			return logic.NoMove, true, nil
		}
		if id := t.IDs[m.Ply]; id != "" && id == m.ID {
			return refuse(proto.CodeStalePly, fmt.Sprintf("ply %d holds %s, not %s: the same id was sent with another move", m.Ply, st.Move, m.Move))
		}
		return refuse(proto.CodeStalePly, fmt.Sprintf("ply %d is played; the game is at ply %d", m.Ply, t.Ply()))
	}
	if m.Ply != t.Ply()+1 {
		return refuse(proto.CodeStalePly, fmt.Sprintf("ply %d is not the next, %d", m.Ply, t.Ply()+1))
	}
	if t.Over() {
		return refuse(proto.CodeOver, "the game is over")
	}
	if seats == 0 {
		return refuse(proto.CodeNotYourTurn, "a spectator cannot move")
	}
	if t.Rec.Status != store.StatusPlaying {
		return refuse(proto.CodeWaiting, "the game waits for players to take their seats")
	}
	seat := t.Pos.ToMoveSeat()
	if seats&(1<<seat) == 0 || (m.Seat != 0 && m.Seat != seat) {
		return refuse(proto.CodeNotYourSeat, fmt.Sprintf("seat %d is to move and is not yours", seat))
	}
	mv, err := t.Pos.ParseMove(m.Move)
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

// AppendFor is what the store needs to keep move mv by guest (""
// for a computer) at the next ply: the move and the state after it.
func (t *Table) AppendFor(mv logic.Move, by string, now time.Time) store.Append {
	now = store.FromMillis(store.Millis(now)) // as the store keeps it: the clocks are derived from it
	q := t.Pos
	q.Apply(mv, nil)
	a := store.Append{Game: t.Rec.ID, Ply: t.Ply() + 1, Move: mv.String(), By: by, At: now, ToMoveSeat: -1}
	if q.Over() {
		a.Status, a.Result = store.StatusFinished, q.Result().String()
	} else {
		a.ToMoveSeat = q.ToMoveSeat()
		moves := append(t.Moves[:len(t.Moves):len(t.Moves)], store.Move{Ply: a.Ply, At: now})
		a.Deadline = deadline(t.Rec.Setup, moves, append(t.Movers[:len(t.Movers):len(t.Movers)], t.Pos.ToMoveSeat()), a.ToMoveSeat, now)
	}
	return a
}

// Apply plays a stored move (checked by this node or another) and follows
// the game's record as the store changed it.
func (t *Table) Apply(m store.Move, a store.Append, id string) error {
	q := t.Pos
	if err := q.PlayString(m.Move, nil); err != nil {
		return err
	}
	t.Moves, t.Movers = append(t.Moves, m), append(t.Movers, t.Pos.ToMoveSeat())
	t.Pos = q
	if id != "" {
		t.IDs[m.Ply] = id
	}
	clear(t.Offers)
	t.Rec.Ply, t.Rec.Version, t.Rec.ToMoveSeat, t.Rec.Deadline = m.Ply, t.Rec.Version+1, a.ToMoveSeat, a.Deadline
	if a.Status != store.StatusNone {
		t.Rec.Status, t.Rec.Result = a.Status, a.Result
	}
	return nil
}

// Result splits the stored result ("win g; o resigned") into the
// protocol's result and why.
func Result(s string) (res, why string) {
	res, why, _ = strings.Cut(s, "; ")
	if res != "" && why == "" {
		why = "rules"
	}
	return res, why
}

// State is the snapshot a client at ply from needs: the position there
// and the moves after it. A from that is not a ply of this game (ahead,
// or below 0) gets the whole game from its start.
func (t *Table) State(from int) proto.Msg {
	if from < 0 || from > t.Ply() {
		from = 0
	}
	p := t.PositionAt(from)
	res, why := Result(t.Rec.Result)
	msg := proto.Msg{T: proto.TState, Game: t.Rec.ID, Ply: t.Ply(), From: from, Pos: p.String(),
		PerMove: int(t.Rec.Setup.MoveTime / time.Second), Result: res, Why: why, Status: t.Rec.Status.Wire()}
	for _, m := range t.Moves[from:] {
		msg.Moves = append(msg.Moves, m.Move)
	}
	msg.ToMove = -1
	if !t.Over() && !t.Pos.Over() {
		msg.ToMove = t.Pos.ToMoveSeat()
		if !t.Rec.Deadline.IsZero() {
			msg.Deadline = t.Rec.Deadline.UnixMilli()
		}
	}
	t.clockFields(&msg)
	for i, s := range t.Rec.Seats {
		msg.Table = append(msg.Table, SeatInfo(i, s, t.Pos.SeatColor(i), t.Names[s.Guest]))
	}
	return msg
}

// SeatInfo describes seat s (index i, colour col) as the protocol does;
// name is its holder's, if a person holds it.
func SeatInfo(i int, s store.Seat, col logic.Color, name string) proto.SeatInfo {
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

// Offer records that seats offer (or accept) kind; agreed says that every
// seat held by a person now agrees. A takeback needs a person's move to
// take back and a game still going; a rematch needs a finished game.
func (t *Table) Offer(seats uint8, kind string) (agreed bool, why string) {
	switch kind {
	case proto.OfferTakeback:
		if t.Over() {
			return false, "the game is over"
		}
		if t.TakebackTo() < 0 {
			return false, "no move of a person to take back"
		}
	case proto.OfferRematch:
		if !t.Over() {
			return false, "the game is not over"
		}
	}
	t.Offers[kind] |= seats
	h := t.Humans()
	return t.Offers[kind]&h == h, ""
}

// TakebackTo is the ply the game returns to on an agreed takeback: before
// the last move of a person (the computers' replies after it go too);
// -1 if no person has moved.
func (t *Table) TakebackTo() int {
	for i := len(t.Moves) - 1; i >= 0; i-- {
		if t.Moves[i].By != "" {
			return i
		}
	}
	return -1
}
