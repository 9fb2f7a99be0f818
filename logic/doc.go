// Package logic is the Shiftago rules engine: positions, moves, the push,
// lines and scoring for Express, Expert and Extreme with 2 to 4 players,
// handicap sit-outs, the Express tournament, and the text formats of
// RULES.md §2, §5 and §10 (logic/RULES.md, beside this file: the rules this
// package implements, numbered so that tests cite them).
//
// It depends on the standard library only (no ebiten, no wall clock, no
// global random source) so that it builds with CGO_ENABLED=0 and for
// js/wasm, and so that the AI, the command-line engine, the tests and the
// game all share one exact implementation.
//
// The board is a bitboard per seat. Square indices use an 8-wide layout,
// rank*8+file, with an always-empty guard column (file index 7): shifting a
// bitboard by 1, 7, 8 or 9 then never wraps a run from one rank to the next,
// which keeps line detection to a handful of shifts and ANDs.
//
// Applying a move (Position.Apply) allocates nothing and, on request, fills
// a Trace that says exactly what happened, so the renderer animates the
// rules' own account instead of re-deriving them.
package logic
