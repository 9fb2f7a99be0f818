//go:build !js

package app

import "shiftago/scenes/keep"

// installPage exposes the page API in the browser (page_js.go); elsewhere
// there is no page.
func installPage(*Game) {}

// PageMark notes a moment of the start-up in the page's timeline; there
// is no page here.
func PageMark(name string) {}

// PageArgs is the page's URL parameters as flags in the browser; elsewhere
// there are none (ok is false).
func PageArgs() (args []string, ok bool) { return nil, false }

// Browser reports whether the game runs in a browser page (which cannot
// quit, and has no files).
const Browser = false

// ForgetPageParams drops the named parameters from the page's address;
// there is no page here.
func ForgetPageParams(names []string) {}

// InstanceID names this copy of the game in the save's owner record: a
// desktop window is one process.
func InstanceID() string { return keep.NewID() }

// Share offers a link to share: only a page can (a desktop game has no
// address); it reports whether it could.
func Share(c *Context, query, title string) bool { return false }
