package ai

import "shiftago/logic"

// Search is one stepped search of a position.
type Search struct {
	root  logic.Position
	cfg   Config
	best  logic.Move
	nodes int
	done  bool
}

// NewSearch prepares a search of p (p must not be over).
func NewSearch(p logic.Position, cfg Config) *Search {
	s := &Search{root: p, cfg: cfg, best: logic.NoMove}
	var buf [logic.MaxMoves]logic.Move
	if ms := p.Moves(buf[:0]); len(ms) > 0 {
		s.best = ms[0]
	}
	return s
}

// Step does at most about nodes nodes of work and reports whether the
// search has finished.
func (s *Search) Step(nodes int) (done bool) {
	s.done = true
	return true
}

// Best is the move to play: the best found so far (always a legal move,
// even before the first Step finishes).
func (s *Search) Best() logic.Move { return s.best }

// Nodes is the number of nodes searched so far.
func (s *Search) Nodes() int { return s.nodes }

// Think runs a search to completion (for tools and tests).
func Think(p logic.Position, cfg Config) logic.Move {
	s := NewSearch(p, cfg)
	for !s.Step(1 << 20) {
	}
	return s.Best()
}
