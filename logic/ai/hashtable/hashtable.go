package hashtable

import (
	"sync"

	"shiftago/logic"
	"shiftago/logic/ai/eval"
)

// Bounds stored with a transposition-table score.
const (
	Exact uint8 = iota + 1 // the score is the position's value
	Lower                  // the value is at least the score
	Upper                  // the value is at most the score
)

// Entry is one slot of a table (16 bytes).
type Entry struct {
	Key   uint64
	Move  logic.Move
	Score int16 // win scores relative to the node stored (Store, ScoreAt)
	Depth int8
	Bound uint8 // Exact, Lower or Upper; 0: an empty slot
}

// Table is a transposition table keyed by logic.Position.Hash.
type Table struct {
	slots []Entry
	mask  uint64
}

// tables keeps the slots of finished searches, so that a game does not
// allocate megabytes a move. A reused table is cleared: searches never
// share knowledge, which keeps them deterministic.
var tables sync.Pool

// New sizes a table for a search of about nodes nodes.
func New(nodes int) Table {
	n := 1 << 10
	for n < nodes/2 && n < 1<<19 {
		n <<= 1
	}
	if x, ok := tables.Get().(*[]Entry); ok {
		if len(*x) >= n {
			slots := (*x)[:n]
			clear(slots)
			return Table{slots: slots, mask: uint64(n - 1)}
		}
	}
	return Table{slots: make([]Entry, n), mask: uint64(n - 1)}
}

// Release returns the table's slots to the pool.
func (t *Table) Release() {
	if t.slots != nil {
		slots := t.slots[:cap(t.slots)]
		tables.Put(&slots)
		t.slots = nil
	}
}

// Clear empties the table, keeping its slots.
func (t *Table) Clear() { clear(t.slots) }

// Probe is key's entry, or nil when the table holds none.
func (t *Table) Probe(key uint64) *Entry {
	e := &t.slots[key&t.mask]
	if e.Key != key || e.Bound == 0 {
		return nil
	}
	return e
}

// Store keeps a result for key unless the slot holds a deeper bound of
// the same position: score as seen from the root, ply plies below it.
func (t *Table) Store(key uint64, m logic.Move, score, depth, ply int, bound uint8) {
	e := &t.slots[key&t.mask]
	if e.Key == key && int(e.Depth) > depth && bound != Exact {
		return
	}
	// Win scores are stored relative to this node, not to the root.
	if score > eval.WinBound {
		score += ply
	} else if score < -eval.WinBound {
		score -= ply
	}
	*e = Entry{Key: key, Move: m, Score: int16(score), Depth: int8(depth), Bound: bound}
}

// ScoreAt converts a stored score back to one relative to the root.
func ScoreAt(stored int16, ply int) int {
	v := int(stored)
	if v > eval.WinBound {
		return v - ply
	}
	if v < -eval.WinBound {
		return v + ply
	}
	return v
}

// Merge moves the entries of from into t, with Store's replacement rule,
// and leaves from empty.
func (t *Table) Merge(from *Table) {
	for i := range from.slots {
		x := &from.slots[i]
		if x.Bound == 0 {
			continue
		}
		e := &t.slots[x.Key&t.mask]
		if !(e.Key == x.Key && e.Depth > x.Depth && x.Bound != Exact) {
			*e = *x
		}
		*x = Entry{}
	}
}
