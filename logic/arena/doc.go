// Package arena plays engines against each other, headless: our AI at any
// level, the one-ply greedy and random players, and external engines that
// speak the RULES.md §10 protocol. It reports wins, draws and losses, the
// Elo difference with its 95% margin, and the search speed. With three and
// four players it also says, for each won game, whose move made the win
// unstoppable (a forced win of the winner's own, or a move of another
// player, squeezed or not): there most wins are handed over, not forced.
package arena
