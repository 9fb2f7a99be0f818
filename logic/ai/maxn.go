package ai

import (
	"shiftago/logic"
	"shiftago/logic/ai/eval"
)

// vec is a value per seat, for the max^n search.
type vec [4]int32

// maxnLeaf evaluates p for every seat: its own terms less its strongest
// rival's, and a near-win for a mover who wins with one insertion.
func (s *searcher) maxnLeaf(p *logic.Position, ply int) vec {
	var v vec
	mover := p.ToMoveSeat()
	if !s.Blind && s.ImmediateWin(p, mover) {
		for i := 0; i < s.Players; i++ {
			v[i] = -(eval.NearWin - int32(ply))
		}
		v[mover] = eval.NearWin - int32(ply)
		return v
	}
	var terms vec
	for i := 0; i < s.Players; i++ {
		terms[i] = s.SeatTerms(p, i, i == mover)
	}
	for i := 0; i < s.Players; i++ {
		top := int32(0)
		for j := 0; j < s.Players; j++ {
			if j != i {
				top = max(top, terms[j])
			}
		}
		v[i] = max(-eval.Limit, min(eval.Limit, terms[i]-top))
	}
	v[mover] += s.W.Tempo
	return v
}

// maxnTerminal scores a finished game for every seat.
func (s *searcher) maxnTerminal(q *logic.Position, ply int) vec {
	var v vec
	r := q.Result()
	if r.State != logic.Won {
		return v
	}
	w := q.SeatOf(r.Winner)
	for i := 0; i < s.Players; i++ {
		v[i] = -(eval.WinScore - int32(ply))
	}
	v[w] = eval.WinScore - int32(ply)
	return v
}

// maxn is the max^n search: each seat picks the child best for itself.
// It prunes nothing but is exact about who wants what.
func (s *searcher) maxn(p *logic.Position, depth, ply int) vec {
	s.nodes++
	s.pause()
	if s.abort {
		return vec{}
	}
	if depth <= 0 || ply >= maxPly-1 {
		return s.maxnLeaf(p, ply)
	}
	mover := p.ToMoveSeat()
	moves := p.Moves(s.moveBuf[ply][:0])
	if s.beam > 0 && depth >= 2 && len(moves) > s.beam {
		moves = s.beamCut(p, moves, ply)
	}
	best := vec{}
	first := true
	for _, m := range moves {
		q := &s.posBuf[ply+1]
		*q = *p
		q.Apply(m, nil)
		var v vec
		if q.Over() {
			v = s.maxnTerminal(q, ply+1)
		} else {
			v = s.maxn(q, depth-1, ply+1)
		}
		if s.abort {
			return vec{}
		}
		if first || v[mover] > best[mover] {
			best, first = v, false
		}
		if best[mover] > eval.WinBound {
			break // a win for the mover cannot be bettered much
		}
	}
	return best
}

// searchRootMaxn is searchRoot for max^n.
func (s *searcher) searchRootMaxn(d int) (int, logic.Move, bool) {
	p := &s.root
	me := s.RootSeat
	bestV := -inf
	best := logic.NoMove
	for i := range s.rootMoves {
		rm := &s.rootMoves[i]
		q := *p
		q.Apply(rm.m, nil)
		var v vec
		if q.Over() {
			v = s.maxnTerminal(&q, 1)
		} else {
			v = s.maxn(&q, d-1, 1)
		}
		if s.abort {
			break
		}
		rm.score = int(v[me]) + rm.noise
		if rm.score > bestV {
			bestV, best = rm.score, rm.m
		}
	}
	s.sortRootMoves()
	return bestV, best, !s.abort
}

// beamCut keeps the beam moves that look best for the mover after one ply
// (wins first), so that the search of a many-player game gets deeper.
func (s *searcher) beamCut(p *logic.Position, moves []logic.Move, ply int) []logic.Move {
	mover := p.ToMoveSeat()
	order := s.orderBuf[ply][:len(moves)]
	for i, m := range moves {
		q := &s.posBuf[ply+1]
		*q = *p
		q.Apply(m, nil)
		s.nodes++
		if q.Over() {
			order[i] = s.maxnTerminal(q, ply+1)[mover]
		} else {
			order[i] = s.maxnLeaf(q, ply+1)[mover]
		}
	}
	for i := 0; i < s.beam; i++ {
		j := i
		for k := i + 1; k < len(moves); k++ {
			if order[k] > order[j] {
				j = k
			}
		}
		moves[i], moves[j] = moves[j], moves[i]
		order[i], order[j] = order[j], order[i]
	}
	return moves[:s.beam]
}
