//go:build js

package input

import "syscall/js"

// vibrate calls navigator.vibrate where the browser has it (most phone
// browsers; not iOS Safari, not desktops), ignoring any refusal.
func vibrate(ms int) {
	defer func() { recover() }()
	nav := js.Global().Get("navigator")
	if nav.Truthy() && nav.Get("vibrate").Truthy() {
		nav.Call("vibrate", ms)
	}
}
