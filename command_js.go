//go:build js

package main

import "errors"

// command is the page's: a page's os.Args name no command (its link's
// parameters are game flags, read by parseGameFlags), so the commands
// of command.go are not built into the .wasm.
func command([]string) (code int, handled bool) { return 0, false }

// subcommandNames is empty in a page, which runs none: its -h names
// only the game's flags.
func subcommandNames() []string { return nil }

// restartSilently cannot start a process in a page: the game ends with
// the sound device's error, as os/exec would have it there.
func restartSilently() error { return errors.ErrUnsupported }
