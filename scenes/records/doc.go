// Package records is the screens that look back at games: the records
// page (export the game in progress, the list of kept records and the
// history, a dropped file), the replay of a record with its step-by-step
// analysis and review of mistakes, and the move list of the game in
// progress. Records are read off the frame loop. Each screen opens the
// others through the shell's Screens, never by name; only main imports
// it.
package records
