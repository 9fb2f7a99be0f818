package ai

import (
	"iter"
	"runtime"
	"slices"
	"sync"

	"shiftago/logic"
	"shiftago/logic/ai/hashtable"
)

// Parallel search. Two players: lazy SMP, every worker an iterative
// deepening alpha-beta of the same root, sharing one transposition table;
// the helpers differ from the main worker by their root move order and,
// every other one, by starting an iteration deeper, so that they fill the
// table with the entries the main worker's next iteration needs. Three and
// four players: root parallelism, every worker its own tree with its own
// seed, the visits of each root move summed over the trees.
//
// A shared table written by threads as they run makes the move depend on
// timing. Here the workers run in epochs of epochNodes nodes each: within
// an epoch a worker reads the shared table as it stood at the epoch's start
// and writes only its own small table; between epochs the small tables are
// merged into the shared one in worker order. So the move depends on the
// position, seed, level and worker count only (not on the cores, the load
// or how the search is stepped), and running the workers one after the
// other, as the browser does, gives the same move as running them side by
// side. The cost is that a worker sees the others' results up to one epoch
// late, about a millisecond.
//
// Only the main worker runs the endgame solver. The helpers used to run
// the same proofs, each with its own proof table: under a clock that was
// a quarter of the move's work done twice. Now they search, and between
// epochs they learn which root moves the main worker's solver has proved
// lost, and drop them at their next iteration; a helper's move that is
// proved lost is never picked. A proved win ends the main worker's search,
// and so the move.

// epochNodes is the nodes each worker searches between two merges.
const epochNodes = 8192

// overlaySlots is the size of a worker's own table: twice the entries one
// epoch can store, so that few of its own results are lost to collisions.
const overlaySlots = 2 * epochNodes

// DefaultWorkers is the worker count for a game: every core of a desktop,
// at most 8 (each worker holds its own tables, and lazy SMP gains less per
// worker as they grow; only 2 cores were measured), and one in the
// browser, where goroutines share one thread.
func DefaultWorkers() int {
	if !concurrent {
		return 1
	}
	return max(1, min(8, runtime.NumCPU()))
}

// worker is one search of a parallel search, run as a coroutine that
// pauses at each epoch's end.
type worker struct {
	st   *searcher
	next func() (struct{}, bool)
	stop func()
	done bool
}

// parallel is the state of a parallel search.
type parallel struct {
	workers  []*worker
	shared   hashtable.Table // alpha-beta only
	mc       bool            // tree search: combine the trees' root visits
	serial   bool            // run the workers in turn even where goroutines are parallel (tests)
	finished bool
	lost     []logic.Move // the root moves the main worker's solver proved lost

	best      logic.Move
	bestScore int
	depth     int
}

// newParallel splits the search st (already prepared: root moves, tables)
// into n workers; st becomes the main worker.
func newParallel(p logic.Position, cfg Config, st *searcher, n int) *parallel {
	par := &parallel{mc: st.multi == MonteCarlo, best: st.best}
	for i := 0; i < n; i++ {
		w := st
		if i > 0 {
			c := cfg
			if par.mc {
				c.Seed = cfg.Seed ^ mix(uint64(i)) // a different tree
			}
			w = newSearcher(p, c)
			w.tt.Release()
			// The helpers' roots differ in order: the first move stays (it
			// is searched with a full window), the others rotate.
			if rest := w.rootMoves[1:]; !par.mc && len(rest) > 1 {
				k := i % len(rest)
				w.rootMoves = append(append(w.rootMoves[:1:1], rest[k:]...), rest[:k]...)
			}
			w.skip = i & 1
			w.solve = false
		}
		par.workers = append(par.workers, &worker{st: w})
	}
	if !par.mc {
		par.shared = st.tt // sized for the budget
		for _, w := range par.workers {
			w.st.shared = &par.shared
			w.st.tt = hashtable.New(2 * overlaySlots)
		}
	}
	return par
}

// step runs whole epochs, about nodes nodes over all the workers (at
// least one epoch), and reports whether the search has finished.
func (par *parallel) step(nodes int) bool {
	per := epochNodes * len(par.workers)
	for e := 0; !par.finished && (e == 0 || e*per < nodes); e++ {
		par.epoch()
	}
	return par.finished
}

// epoch runs every worker for epochNodes nodes, then merges their tables.
func (par *parallel) epoch() {
	run := func(w *worker) {
		if w.done {
			return
		}
		if w.next == nil {
			st := w.st
			w.next, w.stop = iter.Pull(func(yield func(struct{}) bool) {
				st.yield = yield
				st.run()
			})
		}
		w.st.sliceEnd = w.st.nodes + epochNodes
		if _, ok := w.next(); !ok {
			w.done = true
		}
	}
	if concurrent && !par.serial {
		var wg sync.WaitGroup
		for _, w := range par.workers[1:] {
			wg.Go(func() { run(w) })
		}
		run(par.workers[0])
		wg.Wait()
	} else {
		for _, w := range par.workers {
			run(w)
		}
	}
	if !par.mc {
		for _, w := range par.workers {
			par.shared.Merge(&w.st.tt)
		}
		if main := par.workers[0].st; main.solve {
			// The helpers read this during the next epoch: it changes only
			// between epochs, so the move stays deterministic.
			par.lost = main.sv.lostMoves(par.lost[:0])
			for _, w := range par.workers[1:] {
				w.st.lost = par.lost
			}
		}
	}
	par.pick()
	if par.workers[0].done {
		par.close()
	}
}

// pick sets the move to play. Alpha-beta: the best move of the worker
// that completed the deepest iteration, the lowest-numbered on a tie.
// Tree search: the root move with the most visits over all the trees.
func (par *parallel) pick() {
	if !par.mc {
		var b *searcher
		for i, w := range par.workers {
			if i > 0 && slices.Contains(par.lost, w.st.best) {
				continue // the main worker's best is never proved lost (unless all are)
			}
			if b == nil || w.st.depth > b.depth {
				b = w.st
			}
		}
		par.best, par.bestScore, par.depth = b.best, b.bestScore, b.depth
		return
	}
	main := par.workers[0].st
	visits := make([]int32, len(main.rootVisits))
	reward := make([]float32, len(main.rootVisits))
	for _, w := range par.workers {
		par.depth = max(par.depth, w.st.depth)
		for i, v := range w.st.rootVisits {
			visits[i] += v
			reward[i] += w.st.rootReward[i]
		}
	}
	most := int32(0)
	for i, v := range visits {
		if v > most {
			most = v
			par.best = main.rootMoves[i].m
			par.bestScore = int(2000*reward[i]/float32(v)) - 1000
		}
	}
}

// close stops the workers and releases their tables.
func (par *parallel) close() {
	if par.finished {
		return
	}
	par.finished = true
	for _, w := range par.workers {
		if w.stop != nil {
			w.stop()
		}
		w.st.tt.Release()
	}
	par.shared.Release()
}

// nodes is the nodes searched by all the workers.
func (par *parallel) nodes() int {
	n := 0
	for _, w := range par.workers {
		n += w.st.nodes
	}
	return n
}
