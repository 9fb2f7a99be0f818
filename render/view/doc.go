// Package view draws the board as every screen shows it (the game, the
// replay, the rules' examples, the guided first game): the board itself,
// the marbles of a position or of an animation, the last move, a refused
// insertion, lit lines, and the seats' cards. One drawing, so a change to
// how a marble or a card looks is made once.
package view
