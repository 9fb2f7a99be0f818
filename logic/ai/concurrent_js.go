//go:build js

package ai

// concurrent is false in the browser: js/wasm runs every goroutine on one
// thread without preemption, so the workers of a parallel search take
// turns on the caller's goroutine (the same move, as parallel.go explains).
const concurrent = false
