// Package lobby is the game's online screens where a player finds a
// game: the online page (a name, a game to create with its variant,
// players and time per move, a code to join, an invite to answer or a
// game to watch), My games (every game of this player, whose move it is
// and the time left) and the Lobby page (lobbypage.go: quick pairing,
// and the public games to join in one tap or to watch, with their
// creators' ratings). The ratings pages (scenes/lobby/ratings) and
// Devices (scenes/lobby/devices) are rooms of their own; what they all
// share (the text box, QR codes, the guest kept on this device) is in
// scenes/lobby/kit. Each screen opens the others, and the table, through
// the shell's Screens, never by name; only main imports it.
package lobby
