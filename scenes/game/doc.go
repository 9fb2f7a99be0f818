// Package game is the screens played on a table (scenes/table): the game
// screen (the table, the status line, the menu), the result that follows
// it, and the guided first game and the puzzles, which play on the same
// table with a lesson's panel. An online game and its menu are
// scenes/game/onlinegame.
package game
