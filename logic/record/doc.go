// Package record is the Shiftago game record: a small text file with a
// header (format line, variant, seats with who plays them, handicap,
// starter, date) and then the moves in the notation of RULES.md §2 and §5.
//
// An example:
//
//	Shiftago record 1
//	Variant: expert
//	Seats: orange human, green computer 3
//	Handicap: 0, 0
//	Starter: orange
//	Date: 2026-03-01
//	Result: win orange
//
//	1. W4
//	2. Nd
//	3. W3xc3-g3
//
// Parse checks a record move by move with the rules engine and refuses a
// bad one with the line number and the reason; String writes a record
// that Parse reads back to the same value. Records are replayed to any ply
// for the replay viewer, for undo and for saves.
//
// Like logic, the package uses the standard library only.
package record
