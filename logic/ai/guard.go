package ai

import (
	"shiftago/logic"
	"shiftago/logic/ai/eval"
)

// With three and four players two or three seats move between two turns of
// ours, and a move can leave a seat further on a win that the seats before
// it cannot all stop: the next seat's win in one is plain to see (the
// tactics every level has), the win two seats on is not, and in arena games
// the Grandmaster handed over such wins (found by replaying every won game
// and asking, ply by ply, from when the winner's win could no longer be
// stopped). The guard looks for them exactly, before the tree search
// spends its nodes on the root moves.

// guardPlies bounds the look: in Expert and Extreme a seat that scores
// inserts again, so the plies before our turn are not bounded by the seats.
const guardPlies = 6

// guard keeps the moves after which no seat that moves before our next turn
// has a forced win; all of them when every move leaves one.
func (s *searcher) guard(moves []logic.Move) []logic.Move {
	var kept []logic.Move
	for _, m := range moves {
		q := s.root
		q.Apply(m, nil)
		s.nodes++
		if q.Over() || !s.handsForcedWin(&q) {
			kept = append(kept, m)
		}
	}
	if len(kept) == 0 {
		return moves
	}
	return kept
}

// handsForcedWin reports whether, in q (after a move of ours), some other
// seat wins at its turn whatever the seats moving before it play.
func (s *searcher) handsForcedWin(q *logic.Position) bool {
	for x := 0; x < s.Players; x++ {
		if x != s.RootSeat && s.forcedWin(q, x, guardPlies) {
			return true
		}
	}
	return false
}

// forcedWin reports whether seat x wins in q before our next turn whatever
// the other seats play: at x's turn it has a win in one, and every line of
// the seats before it leads there (a line where another seat wins first is
// one that stops x). Beyond plies it answers no.
func (s *searcher) forcedWin(q *logic.Position, x, plies int) bool {
	if q.Over() {
		r := q.Result()
		return r.State == logic.Won && q.SeatOf(r.Winner) == x
	}
	switch mover := q.ToMoveSeat(); {
	case mover == x:
		s.nodes++
		return s.ImmediateWin(q, x)
	case mover == s.RootSeat || plies == 0:
		return false
	}
	var buf [logic.MaxMoves]logic.Move
	moves := q.Moves(buf[:0])
	for _, m := range moves {
		y := *q
		y.Apply(m, nil)
		s.nodes++
		if !s.forcedWin(&y, x, plies-1) {
			return false
		}
	}
	return len(moves) > 0
}

// ForcedWin reports whether seat wins at its next turn in p whatever the
// seats moving before it play: the guard's question, for tools that look
// back at a game (the arena's decisive moves).
func ForcedWin(p logic.Position, seat int) bool {
	s := questions(p)
	s.RootSeat = -1 // every seat before it tries to stop it, the one to move too
	return s.forcedWin(&p, seat, guardPlies)
}

// Squeezed reports whether the player to move in p (with no win of its
// own) can only hand some other seat a win forced before its next turn,
// whatever it plays.
func Squeezed(p logic.Position) bool {
	if p.Over() {
		return false
	}
	s := questions(p)
	me := p.ToMoveSeat()
	if s.ImmediateWin(&p, me) {
		return false
	}
	var buf [logic.MaxMoves]logic.Move
	for _, m := range p.Moves(buf[:0]) {
		q := p
		q.Apply(m, nil)
		if q.Over() || !s.handsForcedWin(&q) {
			return false
		}
	}
	return true
}

// questions is a searcher with what the guard's questions read: the rules'
// numbers and the seat whose move they follow.
func questions(p logic.Position) *searcher {
	return &searcher{Evaluator: eval.New(&p), root: p}
}
