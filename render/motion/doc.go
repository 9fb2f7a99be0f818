// Package motion turns the rules engine's account of a move (logic.Trace)
// into an animation: plain data advanced once per tick with a fixed step,
// deterministic and testable without a window.
//
// The inserted marble rolls in from its entry point (or from where a drag
// let go of it, at the drag's speed). If the entry cell is taken, it meets
// the marble there and the push runs down the chain like a Newton's
// cradle: each marble is kicked the moment the one behind it touches it,
// so it starts a beat after that one, slows by friction and settles onto
// its cell with a small bounce. Then, if a line was scored, the removed
// marbles lift and roll back to the mover's tray.
//
// Undo shows the same trace the other way (Options.Back, back.go): the
// scored line flies home from the tray, the inserted marble rolls out
// to its entry point with the pushed ones following a cell each, and it
// is carried back to its tray. Flourish is the end of a game before its
// result card: the winning line lit marble by marble, a wave of lift and
// glint along it, or, without a line, one glint sweeping the board.
//
// Positions are in board units (see package layout): a window resize in the
// middle of an animation stays right. The motion along a track is a closed
// form of time (constant deceleration, then a short eased bounce), so every
// marble ends exactly on the cell the engine says, the chain never
// overlaps, and no marble jumps from one tick to the next.
package motion
