package scenes

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"shiftago/logic"
	"shiftago/render"
)

// The interface palette (premultiplied).
var (
	colText      = color.RGBA{0xf3, 0xe6, 0xc8, 0xff}
	colDim       = color.RGBA{0xb8, 0xae, 0x98, 0xff}
	colDark      = color.RGBA{0x22, 0x1a, 0x12, 0xff}
	colChip      = color.RGBA{0x00, 0x00, 0x00, 0x55}
	colChipOn    = color.RGBA{0xf0, 0xd9, 0xa8, 0xff}
	colChipHover = color.RGBA{0x30, 0x2a, 0x20, 0x70}
	colAccent    = color.RGBA{0xff, 0xc8, 0x57, 0xff}
	colGood      = color.RGBA{0x9c, 0xe0, 0x8a, 0xff}
	colBad       = color.RGBA{0xe0, 0x50, 0x40, 0xff}
)

// seatTint is the colour of a seat's marbles as a flat interface colour.
var seatTint = [4]color.RGBA{
	logic.Orange: {0xf0, 0x7a, 0x1a, 0xff},
	logic.Green:  {0x3c, 0xb0, 0x4c, 0xff},
	logic.Blue:   {0x35, 0x70, 0xe0, 0xff},
	logic.White:  {0xee, 0xee, 0xe8, 0xff},
}

// colorName is a colour's name with a capital, for the interface.
var colorName = [4]string{"Orange", "Green", "Blue", "White"}

// A button is a tappable rectangle with a label.
type button struct {
	x, y, w, h float64
	id         int
	label      string
	on         bool        // selected (chips) or primary (actions)
	off        bool        // disabled
	swatch     logic.Color // the marble drawn instead of a label, with hasSwatch
	hasSwatch  bool
	bold       bool
}

func (b *button) contains(x, y float64) bool {
	return x >= b.x && y >= b.y && x < b.x+b.w && y < b.y+b.h
}

// buttons is a screen's tappable controls, rebuilt in Update when the
// layout changes and read by Draw. A tap is a press and a release on the
// same enabled button.
type buttons struct {
	list    []button
	pressed int // index of the button pressed, -1 if none
	hover   int
}

func (bs *buttons) reset() { bs.list = bs.list[:0] }

func (bs *buttons) add(b button) { bs.list = append(bs.list, b) }

// at returns the index of the enabled button under (x, y), or -1.
func (bs *buttons) at(x, y float64) int {
	for i := range bs.list {
		if !bs.list[i].off && bs.list[i].contains(x, y) {
			return i
		}
	}
	return -1
}

// tapped follows the pointer and returns the id of a button tapped this
// tick, or -1.
func (bs *buttons) tapped(in *Input) int {
	i := bs.at(in.X, in.Y)
	bs.hover = i
	if in.Touch && !in.Down && !in.Released {
		bs.hover = -1
	}
	if in.Pressed {
		bs.pressed = i
	}
	if in.Released {
		p := bs.pressed
		bs.pressed = -1
		if p >= 0 && p == i {
			return bs.list[i].id
		}
	}
	if !in.Down && !in.Released {
		bs.pressed = -1
	}
	return -1
}

// draw draws every button.
func (bs *buttons) draw(dst *ebiten.Image, c *Context) {
	for i := range bs.list {
		b := &bs.list[i]
		fill, txt := colChip, colText
		switch {
		case b.off:
			txt = colDim
		case b.on:
			fill, txt = colChipOn, colDark
		case i == bs.hover || i == bs.pressed:
			fill = colChipHover
		}
		r := b.h * 0.28
		if b.hasSwatch {
			if b.on {
				c.Sprites.Panel(dst, b.x, b.y, b.w, b.h, r, colChipHover)
			}
			d := float64(c.Sprites.Diameter())
			k := min(b.w, b.h) * 0.8 / max(d, 1)
			drawMarbleAt(dst, c, b.swatch, b.x+b.w/2, b.y+b.h/2, k)
			continue
		}
		c.Sprites.Panel(dst, b.x, b.y, b.w, b.h, r, fill)
		if b.off {
			c.Sprites.Panel(dst, b.x, b.y, b.w, b.h, r, color.RGBA{0, 0, 0, 0x30})
		}
		size := c.Text.Fit(b.label, b.h*0.46, b.w-b.h*0.4, b.bold)
		c.Text.Draw(dst, b.label, b.x+b.w/2, b.y+b.h/2, size, txt, render.AlignCenter, b.bold)
	}
}

// drawMarbleAt draws a marble scaled by k of the sprite size (for swatches
// and supplies drawn smaller than on the board).
func drawMarbleAt(dst *ebiten.Image, c *Context, col logic.Color, x, y, k float64) {
	c.Sprites.MarbleScaled(dst, col, x, y, k)
}
