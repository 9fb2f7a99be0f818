// Command yardstick is the measuring stick for the game's frame cost in a
// browser: the least an Ebitengine page can do, filling the whole screen,
// at the device's pixels, every frame. wasm/e2e/perf.test.mjs builds it
// (it is never part of the shipped bundle) and runs it beside the game at
// the same size in the same browser: what the page costs beyond this is
// ours; what this costs is Ebitengine's and the browser's.
package main
