//go:build js

package input

import (
	"strconv"
	"strings"
	"syscall/js"

	"shiftago/render/layout"
)

// SafeArea reads the screen's unsafe edges (a notch, rounded corners, a
// home bar) from the browser, through an invisible element whose padding
// is the page's env(safe-area-inset-*).
type SafeArea struct {
	probe js.Value
}

// Read is the unsafe edges in CSS pixels; none where the browser says
// nothing.
func (s *SafeArea) Read() (in layout.Insets) {
	defer func() { recover() }()
	doc := js.Global().Get("document")
	if !doc.Truthy() || !doc.Get("body").Truthy() {
		return in
	}
	probe := s.probe
	if !probe.Truthy() {
		probe = doc.Call("createElement", "div")
		s.probe = probe
		probe.Get("style").Set("cssText", "position:fixed;left:0;top:0;visibility:hidden;pointer-events:none;"+
			"padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)")
		doc.Get("body").Call("appendChild", probe)
	}
	cs := js.Global().Call("getComputedStyle", probe)
	px := func(name string) float64 {
		v, _ := strconv.ParseFloat(strings.TrimSuffix(cs.Get(name).String(), "px"), 64)
		return v
	}
	return layout.Insets{Top: px("paddingTop"), Right: px("paddingRight"), Bottom: px("paddingBottom"), Left: px("paddingLeft")}
}
