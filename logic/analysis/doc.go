// Package analysis evaluates one position of a recorded game for the
// replay's analysis: a strong search of the position (looking past forced
// moves), followed where a two-player game nears its end, or the search
// already saw a forced result, by a proof (ai.Proof) whose result replaces
// the estimate ("Orange wins in 4 moves", "every move loses", "drawn with
// best play").
//
// A Job is stepped a slice of nodes at a time, so the same evaluation runs
// in the game's frame (where nothing else can), on a goroutine of its own
// on a desktop, or in the browser's search worker (package remote's "ana"
// request): the result depends only on the position and the Config, never
// on how the work was sliced or where it ran. The scheduling of a whole
// game's positions (the one shown first) is scenes/play's Analysis.
//
// It uses the standard library, logic and logic/ai only: no ebiten, no
// clock.
package analysis
