// Package game is the table: the game screen (the board, the seats'
// cards, the status line, the menu), the result that follows it, and the
// guided first game, which plays on the same table with a lesson. A
// Table joins three things, each from its own room: the turn controller
// (package play), the board view (render/view) and the hand, the
// gesture machine that turns input into the player's intent
// (scenes/input/gesture).
package game
