//go:build !js

package matchmaking

import (
	"net/http"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/httpjson"
)

// handleInvite describes the game an invite code names, to whoever holds
// the code (no guest needed: the invite page shows it before a seat is
// taken): the variant, the players and who holds each seat (the first is
// the one who invited), the time per move, whether a seat is still free,
// and the spectator code, so that an invite opened after the game filled
// can offer to watch it. The game's own id stays out: it is for the
// seats' holders.
func (s api) handleInvite(w http.ResponseWriter, r *http.Request) {
	code := r.PathValue("code")
	if code == "" || len(code) > proto.MaxGameLen {
		httpjson.WriteErr(w, http.StatusBadRequest, "bad-request", "want /api/invites/{code}")
		return
	}
	// A wrong code costs what it costs a join: the lookup is no cheaper
	// way to guess codes.
	rec, ok := s.byCode(w, r, code)
	if !ok {
		return
	}
	rep := reply(rec, "")
	rep.Game, rep.YourMove = "", false
	rep.Table = s.seatsOf(r.Context(), rec, map[string]string{})
	httpjson.WriteJSON(w, http.StatusOK, rep)
}
