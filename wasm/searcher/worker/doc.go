// Package worker is the computer's search as a server of package remote's
// lines, one a message:
//
//	go <id> <level> <seed> <workers> <position>    search, reply "move …" or "error …"
//	ana <id> <level> <max nodes> <seed> <position> evaluate one position of the replay's
//	                                               analysis (package analysis), reply "eval …"
//	stop <id>                                      drop that search
//
// and while a search is under way it says so about once a second,
// between slices, with "working <id> <nodes so far>", so that the game
// tells a long search (bounded by nodes, not time) from a lost worker by
// the worker's silence (scenes/play/away).
//
// In the browser it runs in the page's Web Worker (wasm/searcher.js),
// inside the game's own .wasm: main calls Serve when InWorker says the
// program was started there, so a first visit downloads and compiles one
// program, not two (the page hands the worker its compiled module).
// Searches run one after the other; between slices of nodes the search
// lets the worker's event loop deliver a "stop". On a host, Serve reads the
// same lines on standard input and writes the replies on standard output
// (command wasm/searcher), which is how its tests drive it.
package worker
