//go:build !unix

package arena

import (
	"os"
	"os/exec"
)

// ownProcessGroup does nothing where there are no Unix process groups.
func ownProcessGroup(*exec.Cmd) {}

// killProcessGroup kills p; a process it started may survive.
func killProcessGroup(p *os.Process) { p.Kill() }
