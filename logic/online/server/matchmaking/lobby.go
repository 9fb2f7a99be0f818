//go:build !js

package matchmaking

import (
	"net/http"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/logic/online/server/httpjson"
	"shiftago/logic/online/server/standings"
	"shiftago/logic/online/store"
)

// lobbySize is how many games each list of the lobby shows.
const lobbySize = 50

// handleLobby lists the public games (issue 47): those with a free seat
// to join (their invite code: the creator made it public) and those
// under way to watch (their spectator code), each with its creator's
// name and rating. Private games, the default, never appear. No token
// needed: the page shows it before a guest is made. A page that shows
// the lists follows them on the lobby's socket instead (lobbyfeed.go).
func (s api) handleLobby(w http.ResponseWriter, r *http.Request) {
	open, live, err := s.Store().PublicGames(r.Context(), lobbySize)
	if err != nil {
		httpjson.WriteErr(w, http.StatusServiceUnavailable, "busy", "could not list the games")
		return
	}
	rep := proto.LobbyReply{Open: lobbyGames(open, true), Live: lobbyGames(live, false)}
	httpjson.WriteJSON(w, http.StatusOK, rep)
}

func lobbyGames(gs []store.LobbyGame, joinable bool) []proto.LobbyGame {
	out := make([]proto.LobbyGame, 0, len(gs))
	for _, g := range gs {
		lg := proto.LobbyGame{Watch: g.Spectator, Variant: g.Setup.Variant, Players: g.Setup.Players,
			PerMove: int(g.Setup.MoveTime / time.Second), Rated: g.Setup.Rated, Ply: g.Ply, Creator: g.CreatorName,
			Created: g.Created.UnixMilli(), Updated: g.Updated.UnixMilli()}
		lg.PerMove, lg.Clock, lg.Increment = clockOf(g.Setup)
		if joinable {
			lg.Invite = g.Code
		}
		for _, st := range g.Seats {
			if st.Guest != "" || st.Kind == store.SeatComputer {
				lg.Seated++
			}
		}
		if g.Rating != nil {
			ri := standings.RatingInfo(*g.Rating)
			lg.Rating = &ri
		}
		out = append(out, lg)
	}
	return out
}
