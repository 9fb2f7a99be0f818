//go:build !js

package main

import (
	"fmt"
	"os"
	"os/exec"

	"shiftago/logic/cli"
)

// The command line's commands and the silent restart live in this file,
// which is not built for the browser: a page never runs them (its link
// takes game flags only, and a page cannot start a process), so the
// arena, the engine's line protocol, perft and the server's wiring stay
// out of the .wasm every first visit downloads (wasm/README.md).

// version is stamped by the release build (-ldflags "-X main.version=v1.2.3").
// It lives here, with --version, its only reader: a page shows none (the
// page's build stamps it too, and the linker ignores a -X of a name the
// build lacks).
var version = "dev"

// command runs what args ask for instead of the game window: --version,
// `serve` (which says where the server is) or a subcommand of
// logic/cli. handled is false when args ask for none.
func command(args []string) (code int, handled bool) {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "version") {
		fmt.Println("shiftago", version)
		return 0, true
	}
	if len(args) > 0 && args[0] == "serve" {
		// The online game server is a program of its own, so that playing
		// never compiles its database drivers (more than half of a first
		// build). Running it from here would build it at every call, and
		// a release's game binary has no source to build it from: say
		// where it is, as an unknown command would (status 2).
		fmt.Fprintln(os.Stderr, serveMoved)
		return 2, true
	}
	return cli.Run(args)
}

// subcommandNames are the subcommands the game's -h and the no-display
// message name: logic/cli's list, which holds serve too.
func subcommandNames() []string { return cli.Names() }

// serveMoved is `shiftago serve`'s one line.
const serveMoved = "shiftago serve: the server is its own program now: go run ./logic/online/cmd/shiftago-server [flags] (or a release's shiftago-server binary; logic/online/README.md, Hosting)"

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
