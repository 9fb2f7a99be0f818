// Command pack turns the freshly built WebAssembly into the deployable
// browser bundle; wasm/build.sh runs it:
//
//	go run ./wasm/pack -dir dist/web -version v1.2.0
//
// In dir it expects shiftago.wasm and wasm_exec.js (the
// build's output) and leaves:
//
//	index.html                 from wasm/index.html, naming the files below
//	shiftago.HASH.wasm         content-hashed: cache them for a year
//	wasm_exec.HASH.js
//	searcher.HASH.js           the search's Web Worker, from wasm/searcher.js,
//	                           naming the two above (the game's .wasm serves
//	                           the searches there)
//	icon-*.HASH.png, apple-touch-icon.HASH.png   drawn here (icons.go)
//	manifest.webmanifest       the web app manifest
//	sw.js                      from wasm/sw.js: the service worker, with this
//	                           build's cache name and file list
//	NAME.br, NAME.gz           brotli and gzip copies of every text file
//
// With -compress FILE it only writes FILE.br, compressed as the bundle's
// files are (wasm/e2e/perf.test.mjs so compresses the yardstick page).
//
// Brotli comes from github.com/andybalholm/brotli (pure Go), so no system
// tool is needed; any failure stops the build with an error.
package main
