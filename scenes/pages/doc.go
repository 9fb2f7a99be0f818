// Package pages is the game's screens around the table: the title screen
// (the setup), the settings, the rules with their animated examples, the
// screen that says a save could not be read, and the one that says
// another window has the game. Each opens the others
// through the shell's Screens, never by name. The online screens are
// scenes/lobby's; the records, replay and move list scenes/records'.
package pages
