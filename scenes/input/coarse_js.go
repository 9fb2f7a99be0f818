//go:build js

package input

import "syscall/js"

// CoarsePointer reports whether the browser's main pointer is a finger
// (a phone, a tablet): the keys' help and "or press Enter" are then left
// out before the first touch comes.
func CoarsePointer() (coarse bool) {
	defer func() { recover() }()
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return false
	}
	return js.Global().Call("matchMedia", "(pointer: coarse)").Get("matches").Truthy()
}
