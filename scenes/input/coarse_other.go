//go:build !js

package input

// CoarsePointer reports whether the main pointer is a finger: a desktop
// window's is a mouse (native touch screens are not reported by X11).
func CoarsePointer() bool { return false }
