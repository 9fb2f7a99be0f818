//go:build !js

package searchpool

import (
	"shiftago/logic"
	"shiftago/logic/ai"
)

// Pool runs the computers' searches of every game on a bounded number of
// goroutines, so a server full of computer seats uses at most that many
// cores for them, whatever the number of games. A search waits its turn.
type Pool struct {
	slots chan struct{}
}

// New is a pool of workers searches at once (at least 1).
func New(workers int) *Pool {
	if workers < 1 {
		workers = 1
	}
	return &Pool{slots: make(chan struct{}, workers)}
}

// Submit searches pos in turn and calls done with the move, on a
// goroutine of its own.
func (p *Pool) Submit(pos logic.Position, cfg ai.Config, done func(logic.Move)) {
	go func() {
		p.slots <- struct{}{}
		mv := ai.Think(pos, cfg)
		<-p.slots
		done(mv)
	}()
}
