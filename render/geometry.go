package render

import "math"

// BoardCells is the number of cells along one side of the Shiftago board.
const BoardCells = 7

// FrameCells is the width of the wooden frame around the 7x7 field, in
// cells. The entry points sit in the middle of the frame.
const FrameCells = 1.0

// Side is one edge of the board, the side a marble is inserted from.
type Side int

// The four sides, clockwise from the top.
const (
	Top Side = iota
	Right
	Bottom
	Left
)

// String returns the side's name.
func (s Side) String() string {
	switch s {
	case Top:
		return "Top"
	case Right:
		return "Right"
	case Bottom:
		return "Bottom"
	case Left:
		return "Left"
	}
	return "Side(?)"
}

// Geometry places the board (frame included) inside a screen of a given
// size. All values are in screen pixels. It is pure arithmetic so that the
// mapping pixels <-> cells <-> entry points can be tested without a window.
type Geometry struct {
	// BoardX, BoardY is the top-left corner of the outer frame.
	BoardX, BoardY float64
	// BoardSize is the side of the outer frame; whole pixels so that a
	// cached board image is drawn 1:1.
	BoardSize float64
	// TitleX, TitleY is the centre of the title line above the board.
	TitleX, TitleY float64
	// TitleSize is the font size of the title, in pixels.
	TitleSize float64
}

// Fit returns the largest board that fits a w x h screen below a title
// band, centred, with a margin all round.
func Fit(w, h float64) Geometry {
	margin := math.Round(0.04 * math.Min(w, h))
	band := math.Round(math.Min(math.Max(0.11*h, 24), h/4)) // title line
	gap := math.Round(margin / 2)                           // between title and board
	size := math.Floor(math.Min(w-2*margin, h-band-gap-2*margin))
	if size < 0 {
		size = 0
	}
	// Centre the title band and the board together.
	top := math.Max(0, math.Round((h-band-gap-size)/2))
	return Geometry{
		BoardX:    math.Round((w - size) / 2),
		BoardY:    top + band + gap,
		BoardSize: size,
		TitleX:    w / 2,
		TitleY:    top + band/2,
		TitleSize: math.Round(band * 0.62),
	}
}

// Cell returns the side of one cell in pixels.
func (g Geometry) Cell() float64 {
	return g.BoardSize / (BoardCells + 2*FrameCells)
}

// FieldX and FieldY give the top-left corner of the 7x7 field inside the
// frame.
func (g Geometry) FieldX() float64 { return g.BoardX + FrameCells*g.Cell() }

// FieldY gives the top of the 7x7 field inside the frame.
func (g Geometry) FieldY() float64 { return g.BoardY + FrameCells*g.Cell() }

// CellCenter returns the centre of the cell in column col and row row,
// both counted from 0 at the top-left.
func (g Geometry) CellCenter(col, row int) (x, y float64) {
	c := g.Cell()
	return g.FieldX() + (float64(col)+0.5)*c, g.FieldY() + (float64(row)+0.5)*c
}

// CellAt returns the cell under the pixel (x, y), and false when the pixel
// is outside the 7x7 field.
func (g Geometry) CellAt(x, y float64) (col, row int, ok bool) {
	c := g.Cell()
	if c <= 0 {
		return 0, 0, false
	}
	fx := (x - g.FieldX()) / c
	fy := (y - g.FieldY()) / c
	if fx < 0 || fy < 0 || fx >= BoardCells || fy >= BoardCells {
		return 0, 0, false
	}
	return int(fx), int(fy), true
}

// EntryCenter returns the centre of entry point i (0..6) on side s: on
// Top and Bottom i is the column, on Left and Right it is the row. The
// point lies in the middle of the frame, in line with its column or row.
func (g Geometry) EntryCenter(s Side, i int) (x, y float64) {
	c := g.Cell()
	along := FrameCells*c + (float64(i)+0.5)*c
	near := FrameCells * c / 2
	far := g.BoardSize - near
	switch s {
	case Top:
		return g.BoardX + along, g.BoardY + near
	case Bottom:
		return g.BoardX + along, g.BoardY + far
	case Left:
		return g.BoardX + near, g.BoardY + along
	default: // Right
		return g.BoardX + far, g.BoardY + along
	}
}

// EntryAt returns the entry point whose marker is nearest to (x, y), if it
// lies within radius cells of that marker's centre.
func (g Geometry) EntryAt(x, y, radius float64) (s Side, i int, ok bool) {
	best := math.Inf(1)
	r := radius * g.Cell()
	for side := Top; side <= Left; side++ {
		for j := 0; j < BoardCells; j++ {
			ex, ey := g.EntryCenter(side, j)
			d := math.Hypot(x-ex, y-ey)
			if d <= r && d < best {
				best, s, i, ok = d, side, j, true
			}
		}
	}
	return s, i, ok
}
