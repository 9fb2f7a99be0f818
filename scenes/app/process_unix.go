//go:build unix && !js

package app

import (
	"errors"
	"os"
	"syscall"
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
