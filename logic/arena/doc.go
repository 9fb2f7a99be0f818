// Package arena plays engines against each other, headless: our AI at any
// level, the one-ply greedy and random players, and external engines that
// speak the RULES.md §10 protocol. It reports wins, draws and losses, the
// Elo difference with its 95% margin, and the search speed.
package arena
