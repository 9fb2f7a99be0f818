//go:build !js

package input

// vibrate: desktops have nothing to buzz.
func vibrate(ms int) {}
