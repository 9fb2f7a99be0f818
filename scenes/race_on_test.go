//go:build race

package scenes

// raceEnabled: the race detector changes allocations and speed.
const raceEnabled = true
