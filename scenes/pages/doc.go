// Package pages is the game's screens around the table: the title screen
// (the setup), the settings, the rules with their animated examples, the
// records (export, list, a dropped file), the replay of a record, and
// the screen that says a save could not be read. Each opens the others
// through the shell's Screens, never by name. The online screens are
// scenes/lobby's.
package pages
