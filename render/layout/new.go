package layout

import (
	"math"

	"shiftago/logic"
)

// CardCells is the thickness, in cells, of a seat card placed beside the
// board in the Around layout.
const CardCells = 1.6

// aroundSides is where each seat's card goes in the Around layout, in seat
// order, clockwise from the bottom as players would sit at a table.
var aroundSides = [5][]logic.Side{
	2: {logic.South, logic.North},
	3: {logic.South, logic.West, logic.North},
	4: {logic.South, logic.West, logic.North, logic.East},
}

// New lays out a screen. The board gets as much room as possible; seat
// cards go one per side of the board (Around) when that costs the board
// nothing, else they are stacked in a panel to the right (Landscape) or
// below (Portrait). Cell sizes are whole pixels. From 640×480 CSS pixels
// up, every entry target is at least MinTargetCSS×Scale pixels on a side.
func New(cfg Config) Geometry {
	if cfg.Scale <= 0 {
		cfg.Scale = 1
	}
	cfg.Players = max(2, min(4, cfg.Players))
	if in := cfg.Inset; in != (Insets{}) {
		// Lay out the safe part of the screen (clear of a notch, rounded
		// corners, a home bar), then put it in its place.
		inner := cfg
		inner.W, inner.H, inner.Inset = cfg.W-in.Left-in.Right, cfg.H-in.Top-in.Bottom, Insets{}
		g := New(inner)
		g.shift(in.Left, in.Top)
		g.Config = cfg
		return g
	}
	g := Geometry{Config: cfg}
	if cfg.W <= 0 || cfg.H <= 0 {
		return g
	}
	s, m := cfg.Scale, g.Margin()

	// Status line across the top, the menu button at its right end.
	// It grows with the window up to a large monitor's (at 72 px it
	// stopped growing, and looked small at 2560×1600: issue 26).
	bar := math.Round(math.Min(math.Max(0.06*math.Min(cfg.W, cfg.H), g.MinTarget()), 100*s))
	bar = math.Min(bar, math.Floor(cfg.H/8))
	g.Menu = Rect{cfg.W - m - bar, m, bar, bar}
	g.Undo = Rect{cfg.W - 2*m - 2*bar, m, bar, bar}
	sh := bar
	if cfg.W < 0.75*cfg.H && cfg.W < 640*s {
		// A phone held upright: the status line gets room for two lines of
		// words, taken from the height such a screen has to spare.
		sh = math.Round(1.6 * bar)
	}
	g.Status = Rect{m, m, math.Max(0, cfg.W-4*m-2*bar), sh}
	g.Bar = bar

	area := Rect{m, 2*m + sh, cfg.W - 2*m, cfg.H - sh - 3*m}
	if cfg.Footer {
		g.Footer = Rect{m, cfg.H - m - bar, cfg.W - 2*m, bar}
		area.H -= bar + m
	}
	if area.Empty() {
		return g
	}

	// Candidate cell sizes.
	landPanel := math.Max(0.26*area.W, 150*s)
	portPanel := math.Max(0.22*area.H, 120*s)
	cLand := math.Floor(math.Min(area.H, area.W-landPanel-m) / FrameCells)
	cPort := math.Floor(math.Min(area.W, area.H-portPanel-m) / FrameCells)
	sides := aroundSides[cfg.Players]
	var nh, nv float64
	for _, sd := range sides {
		if sd == logic.West || sd == logic.East {
			nh++
		} else {
			nv++
		}
	}
	cAround := math.Floor(math.Min((area.W-nh*m)/(FrameCells+nh*CardCells), (area.H-nv*m)/(FrameCells+nv*CardCells)))

	g.Orientation, g.Cell = Around, cAround
	if cLand > g.Cell {
		g.Orientation, g.Cell = Landscape, cLand
	}
	if cPort > g.Cell {
		g.Orientation, g.Cell = Portrait, cPort
	}
	c := math.Max(g.Cell, 1)
	g.Cell = c
	F := c * FrameCells
	band := BandCells * c

	var frame Rect
	switch g.Orientation {
	case Landscape:
		pw := math.Min(area.W-F-m, math.Max(landPanel, 0.7*F))
		x0 := area.X + math.Round((area.W-(F+m+pw))/2)
		frame = Rect{x0, area.Y + math.Round((area.H-F)/2), F, F}
		g.stack(Rect{x0 + F + m, frame.Y, pw, F})
	case Portrait:
		// The board under the status line and the cards in all the room
		// below it (taller cards, bigger marbles in the trays), rather
		// than both centred between two empty bands (a phone held
		// upright).
		ph := area.H - F - m
		y0 := area.Y
		if ph > 1.6*F { // a very tall window: keep the group together, centred
			ph = 1.6 * F
			y0 = area.Y + math.Round((area.H-(F+m+ph))/2)
		}
		frame = Rect{area.X + math.Round((area.W-F)/2), y0, F, F}
		g.maxCard = 4 * c
		g.stack(Rect{frame.X, y0 + F + m, F, ph})
	default:
		t := math.Round(CardCells * c)
		// Room the board leaves across or along the screen goes to the cards
		// on those sides (a phone held upright: taller cards above and below
		// rather than empty bands), up to a card as deep as the stacked ones.
		th, tv := t, t // the depth of the cards beside and above/below the board
		if nv > 0 {
			tv = math.Max(t, math.Min(2.6*c, math.Floor((area.H-F-nv*m)/nv)))
		}
		if nh > 0 {
			th = math.Max(t, math.Min(2.6*c, math.Floor((area.W-F-nh*m)/nh)))
		}
		var l, r, u, d float64 // room taken by cards on each side
		for _, sd := range sides {
			switch sd {
			case logic.West:
				l = th + m
			case logic.East:
				r = th + m
			case logic.North:
				u = tv + m
			case logic.South:
				d = tv + m
			}
		}
		x0 := area.X + math.Round((area.W-(l+F+r))/2) + l
		y0 := area.Y + math.Round((area.H-(u+F+d))/2) + u
		frame = Rect{x0, y0, F, F}
		for i, sd := range sides {
			var card Rect
			switch sd {
			case logic.South:
				card = Rect{x0, y0 + F + m, F, tv}
			case logic.North:
				card = Rect{x0, y0 - m - tv, F, tv}
			case logic.West:
				card = Rect{x0 - m - th, y0, th, F}
			case logic.East:
				card = Rect{x0 + F + m, y0, th, F}
			}
			g.Seats[i].Side = sd
			g.card(i, card)
		}
	}
	bx, by := math.Round(frame.X+band), math.Round(frame.Y+band)
	g.Board = Rect{bx, by, 7 * c, 7 * c}
	g.Frame = Rect{bx - band, by - band, F, F}
	g.MarbleRadius = MarbleRatio * c
	g.HitRadius = math.Max(g.MinTarget(), 0.6*c)
	return g
}

// stack places the seat cards in panel p, in a grid of the columns that
// gives the cards the most room, centred in the panel.
func (g *Geometry) stack(p Rect) {
	n, m := g.Players, g.Margin()
	maxH := 2.6 * g.Cell
	if g.maxCard > 0 {
		maxH = g.maxCard
	}
	bestCols, bestScore := 1, -1.0
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		cw := (p.W - float64(cols-1)*m) / float64(cols)
		ch := math.Min((p.H-float64(rows-1)*m)/float64(rows), maxH)
		if score := math.Min(cw/2.5, ch); score > bestScore {
			bestCols, bestScore = cols, score
		}
	}
	cols := bestCols
	rows := (n + cols - 1) / cols
	cw := math.Floor((p.W - float64(cols-1)*m) / float64(cols))
	ch := math.Floor(math.Min((p.H-float64(rows-1)*m)/float64(rows), maxH))
	y0 := p.Y + math.Round((p.H-(float64(rows)*ch+float64(rows-1)*m))/2)
	for i := 0; i < n; i++ {
		col, row := i%cols, i/cols
		g.Seats[i].Side = aroundSides[n][i]
		g.card(i, Rect{p.X + float64(col)*(cw+m), y0 + float64(row)*(ch+m), cw, ch})
	}
}

// card fills in seat i's card: a label line at the top, then the tray and,
// with scoring, the score track along the card's long side.
func (g *Geometry) card(i int, r Rect) {
	st := &g.Seats[i]
	st.Card = r
	pad := math.Round(math.Min(r.W, r.H) * 0.06)
	in := r.Inset(pad)
	wide := r.W >= r.H
	var lh float64
	if wide {
		lh = math.Round(math.Min(0.3*in.H, math.Max(0.5*g.Cell, 14*g.Scale)))
	} else {
		lh = math.Round(math.Min(0.12*in.H, math.Max(0.5*g.Cell, 14*g.Scale)))
	}
	st.Label = Rect{in.X, in.Y, in.W, lh}
	rest := Rect{in.X, in.Y + lh + pad/2, in.W, math.Max(0, in.H-lh-pad/2)}
	st.Tray, st.Score = rest, Rect{}
	if g.Scoring {
		if wide {
			sh := math.Round(0.3 * rest.H)
			st.Score = Rect{rest.X, rest.Y + rest.H - sh, rest.W, sh}
			st.Tray = Rect{rest.X, rest.Y, rest.W, rest.H - sh - pad/2}
		} else {
			sw := math.Round(0.3 * rest.W)
			st.Score = Rect{rest.X + rest.W - sw, rest.Y, sw, rest.H}
			st.Tray = Rect{rest.X, rest.Y, rest.W - sw - pad/2, rest.H}
		}
		st.scoreAlong = wide
	}
	// The tray grid: the column count that gives the biggest slots.
	st.trayCols, st.slotSize = 1, 0
	for cols := 1; cols <= logic.MarblesPerColor; cols++ {
		rows := (logic.MarblesPerColor + cols - 1) / cols
		if sz := math.Min(st.Tray.W/float64(cols), st.Tray.H/float64(rows)); sz > st.slotSize {
			st.trayCols, st.slotSize = cols, sz
		}
	}
}

// shift moves every area by (dx, dy).
func (g *Geometry) shift(dx, dy float64) {
	mv := func(r *Rect) {
		if !r.Empty() {
			r.X, r.Y = r.X+dx, r.Y+dy
		}
	}
	for _, r := range []*Rect{&g.Board, &g.Frame, &g.Status, &g.Footer, &g.Menu, &g.Undo} {
		mv(r)
	}
	for i := range g.Seats {
		st := &g.Seats[i]
		for _, r := range []*Rect{&st.Card, &st.Label, &st.Tray, &st.Score} {
			mv(r)
		}
	}
}
