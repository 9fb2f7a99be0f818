package play

import (
	"fmt"

	"shiftago/logic"
	"shiftago/logic/analysis"
	"shiftago/logic/remote"
	"shiftago/scenes/play/away"
)

// Analysis evaluates every position of a recorded game (package
// analysis: a strong search, and where a two-player game nears its end a
// proof whose result replaces the estimate), so that the replay can show
// how each move changed the game and mark the moves that lost it.
//
// It schedules the positions one at a time: the one the replay shows
// first (Focus), then the one before it (the verdict on the move shown
// needs both), then the rest of the game from its start, so that the
// marks on the moves that lost come in order as soon as they are known.
// With AnalysisConfig.Away each position is evaluated away from the
// frame (a goroutine on a desktop, the page's search worker in the
// browser, as the computer's moves are: package remote's "ana" request),
// and Step, called once a frame, only looks for the answer and books it;
// where that cannot be (no worker, or it was lost) the position is
// stepped in the frame instead, a slice a call. Moving the focus to a
// position not yet known abandons the one under way, so the position the
// player looks at is always the next to be known.
//
// It is deterministic: the same game and AnalysisConfig give the same
// evaluations and marks, however the work is sliced, wherever it runs
// and whatever order Focus puts the positions in (each position's search
// has its own seed).
type Analysis struct {
	cfg   AnalysisConfig
	pos   []logic.Position // pos[i]: the position after i moves
	moves []logic.Move
	evals []PlyEval // evals[i]: the evaluation of pos[i]
	known int       // the positions evaluated
	focus int       // the position to evaluate first
	stop  bool
	run   *analysisRun // the position under way; nil: none
	// inFrame counts the positions searched in the frame (away from it
	// none should be, unless the far searcher was lost).
	inFrame int

	// start sends a request away from the frame (away.Start; tests give
	// their own), nil: every position is stepped in the frame.
	start func(remote.Request) away.Far
}

// analysisRun is the evaluation of position i: away (far, until it
// answers) or stepped in the frame (job).
type analysisRun struct {
	i   int
	req remote.Request
	far away.Far
	job *analysis.Job
}

// AnalysisConfig is the search each position gets.
type AnalysisConfig struct {
	Level    int    // the AI level (0: HintLevel, the hint's Master)
	MaxNodes int    // the node budget of one position (0: the level's own)
	Seed     uint64 // the seed of the first position's search
	// Away evaluates the positions away from the frame where the
	// platform can (goroutines, the browser's search worker).
	Away bool
}

// AnalysisNodes is the replay's budget a position: the Master's search
// with two fifths of its nodes, so that a game of 40 moves is analysed in
// about 1400 frames (some 20 s at 3000 nodes a frame) instead of 56 s,
// while a win in a few moves is still found (the tests' blunders are).
const AnalysisNodes = 100000

// PlyEval is what the analysis knows of one position of the game.
type PlyEval = analysis.Eval

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
	// A finished game's last position needs no search.
	for i := range a.pos {
		if a.pos[i].Over() {
			a.book(i, analysis.NewJob(a.pos[i], a.jobConfig(i)).Eval())
		}
	}
	if cfg.Away {
		a.start = func(req remote.Request) away.Far {
			f, _ := away.Start(req)
			return f
		}
	}
	return a, nil
}

// Focus asks for the position after ply moves (and the one before it) to
// be evaluated next: the one the replay shows. A position under way that is
// not it is abandoned, unless the focus is already known.
func (a *Analysis) Focus(ply int) {
	a.focus = max(0, min(len(a.pos)-1, ply))
	if r := a.run; r != nil && r.i != a.focus && !a.evals[a.focus].Known {
		a.abandon()
	}
}

// pick is the position to evaluate next: the focus, then the one before
// it (so the verdict on the move shown is known), then the first not
// evaluated from the start, so that the marks on the moves come in order
// as their two positions are known; -1 when all are.
func (a *Analysis) pick() int {
	for _, i := range [2]int{a.focus, a.focus - 1} {
		if i >= 0 && !a.evals[i].Known {
			return i
		}
	}
	for i := range a.evals {
		if !a.evals[i].Known {
			return i
		}
	}
	return -1
}

// Variant is the game's variant.
func (a *Analysis) Variant() logic.Variant { return a.pos[0].Variant() }

// Plies is the number of moves of the game.
func (a *Analysis) Plies() int { return len(a.moves) }

// Step books the evaluation of the position under way once it is there
// and starts the next, and reports whether the analysis is over:
// finished, or stopped. Away it only looks for the answer (nodes is
// unused); stepped in the frame, it searches about nodes nodes. In its
// steady state (waiting for an answer) it allocates nothing.
func (a *Analysis) Step(nodes int) (done bool) {
	if a.Done() {
		return true
	}
	if a.run == nil {
		a.begin(a.pick())
	}
	r := a.run
	if r.far != nil {
		rep, ok := r.far.Poll()
		if !ok {
			return false
		}
		if rep.Err == "" && rep.ID == r.req.ID && rep.Eval.Known {
			a.finishRun(rep.Eval)
			return a.Done()
		}
		why := rep.Err
		if why == "" {
			why = "no evaluation in the reply"
		}
		fmt.Printf("shiftago: the analysis away failed (%s); analysing in the frame instead\n", why)
		r.far = nil // it has answered: nothing to cancel
	}
	if r.job == nil {
		r.job = analysis.NewJob(a.pos[r.i], r.req.AnalysisConfig())
		a.inFrame++
	}
	if !r.job.Step(nodes) {
		return false
	}
	a.finishRun(r.job.Eval())
	return a.Done()
}

// begin starts the evaluation of position i: away when the analysis may
// and the platform can, else stepped in the frame from the next Step.
func (a *Analysis) begin(i int) {
	cfg := a.jobConfig(i)
	r := &analysisRun{i: i, req: remote.Request{ID: away.NextID(), Pos: a.pos[i], Level: cfg.Level, MaxNodes: cfg.MaxNodes, Seed: cfg.Seed, Workers: 1, Analyse: true}}
	if a.start != nil {
		r.far = a.start(r.req)
	}
	a.run = r
}

// finishRun books the evaluation of the position under way and, away,
// sends the next at once: the worker never waits for a frame.
func (a *Analysis) finishRun(e PlyEval) {
	a.book(a.run.i, e)
	a.run = nil
	if a.start != nil && !a.Done() {
		a.begin(a.pick())
	}
}

// book records position i's evaluation, once: a late or repeated answer
// changes nothing.
func (a *Analysis) book(i int, e PlyEval) {
	if a.evals[i].Known || !e.Known {
		return
	}
	a.evals[i] = e
	a.known++
}

// abandon drops the position under way: the far search is told to stop
// (it ends within a slice), a stepped one releases its searches.
func (a *Analysis) abandon() {
	if r := a.run; r != nil {
		if r.far != nil {
			r.far.Cancel()
		}
		if r.job != nil {
			r.job.Stop()
		}
	}
	a.run = nil
}

// jobConfig is the search of position i: each position of the game has
// its own seed, so that one position's result never depends on how far
// the others went.
func (a *Analysis) jobConfig(i int) analysis.Config {
	return analysis.Config{Level: a.cfg.Level, MaxNodes: a.cfg.MaxNodes, Seed: a.cfg.Seed + uint64(i)<<8}
}

// Stop ends the analysis (the replay was closed): the position under way
// is abandoned and Step does nothing more.
func (a *Analysis) Stop() {
	a.abandon()
	a.stop = true
}

// Done reports whether the analysis is over: every position searched, or
// stopped.
func (a *Analysis) Done() bool { return a.stop || a.known == len(a.pos) }

// InFrame is the number of positions searched in the frame loop so far
// (for tests: away, it stays 0 while the far searcher works).
func (a *Analysis) InFrame() int { return a.inFrame }

// Progress is how many of the game's positions are evaluated, of how many.
func (a *Analysis) Progress() (done, total int) { return a.known, len(a.pos) }

// At is the evaluation of the position after ply moves.
func (a *Analysis) At(ply int) PlyEval {
	if ply < 0 || ply >= len(a.evals) {
		return PlyEval{ToMove: -1, Winner: -1}
	}
	return a.evals[ply]
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
