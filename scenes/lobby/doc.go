// Package lobby is the game's online screens, everything a player does
// before and around an online table: the online page (a name, a game to
// create with its variant, players and time per move, a code to join, an
// invite to answer or a game to watch), My games (every game of this
// player, whose move it is and the time left), the Lobby page
// (lobbypage.go: quick pairing, and the public games to join in one tap
// or to watch, with their creators' ratings) and Devices (one player on
// many devices: a link code and its QR code, a code typed from another
// device or opened by a ?link= link, the devices with revoke, the
// recovery code). Each opens the others, and the table, through the
// shell's Screens, never by name; only main imports it.
package lobby
