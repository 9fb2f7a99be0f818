//go:build !js

package server

import (
	"net/http"

	"github.com/coder/websocket"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/guard"
)

// clientAddr is the address the per-address limits count a request
// under (guard.ClientAddr: the peer's, or a trusted proxy's word).
func (s *Server) clientAddr(r *http.Request) string { return guard.ClientAddr(r, s.cfg.Trusted) }

// sameGame refuses (wrong-game) and closes a connection whose hello names
// another game than its upgrade's ?game=. A proxy hashes on ?game= to put
// the players of one game on one node (deploy/nginx.conf), and a full node
// lets in the connections to the games it has live by it (shedWS): a
// client naming one game there and another in its hello would be carried
// past admission, to a node that has not got its game, by a URL that
// lies. A connection with no ?game= is any game's.
func (c *conn) sameGame(game string) bool {
	if c.named == "" || c.named == game {
		return true
	}
	c.send(proto.Refuse(0, "", proto.CodeWrongGame, "the hello names another game than the ?game= of the connection: connect with the hello's game"))
	c.close(websocket.StatusPolicyViolation, "wrong game")
	return false
}
