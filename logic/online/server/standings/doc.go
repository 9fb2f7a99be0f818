// Package standings is the HTTP API of the ratings: a player's own
// (GET /api/guests/me, with ?history=1 their rating after each rated
// game and their results against the computer levels, computer.go) and
// the leaderboard of a variant and player count. The ratings
// themselves are applied by the hub when a rated game ends
// (gamestate.ApplyRatings); this package repairs, at start and every
// minute, those a node stopped before applying, and counts the results
// against the computer of the games over. A server.Feature.
package standings
