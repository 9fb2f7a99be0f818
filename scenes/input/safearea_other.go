//go:build !js

package input

import "shiftago/render/layout"

// SafeArea reads the screen's unsafe edges: a desktop window has none.
type SafeArea struct{}

// Read is the unsafe edges in CSS pixels: none.
func (*SafeArea) Read() layout.Insets { return layout.Insets{} }
