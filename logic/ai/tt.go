package ai

import (
	"sync"

	"shiftago/logic"
	"shiftago/logic/ai/eval"
)

// Bounds stored with a transposition-table score.
const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

// ttEntry is one slot of the transposition table (16 bytes).
type ttEntry struct {
	key   uint64
	move  logic.Move
	score int16
	depth int8
	bound uint8
}

// table is a transposition table keyed by logic.Position.Hash.
type table struct {
	slots []ttEntry
	mask  uint64
}

// tables keeps the slots of finished searches, so that a game does not
// allocate megabytes a move. A reused table is cleared: searches never
// share knowledge, which keeps them deterministic.
var tables sync.Pool

// newTable sizes a table for a search of about nodes nodes.
func newTable(nodes int) table {
	n := 1 << 10
	for n < nodes/2 && n < 1<<19 {
		n <<= 1
	}
	if x, ok := tables.Get().(*[]ttEntry); ok {
		if len(*x) >= n {
			slots := (*x)[:n]
			clear(slots)
			return table{slots: slots, mask: uint64(n - 1)}
		}
	}
	return table{slots: make([]ttEntry, n), mask: uint64(n - 1)}
}

// release returns the table's slots to the pool.
func (t *table) release() {
	if t.slots != nil {
		slots := t.slots[:cap(t.slots)]
		tables.Put(&slots)
		t.slots = nil
	}
}

func (t *table) probe(key uint64) *ttEntry {
	e := &t.slots[key&t.mask]
	if e.key != key || e.bound == 0 {
		return nil
	}
	return e
}

func (t *table) store(key uint64, m logic.Move, score, depth, ply int, bound uint8) {
	e := &t.slots[key&t.mask]
	if e.key == key && int(e.depth) > depth && bound != boundExact {
		return
	}
	// Win scores are stored relative to this node, not to the root.
	if score > eval.WinBound {
		score += ply
	} else if score < -eval.WinBound {
		score -= ply
	}
	*e = ttEntry{key: key, move: m, score: int16(score), depth: int8(depth), bound: bound}
}

// scoreAt converts a stored score back to one relative to the root.
func scoreAt(stored int16, ply int) int {
	v := int(stored)
	if v > eval.WinBound {
		return v - ply
	}
	if v < -eval.WinBound {
		return v + ply
	}
	return v
}

// probe looks key up in the search's own table and then, in a parallel
// search, in the table the workers share.
func (s *searcher) probe(key uint64) *ttEntry {
	if e := s.tt.probe(key); e != nil || s.shared == nil {
		return e
	}
	return s.shared.probe(key)
}

// merge moves the entries of from into t, with store's replacement rule,
// and leaves from empty.
func (t *table) merge(from *table) {
	for i := range from.slots {
		x := &from.slots[i]
		if x.bound == 0 {
			continue
		}
		e := &t.slots[x.key&t.mask]
		if !(e.key == x.key && e.depth > x.depth && x.bound != boundExact) {
			*e = *x
		}
		*x = ttEntry{}
	}
}
