package layout

import (
	"math"

	"shiftago/logic"
)

// Point is a position, in pixels or in board units depending on context.
type Point struct{ X, Y float64 }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Mul returns p scaled by k.
func (p Point) Mul(k float64) Point { return Point{p.X * k, p.Y * k} }

// Dot is the scalar product of p and q.
func (p Point) Dot(q Point) float64 { return p.X*q.X + p.Y*q.Y }

// Len is the length of p.
func (p Point) Len() float64 { return math.Hypot(p.X, p.Y) }

// Dist is the distance between p and q.
func (p Point) Dist(q Point) float64 { return p.Sub(q).Len() }

// Rect is an axis-aligned rectangle: X, Y is the top-left corner.
type Rect struct{ X, Y, W, H float64 }

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Contains reports whether p lies in r (left and top edges included,
// right and bottom excluded, so that tiling rects never share a pixel).
func (r Rect) Contains(p Point) bool {
	return p.X >= r.X && p.X < r.X+r.W && p.Y >= r.Y && p.Y < r.Y+r.H
}

// Union is the smallest rectangle holding r and q.
func (r Rect) Union(q Rect) Rect {
	x0, y0 := math.Min(r.X, q.X), math.Min(r.Y, q.Y)
	x1, y1 := math.Max(r.X+r.W, q.X+q.W), math.Max(r.Y+r.H, q.Y+q.H)
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Center is the middle of r.
func (r Rect) Center() Point { return Point{r.X + r.W/2, r.Y + r.H/2} }

// Max is the bottom-right corner of r.
func (r Rect) Max() Point { return Point{r.X + r.W, r.Y + r.H} }

// Overlaps reports whether r and q share some area (touching edges do not
// count).
func (r Rect) Overlaps(q Rect) bool {
	return !r.Empty() && !q.Empty() &&
		r.X < q.X+q.W && q.X < r.X+r.W && r.Y < q.Y+q.H && q.Y < r.Y+r.H
}

// Inside reports whether r lies entirely within q.
func (r Rect) Inside(q Rect) bool {
	const eps = 1e-9
	return r.X >= q.X-eps && r.Y >= q.Y-eps && r.X+r.W <= q.X+q.W+eps && r.Y+r.H <= q.Y+q.H+eps
}

// Inset shrinks r by d on every side.
func (r Rect) Inset(d float64) Rect {
	return Rect{r.X + d, r.Y + d, math.Max(0, r.W-2*d), math.Max(0, r.H-2*d)}
}

// Proportions of the board, in cells.
const (
	// MarbleRatio is a marble's radius over the cell size: two marbles on
	// neighbouring cells are 1-2*MarbleRatio cells apart.
	MarbleRatio = 0.45
	// BandCells is the depth, in cells, of the band outside each board edge
	// where the entry points are drawn.
	BandCells = 1.25
	// EntryOffset is the distance, in cells, from an entry cell's centre
	// out to its entry point's centre (the marble waiting to be pushed in).
	EntryOffset = 1.25
	// ContactOccupied is the axial position of a marble held outside that
	// touches a marble lying on the entry cell.
	ContactOccupied = -2 * MarbleRatio
	// ContactEmpty is the axial position of a marble held outside that
	// touches the board edge (the entry cell being empty).
	ContactEmpty = -0.5 - MarbleRatio
	// FrameCells is the side of the board with its entry bands, in cells.
	FrameCells = logic.Size + 2*BandCells
	// MinTargetCSS is the smallest side of a touch target, in CSS pixels
	// (multiplied by the device scale).
	MinTargetCSS = 44
)

// Contact is the axial position at which a marble pushed in along a track
// touches the board: the marble on the entry cell if there is one, else
// the board edge.
func Contact(entryCellOccupied bool) float64 {
	if entryCellOccupied {
		return ContactOccupied
	}
	return ContactEmpty
}

// CellPos is the centre of square s in board units.
func CellPos(s logic.Square) Point {
	return Point{float64(s.File()) + 0.5, 6.5 - float64(s.Rank())}
}

// Inward is the unit vector, in board units, in which a marble inserted at
// e travels (N pushes down the screen, S up, W to the right, E to the left).
func Inward(e logic.Entry) Point {
	switch e.Side() {
	case logic.North:
		return Point{0, 1}
	case logic.South:
		return Point{0, -1}
	case logic.West:
		return Point{1, 0}
	}
	return Point{-1, 0}
}

// TrackPoint is the point at axial position a on e's track, in board
// units: a=0 is the entry cell's centre, a=-EntryOffset the entry point,
// a=k the k-th cell of the track (k=0..6).
func TrackPoint(e logic.Entry, a float64) Point {
	return CellPos(e.EntryCell()).Add(Inward(e).Mul(a))
}

// EntryPos is the centre of entry point e in board units.
func EntryPos(e logic.Entry) Point { return TrackPoint(e, -EntryOffset) }

// Axial is the axial position on e's track of the board-unit point p
// (projected onto the track's axis).
func Axial(e logic.Entry, p Point) float64 {
	return p.Sub(CellPos(e.EntryCell())).Dot(Inward(e))
}

// Orientation says how the window is used.
type Orientation uint8

// The orientations.
const (
	Landscape Orientation = iota // panel of seat cards to the right of the board
	Portrait                     // panel of seat cards below the board
	Around                       // one seat card on each used side of the board
)

// String names the orientation.
func (o Orientation) String() string {
	switch o {
	case Portrait:
		return "portrait"
	case Around:
		return "around"
	}
	return "landscape"
}

// Config is what a layout depends on.
type Config struct {
	W, H    float64 // screen size in device pixels
	Scale   float64 // device scale factor (1 on most desktops, 2 on high-DPI); 0 means 1
	Players int     // 2..4 (0 means 2)
	Scoring bool    // Expert or Extreme: seat cards have a 0–10 score track
	Footer  bool    // keep a bar's height at the foot of the screen for controls (the replay's)
	Inset   Insets  // the screen's unsafe edges (a notch, a home bar), kept clear
}

// Insets are the widths, in device pixels, of a screen's edges that may
// be hidden (the browser's env(safe-area-inset-*)).
type Insets struct {
	Top, Right, Bottom, Left float64
}

// Seat is the place of one seat on screen.
type Seat struct {
	Side  logic.Side // the board side the card faces in the Around layout
	Card  Rect       // the whole card: label, tray and score track
	Label Rect       // the name and supply count line
	Tray  Rect       // where the supply's marbles are drawn
	Score Rect       // the 0–10 track; empty without scoring

	trayCols   int
	slotSize   float64
	scoreAlong bool // score track runs left→right (else bottom→top)
}

// Geometry is a computed layout. Build it with New; the zero value is an
// empty screen. It is a value: copy it freely.
type Geometry struct {
	Config
	Orientation Orientation

	Cell         float64 // side of a cell, whole pixels
	Board        Rect    // the 7×7 cells
	Frame        Rect    // the board with its entry bands
	MarbleRadius float64 // a board marble's radius in pixels
	HitRadius    float64 // entry points are hit within this distance of their centre (≥ 44 CSS px)
	Status       Rect    // the status/message line
	Seats        [4]Seat // Players of them are used, in seat order

	maxCard float64 // the tallest a stacked card may be (0: the default)
	Bar     float64 // the height of the status line's buttons: the screen's control unit
	Footer  Rect    // the controls' bar at the foot, with Config.Footer
	Menu    Rect    // the menu button, at the status line's right end
	Undo    Rect    // the one-tap undo button, left of the menu button
}

// Margin is the gap kept at the window edges and between areas.
func (g *Geometry) Margin() float64 {
	return math.Round(math.Max(4*g.Scale, 0.01*math.Min(g.W, g.H)))
}

// Window is the whole screen.
func (g *Geometry) Window() Rect { return Rect{0, 0, g.W, g.H} }

// Safe is the part of the screen clear of its unsafe edges (Config.Inset):
// where a panel laid over the table must stay.
func (g *Geometry) Safe() Rect {
	in := g.Inset
	return Rect{in.Left, in.Top, g.W - in.Left - in.Right, g.H - in.Top - in.Bottom}
}

// MinTarget is the smallest side of a touch target in pixels.
func (g *Geometry) MinTarget() float64 { return MinTargetCSS * g.Scale }

// ToPixel maps board units to pixels.
func (g *Geometry) ToPixel(b Point) Point {
	return Point{g.Board.X + b.X*g.Cell, g.Board.Y + b.Y*g.Cell}
}

// ToBoard maps pixels to board units.
func (g *Geometry) ToBoard(p Point) Point {
	if g.Cell <= 0 {
		return Point{}
	}
	return Point{(p.X - g.Board.X) / g.Cell, (p.Y - g.Board.Y) / g.Cell}
}

// CellCenter is the centre of square s in pixels.
func (g *Geometry) CellCenter(s logic.Square) Point { return g.ToPixel(CellPos(s)) }

// CellRect is the pixel rect of square s.
func (g *Geometry) CellRect(s logic.Square) Rect {
	return Rect{g.Board.X + float64(s.File())*g.Cell, g.Board.Y + float64(6-s.Rank())*g.Cell, g.Cell, g.Cell}
}

// EntryPoint is the centre of entry point e in pixels.
func (g *Geometry) EntryPoint(e logic.Entry) Point { return g.ToPixel(EntryPos(e)) }

// EntryTarget is the touch target of entry point e: the part of the entry
// band in line with its track, one cell wide and BandCells deep. The 28
// targets tile the bands without overlapping.
func (g *Geometry) EntryTarget(e logic.Entry) Rect {
	c, b := g.Cell, BandCells*g.Cell
	i := float64(e.Index())
	switch e.Side() {
	case logic.North:
		return Rect{g.Board.X + i*c, g.Board.Y - b, c, b}
	case logic.South:
		return Rect{g.Board.X + i*c, g.Board.Y + 7*c, c, b}
	case logic.West:
		return Rect{g.Board.X - b, g.Board.Y + (6-i)*c, b, c}
	}
	return Rect{g.Board.X + 7*c, g.Board.Y + (6-i)*c, b, c}
}

// CellAt returns the square under pixel p, if p is on the board.
func (g *Geometry) CellAt(p Point) (logic.Square, bool) {
	if !g.Board.Contains(p) {
		return logic.NoSquare, false
	}
	b := g.ToBoard(p)
	f, r := int(b.X), 6-int(b.Y)
	if f < 0 || f > 6 || r < 0 || r > 6 {
		return logic.NoSquare, false
	}
	return logic.Sq(f, r), true
}

// EntryAt returns the entry point for a press at pixel p: the one whose
// target contains p, else the nearest whose centre is within HitRadius.
// A point on the board is never an entry point.
func (g *Geometry) EntryAt(p Point) (logic.Entry, bool) {
	if g.Cell <= 0 || g.Board.Contains(p) {
		return 0, false
	}
	best, bestD := logic.Entry(0), math.Inf(1)
	for e := logic.Entry(0); e < logic.NumEntries; e++ {
		if g.EntryTarget(e).Contains(p) {
			return e, true
		}
		if d := p.Dist(g.EntryPoint(e)); d < bestD {
			best, bestD = e, d
		}
	}
	return best, bestD <= g.HitRadius
}

// TrackAt returns the track whose outward extension (the strip beyond the
// board edge in line with the track, out to the window edge) holds pixel
// p. Points on the board and in the four corner regions have no track.
func (g *Geometry) TrackAt(p Point) (logic.Entry, bool) {
	if g.Cell <= 0 {
		return 0, false
	}
	b := g.ToBoard(p)
	inX, inY := b.X >= 0 && b.X < 7, b.Y >= 0 && b.Y < 7
	switch {
	case inX && b.Y < 0:
		return logic.NewEntry(logic.North, int(b.X)), true
	case inX && b.Y >= 7:
		return logic.NewEntry(logic.South, int(b.X)), true
	case inY && b.X < 0:
		return logic.NewEntry(logic.West, 6-int(b.Y)), true
	case inY && b.X >= 7:
		return logic.NewEntry(logic.East, 6-int(b.Y)), true
	}
	return 0, false
}

// SeatAt returns the seat whose card holds p.
func (g *Geometry) SeatAt(p Point) (int, bool) {
	for i := 0; i < g.Players; i++ {
		if g.Seats[i].Card.Contains(p) {
			return i, true
		}
	}
	return 0, false
}

// TraySlot is the centre, in pixels, of the i-th marble (0..21) of seat's
// supply in its tray; marbles fill the tray row by row from the top left.
func (g *Geometry) TraySlot(seat, i int) Point {
	s := &g.Seats[seat]
	if s.trayCols == 0 {
		return s.Tray.Center()
	}
	i = max(0, min(i, logic.MarblesPerColor-1))
	col, row := i%s.trayCols, i/s.trayCols
	rows := (logic.MarblesPerColor + s.trayCols - 1) / s.trayCols
	x0 := s.Tray.X + (s.Tray.W-float64(s.trayCols)*s.slotSize)/2
	y0 := s.Tray.Y + (s.Tray.H-float64(rows)*s.slotSize)/2
	return Point{x0 + (float64(col)+0.5)*s.slotSize, y0 + (float64(row)+0.5)*s.slotSize}
}

// TrayRadius is the radius in pixels of a marble drawn in seat's tray.
func (g *Geometry) TrayRadius(seat int) float64 { return 0.45 * g.Seats[seat].slotSize }

// ScoreSlot is the centre, in pixels, of position n (0..10) of seat's
// score track: left to right on a wide card, bottom to top on a tall one.
func (g *Geometry) ScoreSlot(seat, n int) Point {
	s := &g.Seats[seat]
	r := s.Score
	k := (float64(max(0, min(n, logic.WinningPoints))) + 0.5) / (logic.WinningPoints + 1)
	if s.scoreAlong {
		return Point{r.X + k*r.W, r.Y + r.H/2}
	}
	return Point{r.X + r.W/2, r.Y + r.H - k*r.H}
}

// ScoreRadius is the radius in pixels of a mark on the score track.
func (g *Geometry) ScoreRadius(seat int) float64 {
	r := g.Seats[seat].Score
	step := math.Max(r.W, r.H) / (logic.WinningPoints + 1)
	return 0.4 * math.Min(step, math.Min(r.W, r.H))
}

// MenuItems places n menu items: they drop down under the menu button,
// right-aligned, in two columns when one would run off the bottom. Which
// items there are is the game screen's business.
func (g *Geometry) MenuItems(n int, out []Rect) []Rect { return g.MenuItemsWide(n, 0, out) }

// MenuItemsWide is MenuItems with items at least minW wide where the
// screen has the room (for the longest label at its size: one shrunk
// alone looked smaller than the rest).
func (g *Geometry) MenuItemsWide(n int, minW float64, out []Rect) []Rect {
	s, m, bar := g.Scale, g.Margin(), g.Menu.H
	if n <= 0 || bar <= 0 {
		return out
	}
	// The items hang below the menu button, flush with its right side,
	// within the safe area: under a notch they would cover the bar (the
	// ☰ and undo buttons among it) or be out of reach.
	left, right := g.Inset.Left+m, g.Menu.X+g.Menu.W
	// Below the status line too, where it is taller than the button (a
	// phone upright): the items covered its words.
	top, bottom := math.Max(g.Menu.Y+bar, g.Status.Y+g.Status.H)+m/2, g.H-g.Inset.Bottom-m
	iw := math.Min(max(5*bar, 200*s, minW), right-left)
	rows := n
	if top+float64(rows)*bar > bottom {
		rows = (rows + 1) / 2
		iw = math.Min(iw, (right-left-m)/2)
	}
	for k := 0; k < n; k++ {
		col, row := k/rows, k%rows
		out = append(out, Rect{right - iw - float64(col)*(iw+m/2), top + float64(row)*bar, iw, bar})
	}
	return out
}
