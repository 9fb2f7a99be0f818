package ai

import (
	"shiftago/logic"
	"shiftago/logic/ai/eval"
	"shiftago/logic/ai/hashtable"
)

// The Grandmaster's endgame solver (two players). Near the end of a game
// (few marbles left in the supplies or few empty cells) the evaluation's
// guesses matter less than the exact result, and a proof search finds it
// far deeper than alpha-beta with an evaluation: it asks only "does the
// side to move force a win within d plies?", so every node is decided by
// its first refutation and the transposition table remembers proofs.
//
// Before the search proper's iterations (solveTurn), it deepens d while
// its share of the nodes lasts. A root move proven to win ends the move
// at once (the shortest proof found is played, so a won game makes
// progress). A root move proven to lose, within the same d, is dropped
// unless every move loses. In Express, once d covers the rest of the game (no game lasts
// longer than the marbles in the supplies or the empty cells), a move
// neither proven to win nor to lose is an exact draw.

const (
	// solveHorizon: the solver runs when the game can last at most this
	// many more plies by the supplies or the empty cells.
	solveHorizon = 20
	// solveShare is the budget's share (1/solveShare) the solver may use.
	solveShare = 2
	// solveChunk is the least a turn of the solver may use, so that the
	// proofs found in a few nodes are found before the search runs.
	solveChunk = 1 << 14
	// proofKey marks "the side to move loses" entries, apart from "wins".
	proofKey uint64 = 0xC2B2AE3D27D4EB4F
)

// Proof outcomes of a root move.
const (
	proofUnknown = iota
	proofWin
	proofLoss
	proofDraw
)

// gameBound is the most plies a game can still last with no marble
// coming back to a supply: every insertion takes one marble from a supply
// and fills one cell. In Express it bounds the game; in Expert and
// Extreme a scored line gives marbles back, so it is only a trigger.
func gameBound(p *logic.Position) int {
	supplies := 0
	for i := 0; i < p.Players(); i++ {
		supplies += p.Supply(i)
	}
	return min(supplies, logic.Size*logic.Size-p.Occupied().Count())
}

// useSolver says whether the search starts with the endgame solver.
func (s *searcher) useSolver(cfg Config) bool {
	return cfg.Level == MaxLevel && !cfg.Frozen && s.Players == 2 && gameBound(&s.root) <= solveHorizon
}

// solver is the endgame solver's progress between its turns (solveTurn).
type solver struct {
	moves  []logic.Move // the root moves, as they were when it started
	status []int        // each one's outcome so far
	d      int          // the depth of the pass under way
	end    int          // the node count at which its whole share is spent
	used   int          // nodes it has used
	done   bool         // every pass it could run is run, or its share spent
}

// solveTurn gives the solver its turn before an iteration of the search
// proper, and reports whether it proved a win (s.best is then the move to
// play). Root moves proven to lose are dropped, unless all are.
//
// With a budget, the first turn takes the solver's whole share (half the
// budget), as it was measured, and there is no other. Under a clock (an
// Unlimited budget) each turn proves on until the solver has used as many
// nodes as the search (at first, solveChunk), so that wherever the clock
// stops the search, the move has been searched. The solver used to run
// first there with a fixed share, and where proofs are slow (Expert, a
// slow machine) that share filled the whole move and the move played was
// never searched.
func (s *searcher) solveTurn() bool {
	sv := &s.sv
	if sv.done {
		return false
	}
	if sv.moves == nil {
		s.startSolver()
	}
	catchUp := sv.end - s.nodes
	if s.budget >= Unlimited {
		catchUp = max(s.nodes-sv.used, solveChunk) - sv.used
	}
	if catchUp <= 0 {
		return false
	}
	start := s.nodes
	s.proofEnd = min(sv.end, s.nodes+catchUp)
	s.proofStop = false
	won := s.prove()
	sv.used += s.nodes - start
	if s.nodes >= sv.end || s.abort {
		sv.done = true
	}
	if sv.done {
		s.proof.Release()
	}
	if won >= 0 {
		s.best, s.bestScore, s.depth = sv.moves[won], eval.WinScore-sv.d, maxPly
		return true
	}
	s.keepRootMoves(func(m logic.Move) bool { return sv.statusOf(m) != proofLoss })
	return false
}

// keepRootMoves drops the root moves that keep rejects, unless it rejects
// them all; if it drops the best so far, the best searched of those left
// takes its place.
func (s *searcher) keepRootMoves(keep func(logic.Move) bool) {
	kept := s.rootMoves[:0:0]
	for _, rm := range s.rootMoves {
		if keep(rm.m) {
			kept = append(kept, rm)
		}
	}
	if len(kept) > 0 && len(kept) < len(s.rootMoves) {
		s.rootMoves = kept
		if !keep(s.best) {
			s.best = kept[0].m
		}
	}
}

// lostMoves appends to buf the root moves the solver has proved lost.
func (sv *solver) lostMoves(buf []logic.Move) []logic.Move {
	for i, m := range sv.moves {
		if sv.status[i] == proofLoss {
			buf = append(buf, m)
		}
	}
	return buf
}

// startSolver readies the solver's first turn: every root move unknown,
// the first pass, an empty proof table.
func (s *searcher) startSolver() {
	sv := &s.sv
	share := s.solverNodes()
	s.proof = hashtable.New(share)
	sv.moves = sv.moves[:0]
	for _, rm := range s.rootMoves {
		sv.moves = append(sv.moves, rm.m)
	}
	sv.status = make([]int, len(sv.moves))
	sv.d, sv.end, sv.used, sv.done = 1, s.nodes+share, 0, false
}

// statusOf is the solver's outcome for root move m.
func (sv *solver) statusOf(m logic.Move) int {
	for i, x := range sv.moves {
		if x == m {
			return sv.status[i]
		}
	}
	return proofUnknown
}

// prove deepens the proof search of every root move from the pass under
// way until the solver's turn ends (s.proofEnd) or a move is proven to
// win, whose index it returns (else -1). A pass cut short is taken up
// again next turn: the moves it decided keep their outcome, and the proof
// table what the others' searches proved.
func (s *searcher) prove() int {
	sv := &s.sv
	me := s.RootSeat
	bound := gameBound(&s.root)
	step := 1
	if s.Variant == logic.Express {
		step = 2 // no extra turns: a win is always an odd number of plies away
	}
	for ; sv.d < maxPly-1; sv.d += step {
		d := sv.d
		for i, m := range sv.moves {
			if sv.status[i] != proofUnknown {
				continue
			}
			q := &s.posBuf[1]
			*q = s.root
			q.Apply(m, nil)
			switch {
			case q.Over():
				sv.status[i] = proofDraw
				if r := q.Result(); r.State == logic.Won {
					sv.status[i] = proofLoss
					if q.SeatOf(r.Winner) == me {
						sv.status[i] = proofWin
					}
				}
			case q.ToMoveSeat() == me:
				if s.wins(q, d-1, 1) {
					sv.status[i] = proofWin
				} else if !s.proofStop && s.loses(q, d-1, 1) {
					sv.status[i] = proofLoss
				}
			default:
				if s.loses(q, d-1, 1) {
					sv.status[i] = proofWin
				} else if !s.proofStop && s.wins(q, d-1, 1) {
					sv.status[i] = proofLoss
				}
			}
			if sv.status[i] == proofWin {
				return i
			}
			if s.proofStop {
				return -1
			}
		}
		if s.Variant == logic.Express && d >= bound {
			// Every line of play ends within d plies: what is neither
			// won nor lost is drawn.
			for i := range sv.status {
				if sv.status[i] == proofUnknown {
					sv.status[i] = proofDraw
				}
			}
			break
		}
	}
	sv.done = true
	return -1
}

// solverNodes is the most the solver may use: half the budget. A search
// without a budget (Unlimited: its caller stops it by the clock) has no
// half to give; there the solver's turns (solveTurn) keep it to about
// half of whatever the search gets.
func (s *searcher) solverNodes() int {
	return s.budget / solveShare
}

// proofNode counts a node of the proof search and stops it when its share
// of the budget is spent (the search proper keeps the rest).
func (s *searcher) proofNode() bool {
	s.nodes++
	s.pause()
	if s.abort || s.nodes >= s.proofEnd {
		s.proofStop = true
	}
	return !s.proofStop
}

// wins reports whether the side to move in p forces a win within d plies.
// A stopped search answers false, which its callers never take for a
// proof of anything.
func (s *searcher) wins(p *logic.Position, d, ply int) bool {
	if d <= 0 || ply >= maxPly-1 || !s.proofNode() {
		return false
	}
	me := p.ToMoveSeat()
	if s.ImmediateWin(p, me) {
		return true
	}
	key := p.Hash()
	moves, proven, refuted := s.proofMoves(p, key, d, ply)
	if proven || refuted {
		return proven
	}
	q := &s.posBuf[ply+1]
	for _, m := range moves {
		*q = *p
		q.Apply(m, nil)
		var won bool
		switch {
		case q.Over():
			r := q.Result()
			won = r.State == logic.Won && q.SeatOf(r.Winner) == me
		case q.ToMoveSeat() == me:
			won = s.wins(q, d-1, ply+1)
		default:
			won = s.loses(q, d-1, ply+1)
		}
		if s.proofStop {
			return false
		}
		if won {
			s.proof.Store(key, m, 1, d, 0, hashtable.Exact)
			return true
		}
	}
	s.proof.Store(key, logic.NoMove, 0, d, 0, hashtable.Upper)
	return false
}

// loses reports whether the side to move in p loses within d plies
// whatever it plays. The move that refuted the proof last time is tried
// first.
func (s *searcher) loses(p *logic.Position, d, ply int) bool {
	if d <= 1 || ply >= maxPly-1 || !s.proofNode() {
		return false // the other side needs a ply of its own to win
	}
	me := p.ToMoveSeat()
	if s.ImmediateWin(p, me) {
		return false
	}
	key := p.Hash() ^ proofKey
	moves, proven, refuted := s.proofMoves(p, key, d, ply)
	if proven || refuted {
		return proven
	}
	q := &s.posBuf[ply+1]
	for _, m := range moves {
		*q = *p
		q.Apply(m, nil)
		var lost bool
		switch {
		case q.Over():
			r := q.Result()
			lost = r.State == logic.Won && q.SeatOf(r.Winner) != me
		case q.ToMoveSeat() == me:
			lost = s.loses(q, d-1, ply+1)
		default:
			lost = s.wins(q, d-1, ply+1)
		}
		if s.proofStop {
			return false
		}
		if !lost {
			s.proof.Store(key, m, 0, d, 0, hashtable.Upper)
			return false
		}
	}
	s.proof.Store(key, logic.NoMove, 1, d, 0, hashtable.Exact)
	return true
}

// proofMoves looks key up in the proof table: proven when an earlier
// search proved it, refuted when one at least d plies deep could not;
// else it returns the moves of p to try, the one that refuted the proof
// last time first.
func (s *searcher) proofMoves(p *logic.Position, key uint64, d, ply int) (moves []logic.Move, proven, refuted bool) {
	first := logic.NoMove
	if e := s.proof.Probe(key); e != nil {
		switch {
		case e.Score > 0 && (!s.exact || int(e.Depth) <= d):
			return nil, true, false
		case e.Score > 0:
			// Proven within more plies than d only: an exact prover
			// (Prover) must search again, the proof's move first.
		case int(e.Depth) >= d:
			return nil, false, true
		}
		first = e.Move
	}
	moves = p.Moves(s.moveBuf[ply][:0])
	if first != logic.NoMove {
		for i, m := range moves {
			if m == first {
				moves[0], moves[i] = moves[i], moves[0]
				break
			}
		}
	}
	return moves, false, false
}
