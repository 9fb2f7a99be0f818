// Package play is the game as rules and turns, with no window: the
// player's setup (typed), the match being played with its undo and redo,
// the session a save keeps (the record's header and the tournament), the
// seats' players (player.go: a person at this screen, the computer, or
// somebody elsewhere; the kind itself is logic/record's Player), and the
// turn controller that the game screen drives tick by tick: whose turn it
// is, the scoring choice, asking the player to move for its move and the
// computer's pace, and what to announce, as catalogue keys with
// arguments. The match keeps the game and owns no search: the computer
// player does. The search runs away
// from the frame loop where the platform can (scenes/play/away: goroutines on a
// desktop, the search's Web Worker in the browser) and is stepped a slice
// a tick where it cannot, to the same move. The replay's analysis
// (analysis.go) runs its positions the same way, one at a time, the
// position shown first.
//
// It imports no ebiten, so every rule of a turn is tested like package
// logic: tables and scripts, no display. The guided first game is a
// Lesson the controller consults, never a screen reaching into another.
package play
