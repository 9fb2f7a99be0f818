package render

import (
	"image/color"

	"shiftago/logic"
)

// A Theme is the look of the game as one value: the board's wood (or
// lacquer), the depth of its cups, the table it lies on, each player's
// marbles, whether they carry marks, and the pages around the table.
// Everything that draws is given it (through Sprites, the drawing kit
// every screen shares), and every picture painted from it is cached under
// the part of it that picture depends on, so a change of theme repaints
// what it changes and nothing else. A Theme is comparable: a cache keys
// on it as it is.
type Theme struct {
	Board BoardKind
	Wood  Wood // the board, the seats' cards and the trays
	// Table is the table top the board lies on, before its lamp's light;
	// Nameplate the dark inlay under a seat's name (light text reads on
	// it).
	Table, Nameplate color.RGBA
	// Page is the pages' background (setup, settings, records, rules):
	// the table's colour in the lamp's fall-off, so the pages and the
	// table read as one room.
	Page color.RGBA
	// Marbles are each colour's glass; Tints each colour as a flat
	// interface colour (a seat's card, the score, a move's arrow).
	Marbles [4]Opal
	Tints   [4]color.RGBA
	// Marks puts a distinct mark on each colour's marbles (the
	// colour-blind-safe set, with Marbles and Tints told apart under
	// deuteranopia and protanopia).
	Marks bool
}

// BoardKind names the board a player chooses in the settings.
type BoardKind uint8

const (
	BoardWalnut  BoardKind = iota // the walnut board: today's look
	BoardClassic                  // the physical game's black board with deep cups

	// Boards is how many boards there are. A new one is a BoardKind
	// above it, a line in boards and its word ("settings."+name) in
	// every language: the settings offer it, the setup keeps it, and
	// the tests check each of these for every board.
	Boards int = iota
)

// boards are each board's name, as the settings save it, and its theme.
var boards = [Boards]struct {
	name  string
	theme *Theme
}{
	BoardWalnut:  {"walnut", &Walnut},
	BoardClassic: {"classic", &Classic},
}

// String is the board's name as the settings save it.
func (b BoardKind) String() string {
	if int(b) >= Boards {
		b = BoardWalnut
	}
	return boards[b].name
}

// ParseBoard is the board saved as s; anything unknown (a board of a
// newer version, a hand-edited file) is the walnut one.
func ParseBoard(s string) BoardKind {
	for b := range boards {
		if boards[b].name == s {
			return BoardKind(b)
		}
	}
	return BoardWalnut
}

// Wood is what the board and the seats' blocks are made of: the frame's
// and the field's colour (the field lies a step lower), the grain's two
// tones and how strongly it shows (a lacquer hides it), how deep the
// cups are, in cells, and how much a lacquered surface shines where it
// faces the light (0: oiled wood, no shine).
type Wood struct {
	Frame, Field          color.RGBA
	GrainDark, GrainLight color.RGBA
	Grain                 float32
	CupDepth              float64
	Sheen                 float64
}

// Opal is one colour of glass, straight (not premultiplied): the glass
// seen through its depth, the glass, and the milky opal swirl inside.
type Opal struct {
	Deep, Base, Milk [3]float64
}

// The marbles of the box: deep, saturated glass; their swirls a lighter
// tone of the same colour.
var boxMarbles = [4]Opal{
	logic.Orange: {Deep: [3]float64{0.45, 0.09, 0.00}, Base: [3]float64{0.95, 0.40, 0.04}, Milk: [3]float64{1.00, 0.76, 0.45}},
	logic.Green:  {Deep: [3]float64{0.01, 0.20, 0.06}, Base: [3]float64{0.10, 0.62, 0.24}, Milk: [3]float64{0.66, 0.95, 0.64}},
	logic.Blue:   {Deep: [3]float64{0.01, 0.07, 0.34}, Base: [3]float64{0.08, 0.34, 0.86}, Milk: [3]float64{0.62, 0.80, 1.00}},
	logic.White:  {Deep: [3]float64{0.72, 0.73, 0.78}, Base: [3]float64{0.93, 0.93, 0.92}, Milk: [3]float64{1.00, 1.00, 0.99}},
}

var boxTints = [4]color.RGBA{
	logic.Orange: {0xf0, 0x7a, 0x1a, 0xff},
	logic.Green:  {0x3c, 0xb0, 0x4c, 0xff},
	logic.Blue:   {0x35, 0x70, 0xe0, 0xff},
	logic.White:  {0xee, 0xee, 0xe8, 0xff},
}

// The colour-blind-safe set (after Okabe and Ito): orange a shade
// yellower (Okabe and Ito's own amber read as gold: issue 50),
// green a dark bluish green and blue a light sky blue, so that beside
// the white they differ in lightness and on the blue-yellow axis, which
// deuteranopes and protanopes see; the marks tell them apart besides.
var safeMarbles = [4]Opal{
	logic.Orange: {Deep: [3]float64{0.55, 0.22, 0.00}, Base: [3]float64{0.96, 0.52, 0.04}, Milk: [3]float64{1.00, 0.82, 0.55}},
	logic.Green:  {Deep: [3]float64{0.00, 0.16, 0.12}, Base: [3]float64{0.00, 0.45, 0.35}, Milk: [3]float64{0.45, 0.80, 0.70}},
	logic.Blue:   {Deep: [3]float64{0.12, 0.36, 0.62}, Base: [3]float64{0.36, 0.72, 0.95}, Milk: [3]float64{0.80, 0.93, 1.00}},
	logic.White:  boxMarbles[logic.White],
}

var safeTints = [4]color.RGBA{
	logic.Orange: {0xf0, 0x80, 0x00, 0xff},
	logic.Green:  {0x10, 0x90, 0x70, 0xff},
	logic.Blue:   {0x56, 0xb4, 0xe9, 0xff},
	logic.White:  boxTints[logic.White],
}

// Walnut is the walnut board on a walnut table: the look the game had
// before themes.
var Walnut = Theme{
	Board: BoardWalnut,
	Wood: Wood{
		Frame:     color.RGBA{0xa8, 0x6d, 0x38, 0xff},
		Field:     color.RGBA{0x94, 0x5b, 0x2c, 0xff},
		GrainDark: color.RGBA{0x5a, 0x33, 0x14, 0xff}, GrainLight: color.RGBA{0xd9, 0xa0, 0x62, 0xff},
		Grain:    1,
		CupDepth: 0.24,
	},
	Table:     color.RGBA{0x4a, 0x30, 0x1e, 0xff},
	Nameplate: color.RGBA{0x26, 0x1a, 0x12, 0xff},
	Page:      color.RGBA{0x26, 0x1b, 0x14, 0xff},
	Marbles:   boxMarbles,
	Tints:     boxTints,
}

// Classic is the board of the box: black, lacquered, its cups deep, on a
// darker table.
var Classic = Theme{
	Board: BoardClassic,
	Wood: Wood{
		Frame:     color.RGBA{0x26, 0x26, 0x29, 0xff},
		Field:     color.RGBA{0x1c, 0x1c, 0x1f, 0xff},
		GrainDark: color.RGBA{0x0c, 0x0c, 0x0e, 0xff}, GrainLight: color.RGBA{0x4a, 0x4a, 0x50, 0xff},
		Grain:    0.25,
		CupDepth: 0.32,
		Sheen:    0.5,
	},
	Table:     color.RGBA{0x3a, 0x2a, 0x20, 0xff},
	Nameplate: color.RGBA{0x12, 0x12, 0x14, 0xff},
	Page:      Walnut.Page, // the pages around either board: the bars of a safe area, drawn with no theme at hand, match them
	Marbles:   boxMarbles,
	Tints:     boxTints,
}

// ThemeOf is the theme of board, with the colour-blind-safe marbles and
// their marks when marks is set.
func ThemeOf(board BoardKind, marks bool) Theme {
	if int(board) >= Boards {
		board = BoardWalnut
	}
	t := *boards[board].theme
	if marks {
		t.Marbles, t.Tints, t.Marks = safeMarbles, safeTints, true
	}
	return t
}
