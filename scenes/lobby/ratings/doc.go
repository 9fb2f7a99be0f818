// Package ratings is the ratings screens: the player's Profile (their
// ratings per variant and player count, provisional ones marked, and the
// chosen one's history as a chart) and the Leaderboard of a variant and
// player count, the player's own row marked. Both read the server away
// from the frame (fetch, in profile.go); they open Devices and each
// other through the shell's Screens. Only main imports it.
package ratings
