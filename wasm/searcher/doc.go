// Command searcher is the computer's search on its own, for the browser's
// Web Worker: the rules and package ai, no ebiten, so the game's page
// runs its searches off the frame loop (scenes/play's thought). It speaks
// package remote's lines, one a message:
//
//	go <id> <level> <seed> <workers> <position>   search, reply "move …" or "error …"
//	stop <id>                                     drop that search
//
// Built for js/wasm by wasm/build.sh, it runs in searcher.HASH.js (from
// wasm/searcher.js), which loads it and holds the page's messages until
// it is ready. Searches run one after the other; between slices of nodes
// the search lets the worker's event loop deliver a "stop". Built for the
// host, it reads the same lines on standard input and writes the replies
// on standard output, which is how its tests drive it.
package main
