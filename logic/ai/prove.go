package ai

import (
	"math"

	"shiftago/logic"
)

// Prover asks the endgame solver's exact questions of two-player
// positions, outside a search: does the side to move force a win within
// d plies, or lose within d plies whatever it plays? Puzzles are made and
// checked with it (logic/puzzle), and the replay's analysis states what it
// proves.
//
// Unlike the Grandmaster's solver, which only needs to know that a move
// wins, a Prover's proofs hold at their own depth: a position proven won
// within 7 plies is not taken as won within 5 (in Expert a position can be
// reached at different depths, after a scored line gave marbles back).
// Each question may use a bounded number of nodes; an answer that ran out
// of them is unknown, never "no".
//
// Three and four players are not supported: the solver's "the others
// lose" is a proof for one side against one other, and with more seats a
// third player's win is no win of ours. Their questions are unknown.
type Prover struct {
	s     *searcher
	limit int
	game  gameKind // the game the table's proofs belong to
	// Nodes is the number of nodes the last question used.
	Nodes int
}

// gameKind is what a position's hash does not tell apart across games:
// proofs of one kind of game are not reused for another.
type gameKind struct {
	variant logic.Variant
	seats   string
}

// NewProver returns a prover whose questions use at most nodes nodes each.
// Its proof table lasts across questions (about nodes/2 entries, at most
// half a million): ask related questions of one Prover.
func NewProver(nodes int) *Prover {
	s := &searcher{budget: math.MaxInt, exact: true, best: logic.NoMove}
	s.proof = newTable(nodes)
	return &Prover{s: s, limit: max(1, nodes)}
}

// Close gives the proof table back; the prover must not be used after.
func (pr *Prover) Close() { pr.s.proof.release() }

// start readies the searcher for a question about p and reports whether
// it can be asked (two players, a game not over).
func (pr *Prover) start(p *logic.Position) bool {
	if p.Players() != 2 || p.Over() {
		return false
	}
	s := pr.s
	k := gameKind{variant: p.Variant()}
	for _, c := range p.Seats() {
		k.seats += c.String()
	}
	if k != pr.game {
		clear(s.proof.slots)
		pr.game = k
	}
	s.variant, s.n, s.winLen = p.Variant(), 2, logic.WinLength(2)
	s.nodes, s.proofEnd, s.proofStop, s.abort = 0, pr.limit, false, false
	return true
}

// Wins reports whether the side to move in p forces a win within plies
// plies (its own moves and the others' counted alike; in Express a win
// in n moves of its own is 2n-1 plies). known is false when the question
// ran out of nodes or cannot be asked (three or four players, a finished
// game).
func (pr *Prover) Wins(p logic.Position, plies int) (won, known bool) {
	if !pr.start(&p) {
		return false, false
	}
	won = pr.s.wins(&p, plies, 0)
	pr.Nodes = pr.s.nodes
	return won, !pr.s.proofStop
}

// Loses reports whether the side to move in p loses within plies plies
// whatever it plays; known as for Wins.
func (pr *Prover) Loses(p logic.Position, plies int) (lost, known bool) {
	if !pr.start(&p) {
		return false, false
	}
	lost = pr.s.loses(&p, plies, 0)
	pr.Nodes = pr.s.nodes
	return lost, !pr.s.proofStop
}

// WinsAfter reports whether move m forces p's side to move a win within
// plies plies, m included: the game ends with its win, or the position
// after m is won (the same side to move again, after a scored line) or
// lost for the other side, within plies-1.
func (pr *Prover) WinsAfter(p logic.Position, m logic.Move, plies int) (won, known bool) {
	me := p.ToMoveSeat()
	q := p
	q.Apply(m, nil)
	switch {
	case q.Over():
		r := q.Result()
		return r.State == logic.Won && q.SeatOf(r.Winner) == me, p.Players() == 2
	case plies <= 1:
		return false, p.Players() == 2
	case q.ToMoveSeat() == me:
		return pr.Wins(q, plies-1)
	default:
		return pr.Loses(q, plies-1)
	}
}
