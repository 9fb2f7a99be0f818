// Package remote is the small protocol between the game and a search that
// runs away from its frame loop: on goroutines of their own on a desktop,
// in a Web Worker (a second WebAssembly program, wasm/searcher) in the
// browser. One line a message, so it crosses postMessage as a string:
//
//	go <id> <level> <seed> <workers> <position string, RULES.md §10>
//	ana <id> <level> <max nodes> <seed> <position string>
//	stop <id>
//	move <id> <move> <nodes> <depth> <score>
//	eval <id> <to move> <best> <score> <winner> <win in> <proven> <plies> <share 0> <share 1> <share 2> <share 3>
//	error <id> <why>
//	working <id> <nodes>
//
// The move is logic.Move's number, exact for every scoring choice, and
// the receiver checks it against the position before playing it. Run
// searches a request with the same budget, seed and worker count as the
// stepped search in the frame would, so either way plays the same move.
//
// "working" says that search id is still under way (nodes so far): the
// searcher sends it between slices about once a second, and the game
// counts the searcher as lost only after a long silence, never because a
// search, bounded by nodes and not by time, is long (scenes/play/away).
// It is no reply: the search's "move", "eval" or "error" still follows.
//
// "ana" asks for one position of the replay's analysis (package
// analysis), answered by "eval": the fields of analysis.Eval, the shares
// written so that they read back exactly, so the replay shows the same
// evaluation wherever it was made.
//
// It imports only the standard library, logic, logic/ai and logic/analysis (no ebiten):
// the search worker (wasm/searcher) is built from it alone.
package remote
