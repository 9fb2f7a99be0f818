// Package lobby is the game's online screens, everything a player does
// before and around an online table: the online page (a name, a game to
// create with its variant, players and time per move, a code to join, an
// invite to answer or a game to watch) and My games (every game of this
// player, whose move it is and the time left). Each opens the others, and
// the table, through the shell's Screens, never by name; only main
// imports it.
package lobby
