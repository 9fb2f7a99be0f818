// Package online plays the seats of an online game at this screen's
// table: a Link joins the turn controller (scenes/play) to a session of
// the game service (logic/online/client).
//
// The table is built from the game as it stands on the server (Table),
// not replayed from its first move: opening a game after an hour, or
// after a reconnect, shows it as it now stands. The seats this device
// holds are played by hand; every other seat (a friend elsewhere, the
// server's computer) is a play.RemotePlayer fed with the server's moves.
// A move made here is written to the device's store before it is sent,
// and sent again until the server acknowledges it: across dropped
// connections (the session resends it with the same id, which the server
// applies once) and across a closed app (a new Link finds it in the store
// and sends it when the connection returns). When the game moved on
// meanwhile (another device of the same player moved, a takeback, a
// computer took the seat), the kept move is not forced on it: the player
// is told plainly and the table is rebuilt from the server's state.
//
// The game has one truth on the device: the session's state
// (client.State), which carries a version counter and its moves parsed
// once, when they came. The Link follows it by version and holds the
// state of the latest version it saw (Server, shared, never changed in
// place); the table's match only plays the moves it is handed, as
// parsed. The position a move made here was made in is found one step
// on from the last one's, never by replaying the match.
//
// The frame never waits for a disk: a move made here is only noted (in
// memory, under the Link's lock, which no disk write is ever made
// under); the Link's writer goroutine writes the kept moves to the
// store, and the sender sends a move only once the writer has written
// it. So the move is on disk before it leaves, and the frame that made
// it goes on meanwhile (TestFrameNeverWaitsForTheDisk;
// BenchmarkOnlineFrame measures the frame's cost of a move made here
// and of one arriving). Close writes what is pending before it ends.
//
// The Link also follows what is said about the game between moves: the
// offers on the table (Offers, Asked; a takeback or a rematch offered,
// accepted with Propose, refused with Refuse), resignation (Resign), an
// agreed takeback (the table goes back as an undo does, not rebuilt), an
// agreed rematch (Rematch: the new game's id), and the seat events, which
// the session applies to its table between two states (who is connected,
// who took a free seat, which seat a computer now plays: everyone is told
// who and why). It reads the session's events by count (EventsSince), so
// none is missed or read twice however long the game.
//
// Everything here runs on the screen's tick (Step) or on the Link's own
// goroutines; it imports no ebiten, so it is tested against a real
// shiftago-server process with no display.
package online
