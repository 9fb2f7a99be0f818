package ai

import "shiftago/logic"

// The Grandmaster's endgame solver (two players). Near the end of a game
// (few marbles left in the supplies or few empty cells) the evaluation's
// guesses matter less than the exact result, and a proof search finds it
// far deeper than alpha-beta with an evaluation: it asks only "does the
// side to move force a win within d plies?", so every node is decided by
// its first refutation and the transposition table remembers proofs.
//
// Before the search proper, solveRoot deepens d while a share of the
// node budget lasts. A root move proven to win ends the move at once (the
// shortest proof found is played, so a won game makes progress). A root
// move proven to lose, within the same d, is dropped unless every move
// loses. In Express, once d covers the rest of the game (no game lasts
// longer than the marbles in the supplies or the empty cells), a move
// neither proven to win nor to lose is an exact draw.

const (
	// solveHorizon: the solver runs when the game can last at most this
	// many more plies by the supplies or the empty cells.
	solveHorizon = 20
	// solveShare is the budget's share (1/solveShare) the solver may use.
	solveShare = 2
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
	return cfg.Level == MaxLevel && !cfg.Frozen && s.n == 2 && gameBound(&s.root) <= solveHorizon
}

// solveRoot runs the proof search at the root (see above) and reports
// whether it proved a win: s.best is then the move to play.
func (s *searcher) solveRoot() bool {
	status, d := s.proveRoot()
	for i, st := range status {
		if st == proofWin {
			s.best, s.bestScore, s.depth = s.rootMoves[i].m, winScore-d, maxPly
			return true
		}
	}
	// Drop the moves proven to lose, unless all do: the search then
	// chooses the longest resistance among them.
	kept := s.rootMoves[:0:0]
	for i, rm := range s.rootMoves {
		if status[i] != proofLoss {
			kept = append(kept, rm)
		}
	}
	if len(kept) > 0 {
		s.rootMoves = kept
		s.best = kept[0].m
	}
	return false
}

// proveRoot deepens the proof search of every root move while the
// solver's share of the budget lasts, until a move is proven to win. It
// returns each move's outcome and the depth of the last pass.
func (s *searcher) proveRoot() ([]int, int) {
	share := s.solverNodes()
	s.proof = newTable(share)
	defer s.proof.release()
	s.proofEnd = s.nodes + share
	s.proofStop = false
	me := s.rootSeat
	bound := gameBound(&s.root)
	status := make([]int, len(s.rootMoves))
	step := 1
	if s.variant == logic.Express {
		step = 2 // no extra turns: a win is always an odd number of plies away
	}
	d := 1
	for ; d < maxPly-1 && !s.proofStop; d += step {
		for i := range s.rootMoves {
			if status[i] != proofUnknown {
				continue
			}
			q := &s.posBuf[1]
			*q = s.root
			q.Apply(s.rootMoves[i].m, nil)
			switch {
			case q.Over():
				status[i] = proofDraw
				if r := q.Result(); r.State == logic.Won {
					status[i] = proofLoss
					if q.SeatOf(r.Winner) == me {
						status[i] = proofWin
					}
				}
			case q.ToMoveSeat() == me:
				if s.wins(q, d-1, 1) {
					status[i] = proofWin
				} else if !s.proofStop && s.loses(q, d-1, 1) {
					status[i] = proofLoss
				}
			default:
				if s.loses(q, d-1, 1) {
					status[i] = proofWin
				} else if !s.proofStop && s.wins(q, d-1, 1) {
					status[i] = proofLoss
				}
			}
			if s.proofStop {
				return status, d
			}
			if status[i] == proofWin {
				return status, d
			}
		}
		if s.variant == logic.Express && d >= bound {
			// Every line of play ends within d plies: what is neither
			// won nor lost is drawn.
			for i := range status {
				if status[i] == proofUnknown {
					status[i] = proofDraw
				}
			}
			break
		}
	}
	return status, d
}

// solverNodes is the solver's share of the budget. A search without a
// budget (Unlimited: its caller stops it by the clock) cannot give the
// solver a share of it, or the solver alone would fill the time and the
// move would be left unsearched; it gives the solver what the
// Grandmaster's own budget would, and the search proper gets the rest of
// the time.
func (s *searcher) solverNodes() int {
	if s.budget >= Unlimited {
		return levels[MaxLevel].nodes / solveShare
	}
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
	if s.immediateWin(p, me) {
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
			s.proof.store(key, m, 1, d, 0, boundExact)
			return true
		}
	}
	s.proof.store(key, logic.NoMove, 0, d, 0, boundUpper)
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
	if s.immediateWin(p, me) {
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
			s.proof.store(key, m, 0, d, 0, boundUpper)
			return false
		}
	}
	s.proof.store(key, logic.NoMove, 1, d, 0, boundExact)
	return true
}

// proofMoves looks key up in the proof table: proven when an earlier
// search proved it, refuted when one at least d plies deep could not;
// else it returns the moves of p to try, the one that refuted the proof
// last time first.
func (s *searcher) proofMoves(p *logic.Position, key uint64, d, ply int) (moves []logic.Move, proven, refuted bool) {
	first := logic.NoMove
	if e := s.proof.probe(key); e != nil {
		if e.score > 0 {
			return nil, true, false
		}
		if int(e.depth) >= d {
			return nil, false, true
		}
		first = e.move
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
