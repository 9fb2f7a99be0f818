// Package table is the table every game is played on: the game screen,
// the guided first game, the puzzles and an online game all lay their
// session on one. A Table joins three things, each from its own room:
// the turn controller (package play), the board view (render/view) and
// the hand, the gesture machine that turns input into the player's
// intent (scenes/input/gesture). It draws from one frame key
// (partial.go), so that a screen over it can be drawn in part. The
// screens that script it or talk over it share a panel beside the
// board and the keys a script keeps from it (panel.go). The screens
// themselves live in scenes/game and scenes/game/onlinegame; this room
// opens none.
package table
