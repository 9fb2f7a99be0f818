package logic

// Perft counts the leaf move sequences of the given depth (RULES.md §9): a
// move that ends the game is a leaf, sitting out is not a move, and every
// scoring choice is a move of its own.
func Perft(p *Position, depth int) uint64 { return perft(*p, depth) }

// perft takes the position by value: a pointer to a child would escape
// through the recursion and cost an allocation a node.
func perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.Moves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := p
		q.Apply(m, nil)
		if q.Over() {
			n++
			continue
		}
		n += perft(q, depth-1)
	}
	return n
}

// PerftStop is Perft that gives up as soon as stop reports true, for the
// callers that must not block for as long as a deep count takes (the engine
// protocol's `stop`, Ctrl-C in `shiftago perft`): depth 12 takes days.
// stop is called at every node two or more plies above the leaves, so a
// request is seen within microseconds while the count stays within a few
// percent of Perft's speed. ok is false when the count was stopped; n is
// then meaningless.
func PerftStop(p *Position, depth int, stop func() bool) (n uint64, ok bool) {
	if stop == nil {
		return Perft(p, depth), true
	}
	pc := perftStopper{stop: stop}
	n = pc.count(*p, depth)
	return n, !pc.stopped
}

type perftStopper struct {
	stop    func() bool
	stopped bool
}

// count is perft with the stop check; it is a copy rather than a flag in
// perft so that the plain count pays nothing for it.
func (pc *perftStopper) count(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.Moves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	if pc.stopped || pc.stop() {
		pc.stopped = true
		return 0
	}
	var n uint64
	for _, m := range moves {
		q := p
		q.Apply(m, nil)
		if q.Over() {
			n++
			continue
		}
		n += pc.count(q, depth-1)
		if pc.stopped {
			return 0
		}
	}
	return n
}
