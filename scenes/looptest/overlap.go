package looptest

import (
	"fmt"
	"testing"

	"shiftago/render/layout"
	"shiftago/render/ui"
	"shiftago/scenes/app"
)

// Device is a screen the overlap tests lay the screens out for (issue
// 50): its size in CSS pixels, its scale and its unsafe edges (a notched
// phone's), in CSS pixels.
type Device struct {
	Name  string
	W, H  float64
	Scale float64
	Inset layout.Insets
}

// Devices are the phone held either way (notched, home bar), the tablet
// either way and the laptop: every screen that shows the board is
// checked at each of them.
var Devices = []Device{
	{"phone upright", 390, 844, 3, layout.Insets{Top: 59, Bottom: 34}},
	{"phone sideways", 844, 390, 3, layout.Insets{Left: 59, Right: 59, Bottom: 21}},
	{"tablet upright", 820, 1180, 2, layout.Insets{}},
	{"tablet sideways", 1180, 820, 2, layout.Insets{}},
	{"desktop", 1280, 800, 1, layout.Insets{}},
}

// DeviceContext is a context of lang at device d, in device pixels.
func DeviceContext(t *testing.T, lang string, d Device) *app.Context {
	c := NewContext(t, lang, 1, 1, 1)
	d.Set(c)
	return c
}

// Set gives c the size, scale and unsafe edges of d, in device pixels.
func (d Device) Set(c *app.Context) {
	c.W, c.H, c.Scale = d.W*d.Scale, d.H*d.Scale, d.Scale
	c.Inset = layout.Insets{Top: d.Inset.Top * d.Scale, Right: d.Inset.Right * d.Scale, Bottom: d.Inset.Bottom * d.Scale, Left: d.Inset.Left * d.Scale}
}

// BoardParts are what a control may never cover: the cells, the four
// bands of entry points and, where the cards show, every tray.
func BoardParts(geo *layout.Geometry, cards bool) map[string]layout.Rect {
	c, b := geo.Cell, layout.BandCells*geo.Cell
	B := geo.Board
	parts := map[string]layout.Rect{
		"the cells":         B,
		"the north entries": {X: B.X, Y: B.Y - b, W: 7 * c, H: b},
		"the south entries": {X: B.X, Y: B.Y + 7*c, W: 7 * c, H: b},
		"the west entries":  {X: B.X - b, Y: B.Y, W: b, H: 7 * c},
		"the east entries":  {X: B.X + 7*c, Y: B.Y, W: b, H: 7 * c},
	}
	for i := 0; cards && i < geo.Players; i++ {
		parts[fmt.Sprintf("seat %d's tray", i)] = geo.Seats[i].Tray
	}
	return parts
}

// Control is a rectangle a screen draws over the table: a button, a
// panel, a status line, a strip.
type Control struct {
	Name string
	R    layout.Rect
}

// CheckClear fails t where a control overlaps a part of the board (by
// more than a pixel's rounding) or leaves the window.
func CheckClear(t *testing.T, c *app.Context, where string, geo *layout.Geometry, cards bool, controls []Control) {
	t.Helper()
	parts := BoardParts(geo, cards)
	for _, k := range controls {
		if k.R.Empty() {
			continue
		}
		in := k.R.Inset(1)
		for name, p := range parts {
			if in.Overlaps(p) {
				t.Errorf("%s, %s: %s %+v covers %s %+v", c.Lang.Code, where, k.Name, k.R, name, p)
			}
		}
		if k.R.X < -0.5 || k.R.Y < -0.5 || k.R.X+k.R.W > c.W+0.5 || k.R.Y+k.R.H > c.H+0.5 {
			t.Errorf("%s, %s: %s %+v leaves the %v×%v window", c.Lang.Code, where, k.Name, k.R, c.W, c.H)
		}
	}
}

// ButtonControls are a button set's rectangles as controls.
func ButtonControls[A comparable](list []ui.Button[A]) []Control {
	var out []Control
	for _, b := range list {
		out = append(out, Control{fmt.Sprintf("the button %q", b.Label), b.Rect()})
	}
	return out
}

// InfoControls are a page's buttons (app.PageButtons) as controls.
func InfoControls(list []ui.Info) []Control {
	var out []Control
	for _, b := range list {
		out = append(out, Control{fmt.Sprintf("the button %s (%q)", b.ID, b.Label), b.Rect})
	}
	return out
}
