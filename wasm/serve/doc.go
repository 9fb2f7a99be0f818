// Command serve serves the browser bundle built by wasm/build.sh on a local
// address, so the game can be opened in a browser (or on a tablet on the
// same network, with -addr :8080):
//
//	bash wasm/build.sh && go run ./wasm/serve
//
// It sends the right MIME types (application/wasm lets the browser compile
// while it downloads); a file's pre-compressed copy (name.br or name.gz
// beside it, made by wasm/pack) with Content-Encoding, by what the client's
// Accept-Encoding accepts (brotli first), and Vary: Accept-Encoding; and
// caching fit for the bundle: a year, immutable, for the content-hashed
// files (shiftago.0123456789.wasm), no-cache (revalidate every time) for
// the rest: index.html, sw.js, manifest.webmanifest.
package main
