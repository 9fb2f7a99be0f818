// Package gesture is the state machine that turns pointer presses, moves
// and releases (mouse and touch alike) and a few keys into the player's
// intent: pick up a marble, drag it along a track, commit a move when the
// marble touches the board, cancel, refuse an illegal track, select an
// entry point by tapping it and play it with a second tap or a key.
//
// It knows no ebiten: the game adapts its input to Press, Move, Release,
// Cancel (a press that a second finger made a pinch) and Key calls, then
// calls Tick once per Update and acts on the events. It
// knows no rules either: which entry points are legal comes from the
// caller (Turn, built with TurnOf from the position).
//
// Coordinates are screen pixels, as in package layout.
package gesture
