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

// PerftDivide is Perft split by the first move, in move-generation order.
func PerftDivide(p *Position, depth int) (moves []Move, counts []uint64) {
	if depth <= 0 {
		return nil, nil
	}
	moves = p.Moves(nil)
	counts = make([]uint64, len(moves))
	for i, m := range moves {
		q := *p
		q.Apply(m, nil)
		if q.Over() {
			counts[i] = 1
			continue
		}
		counts[i] = perft(q, depth-1)
	}
	return moves, counts
}
