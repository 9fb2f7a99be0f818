//go:build js

package app

import (
	"sync"
	"syscall/js"
	"time"

	"shiftago/scenes/keep"
)

// In the browser every copy of the game (a tab, a window) holds a Web
// Lock named after its instance id for as long as it is open: the
// browser lets it go when the tab closes, crashes or is discarded. Another
// copy reads which locks are held (navigator.locks.query) to tell whether
// the owner of the save is still open, where a heartbeat cannot: a tab in
// the background gets no animation frames, so it stops ticking and
// beating, yet it is open and owns the save. Without Web Locks (an old
// browser, a sandboxed frame) the heartbeat alone decides, as before.

const lockPrefix = "shiftago-copy-"

// held is the last snapshot of the locks held, refreshed in the
// background each time a copy's state is asked.
var held struct {
	sync.Mutex
	names  map[string]bool
	known  bool
	failed bool // the last query was refused
	asking bool
}

// webLocks is navigator.locks, or undefined.
func webLocks() (l js.Value) {
	defer func() {
		if recover() != nil {
			l = js.Undefined()
		}
	}()
	nav := js.Global().Get("navigator")
	if !nav.Truthy() {
		return js.Undefined()
	}
	return nav.Get("locks")
}

// holdLock takes the lock of copy id, held until the page goes. free is
// false when another tab holds it already (a duplicated tab with the same
// sessionStorage); known is false when the browser cannot tell.
func holdLock(id string) (free, known bool) {
	l := webLocks()
	if !l.Truthy() {
		return false, false
	}
	done := make(chan bool, 2)
	var ok bool
	func() {
		defer func() { recover() }() // a sandboxed frame may throw
		got := js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) == 0 || args[0].IsNull() {
				done <- false // ifAvailable, and another tab holds it
				return nil
			}
			done <- true
			// Held until the page goes: a promise that never settles.
			return js.Global().Get("Promise").New(js.FuncOf(func(js.Value, []js.Value) any { return nil }))
		})
		failed := js.FuncOf(func(js.Value, []js.Value) any {
			done <- false
			return nil
		})
		l.Call("request", lockPrefix+id, map[string]any{"ifAvailable": true}, got).Call("catch", failed)
		ok = true
	}()
	if !ok {
		return false, false
	}
	select {
	case free = <-done:
		refreshHeld(true)
		return free, true
	case <-time.After(time.Second):
		return false, false
	}
}

// refreshHeld asks the browser for the locks held; with wait, it waits
// (a second at most) for the answer.
func refreshHeld(wait bool) {
	l := webLocks()
	if !l.Truthy() {
		return
	}
	held.Lock()
	if held.asking {
		held.Unlock()
		return
	}
	held.asking = true
	held.Unlock()
	done := make(chan struct{})
	var then, failed js.Func
	finish := func(names map[string]bool) {
		held.Lock()
		if names != nil {
			held.names, held.known = names, true
		}
		held.failed = names == nil
		held.asking = false
		held.Unlock()
		then.Release()
		failed.Release()
		close(done)
	}
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		names := map[string]bool{}
		if len(args) > 0 && args[0].Truthy() {
			if hs := args[0].Get("held"); hs.Truthy() {
				for i := 0; i < hs.Length(); i++ {
					names[hs.Index(i).Get("name").String()] = true
				}
			}
		}
		finish(names)
		return nil
	})
	failed = js.FuncOf(func(js.Value, []js.Value) any {
		finish(nil)
		return nil
	})
	func() {
		defer func() {
			if recover() != nil {
				finish(nil)
			}
		}()
		l.Call("query").Call("then", then, failed)
	}()
	if wait {
		select {
		case <-done:
		case <-time.After(time.Second):
		}
	}
}

// copyOpen tells whether the copy with instance id id holds its lock, by
// the last snapshot, and asks for a new one for next time. Before the
// first snapshot the answer is pending, unless the browser refused to
// answer.
func copyOpen(id string) keep.Presence {
	held.Lock()
	open, known, failed := held.names[lockPrefix+id], held.known, held.failed
	held.Unlock()
	refreshHeld(false)
	switch {
	case known && open:
		return keep.Open
	case known:
		return keep.Closed
	case failed:
		return keep.Untold
	}
	return keep.Pending
}

// ThisProcess is this tab, for the owner record: Open tells by the tabs'
// locks whether the owner's tab is open (nothing, without Web Locks).
func ThisProcess() Process {
	if !webLocks().Truthy() {
		return Process{}
	}
	return Process{Open: copyOpen}
}

// EndOnSignal does nothing here: the process ends as the system ends it.
func EndOnSignal(*Game) (stop func()) { return func() {} }
