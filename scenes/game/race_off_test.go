//go:build !race

package game

// raceEnabled: the race detector changes allocations and speed.
const raceEnabled = false
