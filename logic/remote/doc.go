// Package remote is the small protocol between the game and a search that
// runs away from its frame loop: on goroutines of their own on a desktop,
// in a Web Worker (a second WebAssembly program, wasm/searcher) in the
// browser. One line a message, so it crosses postMessage as a string:
//
//	go <id> <level> <seed> <workers> <position string, RULES.md §10>
//	stop <id>
//	move <id> <move> <nodes> <depth> <score>
//	error <id> <why>
//
// The move is logic.Move's number, exact for every scoring choice, and
// the receiver checks it against the position before playing it. Run
// searches a request with the same budget, seed and worker count as the
// stepped search in the frame would, so either way plays the same move.
//
// It imports only the standard library, logic and logic/ai (no ebiten):
// the search worker (wasm/searcher) is built from it alone.
package remote
