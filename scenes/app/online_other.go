//go:build !js

package app

// PageOrigin is the page's origin in the browser; a desktop has none.
func PageOrigin() string { return "" }

// PageLink is the page's address with query in the browser; a desktop
// has none (its links are made from the server's address).
func PageLink(query string) string { return "" }

// SetPageTitle sets the tab's title in the browser; a desktop window
// keeps its own.
func SetPageTitle(title string, n int) {}
