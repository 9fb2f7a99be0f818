package looptest

import (
	"runtime"
	"strings"
)

// Allocs counts the allocations made with one of the functions named
// (as runtime.FuncForPC names them, e.g.
// "shiftago/scenes/app.(*Game).Draw") on the stack: the game's own
// Update and Draw, apart from what other threads allocate at the same
// time (ebiten's GL thread, the window), which a process-wide count
// would add. Between Start and Stop every allocation is recorded. A
// sync.Pool filling itself again (ebiten keeps a few) is not counted:
// every collection empties the pools, and the count itself collects.
type Allocs struct {
	funcs []string
	rate  int
	n0    int64
	recs  []runtime.MemProfileRecord
	names map[uintptr]bool
}

// StartAllocs begins counting.
func StartAllocs(funcs ...string) *Allocs {
	a := &Allocs{funcs: funcs, names: map[uintptr]bool{}, rate: runtime.MemProfileRate}
	runtime.MemProfileRate = 1
	a.n0 = a.count()
	return a
}

// Stop ends counting and returns the allocations counted.
func (a *Allocs) Stop() int64 {
	n := a.count() - a.n0
	runtime.MemProfileRate = a.rate
	return n
}

// count is the allocations recorded so far under the functions.
func (a *Allocs) count() int64 {
	runtime.GC() // the profile is as of the last collection
	n, _ := runtime.MemProfile(nil, true)
	for {
		a.recs = make([]runtime.MemProfileRecord, n+64)
		var ok bool
		if n, ok = runtime.MemProfile(a.recs, true); ok {
			a.recs = a.recs[:n]
			break
		}
	}
	var total int64
	for i := range a.recs {
		r := &a.recs[i]
		if st := r.Stack(); a.under(st) && !a.pooled(st) {
			total += r.AllocObjects
		}
	}
	return total
}

// under reports whether one of the functions is on stack.
func (a *Allocs) under(stack []uintptr) bool {
	for _, pc := range stack {
		in, seen := a.names[pc]
		if !seen {
			in = false
			if f := runtime.FuncForPC(pc); f != nil {
				for _, name := range a.funcs {
					if strings.HasSuffix(f.Name(), name) {
						in = true
					}
				}
			}
			a.names[pc] = in
		}
		if in {
			return true
		}
	}
	return false
}

// pooled reports whether stack is a sync.Pool making a new item (Get),
// or growing its own queue to take one back (Put). Both follow a garbage
// collection, which empties the pools: count itself collects, and on a
// busy machine (CI runs every package at once) another collection can
// fall inside a window, and ebiten's image pool grew its queue in both
// windows of TestRollingFramesAllocateNothing. That is the collection's
// cost, not the frame's.
func (a *Allocs) pooled(stack []uintptr) bool {
	for _, pc := range stack {
		if f := runtime.FuncForPC(pc); f != nil && (f.Name() == "sync.(*Pool).Get" || f.Name() == "sync.(*Pool).Put") {
			return true
		}
	}
	return false
}
