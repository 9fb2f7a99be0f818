//go:build !race

package ai

// raceDetector is true when the tests were built with -race.
const raceDetector = false
