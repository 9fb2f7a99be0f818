package play

import (
	"fmt"

	"shiftago/logic"
	"shiftago/logic/ai"
)

// Analysis runs a strong search over every position of a recorded game,
// a slice of nodes at a time, so that the replay can show how each move
// changed the game and mark the moves that lost it. Like the computer's
// turn it is stepped from the frame loop (Step), never on a goroutine:
// in the browser a goroutine that computes freezes the page.
//
// Where a two-player game nears its end (or the search already saw a
// forced result), the search of a position is followed by a proof
// (ai.Proof, stepped the same way): what it proves, a win or a loss in so
// many plies or an exact draw, replaces the estimate (PlyEval.Proven), so
// the replay can say "Orange wins in 4 moves" rather than a percentage.
//
// It is deterministic: the same game and AnalysisConfig give the same
// evaluations and marks, however the work is sliced and whatever order
// Focus puts the positions in (each position's search has its own seed).
type Analysis struct {
	cfg   AnalysisConfig
	pos   []logic.Position // pos[i]: the position after i moves
	moves []logic.Move
	evals []PlyEval // evals[i]: the evaluation of pos[i]
	next  int       // the position being searched (-1: none)
	known int       // the positions evaluated
	focus int       // the position to search first, once the one under way is done
	srch  *ai.Search
	stop  bool
	// proof is the proof search that follows the search of pos[next]
	// (two players, a position near its end or one the search found
	// decided), nil while the search runs or where none is run.
	proof *ai.Proof

	// The search under way: of cur, which is pos[next] or the position
	// via forced moves later; best is pos[next]'s move.
	cur  logic.Position
	via  int
	best logic.Move
}

// AnalysisConfig is the search each position gets.
type AnalysisConfig struct {
	Level    int    // the AI level (0: HintLevel, the hint's Master)
	MaxNodes int    // the node budget of one position (0: the level's own)
	Seed     uint64 // the seed of the first position's search
}

// AnalysisNodes is the replay's budget a position: the Master's search
// with two fifths of its nodes, so that a game of 40 moves is analysed in
// about 1400 frames (some 20 s at 3000 nodes a frame) instead of 56 s,
// while a win in a few moves is still found (the tests' blunders are).
const AnalysisNodes = 100000

// PlyEval is what the analysis knows of one position of the game.
type PlyEval struct {
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
func (e *PlyEval) ProvenMoves(v logic.Variant) int {
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
	// AnalysisProofPlies: a win in six moves of the side to move, in
	// Express.
	AnalysisProofPlies = 11
	// AnalysisProofNodes is the most a position's proof may use.
	AnalysisProofNodes = 60000
	// proofHorizon: a proof is tried where the game can last at most
	// this many more plies.
	proofHorizon = 16
)

// Verdict is what the analysis says of one move.
type Verdict uint8

// The verdicts.
const (
	Fine      Verdict = iota // nothing the engine can prove against it
	Lost                     // the mover was not lost before it and is after
	MissedWin                // the mover had a forced win and let it go
)

// String names the verdict for tests and the page API.
func (v Verdict) String() string { return [...]string{"fine", "lost", "missed"}[v] }

// aiWin is the two-player search's score of a won game, less the plies it
// takes (ai.Search.Score); aiWinBound separates proven wins from the
// evaluation, which never comes near it.
const (
	aiWin      = 30000
	aiWinBound = aiWin - 1000
)

// NewAnalysis prepares the analysis of the game that starts at start and
// plays moves. It refuses a move the rules refuse.
func NewAnalysis(start logic.Position, moves []logic.Move, cfg AnalysisConfig) (*Analysis, error) {
	if cfg.Level == 0 {
		cfg.Level = HintLevel
	}
	a := &Analysis{cfg: cfg, moves: moves, pos: make([]logic.Position, len(moves)+1), evals: make([]PlyEval, len(moves)+1)}
	a.pos[0] = start
	for i, m := range moves {
		a.pos[i+1] = a.pos[i]
		if err := a.pos[i+1].Play(m, nil); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	a.next = -1
	// A finished game's last position needs no search.
	for i := range a.pos {
		if a.pos[i].Over() {
			a.cur, a.via, a.best = a.pos[i], 0, logic.NoMove
			a.finish(i, logic.NoMove, 0)
			a.known++
		}
	}
	return a, nil
}

// Focus asks for the position after ply moves (and those after it) to be
// evaluated next: the one the replay shows. The search under way is
// finished first.
func (a *Analysis) Focus(ply int) { a.focus = max(0, min(len(a.pos)-1, ply)) }

// pick is the position to search next: the first one not evaluated from
// the focus on, else from the start; -1 when all are.
func (a *Analysis) pick() int {
	for _, from := range [2]int{a.focus, 0} {
		for i := from; i < len(a.pos); i++ {
			if !a.evals[i].Known {
				return i
			}
		}
	}
	return -1
}

// Variant is the game's variant.
func (a *Analysis) Variant() logic.Variant { return a.pos[0].Variant() }

// Plies is the number of moves of the game.
func (a *Analysis) Plies() int { return len(a.moves) }

// Step searches about nodes nodes (at most one search's slice) and
// reports whether the analysis is over: finished, or stopped.
func (a *Analysis) Step(nodes int) (done bool) {
	if a.Done() {
		return true
	}
	if a.srch == nil {
		a.next = a.pick()
		a.cur, a.via, a.best = a.pos[a.next], 0, logic.NoMove
		a.srch = ai.NewSearch(a.cur, a.config())
	}
	if a.proof != nil {
		if !a.proof.Step(nodes) {
			return false
		}
		a.proven(a.next)
		a.proof, a.srch, a.next = nil, nil, -1
		a.known++
		return a.Done()
	}
	if !a.srch.Step(nodes) {
		return false
	}
	best, score := a.srch.Best(), a.srch.Score()
	if a.via == 0 {
		a.best = best
	}
	// A search that had a single move to consider returns it without
	// looking at it (and scores it 0): unless it wins at once, the
	// position is worth what the position after it is worth, so that one
	// is searched instead (a few forced moves deep at most).
	if a.srch.Nodes() == 0 && !winsAtOnce(&a.cur, best) && a.via < maxForced {
		a.cur.Apply(best, nil)
		a.via++
		if !a.cur.Over() {
			a.srch = ai.NewSearch(a.cur, a.config())
			return false
		}
	}
	a.finish(a.next, best, score)
	if p := &a.pos[a.next]; p.Players() == 2 && (abs(float64(a.evals[a.next].Score)) >= aiWinBound || bound(p) <= proofHorizon) {
		a.proof = ai.NewProof(*p, AnalysisProofPlies, AnalysisProofNodes)
		return false
	}
	a.srch, a.next = nil, -1
	a.known++
	return a.Done()
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

// proven books the proof of position i over its search's estimate: a
// proven win or loss names the winner (the search's own count of plies
// is replaced by the proof's), a proven draw gives each seat half.
func (a *Analysis) proven(i int) {
	o, plies := a.proof.Result()
	e := &a.evals[i]
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

// maxForced is how many forced moves in a row the analysis looks past.
const maxForced = 8

// config is the search of the position a.cur: each position of the game
// has its own seed, so that one position's result never depends on how
// far the others went.
func (a *Analysis) config() ai.Config {
	return ai.Config{Level: a.cfg.Level, MaxNodes: a.cfg.MaxNodes, Seed: a.cfg.Seed + uint64(a.next)<<8 + uint64(a.via), Workers: 1}
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

// Stop ends the analysis (the replay was closed): its search's
// coroutine is released and Step does nothing more.
func (a *Analysis) Stop() {
	if a.proof != nil {
		a.proof.Stop()
		a.proof = nil
	}
	if a.srch != nil {
		a.srch.Stop()
		a.srch = nil
	}
	a.stop = true
}

// Done reports whether the analysis is over: every position searched, or
// stopped.
func (a *Analysis) Done() bool { return a.stop || a.known == len(a.pos) }

// Progress is how many of the game's positions are evaluated, of how many.
func (a *Analysis) Progress() (done, total int) { return a.known, len(a.pos) }

// At is the evaluation of the position after ply moves.
func (a *Analysis) At(ply int) PlyEval {
	if ply < 0 || ply >= len(a.evals) {
		return PlyEval{ToMove: -1, Winner: -1}
	}
	return a.evals[ply]
}

// finish books position i's evaluation from the search of a.cur (the
// position itself, or the one a.via forced moves later): its best move
// best, scoring score for a.cur's seat to move.
func (a *Analysis) finish(i int, best logic.Move, score int) {
	p, q := &a.pos[i], &a.cur
	n := p.Players()
	e := PlyEval{Known: true, ToMove: -1, Best: a.best, Winner: -1}
	if !p.Over() {
		e.ToMove = p.ToMoveSeat()
	}
	plies := a.via // the plies to a known end, once one is known
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
	a.evals[i] = e
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// outcome is what position i is known to be for seat s: 1 a win, -1 a
// loss, 0 open (or not yet searched).
func (a *Analysis) outcome(i, s int) int {
	e := &a.evals[i]
	switch {
	case !e.Known || e.Winner < 0:
		return 0
	case e.Winner == s:
		return 1
	}
	return -1
}

// Verdict is the analysis's verdict on move ply (1..Plies: the move that
// led to the position after ply moves), once both positions around it
// are evaluated. A move the engine itself would have played is never
// marked: a deeper look after it may see what the look before missed.
func (a *Analysis) Verdict(ply int) Verdict {
	if ply < 1 || ply > len(a.moves) || !a.evals[ply-1].Known || !a.evals[ply].Known {
		return Fine
	}
	before := &a.evals[ply-1]
	if a.moves[ply-1] == before.Best {
		return Fine
	}
	mover := before.ToMove
	was, is := a.outcome(ply-1, mover), a.outcome(ply, mover)
	switch {
	case was >= 0 && is < 0:
		return Lost
	case was > 0 && is == 0:
		return MissedWin
	}
	return Fine
}

// Marked lists the moves (plies 1..Plies) with a verdict other than Fine,
// in order, appended to buf.
func (a *Analysis) Marked(buf []int) []int {
	for p := 1; p <= len(a.moves); p++ {
		if a.Verdict(p) != Fine {
			buf = append(buf, p)
		}
	}
	return buf
}
