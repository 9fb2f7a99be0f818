package ai

import (
	"iter"
	"math"
	"runtime"

	"shiftago/logic"
	"shiftago/logic/ai/hashtable"
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
	s.proof = hashtable.New(nodes)
	return &Prover{s: s, limit: max(1, nodes)}
}

// Close gives the proof table back; the prover must not be used after.
func (pr *Prover) Close() { pr.s.proof.Release() }

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
		s.proof.Clear()
		pr.game = k
	}
	s.Variant, s.Players, s.WinLen = p.Variant(), 2, logic.WinLength(2)
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

// Outcome is what a Proof established about a position, for its side to
// move.
type Outcome uint8

// The outcomes of a Proof.
const (
	Unproven   Outcome = iota // nothing within the proof's plies and nodes
	ProvenWin                 // the side to move forces a win within Plies
	ProvenLoss                // every move of the side to move loses within Plies
	ProvenDraw                // Express: neither side can force a win before the game ends
)

// String names the outcome for tests and logs.
func (o Outcome) String() string {
	return [...]string{"unproven", "win", "loss", "draw"}[o]
}

// Proof is a stepped proof search of one two-player position, for an
// analysis that runs a slice at a time (a frame's share, or a worker's):
// it deepens the plies one by one, asking at each depth whether the side
// to move wins within them or loses within them, so the shortest result
// is found first; in Express, once the plies cover the rest of the game,
// a position neither won nor lost is drawn. It stops at maxPlies or when
// its nodes are spent (Unproven).
type Proof struct {
	pr       *Prover
	p        logic.Position
	maxPlies int
	budget   int
	spent    int // the nodes of the questions answered
	next     func() (struct{}, bool)
	stop     func()
	done     bool
	outcome  Outcome
	plies    int
}

// NewProof prepares the proof search of p, at most maxPlies deep and
// maxNodes nodes in all.
func NewProof(p logic.Position, maxPlies, maxNodes int) *Proof {
	pf := &Proof{p: p, maxPlies: maxPlies, budget: maxNodes, done: p.Players() != 2 || p.Over()}
	if !pf.done {
		pf.pr = NewProver(maxNodes)
	}
	return pf
}

// Step does about nodes nodes of the proof and reports whether it is over.
func (pf *Proof) Step(nodes int) (done bool) {
	if pf.done {
		return true
	}
	s := pf.pr.s
	if pf.next == nil {
		pf.next, pf.stop = iter.Pull(func(yield func(struct{}) bool) {
			s.yield = yield
			pf.run()
		})
		runtime.AddCleanup(pf, func(stop func()) { stop() }, pf.stop)
	}
	s.sliceEnd = s.nodes + max(1, nodes) // the question under way counts from 0
	if _, ok := pf.next(); !ok {
		pf.finish()
	}
	return pf.done
}

// Nodes is the nodes the proof has used.
func (pf *Proof) Nodes() int {
	if pf.pr == nil {
		return 0
	}
	return pf.spent + pf.pr.s.nodes
}

// Stop ends the proof early; its outcome stays what was proven.
func (pf *Proof) Stop() {
	if pf.stop != nil {
		pf.stop()
	}
	pf.finish()
}

func (pf *Proof) finish() {
	if !pf.done {
		pf.done = true
		pf.pr.Close()
	}
}

// Result is the outcome and, for a win or a loss, the plies within which
// it comes (the shortest: each depth is asked before the next).
func (pf *Proof) Result() (Outcome, int) { return pf.outcome, pf.plies }

// run deepens the questions until one is answered, the plies run out or
// the nodes do. Each question may use what is left of the budget, and
// the searcher's pause hands control back at each slice's end.
func (pf *Proof) run() {
	p := pf.p
	s := pf.pr.s
	bound := gameBound(&p)
	for d := 1; d <= pf.maxPlies; d++ {
		// In Express a win of the side to move is an odd number of
		// plies away and a loss an even one (no extra turns).
		ask := [2]bool{true, d > 1}
		if p.Variant() == logic.Express {
			ask = [2]bool{d%2 == 1, d%2 == 0}
		}
		for k, kind := range [2]Outcome{ProvenWin, ProvenLoss} {
			if !ask[k] {
				continue
			}
			if pf.pr.limit = pf.budget - pf.spent; pf.pr.limit <= 0 {
				return
			}
			s.sliceEnd -= s.nodes // what is left of the slice, for a question that counts from 0
			var yes, known bool
			if kind == ProvenWin {
				yes, known = pf.pr.Wins(p, d)
			} else {
				yes, known = pf.pr.Loses(p, d)
			}
			pf.spent += s.nodes
			if !known {
				s.nodes = 0
				return
			}
			if yes {
				pf.outcome, pf.plies = kind, d
				s.nodes = 0
				return
			}
		}
		if p.Variant() == logic.Express && d >= bound {
			pf.outcome, pf.plies = ProvenDraw, 0
			break
		}
	}
	s.nodes = 0
}
