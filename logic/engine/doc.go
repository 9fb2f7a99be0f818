// Package engine speaks the line protocol of RULES.md §10.9 (`shiftago
// engine`): one command a line in, one answer line out. A refused command
// answers `error: …` and changes nothing, so a driving program can always
// trust the state it has seen.
package engine
