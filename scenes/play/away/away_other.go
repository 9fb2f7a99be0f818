//go:build !js

package away

import (
	"sync/atomic"

	"shiftago/logic/remote"
)

// Warm has nothing to prepare: goroutines start at once.
func Warm() {}

// Start runs req on goroutines of its own (ai's workers, one per core
// as req says), so that the frame only looks for the reply.
func Start(req remote.Request) (Far, string) {
	g := &goFar{done: make(chan struct{})}
	go func() {
		defer close(g.done)
		g.rep = remote.Run(req, g.stopped.Load)
	}()
	return g, PathThreads
}

// goFar is a search on its own goroutines. done closes once they have all
// ended, with the reply in rep.
type goFar struct {
	stopped atomic.Bool
	done    chan struct{}
	rep     remote.Reply
}

func (g *goFar) Poll() (remote.Reply, bool) {
	select {
	case <-g.done:
		return g.rep, true
	default:
		return remote.Reply{}, false
	}
}

// Cancel asks the search to end at its next slice (a few milliseconds)
// and returns at once: a frame never waits for it.
func (g *goFar) Cancel() { g.stopped.Store(true) }
