//go:build !js

package online

// NotifyPermission is "" off the browser: the desktop game has no
// system notices (its window's title and sound tell the turn).
func NotifyPermission() string { return "" }

// AskNotify answers "" off the browser.
func AskNotify(done func(string)) { done("") }

func showTurn(title, body, game string) {}

// PageHidden is false off the browser.
func PageHidden() bool { return false }
