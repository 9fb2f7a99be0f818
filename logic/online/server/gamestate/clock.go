//go:build !js

package gamestate

import (
	"time"

	"shiftago/logic"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/store"
)

// A game clock (store.Setup.Clock) is never stored as such: each seat's
// time left is derived from the moves' times (store.Move.At, the
// server's receipt of each move), which the store keeps with the moves.
// So every node, and a node started again, derives the same clocks, and
// the store's deadline (the one the sweep and every node's timer obey)
// is set with each move as for a time per move.
//
// A seat's first move is not on its clock (it has proto.ClockFirstMove
// for it): a move's time is the time since the move before, and the
// game's first move has no move before it whose time every node knows.
// This is lichess's rule too, and it makes "nobody started" a case of
// its own: a rated game whose seat never moved is aborted (Leave).

// clocks is each seat's time left as of the last of moves (played by
// movers), and whether each seat has moved; nil without a game clock.
func clocks(setup store.Setup, moves []store.Move, movers []int) (left []time.Duration, started []bool) {
	if setup.Clock <= 0 {
		return nil, nil
	}
	left, started = make([]time.Duration, setup.Players), make([]bool, setup.Players)
	for i := range left {
		left[i] = setup.Clock
	}
	for i, s := range movers {
		if s < 0 || s >= len(left) {
			continue
		}
		if started[s] && i > 0 {
			left[s] -= moves[i].At.Sub(moves[i-1].At)
			left[s] = max(left[s], 0) + setup.Increment
		}
		started[s] = true
	}
	return left, started
}

// Started says whether the seat has made a move.
func (t *Table) Started(seat int) bool {
	for _, s := range t.Movers {
		if s == seat {
			return true
		}
	}
	return false
}

// deadline is when seat, to move after a move received at at (movers:
// the movers until then, that move's included), runs out of time; zero
// for none.
func deadline(setup store.Setup, moves []store.Move, movers []int, seat int, at time.Time) time.Time {
	switch {
	case setup.MoveTime > 0:
		return at.Add(setup.MoveTime)
	case setup.Clock > 0:
		left, started := clocks(setup, moves, movers)
		if seat < 0 || seat >= len(left) || !started[seat] {
			return at.Add(setup.FirstMoveTime())
		}
		return at.Add(left[seat])
	}
	return time.Time{}
}

// Late says whether the seat to move (a person's) is past its deadline
// at now: its move comes too late, the time is up first.
func (t *Table) Late(now time.Time) bool {
	dl := t.Rec.Deadline
	if dl.IsZero() || t.Over() || t.Rec.Status != store.StatusPlaying || t.Pos.Over() {
		return false
	}
	return t.Rec.Seats[t.Pos.ToMoveSeat()].Kind != store.SeatComputer && !now.Before(dl)
}

// clockFields puts the game clock in a state or moved event.
func (t *Table) clockFields(m *proto.Msg) {
	st := t.Rec.Setup
	if st.Clock <= 0 {
		return
	}
	m.Clock, m.Increment = int(st.Clock/time.Second), int(st.Increment/time.Second)
	left, _ := clocks(st, t.Moves, t.Movers)
	for _, d := range left {
		m.Clocks = append(m.Clocks, d.Milliseconds())
	}
	if !t.Over() && !t.Pos.Over() && !t.Rec.Deadline.IsZero() {
		m.Deadline = t.Rec.Deadline.UnixMilli()
	}
}

// Moved is the moved event of the move at ply (id: the client's, if
// known), with the game clock as it is now.
func (t *Table) Moved(ply int, id string) proto.Msg {
	m := t.Moves[ply-1]
	msg := proto.Msg{T: proto.TMoved, Game: t.Rec.ID, Ply: ply, Move: m.Move, Seat: t.Movers[ply-1], ID: id}
	t.clockFields(&msg)
	return msg
}

// Aborted is the stored result of a game nobody rated because the seat
// of colour col never moved.
func Aborted(col logic.Color) string { return "aborted; " + string(col.Letter()) + " did not start" }

// Leave says how a seat's part ends (why: "time" or "resign"): the
// game's new status and result, or store.StatusNone when a computer
// takes the seat and the game goes on (3 or 4 players). A rated game
// whose seat runs out of time before its first move is aborted: nobody
// played it, nobody is rated.
func (t *Table) Leave(seat int, why string) (store.Status, string) {
	color := string(t.Pos.SeatColor(seat).Letter())
	switch {
	case why == "time" && t.Rec.Setup.Rated && !t.Started(seat):
		return store.StatusAbandoned, Aborted(t.Pos.SeatColor(seat))
	case len(t.Rec.Seats) == 2:
		words := map[string]string{"time": " out of time", "resign": " resigned"}[why]
		return store.StatusFinished, "win " + string(t.Pos.SeatColor(1-seat).Letter()) + "; " + color + words
	}
	return store.StatusNone, ""
}

// TakebackRefused says why the game cannot be taken back ("": it can):
// a rated game's result stands, and a game clock's times are the moves'
// own (a takeback would charge the undone moves to the seat to move).
func (t *Table) TakebackRefused() string {
	switch {
	case t.Rec.Setup.Rated:
		return "a rated game cannot be taken back"
	case t.Rec.Setup.Clock > 0:
		return "a game with a clock cannot be taken back"
	}
	return ""
}
