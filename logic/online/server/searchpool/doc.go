// Package searchpool runs the computer seats' searches of every game on
// a bounded number of goroutines, so that a server full of computer
// seats uses at most that many cores for them, whatever the number of
// games. The game hub (package server) owns one.
package searchpool
