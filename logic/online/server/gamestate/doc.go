// Package gamestate is a live game's state without any I/O but the
// ratings' one call: the stored game, the position after its moves, the
// checks of a move against the rules and the seats (a resend is
// acknowledged again, never applied twice), the offers on the table,
// the snapshot a client resumes from, the finishing order and ratings
// of a rated game, and the quick messages' side (Social: the blocks of
// the guests at the table and each one's rate). The game hub's actor owns one per live game
// (package server); the HTTP features read setups and seats from it;
// the tests and the fuzz target drive it directly.
package gamestate
