//go:build js

package app

import "syscall/js"

// PageOrigin is the page's origin (scheme, host and port), where the
// game service that served the web app answers.
func PageOrigin() (o string) {
	defer func() {
		if recover() != nil {
			o = ""
		}
	}()
	return js.Global().Get("location").Get("origin").String()
}

// PageLink is the page's own address with query, for a link to share.
func PageLink(query string) (l string) {
	defer func() {
		if recover() != nil {
			l = ""
		}
	}()
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String() + query
}

// SetPageTitle sets the tab's title (and the app icon's badge where
// the browser has one: n > 0 marks it, 0 clears it).
func SetPageTitle(title string, n int) {
	defer func() { recover() }()
	js.Global().Get("document").Set("title", title)
	nav := js.Global().Get("navigator")
	if n > 0 && nav.Get("setAppBadge").Type() == js.TypeFunction {
		nav.Call("setAppBadge", n)
	} else if n == 0 && nav.Get("clearAppBadge").Type() == js.TypeFunction {
		nav.Call("clearAppBadge")
	}
}
