// Package cli is the game's subcommands, which need no window and so run
// on a machine with no display (CI, a server, another program driving the
// engine): engine (the RULES.md §10 line protocol), perft and arena.
package cli
