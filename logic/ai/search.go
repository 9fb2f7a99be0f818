package ai

import (
	"iter"
	"math"
	"runtime"
	"slices"

	"shiftago/logic"
	"shiftago/logic/ai/book"
	"shiftago/logic/ai/eval"
	"shiftago/logic/ai/hashtable"
)

const (
	maxPly = 64
	inf    = 32000
)

// Search is one stepped search of a position. The search runs as a
// coroutine (iter.Pull) that pauses after each slice of nodes, so the game
// can run it from its frame loop: there is no preemption in the browser.
type Search struct {
	st   *searcher
	par  *parallel // Workers > 1
	next func() (struct{}, bool)
	stop func()
	done bool
}

// searcher is the state of a search. It never refers to its Search, so an
// abandoned Search can be collected and its coroutine stopped.
type searcher struct {
	eval.Evaluator // the game's shape, the root seat, the weights

	root      logic.Position
	coalition bool // the root seat against all the others (paranoid, best-reply)
	multi     Multi
	beam      int
	lv        level
	seed      uint64
	solve     bool // the endgame solver takes turns with the iterations (solve.go)
	deep      bool // the Grandmaster's late-move reductions (reduction)
	exact     bool // a proof holds within its own depth only (Prover)

	proof     hashtable.Table // the endgame solver's proofs
	lost      []logic.Move    // lazy SMP helper: root moves the main worker's solver proved lost
	proofEnd  int             // the node count at which the solver's turn ends
	proofStop bool            // the solver's turn is over
	sv        solver          // the solver's progress between its turns

	tt       hashtable.Table
	shared   *hashtable.Table // lazy SMP: the table all workers read, merged between epochs
	skip     int              // lazy SMP: iterations a helper skips, so the workers spread over depths
	nodes    int
	budget   int
	sliceEnd int
	abort    bool
	yield    func(struct{}) bool

	best      logic.Move
	bestScore int
	depth     int // deepest iteration completed

	// The tree search's root children, in rootMoves order, as of the last
	// pick: a parallel search sums them over its trees.
	rootVisits []int32
	rootReward []float32

	rootMoves []rootMove
	killers   [maxPly][2]logic.Move
	history   [4][logic.NumEntries]int32
	posBuf    [maxPly + 1]logic.Position
	moveBuf   [maxPly][logic.MaxMoves]logic.Move
	passBuf   [maxPly][4]logic.Position // best-reply: the node with the turn passed to each opponent
	orderBuf  [maxPly][logic.MaxMoves]int32
}

type rootMove struct {
	m     logic.Move
	score int
	noise int
}

// NewSearch prepares a search of p (p must not be over).
func NewSearch(p logic.Position, cfg Config) *Search {
	st := newSearcher(p, cfg)
	s := &Search{st: st, done: st.budget == 0}
	if n := cfg.Workers; n > 1 && !s.done && st.multi != MaxN {
		s.par = newParallel(p, cfg, st, n)
		runtime.AddCleanup(s, func(par *parallel) { par.close() }, s.par)
	}
	return s
}

func newSearcher(p logic.Position, cfg Config) *searcher {
	lv := levelOf(cfg, p.Players())
	st := &searcher{
		Evaluator: eval.New(&p),
		root:      p,
		multi:     cfg.Multi,
		beam:      cfg.Beam,
		lv:        lv,
		seed:      cfg.Seed,
		budget:    lv.nodes,
		best:      logic.NoMove,
	}
	st.Blind = lv.blind
	switch {
	case st.Players == 2:
		st.multi = Paranoid // two players: plain negamax
	case st.multi == Auto && lv.blind:
		st.multi = BestReply // Beginner: one ply of its blind evaluation
	case st.multi == Auto:
		st.multi = MonteCarlo
	}
	if cfg.Level == MaxLevel && st.Players == 2 && !cfg.Frozen {
		if w, ok := eval.Tuned[st.Variant]; ok {
			st.W = w
		}
		st.deep = true
	}
	st.coalition = st.Players > 2 && st.multi != MaxN
	st.sliceEnd = st.budget
	if p.Over() {
		st.budget = 0
		return st
	}
	st.prepareRoot()
	if cfg.Level == MaxLevel && !cfg.NoBook {
		if m := book.Move(&st.root); m != logic.NoMove {
			for _, rm := range st.rootMoves {
				if rm.m == m {
					st.best, st.budget = m, 0 // the book searched deeper
					return st
				}
			}
		}
	}
	if len(st.rootMoves) <= 1 {
		st.budget = 0 // nothing to think about
		return st
	}
	if st.multi != MaxN && st.multi != MonteCarlo {
		st.tt = hashtable.New(st.budget)
	}
	st.solve = st.useSolver(cfg)
	return st
}

// Step does at most about nodes nodes of work and reports whether the
// search has finished.
func (s *Search) Step(nodes int) (done bool) {
	if s.done {
		return true
	}
	if s.par != nil {
		s.done = s.par.step(nodes)
		return s.done
	}
	if s.next == nil {
		st := s.st
		s.next, s.stop = iter.Pull(func(yield func(struct{}) bool) {
			st.yield = yield
			st.run()
		})
		runtime.AddCleanup(s, func(stop func()) { stop() }, s.stop)
	}
	s.st.sliceEnd = s.st.nodes + max(1, nodes)
	if _, ok := s.next(); !ok {
		s.done = true
		s.stop()
		s.st.tt.Release()
	}
	return s.done
}

// Stop ends the search early; Best stays the best move found so far.
func (s *Search) Stop() {
	if s.par != nil {
		s.par.close()
		s.done = true
		return
	}
	if s.stop != nil {
		s.stop()
	}
	if !s.done {
		s.st.tt.Release()
	}
	s.done = true
}

// Best is the move to play: the best found so far (always a legal move,
// even before the first Step finishes). It is NoMove only when the game
// is over.
func (s *Search) Best() logic.Move {
	if s.par != nil {
		return s.par.best
	}
	return s.st.best
}

// Nodes is the number of nodes searched so far.
func (s *Search) Nodes() int {
	if s.par != nil {
		return s.par.nodes()
	}
	return s.st.nodes
}

// Depth is the deepest iteration the search completed (the tree search:
// the deepest node it reached).
func (s *Search) Depth() int {
	if s.par != nil {
		return s.par.depth
	}
	return s.st.depth
}

// Score is the evaluation of Best from the mover's side. With two players
// (and a three- or four-player Beginner) it is in evaluation units, 30000
// less the plies for a forced win; otherwise it is the tree search's mean
// reward scaled from -1000 (always lost) to 1000 (always won). A win in
// one, taken without a search, scores as a win; a move played without a
// search for want of a choice (the only move that does not lose at once,
// or the opening book's) scores 0, which then means "not searched": a
// caller that wants the position's value searches the position after it
// (the replay's analysis does).
func (s *Search) Score() int {
	if s.par != nil {
		return s.par.bestScore
	}
	return s.st.bestScore
}

// Think runs a search to completion (for tools and tests).
func Think(p logic.Position, cfg Config) logic.Move {
	if cfg.Workers > 1 {
		s := NewSearch(p, cfg)
		for !s.Step(1 << 30) {
		}
		return s.Best()
	}
	st := newSearcher(p, cfg)
	if st.budget > 0 {
		st.run()
	}
	st.tt.Release()
	return st.best
}

// mix is a SplitMix64 step, the package's only source of noise.
func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// sameTeam reports whether seats a and b play for the same side: in a
// two-player game each seat is its own side; in a paranoid or best-reply
// search of a multi-player game, the root seat plays against all the others.
func (s *searcher) sameTeam(a, b int) bool {
	if !s.coalition {
		return a == b
	}
	return (a == s.RootSeat) == (b == s.RootSeat)
}

// terminal scores a finished game from the side of the seat that moved.
func (s *searcher) terminal(q *logic.Position, mover, ply int) int {
	r := q.Result()
	if r.State != logic.Won {
		return 0
	}
	if s.sameTeam(q.SeatOf(r.Winner), mover) {
		return eval.WinScore - ply
	}
	return -(eval.WinScore - ply)
}

// prepareRoot lists the root moves, applies the tactical rules (take a win
// in one, stop the next opponent's win in one) and draws each move's noise.
func (s *searcher) prepareRoot() {
	p := &s.root
	me := s.RootSeat
	var buf, rbuf [logic.MaxMoves]logic.Move
	moves := p.Moves(buf[:0])
	s.best = moves[0]
	var safe []logic.Move
	for _, m := range moves {
		q := *p
		q.Apply(m, nil)
		if s.lv.tactics && q.Over() && q.Result().State == logic.Won && q.SeatOf(q.Result().Winner) == me {
			s.best = m
			s.rootMoves = []rootMove{{m: m}}
			// Not searched, yet known: a win now, in Score's units.
			s.bestScore = eval.WinScore - 1
			if s.multi == MonteCarlo {
				s.bestScore = 1000
			}
			return
		}
		if !s.lv.tactics || q.Over() || q.ToMoveSeat() == me {
			safe = append(safe, m)
			continue
		}
		lost := false
		him := q.ToMoveSeat()
		for _, r := range q.Moves(rbuf[:0]) {
			x := q
			x.Apply(r, nil)
			if x.Over() && x.Result().State == logic.Won && x.SeatOf(x.Result().Winner) == him {
				lost = true
				break
			}
		}
		if !lost {
			safe = append(safe, m)
		}
	}
	if len(safe) == 0 {
		safe = moves
	} else if s.Players > 2 && s.lv.guard {
		safe = s.guard(safe)
	}
	s.best = safe[0]
	h := mix(s.seed ^ mix(p.Hash()))
	for _, m := range safe {
		rm := rootMove{m: m}
		if a := s.lv.noise; a > 0 {
			rm.noise = int(mix(h^uint64(m))%uint64(2*a+1)) - a
		}
		s.rootMoves = append(s.rootMoves, rm)
	}
}

// probe looks key up in the search's own table and then, in a parallel
// search, in the table the workers share.
func (s *searcher) probe(key uint64) *hashtable.Entry {
	if e := s.tt.Probe(key); e != nil || s.shared == nil {
		return e
	}
	return s.shared.Probe(key)
}

// pause is called at every node: it ends the search when the budget is
// spent and hands control back to the caller of Step at a slice's end.
func (s *searcher) pause() {
	if s.nodes >= s.budget {
		s.abort = true
		return
	}
	if s.yield == nil || s.nodes < s.sliceEnd {
		return
	}
	if !s.yield(struct{}{}) {
		s.abort = true
	}
}

// run is iterative deepening over the root moves.
func (s *searcher) run() {
	if s.multi == MonteCarlo {
		s.runMCTS()
		return
	}
	if s.solve {
		defer s.proof.Release() // the solver may not have finished
	}
	for d := 1 + s.skip; d <= s.lv.depth && d < maxPly; d++ {
		if s.solve && (s.solveTurn() || s.abort) {
			return
		}
		if len(s.lost) > 0 {
			s.keepRootMoves(func(m logic.Move) bool { return !slices.Contains(s.lost, m) })
		}
		var score int
		var m logic.Move
		var complete bool
		if s.multi == MaxN {
			score, m, complete = s.searchRootMaxn(d)
		} else {
			score, m, complete = s.searchRoot(d)
		}
		if m != logic.NoMove {
			s.best, s.bestScore = m, score
		}
		if !complete {
			return
		}
		s.depth = d
		if score > eval.WinBound || score < -eval.WinBound {
			return // a forced result: deeper search will not change it
		}
	}
}

// searchRoot searches every root move to depth d (with its noise) and
// returns the best, or NoMove if the first move could not be finished.
func (s *searcher) searchRoot(d int) (int, logic.Move, bool) {
	p := &s.root
	me := s.RootSeat
	alpha := -inf
	best := logic.NoMove
	for i := range s.rootMoves {
		rm := &s.rootMoves[i]
		q := *p
		q.Apply(rm.m, nil)
		var v int
		if q.Over() {
			v = s.terminal(&q, me, 1)
		} else if i == 0 {
			v = s.child(&q, me, d-1, -inf, inf, 1)
		} else {
			a := alpha - rm.noise
			v = s.child(&q, me, d-1, a, a+1, 1)
			if v > a && !s.abort {
				v = s.child(&q, me, d-1, a, inf, 1)
			}
		}
		if s.abort {
			break
		}
		v += rm.noise
		rm.score = v
		if v > alpha {
			alpha, best = v, rm.m
		}
		if i > 0 {
			rm.score = min(v, alpha-1) // a bound only: keep the order stable
			if rm.m == best {
				rm.score = v
			}
		}
	}
	s.sortRootMoves()
	return alpha, best, !s.abort
}

// sortRootMoves puts the best first for the next iteration; a stable
// insertion sort keeps the order deterministic.
func (s *searcher) sortRootMoves() {
	for i := 1; i < len(s.rootMoves); i++ {
		for j := i; j > 0 && s.rootMoves[j].score > s.rootMoves[j-1].score; j-- {
			s.rootMoves[j], s.rootMoves[j-1] = s.rootMoves[j-1], s.rootMoves[j]
		}
	}
}

// child searches q, reached by a move of seat mover, and returns its value
// for mover's side within the window (alpha, beta) of that side. After a
// scoring move in Expert and Extreme the same seat moves again, so the
// sign flips only when the side to move changes.
func (s *searcher) child(q *logic.Position, mover, depth, alpha, beta, ply int) int {
	if s.sameTeam(q.ToMoveSeat(), mover) {
		// In a best-reply search an opponent's extra turn is his alone.
		only := s.multi == BestReply && mover != s.RootSeat
		return s.negamax(q, depth, alpha, beta, ply, only)
	}
	return -s.negamax(q, depth, -beta, -alpha, ply, false)
}

// Best-reply search (Schadd and Winands, 2011) of a three- or four-player
// game: between two turns of the root seat, only the one opponent whose
// reply hurts it most moves; the others pass. The tree is that of a
// two-player game, so alpha-beta prunes it and it reaches about twice the
// depth of max^n. Against greedy seats it beat max^n but lost to the tree
// search, which the game uses (doc.go); it stays for the arena.
// Replies are tagged with the replying seat in bits 24-25 of the move.
const (
	replyShift        = 24
	replyMask         = logic.Move(3) << replyShift
	onlyKey    uint64 = 0x9E3779B97F4A7C15 // keys a node where an opponent moves again
)

// replies lists the moves of every opponent who could reply in p (an
// opponent to move), each tagged with its seat; passBuf[ply][o] holds p
// with the turn passed to o.
func (s *searcher) replies(p *logic.Position, ply int) []logic.Move {
	buf := s.moveBuf[ply][:0]
	mover := p.ToMoveSeat()
	for k := 0; k < s.Players; k++ {
		o := (mover + k) % s.Players
		if o == s.RootSeat {
			continue
		}
		b := &s.passBuf[ply][o]
		*b = *p
		if o != mover {
			if p.SitOuts(o) > 0 || p.Supply(o) == 0 {
				continue
			}
			b.PassTo(o)
			if b.Over() || b.ToMoveSeat() != o {
				continue
			}
		}
		start := len(buf)
		buf = b.Moves(buf)
		for i := start; i < len(buf); i++ {
			buf[i] |= logic.Move(o) << replyShift
		}
	}
	return buf
}

// negamax is a principal-variation alpha-beta search; it returns the value
// of p for the side to move.
//
// In a best-reply search, a node where an opponent is to move lists the
// replies of every opponent, unless only is set: the opponent to move is
// taking an extra turn after scoring.
func (s *searcher) negamax(p *logic.Position, depth, alpha, beta, ply int, only bool) int {
	s.nodes++
	s.pause()
	if s.abort {
		return 0
	}
	mover := p.ToMoveSeat()
	reply := s.multi == BestReply && mover != s.RootSeat && !only
	if depth <= 0 || ply >= maxPly-1 {
		return s.Eval(p, ply, reply)
	}
	if s.deep && s.ImmediateWin(p, mover) {
		// A win in one: answer at once rather than search the other
		// insertions until the winning one comes up in the move order.
		// The value is the one eval gives the same position at a leaf, so
		// the position is worth the same at every depth.
		return eval.NearWin - ply
	}
	key := p.Hash()
	if only {
		key ^= onlyKey
	}
	ttMove := logic.NoMove
	if e := s.probe(key); e != nil {
		ttMove = e.Move
		if int(e.Depth) >= depth {
			v := hashtable.ScoreAt(e.Score, ply)
			switch {
			case e.Bound == hashtable.Exact:
				return v
			case e.Bound == hashtable.Lower && v >= beta:
				return v
			case e.Bound == hashtable.Upper && v <= alpha:
				return v
			}
		}
	}
	var moves []logic.Move
	if reply {
		moves = s.replies(p, ply)
	} else {
		moves = p.Moves(s.moveBuf[ply][:0])
	}
	var order []int32
	if len(moves) <= len(s.orderBuf[ply]) {
		order = s.orderBuf[ply][:len(moves)]
	} else {
		order = make([]int32, len(moves)) // more replies than a seat's moves: rare
	}
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	for i, m := range moves {
		var o int32
		switch {
		case m == ttMove:
			o = 1 << 30
		case m.Scores():
			o = 1<<28 + s.scoreGain(m)
		case m == k0:
			o = 1 << 27
		case m == k1:
			o = 1<<27 - 1
		default:
			o = s.history[seatOfReply(m, mover, reply)][m.Entry()]
		}
		order[i] = o
	}
	origAlpha := alpha
	best, bestMove := -inf, logic.NoMove
	for i := range moves {
		// Selection sort: the best remaining move next.
		j := i
		for k := i + 1; k < len(moves); k++ {
			if order[k] > order[j] {
				j = k
			}
		}
		moves[i], moves[j] = moves[j], moves[i]
		order[i], order[j] = order[j], order[i]
		m := moves[i]

		q := &s.posBuf[ply+1]
		who := seatOfReply(m, mover, reply)
		if reply {
			*q = s.passBuf[ply][who]
			q.Apply(m&^replyMask, nil)
		} else {
			*q = *p
			q.Apply(m, nil)
		}
		if s.multi == BestReply && who != s.RootSeat && !q.Over() {
			if nx := q.ToMoveSeat(); nx != who && nx != s.RootSeat {
				q.PassTo(s.RootSeat) // the other opponents pass
			}
		}
		var v int
		if q.Over() {
			v = s.terminal(q, who, ply+1)
		} else if i == 0 {
			v = s.child(q, who, depth-1, alpha, beta, ply+1)
		} else {
			r := s.reduction(q, who, depth, i, order[i])
			v = s.child(q, who, depth-1-r, alpha, alpha+1, ply+1)
			if v > alpha && !s.abort {
				v = s.child(q, who, depth-1, alpha, beta, ply+1)
			}
		}
		if s.abort {
			return 0
		}
		if v > best {
			best, bestMove = v, m
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			if !m.Scores() && m != k0 {
				s.killers[ply][1] = k0
				s.killers[ply][0] = m
			}
			if h := &s.history[who][m.Entry()]; *h < 1<<26 {
				*h += int32(depth * depth)
			}
			break
		}
	}
	bound := hashtable.Exact
	switch {
	case best <= origAlpha:
		bound = hashtable.Upper
	case best >= beta:
		bound = hashtable.Lower
	}
	s.tt.Store(key, bestMove, best, depth, ply, bound)
	return best
}

// reduction is how many plies less than depth-1 the i-th move of a node
// (in search order; ord its ordering key) is first searched with, in a
// null window; a move that beats alpha there is searched again in full.
// The TT move, scoring moves, killers and the first moves of a node are
// never reduced.
//
// The lower levels and Reference keep the step they were measured with
// (one ply from the fifth move, two from the thirteenth). The
// Grandmaster reduces by ln(depth)·ln(i), at least one ply and at most
// down to depth 1, except a move that leaves its mover a win in one:
// a threat forces the reply, so cutting it short would hide exactly the
// sequences that decide the game. At equal nodes it completes about a
// ply more than the old step (TestGrandmasterSeesDeeper: 6.9 plies
// against 5.8 at 60 000 nodes, in Express and Expert alike); what that
// is worth in games, at equal nodes and at equal time, is in README.md.
func (s *searcher) reduction(q *logic.Position, who, depth, i int, ord int32) int {
	if !s.deep {
		if depth < 3 || i < 4 || ord >= 1<<27-1 {
			return 0
		}
		if i >= 12 && depth >= 5 {
			return 2
		}
		return 1
	}
	if depth < 3 || i < 3 || ord >= 1<<27-1 {
		return 0
	}
	if !q.Over() && q.ToMoveSeat() != who && s.ImmediateWin(q, who) {
		return 0
	}
	return min(int(lmrTable[min(depth, maxPly-1)][min(i, maxPly-1)]), depth-2)
}

// lmrTable[d][i] is max(1, ⌊0.75 + ln d · ln i⌋): the Grandmaster's
// reduction before its limits (reduction).
var lmrTable = func() (t [maxPly][maxPly]int8) {
	for d := 1; d < maxPly; d++ {
		for i := 1; i < maxPly; i++ {
			t[d][i] = int8(max(1, int(0.75+math.Log(float64(d))*math.Log(float64(i)))))
		}
	}
	return t
}()

// seatOfReply is the seat that plays m: the tagged seat of a reply, else
// the mover.
func seatOfReply(m logic.Move, mover int, reply bool) int {
	if reply {
		return int(m >> replyShift & 3)
	}
	return mover
}

// scoreGain orders scoring moves: longer lines first.
func (s *searcher) scoreGain(m logic.Move) int32 { return int32(lineLen(m)) }

// lineLen is the length of the line a scoring move scores.
func lineLen(m logic.Move) int {
	a, b := m.Line()
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	return max(df, -df, dr, -dr) + 1
}
