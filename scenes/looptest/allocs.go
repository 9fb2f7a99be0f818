package looptest

import (
	"fmt"
	"path"
	"runtime"
	"sort"
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
	recs  []runtime.MemProfileRecord
	names map[uintptr]bool
	// by is the count under each stack at Start; where, after Stop, the
	// stacks that allocated in between, so that a test that fails can
	// say what allocated rather than only how often.
	by    map[[32]uintptr]int64
	where []string
}

// StartAllocs begins counting.
func StartAllocs(funcs ...string) *Allocs {
	a := &Allocs{funcs: funcs, names: map[uintptr]bool{}, rate: runtime.MemProfileRate}
	runtime.MemProfileRate = 1
	a.by = a.count()
	return a
}

// Stop ends counting and returns the allocations counted.
func (a *Allocs) Stop() int64 {
	by := a.count()
	runtime.MemProfileRate = a.rate
	a.where = a.where[:0]
	var n int64
	for st, c := range by {
		if d := c - a.by[st]; d > 0 {
			n += d
			a.where = append(a.where, fmt.Sprintf("%d× %s", d, describe(st)))
		}
	}
	sort.Strings(a.where)
	return n
}

// Where lists, after Stop, the stacks that allocated while counting, one
// line each: how many objects, then the stack's functions, innermost
// first.
func (a *Allocs) Where() []string { return a.where }

// describe names the functions of a recorded stack, innermost first,
// inlined calls included and the runtime's own left out, up to eight:
// enough to see which call of the game's allocated.
func describe(st [32]uintptr) string {
	n := 0
	for n < len(st) && st[n] != 0 {
		n++
	}
	var b strings.Builder
	frames := runtime.CallersFrames(st[:n])
	for k := 0; k < 8; {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			if k > 0 {
				b.WriteString(" < ")
			}
			fmt.Fprintf(&b, "%s (%s:%d)", f.Function, path.Base(f.File), f.Line)
			k++
		}
		if !more {
			break
		}
	}
	return b.String()
}

// count is the allocations recorded so far under the functions, by
// stack (profile records are cumulative, so a count only grows).
func (a *Allocs) count() map[[32]uintptr]int64 {
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
	by := map[[32]uintptr]int64{}
	for i := range a.recs {
		r := &a.recs[i]
		if st := r.Stack(); a.under(st) && !a.pooled(st) {
			by[r.Stack0] += r.AllocObjects
		}
	}
	return by
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
