//go:build !js

package server

import (
	"shiftago/logic"
	"shiftago/logic/ai"
)

// pool runs the computers' searches of every game on a bounded number of
// goroutines, so a server full of computer seats uses at most that many
// cores for them, whatever the number of games. A search waits its turn.
type pool struct {
	slots chan struct{}
}

func newPool(workers int) *pool {
	if workers < 1 {
		workers = 1
	}
	return &pool{slots: make(chan struct{}, workers)}
}

// submit searches pos in turn and calls done with the move, on a
// goroutine of its own.
func (p *pool) submit(pos logic.Position, cfg ai.Config, done func(logic.Move)) {
	go func() {
		p.slots <- struct{}{}
		mv := ai.Think(pos, cfg)
		<-p.slots
		done(mv)
	}()
}
