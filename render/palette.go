package render

import (
	"image/color"
)

// The interface's one palette, premultiplied; read-only. Every screen
// draws with these (the board's wood and holes are in paint.go).
var (
	// Bg is behind everything that has no theme at hand (the safe
	// area's bars, a test's loop): the pages' colour of every theme.
	Bg        = Walnut.Page
	Ink       = color.RGBA{0xf3, 0xe6, 0xc8, 0xff}
	Dim       = color.RGBA{0xb8, 0xae, 0x98, 0xff}
	Dark      = color.RGBA{0x22, 0x1a, 0x12, 0xff}
	Chip      = color.RGBA{0x00, 0x00, 0x00, 0x55}
	ChipOn    = color.RGBA{0xf0, 0xd9, 0xa8, 0xff}
	ChipHover = color.RGBA{0x30, 0x2a, 0x20, 0x70}
	// BrassRim edges what is set into the table beside the buttons'
	// plates (a text box).
	BrassRim = color.RGBA{0x9a, 0x74, 0x38, 0xff}
	// PlateHover is laid over a button's plate under the pointer.
	PlateHover = color.RGBA{0x30, 0x26, 0x14, 0x30}
	Accent     = color.RGBA{0xff, 0xc8, 0x57, 0xff}
	Good       = color.RGBA{0x9c, 0xe0, 0x8a, 0xff}
	Bad        = color.RGBA{0xe0, 0x50, 0x40, 0xff}
	Card       = color.RGBA{0x00, 0x00, 0x00, 0x48}
	Track      = color.RGBA{0x00, 0x00, 0x00, 0x60}
	Gold       = color.RGBA{0xff, 0xd0, 0x60, 0xff}
	LastMove   = color.RGBA{0xff, 0xf0, 0xc0, 0xc0}
	Preview    = color.RGBA{0xff, 0xff, 0xff, 0xa0}
	Overlay    = color.RGBA{0x14, 0x10, 0x0d, 0xd8} // panels over the board: notices, the result
	// OverlaySolid is Overlay over the felt, opaque: a notice's place that
	// must hide what was there.
	OverlaySolid = color.RGBA{0x1a, 0x14, 0x10, 0xff}
	MenuItem     = color.RGBA{0x20, 0x1a, 0x12, 0xff} // opaque: nothing of the game shows through the menu
	Marker       = color.RGBA{0xd0, 0x30, 0x28, 0xff} // the red score marker of the box's score cards
)

// LineTints tell apart the candidate lines of a scoring choice.
var LineTints = [...]color.RGBA{
	{0xff, 0xd0, 0x60, 0xff},
	{0x70, 0xe0, 0xff, 0xff},
	{0xff, 0x80, 0xd0, 0xff},
	{0xa0, 0xff, 0x80, 0xff},
}

// Fade scales the premultiplied colour c by a (clamped to 0..1).
func Fade(c color.RGBA, a float64) color.RGBA {
	a = max(0, min(1, a))
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

// BgFill is Bg as a color.Color made once: Image.Fill takes an interface,
// and boxing the colour anew in every frame's Fill allocates.
var BgFill color.Color = Bg
