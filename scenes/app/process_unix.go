//go:build unix && !js

package app

import (
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// ThisProcess is this process, for the owner record: a process that
// signal 0 cannot reach (ESRCH) is gone.
func ThisProcess() Process {
	host, _ := os.Hostname()
	return Process{PID: os.Getpid(), Host: host, Alive: func(pid int) bool {
		err := syscall.Kill(pid, 0)
		return err == nil || errors.Is(err, syscall.EPERM)
	}}
}

// EndOnSignal ends g as quitting does when the process is told to end
// (SIGTERM, SIGINT, SIGHUP: a logout, Ctrl-C): the game stops at its next
// tick and Close writes every save. Should no tick come (a frame loop
// the system holds back), the saves already asked for are written and
// the process ends all the same. stop undoes it.
func EndOnSignal(g *Game) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
		case <-done:
			return
		}
		g.QuitSoon()
		select {
		case <-time.After(endGrace):
			g.FlushSaves()
			os.Exit(1)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// endGrace is how long a signalled game may take to reach its next tick.
const endGrace = 5 * time.Second
