//go:build !js

package main

import (
	"fmt"
	"os"
	"os/exec"

	"shiftago/logic/cli"
	"shiftago/logic/online/server"
)

// The command line's commands and the silent restart live in this file,
// which is not built for the browser: a page never runs them (its link
// takes game flags only, and a page cannot start a process), so the
// arena, the engine's line protocol, perft and the server's wiring stay
// out of the .wasm every first visit downloads (wasm/README.md).

// command runs what args ask for instead of the game window: --version,
// `serve` (the online game server, logic/online/server) or a subcommand
// of logic/cli. handled is false when args ask for none.
func command(args []string) (code int, handled bool) {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "version") {
		fmt.Println("shiftago", version)
		return 0, true
	}
	if len(args) > 0 && args[0] == "serve" {
		// The online game server: no window.
		return server.Command(args[1:], os.Stdout, os.Stderr), true
	}
	return cli.Run(args)
}

// restartSilently runs the game again in a new process without sound.
func restartSilently() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), "SHIFTAGO_NO_SOUND=1")
	return cmd.Run()
}
