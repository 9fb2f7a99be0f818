// Command searcher is the computer's search on its own (package worker):
// the rules and package ai, no ebiten. On a host it reads package
// remote's request lines on standard input and writes the replies on
// standard output, for tests and the curious:
//
//	echo 'go 1 3 7 1 7/7/7/7/7/7/7 express og o 22,22 0,0 0,0' | go run ./wasm/searcher
//
// Built for js/wasm it would serve a Web Worker's messages; the bundle no
// longer ships it: the page's search worker (wasm/searcher.js) runs the
// game's own .wasm, which serves the same lines (main calls worker.Serve),
// so a first visit fetches and compiles one program, not two.
package main
