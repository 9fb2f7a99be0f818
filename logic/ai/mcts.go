package ai

import (
	"math"
	"math/rand/v2"
	"sync"

	"shiftago/logic"
)

// Monte-Carlo tree search for three and four players (UCT with max^n
// back-up: each node keeps the rewards of the seat whose move led to it).
// Between two turns of ours, two or three opponents move, and real
// opponents seldom all spend their move on stopping us; a minimax model
// (max^n, paranoid) assumes they do and so sees every plan of ours fail,
// while best-reply search lets only one of them move and so believes in
// plans that the others' pushes wreck. Playouts in which every seat takes a
// win, and avoids handing the next seat one, model both halves: the seat
// before a threat blocks it, the others play on.

// mnode is one node of the tree.
type mnode struct {
	move   logic.Move // the move that led here
	first  int32      // index of the first child; -1 until expanded
	kids   uint16     // number of children
	seat   int8       // the seat that played move
	visits int32
	reward float32 // sum of seat's rewards over the playouts through here
}

// mctsTrees keeps node slices between searches, as tables does.
var mctsTrees sync.Pool

// mctsExplore is the UCT exploration constant, for rewards in [0, 1].
const mctsExplore = 0.6

// maxTree bounds the tree (20 bytes a node): a search limited by time
// rather than nodes stops growing it there and goes on with playouts.
const maxTree = 1 << 21

// maxPlayout bounds a playout of Expert or Extreme, where removals let a
// game go on long; at the bound the best score wins.
const maxPlayout = 160

// reward is a playout's outcome for each seat.
type reward [4]float32

// mcts is the state of one Monte-Carlo search.
type mcts struct {
	nodes []mnode
	rng   *rand.Rand
	path  []int32
	buf   [logic.MaxMoves]logic.Move // the playout's moves
	kids  [logic.MaxMoves]logic.Move // the moves of a node being expanded
	depth int
}

// runMCTS searches until the budget is spent and leaves the most visited
// root move in s.best.
func (s *searcher) runMCTS() {
	t := &mcts{rng: rand.New(rand.NewPCG(s.seed, s.root.Hash())), path: make([]int32, 0, maxPly)}
	// About half the nodes searched become tree nodes (a playout of some
	// 30 plies per expansion of some 28 children); a search by time, with
	// its huge budget, starts smaller and grows.
	want := min(maxTree/8, s.budget/2+64)
	if x, ok := mctsTrees.Get().(*[]mnode); ok && cap(*x) >= want {
		t.nodes = (*x)[:0]
	} else {
		t.nodes = make([]mnode, 0, want)
	}
	defer func() {
		nodes := t.nodes[:0]
		mctsTrees.Put(&nodes)
	}()
	t.nodes = append(t.nodes, mnode{first: -1, seat: -1})
	kids := t.kids[:0]
	for _, rm := range s.rootMoves {
		kids = append(kids, rm.m)
	}
	t.addKids(0, kids, s.RootSeat)

	for i := 1; !s.abort; i++ {
		s.iterate(t)
		if i%64 == 0 {
			s.pickMCTS(t) // Best stays the best so far
		}
	}
	s.pickMCTS(t)
}

// pickMCTS makes the most visited root move the best move, and the
// deepest node reached the depth.
func (s *searcher) pickMCTS(t *mcts) {
	s.depth = t.depth // so far: a search stopped by the clock, or in epochs, reports it too
	root := &t.nodes[0]
	bestVisits := int32(0)
	s.rootVisits = s.rootVisits[:0]
	s.rootReward = s.rootReward[:0]
	for c := root.first; c < root.first+int32(root.kids); c++ {
		k := &t.nodes[c]
		s.rootVisits = append(s.rootVisits, k.visits)
		s.rootReward = append(s.rootReward, k.reward)
		if k.visits > bestVisits {
			bestVisits = k.visits
			s.best = k.move
			s.bestScore = int(2000*k.reward/float32(k.visits)) - 1000
		}
	}
}

// addKids appends the children of node x, in the order given.
func (t *mcts) addKids(x int32, moves []logic.Move, seat int) {
	t.nodes[x].first = int32(len(t.nodes))
	t.nodes[x].kids = uint16(len(moves))
	for _, m := range moves {
		t.nodes = append(t.nodes, mnode{move: m, first: -1, seat: int8(seat)})
	}
}

// iterate is one selection, expansion, playout and back-up.
func (s *searcher) iterate(t *mcts) {
	q := s.root
	t.path = append(t.path[:0], 0)
	x := int32(0)
	for {
		if n := &t.nodes[x]; q.Over() || n.first < 0 || n.kids == 0 {
			break
		}
		x = t.selectKid(x)
		q.Apply(t.nodes[x].move, nil)
		t.path = append(t.path, x)
		s.nodes++
		if s.pause(); s.abort {
			return
		}
	}
	t.depth = max(t.depth, len(t.path)-1)
	if !q.Over() && t.nodes[x].visits > 0 && len(t.nodes) < maxTree-logic.MaxMoves {
		// Expand on the second visit: a node seen once is often a dead end.
		moves := s.expand(t, &q)
		t.addKids(x, moves, q.ToMoveSeat())
		n := &t.nodes[x]
		x = n.first + int32(t.rng.IntN(int(n.kids)))
		q.Apply(t.nodes[x].move, nil)
		t.path = append(t.path, x)
	}
	r := s.playout(t, &q)
	if s.abort {
		return
	}
	for _, i := range t.path {
		n := &t.nodes[i]
		n.visits++
		if n.seat >= 0 {
			n.reward += r[n.seat]
		}
	}
}

// selectKid picks the child of x with the best upper confidence bound;
// unvisited children come first, in their order.
func (t *mcts) selectKid(x int32) int32 {
	n := &t.nodes[x]
	logN := math.Log(float64(n.visits + 1))
	best, bestV := n.first, -1.0
	for c := n.first; c < n.first+int32(n.kids); c++ {
		k := &t.nodes[c]
		if k.visits == 0 {
			return c
		}
		v := float64(k.reward)/float64(k.visits) + mctsExplore*math.Sqrt(logN/float64(k.visits))
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// expand lists the moves to try in p: only a winning move when there is
// one; else the moves after which the next seat has no win in one, when
// there are such; in a random order.
func (s *searcher) expand(t *mcts, p *logic.Position) []logic.Move {
	mover := p.ToMoveSeat()
	moves := p.Moves(t.kids[:0])
	// Move the safe moves to the front, keeping a winning move alone.
	safe := 0
	for i, m := range moves {
		q := *p
		q.Apply(m, nil)
		s.nodes++
		if q.Over() {
			if r := q.Result(); r.State == logic.Won && q.SeatOf(r.Winner) == mover {
				moves[0] = m
				return moves[:1]
			}
		} else if nx := q.ToMoveSeat(); nx != mover && s.ImmediateWin(&q, nx) {
			continue
		}
		moves[safe], moves[i] = moves[i], moves[safe]
		safe++
	}
	if safe > 0 {
		moves = moves[:safe]
	}
	t.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	return moves
}

// playout plays p out with the greedy policy of every seat (take a win,
// else a random move that leaves the next seat no win in one) and returns
// each seat's reward: 1 for a win, 1/n each for a draw.
func (s *searcher) playout(t *mcts, p *logic.Position) reward {
	q := *p
	safe := false // the mover is known to have no win in one
	for ply := 0; !q.Over() && ply < maxPlayout; ply++ {
		s.nodes++
		if s.pause(); s.abort {
			return reward{}
		}
		safe = s.playoutStep(t, &q, safe)
	}
	var r reward
	res := q.Result()
	if !q.Over() {
		res = q.Standing() // a long Expert game: the best score wins
	}
	if res.State == logic.Won {
		r[q.SeatOf(res.Winner)] = 1
		return r
	}
	for i := 0; i < s.Players; i++ {
		r[i] = 1 / float32(s.Players)
	}
	return r
}

// playoutStep plays the playout policy's move in q and reports whether the
// seat to move next is known to have no win in one; safe says that of the
// mover, so the check need not be made twice. Only the entry points it
// tries are expanded into moves (Position.MovesAt).
func (s *searcher) playoutStep(t *mcts, q *logic.Position, safe bool) bool {
	mover := q.ToMoveSeat()
	win, score := false, false
	if s.Variant == logic.Express {
		win = !safe && s.ImmediateWin(q, mover)
	} else if q.Supply(mover) > 0 {
		// The longest run one push gives: a win if its points reach 10,
		// and greedy players score whenever they can.
		pts := s.PointsOf(s.BestPush(q.Marbles(mover), q.Occupied()))
		win = pts >= logic.WinningPoints-q.Score(mover)
		score = pts > 0
	}
	if win || score {
		moves := q.Moves(t.buf[:0])
		for _, m := range moves {
			if win && s.winsAtOnce(q, m, mover) {
				q.Apply(m, nil)
				return false
			}
		}
		if score && s.playoutScore(q, moves) {
			return false
		}
	}
	// Try the entry points in a random order until a move there leaves the
	// next seat without a win in one (a random start and a stride coprime
	// to 28 visit each entry point once).
	start := t.rng.IntN(logic.NumEntries)
	stride := coprime28[t.rng.IntN(len(coprime28))]
	fallback := logic.NoMove
	for i, e := 0, start; i < logic.NumEntries; i, e = i+1, (e+stride)%logic.NumEntries {
		moves := q.MovesAt(logic.Entry(e), t.buf[:0])
		if len(moves) == 0 {
			continue
		}
		m := moves[0]
		if len(moves) > 1 {
			m = moves[t.rng.IntN(len(moves))]
		}
		x := *q
		x.Apply(m, nil)
		if x.Over() {
			*q = x
			return false
		}
		if nx := x.ToMoveSeat(); nx == mover {
			*q = x // an extra turn: look again
			return false
		} else if !s.ImmediateWin(&x, nx) {
			*q = x
			return true
		}
		if fallback == logic.NoMove {
			fallback = m
		}
	}
	q.Apply(fallback, nil) // every move hands the next seat a win
	return false
}

// playoutScore plays, in Expert and Extreme, the move that scores the most
// points, if it leaves the next seat no win in one (ties go to the first,
// the moves being in entry order: good enough for a playout).
func (s *searcher) playoutScore(q *logic.Position, moves []logic.Move) bool {
	best, most := logic.NoMove, 0
	for _, m := range moves {
		if !m.Scores() {
			continue
		}
		if pts := s.PointsOf(lineLen(m)); pts > most {
			best, most = m, pts
		}
	}
	if best == logic.NoMove {
		return false
	}
	x := *q
	mover := q.ToMoveSeat()
	x.Apply(best, nil)
	if !x.Over() && x.ToMoveSeat() != mover && s.ImmediateWin(&x, x.ToMoveSeat()) {
		return false
	}
	*q = x
	return true
}

// coprime28 are the strides that visit all 28 entry points from any start.
var coprime28 = [...]int{1, 3, 5, 9, 11, 13, 15, 17, 19, 23, 25, 27}

// winsAtOnce reports whether m wins the game for mover at once.
func (s *searcher) winsAtOnce(p *logic.Position, m logic.Move, mover int) bool {
	if s.Variant != logic.Express && !m.Scores() {
		return false
	}
	q := *p
	q.Apply(m, nil)
	r := q.Result()
	return q.Over() && r.State == logic.Won && q.SeatOf(r.Winner) == mover
}
