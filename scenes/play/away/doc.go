// Package away runs the computer's searches away from the frame loop, so
// that a frame never waits for a move: on goroutines of their own on a
// desktop (every core), in the page's Web Worker (wasm/searcher) in the
// browser, speaking package remote's lines; a Thought falls back to
// stepping in the frame, a slice a tick, where neither can run or the
// far search is lost, and finds the same move either way.
package away
