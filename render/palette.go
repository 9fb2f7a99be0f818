package render

import (
	"image/color"

	"shiftago/logic"
)

// The interface's one palette, premultiplied; read-only. Every screen
// draws with these (the board's wood and holes are in paint.go).
var (
	Bg        = color.RGBA{0x1d, 0x2a, 0x26, 0xff} // dark felt behind everything
	Ink       = color.RGBA{0xf3, 0xe6, 0xc8, 0xff}
	Dim       = color.RGBA{0xb8, 0xae, 0x98, 0xff}
	Dark      = color.RGBA{0x22, 0x1a, 0x12, 0xff}
	Chip      = color.RGBA{0x00, 0x00, 0x00, 0x55}
	ChipOn    = color.RGBA{0xf0, 0xd9, 0xa8, 0xff}
	ChipHover = color.RGBA{0x30, 0x2a, 0x20, 0x70}
	Accent    = color.RGBA{0xff, 0xc8, 0x57, 0xff}
	Good      = color.RGBA{0x9c, 0xe0, 0x8a, 0xff}
	Bad       = color.RGBA{0xe0, 0x50, 0x40, 0xff}
	Card      = color.RGBA{0x00, 0x00, 0x00, 0x48}
	Track     = color.RGBA{0x00, 0x00, 0x00, 0x60}
	Gold      = color.RGBA{0xff, 0xd0, 0x60, 0xff}
	LastMove  = color.RGBA{0xff, 0xf0, 0xc0, 0xc0}
	Preview   = color.RGBA{0xff, 0xff, 0xff, 0xa0}
	Overlay   = color.RGBA{0x10, 0x14, 0x12, 0xd8} // panels over the board: notices, the result
	// OverlaySolid is Overlay over the felt, opaque: a notice's place that
	// must hide what was there.
	OverlaySolid = color.RGBA{0x12, 0x18, 0x15, 0xff}
	MenuItem     = color.RGBA{0x20, 0x1a, 0x12, 0xff} // opaque: nothing of the game shows through the menu
	Marker       = color.RGBA{0xd0, 0x30, 0x28, 0xff} // the red score marker of the box's score cards
	TableWood    = color.RGBA{0x4a, 0x30, 0x1e, 0xff} // the walnut table top the board lies on, before its lamp's light
	Nameplate    = color.RGBA{0x26, 0x1a, 0x12, 0xff} // the dark wood inlaid under a seat's name: light text reads on it
)

// SeatTint is the colour of a seat's marbles as a flat interface colour.
var SeatTint = [4]color.RGBA{
	logic.Orange: {0xf0, 0x7a, 0x1a, 0xff},
	logic.Green:  {0x3c, 0xb0, 0x4c, 0xff},
	logic.Blue:   {0x35, 0x70, 0xe0, 0xff},
	logic.White:  {0xee, 0xee, 0xe8, 0xff},
}

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
