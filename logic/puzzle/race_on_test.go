//go:build race

package puzzle

// raceOn: the race detector slows the proofs tenfold; a sample is proven.
const raceOn = true
