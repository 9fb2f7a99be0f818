package analysis

import (
	"shiftago/logic"
	"shiftago/logic/ai"
)

// Config is the search one position gets.
type Config struct {
	Level    int    // the AI level
	MaxNodes int    // the search's node budget (0: the level's own)
	Seed     uint64 // the position's own seed (forced moves looked past add one each)
}

// Eval is what the analysis knows of one position of the game.
type Eval struct {
	Known bool // searched (or the game was over there)
	// ToMove is the seat to move, or -1 when the game is over.
	ToMove int
	// Best is the engine's move there (NoMove when the game is over).
	Best logic.Move
	// Score is the search's score (ai.Search.Score): with two players
	// from ToMove's side, in evaluation units, 30000 less the plies to a
	// known win; with more, the tree search's -1000..1000.
	Score int
	// Chance is each seat's share of the game from here, 0..1: with two
	// players read off the score, with more the tree search's mean
	// reward for the seat to move, the others splitting the rest.
	Chance [4]float64
	// Winner is the seat that is known to win (a win the search proved
	// with two players, a win in one with more, or the finished game),
	// -1 when none is known. WinIn is 1 when the winner is to move and
	// wins with its move; otherwise 0: the search's count of plies to a
	// proven win is no count of moves a player could rely on (extra
	// turns, and the table's shortcuts make it approximate).
	Winner, WinIn int
	// Proven is what the endgame solver proved of the position for
	// ToMove (ai.Unproven: the evaluation is an estimate), and Plies the
	// plies within which a proven win or loss comes, the shortest.
	Proven ai.Outcome
	Plies  int
}

// ProvenMoves is the number of the winner's moves to a proven win or
// loss of the position in Express (a win in d plies is (d+1)/2 moves of
// the side to move, a loss in d plies d/2 moves of the other); 0 where
// it cannot be counted in moves (Expert's extra turns) or nothing is
// proven.
func (e *Eval) ProvenMoves(v logic.Variant) int {
	switch {
	case v != logic.Express:
		return 0
	case e.Proven == ai.ProvenWin:
		return (e.Plies + 1) / 2
	case e.Proven == ai.ProvenLoss:
		return e.Plies / 2
	}
	return 0
}

// The proof that follows a position's search: how deep, how many nodes,
// and where it runs at all. A proof of every position would double the
// analysis; near the end of a game (by the supplies or the empty cells)
// or where the search already saw a forced result, proofs are short and
// say what an estimate cannot.
const (
	// ProofPlies: a win in six moves of the side to move, in Express.
	ProofPlies = 11
	// ProofNodes is the most a position's proof may use.
	ProofNodes = 60000
	// proofHorizon: a proof is tried where the game can last at most
	// this many more plies.
	proofHorizon = 16
)

// aiWin is the two-player search's score of a won game, less the plies it
// takes (ai.Search.Score); aiWinBound separates proven wins from the
// evaluation, which never comes near it.
const (
	aiWin      = 30000
	aiWinBound = aiWin - 1000
)

// maxForced is how many forced moves in a row the analysis looks past.
const maxForced = 8

// Job is the evaluation of one position, stepped.
type Job struct {
	cfg  Config
	pos  logic.Position
	eval Eval
	done bool

	// The search under way: of cur, which is pos or the position via
	// forced moves later; best is pos's move.
	srch *ai.Search
	cur  logic.Position
	via  int
	best logic.Move
	// proof is the proof search that follows the search (two players, a
	// position near its end or one the search found decided), nil while
	// the search runs or where none is run.
	proof *ai.Proof
}

// NewJob prepares the evaluation of p. A finished game needs no search:
// its Job is done at once.
func NewJob(p logic.Position, cfg Config) *Job {
	j := &Job{cfg: cfg, pos: p, cur: p, best: logic.NoMove}
	if p.Over() {
		j.finish(logic.NoMove, 0)
		j.done = true
	}
	return j
}

// Done reports whether the evaluation is finished (or stopped).
func (j *Job) Done() bool { return j.done }

// Eval is the position's evaluation, once Done (a stopped Job's is not
// Known).
func (j *Job) Eval() Eval { return j.eval }

// Step searches about nodes nodes (at most one search's slice) and
// reports whether the evaluation is finished.
func (j *Job) Step(nodes int) (done bool) {
	if j.done {
		return true
	}
	if j.proof != nil {
		if !j.proof.Step(nodes) {
			return false
		}
		j.proven()
		j.proof, j.done = nil, true
		return true
	}
	if j.srch == nil {
		j.srch = ai.NewSearch(j.cur, j.config())
	}
	if !j.srch.Step(nodes) {
		return false
	}
	best, score := j.srch.Best(), j.srch.Score()
	if j.via == 0 {
		j.best = best
	}
	// A search that had a single move to consider returns it without
	// looking at it (and scores it 0): unless it wins at once, the
	// position is worth what the position after it is worth, so that one
	// is searched instead (a few forced moves deep at most).
	if j.srch.Nodes() == 0 && !winsAtOnce(&j.cur, best) && j.via < maxForced {
		j.cur.Apply(best, nil)
		j.via++
		if !j.cur.Over() {
			j.srch = ai.NewSearch(j.cur, j.config())
			return false
		}
	}
	j.srch = nil
	j.finish(best, score)
	if p := &j.pos; p.Players() == 2 && (abs(float64(j.eval.Score)) >= aiWinBound || bound(p) <= proofHorizon) {
		j.proof = ai.NewProof(*p, ProofPlies, ProofNodes)
		return false
	}
	j.done = true
	return true
}

// Stop abandons the evaluation: its searches' coroutines are released and
// Step does nothing more. The Eval is not Known.
func (j *Job) Stop() {
	if j.proof != nil {
		j.proof.Stop()
		j.proof = nil
	}
	if j.srch != nil {
		j.srch.Stop()
		j.srch = nil
	}
	if !j.done {
		j.eval, j.done = Eval{}, true
	}
}

// Run evaluates p to the end, a slice of nodes at a time, asking stopped
// (nil for never) between slices; ok is false when it was stopped.
func Run(p logic.Position, cfg Config, slice int, stopped func() bool) (e Eval, ok bool) {
	j := NewJob(p, cfg)
	for !j.Step(slice) {
		if stopped != nil && stopped() {
			j.Stop()
			return Eval{}, false
		}
	}
	return j.Eval(), true
}

// config is the search of j.cur: each forced move looked past has a seed
// of its own.
func (j *Job) config() ai.Config {
	return ai.Config{Level: j.cfg.Level, MaxNodes: j.cfg.MaxNodes, Seed: j.cfg.Seed + uint64(j.via), Workers: 1}
}

// bound is the most plies the game at p can still last with no marble
// coming back to a supply.
func bound(p *logic.Position) int {
	supplies := 0
	for i := 0; i < p.Players(); i++ {
		supplies += p.Supply(i)
	}
	return min(supplies, logic.Size*logic.Size-p.Occupied().Count())
}

// proven books the proof over the search's estimate: a proven win or
// loss names the winner (the search's own count of plies is replaced by
// the proof's), a proven draw gives each seat half.
func (j *Job) proven() {
	o, plies := j.proof.Result()
	e := &j.eval
	e.Proven, e.Plies = o, plies
	switch o {
	case ai.ProvenWin, ai.ProvenLoss:
		e.Winner = e.ToMove
		if o == ai.ProvenLoss {
			e.Winner = 1 - e.ToMove
		}
		e.Chance = [4]float64{}
		e.Chance[e.Winner] = 1
		e.Score = aiWin - plies
		if e.Winner != e.ToMove {
			e.Score = -e.Score
		}
		e.WinIn = 0
		if o == ai.ProvenWin && plies == 1 {
			e.WinIn = 1
		}
	case ai.ProvenDraw:
		e.Winner, e.Score = -1, 0
		e.Chance = [4]float64{0.5, 0.5}
	}
}

// winsAtOnce reports whether m wins the game at once for the seat to move
// in p.
func winsAtOnce(p *logic.Position, m logic.Move) bool {
	if m == logic.NoMove {
		return false
	}
	q := *p
	q.Apply(m, nil)
	r := q.Result()
	return q.Over() && r.State == logic.Won && q.SeatOf(r.Winner) == p.ToMoveSeat()
}

// finish books the evaluation from the search of j.cur (the position
// itself, or the one j.via forced moves later): its best move best,
// scoring score for j.cur's seat to move.
func (j *Job) finish(best logic.Move, score int) {
	p, q := &j.pos, &j.cur
	n := p.Players()
	e := Eval{Known: true, ToMove: -1, Best: j.best, Winner: -1}
	if !p.Over() {
		e.ToMove = p.ToMoveSeat()
	}
	plies := j.via // the plies to a known end, once one is known
	switch {
	case q.Over():
		if r := q.Result(); r.State == logic.Won {
			e.Winner = q.SeatOf(r.Winner)
		}
	case winsAtOnce(q, best):
		e.Winner, plies = q.ToMoveSeat(), plies+1
		if plies == 1 {
			e.WinIn = 1
		}
	case n == 2 && score >= aiWinBound:
		e.Winner, plies = q.ToMoveSeat(), plies+aiWin-score
	case n == 2 && score <= -aiWinBound:
		e.Winner, plies = 1-q.ToMoveSeat(), plies+aiWin+score
	}
	switch {
	case e.Winner >= 0:
		e.Chance[e.Winner] = 1
		e.Score = -aiWin + plies
		if e.Winner == e.ToMove {
			e.Score = aiWin - plies
		}
	case q.Over():
		for s := 0; s < n; s++ {
			e.Chance[s] = 1 / float64(n) // a draw
		}
	case n == 2:
		// A share that grows with the advantage and never quite
		// reaches certainty (a free four is worth 48 units).
		mine := 0.5 + 0.5*float64(score)/(abs(float64(score))+300)
		m := q.ToMoveSeat()
		e.Chance[m], e.Chance[1-m] = mine, 1-mine
		e.Score = score
		if m != e.ToMove {
			e.Score = -score
		}
	default:
		// The tree search's score is its mover's mean reward; the
		// others are not told apart.
		mine := float64(score+1000) / 2000
		m := q.ToMoveSeat()
		for s := 0; s < n; s++ {
			e.Chance[s] = (1 - mine) / float64(n-1)
		}
		e.Chance[m] = mine
		e.Score = score
	}
	j.eval = e
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
