// Package admission is a server node's admission control: the bounds
// past which it refuses new work (a new game, a connection to a game it
// does not have live) so that the games it admitted keep their speed.
// It holds the signals (the store's move commits' moving average, the
// games' queues, the players' moves' p90 against a game cap that
// follows it) and says why the node is full; the server feeds it and
// answers the refusal (logic/online/server/shed.go). It knows no HTTP
// and no game: its rules are tested on their own.
package admission
